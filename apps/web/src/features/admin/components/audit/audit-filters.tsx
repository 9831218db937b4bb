import type { AuditEventType } from '@bist/contracts';
import { AUDIT_EVENT_TYPES } from '@bist/contracts/values';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useAdminTranslation } from '@/lib/admin-i18n';
import '@/features/admin/i18n';

export interface AuditFilterValues {
  eventType: AuditEventType | 'all';
  /** What is typed in the user box (the page debounces it). */
  userText: string;
  /** YYYY-MM-DD or '' for open. */
  from: string;
  to: string;
}

/** Event type, the acting user's e-mail and a date range; a range that ends before it starts is flagged. */
export function AuditFilters({
  values,
  onChange,
  rangeInvalid,
}: {
  values: AuditFilterValues;
  onChange: (changes: Partial<AuditFilterValues>) => void;
  rangeInvalid: boolean;
}) {
  const { t } = useAdminTranslation();
  const { eventType, userText, from, to } = values;
  return (
    <Card>
      <CardContent className="grid gap-4 p-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-2">
          <Label htmlFor="audit-event-type">{t('audit.eventType')}</Label>
          <Select
            value={eventType}
            onValueChange={(value) => onChange({ eventType: value as AuditEventType | 'all' })}
          >
            <SelectTrigger id="audit-event-type">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">{t('audit.allEvents')}</SelectItem>
              {AUDIT_EVENT_TYPES.map((type) => (
                <SelectItem key={type} value={type}>
                  {t(`eventTypes.${type}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="space-y-2">
          <Label htmlFor="audit-user">{t('audit.user')}</Label>
          <Input
            id="audit-user"
            type="search"
            value={userText}
            placeholder={t('audit.userPlaceholder')}
            onChange={(event) => onChange({ userText: event.target.value })}
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor="audit-from">{t('audit.from')}</Label>
          <Input
            id="audit-from"
            type="date"
            value={from}
            max={to || undefined}
            onChange={(event) => onChange({ from: event.target.value })}
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor="audit-to">{t('audit.to')}</Label>
          <Input
            id="audit-to"
            type="date"
            value={to}
            min={from || undefined}
            onChange={(event) => onChange({ to: event.target.value })}
            aria-invalid={rangeInvalid || undefined}
            aria-describedby={rangeInvalid ? 'audit-range-error' : undefined}
          />
          {rangeInvalid ? (
            <p id="audit-range-error" className="text-sm text-destructive">
              {t('audit.rangeInvalid')}
            </p>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
