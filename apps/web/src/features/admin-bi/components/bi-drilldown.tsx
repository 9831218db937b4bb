import { useState, type ReactNode } from 'react';
import { Download } from 'lucide-react';
import type { BiOverview, MrrMovementKind } from '@bist/contracts';
import {
  BI_MRR_ROWS_EXPORT_ACCESS,
  BI_PERSONAL_EXPORT_ACCESS,
  MRR_MOVEMENT_KINDS,
  meetsRequirement,
} from '@bist/contracts/values';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/toaster';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { formatNumber, formatPrice, formatSignedPrice } from '@/lib/format';
import { cn } from '@/lib/utils';
import {
  useExportDrilldown,
  useMrrDrilldown,
  useSignupDrilldown,
  type SignupScope,
} from '@/features/admin-bi/api/get-bi-drilldown';
import type { BiPeriod, BiSource } from '@/features/admin-bi/api/query-keys';
import { useAdminSession } from '@/lib/admin-session';

/** Admin dates: English, Europe/Istanbul (the exchange's clock). */
const dateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Istanbul',
});

/** A pseudonymous id shown short; the full id is in the title and the CSV. */
function UserId({ id }: { id: string }) {
  return (
    <span className="font-mono text-xs" title={id}>
      {id.slice(0, 8)}
    </span>
  );
}

/**
 * Exports the rows behind a figure: personal rows, so only for the roles that may take them away (decision 0058:
 * full BI access; the MRR rows also the financial permissions). Everyone else reads them here, without the button.
 */
function ExportButton({ kind, query }: { kind: 'signups' | 'mrr'; query: Record<string, string> }) {
  const { t } = useAdminTranslation();
  const exporter = useExportDrilldown();
  const { session } = useAdminSession();
  const needed = kind === 'signups' ? BI_PERSONAL_EXPORT_ACCESS : BI_MRR_ROWS_EXPORT_ACCESS;
  if (!meetsRequirement(session?.user.permissions ?? [], needed)) return null;
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={exporter.isPending}
      onClick={() => exporter.mutate({ kind, query }, { onError: () => toast.error(t('bi.exportFailed')) })}
    >
      <Download aria-hidden="true" />
      {t('bi.drilldown.exportCsv')}
    </Button>
  );
}

const ALL = 'all';

/**
 * The sign-ups behind 'New Sign-ups' (the whole period) or behind one day of the user-growth chart. Investors are
 * listed by their pseudonymous id only (decision wt-bi: no names or e-mails under business_metrics).
 */
/**
 * The scrolling rows region of a drill-down (reachable by keyboard: axe scrollable-region-focusable) with its states:
 * failed, loading (`rows` undefined), empty, or the table given as children.
 */
function DrilldownRows({
  failed,
  rows,
  emptyText,
  children,
}: {
  failed: boolean;
  rows: number | undefined;
  emptyText: string;
  children: ReactNode;
}) {
  const { t } = useAdminTranslation();
  return (
    <div
      className="max-h-[50vh] overflow-auto"
      tabIndex={0}
      role="region"
      aria-label={t('bi.drilldown.rows')}
    >
      {failed ? (
        <p className="text-sm text-down">{t('bi.loadFailed')}</p>
      ) : rows === undefined ? (
        <Skeleton className="h-32 w-full" />
      ) : rows === 0 ? (
        <p className="text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        children
      )}
    </div>
  );
}

export function SignupsDrilldown({
  open,
  onOpenChange,
  period,
  source,
  days,
  initialDay,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  period: BiPeriod;
  source: BiSource;
  days: BiOverview['user_growth'];
  initialDay: string | null;
}) {
  const { t } = useAdminTranslation();
  const [day, setDay] = useState<string>(initialDay ?? ALL);
  const scope: SignupScope | null = !open
    ? null
    : { ...(day === ALL ? { period } : { from: day, to: day }), ...(source ? { source } : {}) };
  const query = useSignupDrilldown(scope);
  const d = query.data;
  const withSignups = days.filter((x) => x.signups > 0);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t('bi.drilldown.close')}
        lang="en"
        className="max-w-2xl [&>*]:min-w-0"
        data-testid="bi-signups-drilldown"
      >
        <DialogHeader>
          <DialogTitle>{t('bi.drilldown.signupsTitle')}</DialogTitle>
          <DialogDescription>{t('bi.drilldown.signupsHint')}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Select value={day} onValueChange={setDay}>
            <SelectTrigger className="w-56" aria-label={t('bi.drilldown.day')}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{t('bi.drilldown.allDays')}</SelectItem>
              {withSignups.map((x) => (
                <SelectItem key={x.date} value={x.date}>
                  {t('bi.drilldown.dayOption', { date: x.date, count: x.signups })}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <ExportButton kind="signups" query={scope ?? { period }} />
        </div>
        <p className="text-sm tabular-nums" data-testid="bi-drilldown-total">
          {d
            ? t('bi.drilldown.signupsTotal', { count: d.total, from: d.period.from, to: d.period.to })
            : null}
        </p>
        <DrilldownRows failed={query.isError} rows={d?.rows.length} emptyText={t('bi.drilldown.noSignups')}>
          {d ? (
            <Table data-testid="bi-drilldown-rows">
              <TableHeader>
                <TableRow>
                  <TableHead>{t('bi.drilldown.investor')}</TableHead>
                  <TableHead>{t('bi.drilldown.signedUpAt')}</TableHead>
                  <TableHead>{t('bi.drilldown.source')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {d.rows.map((r) => (
                  <TableRow key={r.user_id}>
                    <TableCell>
                      <UserId id={r.user_id} />
                    </TableCell>
                    <TableCell className="tabular-nums">
                      {dateTime.format(new Date(r.signed_up_at))}
                    </TableCell>
                    <TableCell>
                      <Badge variant={r.source === 'demo' ? 'secondary' : 'outline'}>{r.source}</Badge>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : null}
        </DrilldownRows>
      </DialogContent>
    </Dialog>
  );
}

const movementTone: Record<MrrMovementKind, string> = {
  new: 'text-up',
  reactivation: 'text-up',
  expansion: 'text-up',
  contraction: 'text-down',
  churn: 'text-down',
  unchanged: 'text-muted-foreground',
};

/** The investors behind one month's MRR movements: their MRR at the start and end of the month and the movement. */
export function MrrDrilldown({
  month,
  source,
  onOpenChange,
}: {
  month: string | null;
  source: BiSource;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useAdminTranslation();
  const [kind, setKind] = useState<MrrMovementKind | typeof ALL>(ALL);
  const query = useMrrDrilldown(month, source);
  const d = query.data;
  const rows = (d?.rows ?? []).filter((r) => kind === ALL || r.movement === kind);
  const count = (k: MrrMovementKind) => d?.rows.filter((r) => r.movement === k).length ?? 0;
  return (
    <Dialog open={month !== null} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t('bi.drilldown.close')}
        lang="en"
        className="max-w-3xl [&>*]:min-w-0"
        data-testid="bi-mrr-drilldown"
      >
        <DialogHeader>
          <DialogTitle>{t('bi.drilldown.mrrTitle', { month })}</DialogTitle>
          <DialogDescription>{t('bi.drilldown.mrrHint')}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Select value={kind} onValueChange={(v) => setKind(v as MrrMovementKind | typeof ALL)}>
            <SelectTrigger className="w-56" aria-label={t('bi.drilldown.movement')}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>
                {t('bi.drilldown.allMovements', { count: d?.rows.length ?? 0 })}
              </SelectItem>
              {MRR_MOVEMENT_KINDS.map((k) => (
                <SelectItem key={k} value={k}>
                  {t(`bi.drilldown.kinds.${k}`)} ({formatNumber(count(k))})
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {month ? <ExportButton kind="mrr" query={{ month, ...(source ? { source } : {}) }} /> : null}
        </div>
        {d ? (
          <p className="text-sm tabular-nums" data-testid="bi-drilldown-total">
            {t('bi.drilldown.mrrTotal', {
              start: formatPrice(d.movements.start_mrr),
              end: formatPrice(d.movements.end_mrr),
              count: d.rows.length,
            })}
          </p>
        ) : null}
        <DrilldownRows failed={query.isError} rows={d ? rows.length : undefined} emptyText={t('bi.noData')}>
          {d ? (
            <Table data-testid="bi-drilldown-rows">
              <TableHeader>
                <TableRow>
                  <TableHead>{t('bi.drilldown.investor')}</TableHead>
                  <TableHead>{t('bi.drilldown.movement')}</TableHead>
                  <TableHead className="text-right">{t('bi.start')}</TableHead>
                  <TableHead className="text-right">{t('bi.end')}</TableHead>
                  <TableHead className="text-right">{t('bi.drilldown.change')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.user_id}>
                    <TableCell>
                      <UserId id={r.user_id} />
                    </TableCell>
                    <TableCell className={cn('whitespace-nowrap', movementTone[r.movement])}>
                      {t(`bi.drilldown.kinds.${r.movement}`)}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{formatPrice(r.start_mrr)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatPrice(r.end_mrr)}</TableCell>
                    <TableCell className={cn('text-right tabular-nums', movementTone[r.movement])}>
                      {formatSignedPrice(r.change)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : null}
        </DrilldownRows>
      </DialogContent>
    </Dialog>
  );
}
