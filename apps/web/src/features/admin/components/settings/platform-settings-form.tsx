import { useState, type FormEvent } from 'react';
import { Loader2, RotateCcw, Save } from 'lucide-react';
import type { PlatformSettings, SettingsResponse } from '@bist/contracts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/toaster';
import { isApiError } from '@/lib/api-client';
import { useUpdateSettings } from '@/features/admin/api/update-settings';
import { useAdminTranslation } from '@/lib/admin-i18n';
import { formatAdminDateTime } from '@/features/admin/lib/admin-format';
import {
  changedSettings,
  parseSettingsForm,
  toFormValues,
  type SettingsField,
  type SettingsFormErrors,
  type SettingsFormValues,
} from '@/features/admin/lib/settings-form';
import '@/features/admin/i18n';
import { Field, Section } from './settings-section';

/**
 * The settings, grouped by subject, validated with the contract's schema before saving; only changed fields are
 * sent. 'Discard changes' goes back to the values loaded.
 */
export function PlatformSettingsForm({ data }: { data: SettingsResponse }) {
  const { t } = useAdminTranslation();
  const update = useUpdateSettings();
  const initial = toFormValues(data.settings);
  const [values, setValues] = useState<SettingsFormValues>(initial);
  const [errors, setErrors] = useState<SettingsFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);

  const set = <K extends keyof SettingsFormValues>(
    key: K,
    value: SettingsFormValues[K],
    field: SettingsField,
  ) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    setFormError(null);
    const parsed = parseSettingsForm(values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    const body = changedSettings(data.settings, parsed.settings);
    if (Object.keys(body).length === 0) {
      toast.info(t('settings.noChanges'));
      return;
    }
    update.mutate(body, {
      onSuccess: () => toast.success(t('settings.saved')),
      onError: (error) => {
        const next: SettingsFormErrors = {};
        if (isApiError(error)) {
          for (const issue of error.details) {
            const field = issue.field.split('.').pop() as SettingsField | undefined;
            if (field && field in data.settings && !next[field]) next[field] = issue.message;
          }
        }
        setErrors(next);
        const reason = isApiError(error) ? error.serverError : undefined;
        setFormError(reason ? `${t('settings.saveFailed')}: ${reason}` : t('settings.saveFailed'));
      },
    });
  };

  const numberField = (key: keyof SettingsFormValues & SettingsField, unit: string) => (
    <Field
      id={`settings-${key}`}
      label={t(`settings.fields.${key}.label`)}
      hint={t(`settings.fields.${key}.hint`)}
      error={errors[key]}
    >
      <div className="relative">
        <Input
          id={`settings-${key}`}
          inputMode="numeric"
          value={values[key] as string}
          onChange={(event) => set(key, event.target.value, key)}
          className="pr-14"
          aria-invalid={errors[key] ? true : undefined}
          aria-describedby={`settings-${key}-hint${errors[key] ? ` settings-${key}-error` : ''}`}
        />
        <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-xs text-muted-foreground">
          {unit}
        </span>
      </div>
    </Field>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <p className="text-sm text-muted-foreground" data-testid="settings-last-change">
        {data.updated_at && data.updated_by
          ? t('settings.lastChanged', {
              who: data.updated_by.email,
              when: formatAdminDateTime(data.updated_at),
            })
          : t('settings.neverChanged')}
      </p>

      <div className="grid gap-6 lg:grid-cols-2">
        <Section title={t('settings.sections.market')} description={t('settings.sections.marketHint')}>
          <Field
            id="settings-market_feed"
            label={t('settings.fields.market_feed.label')}
            hint={t('settings.fields.market_feed.hint')}
            error={errors.market_feed}
          >
            <Select
              value={values.market_feed}
              onValueChange={(value) =>
                set('market_feed', value as PlatformSettings['market_feed'], 'market_feed')
              }
            >
              <SelectTrigger id="settings-market_feed" aria-describedby="settings-market_feed-hint">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="auto">{t('settings.feeds.auto')}</SelectItem>
                <SelectItem value="simulated">{t('settings.feeds.simulated')}</SelectItem>
                <SelectItem value="yahoo">{t('settings.feeds.yahoo')}</SelectItem>
              </SelectContent>
            </Select>
          </Field>
          {numberField('market_poll_interval_ms', 'ms')}
          {numberField('client_refresh_interval_ms', 'ms')}
        </Section>

        <Section title={t('settings.sections.ml')} description={t('settings.sections.mlHint')}>
          <Field
            id="settings-ml_schedule_time"
            label={t('settings.fields.ml_schedule_time.label')}
            hint={t('settings.fields.ml_schedule_time.hint')}
            error={errors.ml_schedule_time}
          >
            <Input
              id="settings-ml_schedule_time"
              value={values.ml_schedule_time}
              placeholder="18:30"
              onChange={(event) => set('ml_schedule_time', event.target.value, 'ml_schedule_time')}
              aria-invalid={errors.ml_schedule_time ? true : undefined}
              aria-describedby={`settings-ml_schedule_time-hint${errors.ml_schedule_time ? ' settings-ml_schedule_time-error' : ''}`}
            />
          </Field>
          <label className="flex cursor-pointer items-start gap-2 text-sm" htmlFor="settings-ml_auto_retrain">
            <input
              id="settings-ml_auto_retrain"
              type="checkbox"
              className="mt-0.5 size-4 accent-[var(--color-primary)]"
              checked={values.ml_auto_retrain}
              onChange={(event) => set('ml_auto_retrain', event.target.checked, 'ml_auto_retrain')}
            />
            <span>
              <span className="font-medium">{t('settings.fields.ml_auto_retrain.label')}</span>
              <span className="block text-xs text-muted-foreground">
                {t('settings.fields.ml_auto_retrain.hint')}
              </span>
            </span>
          </label>
        </Section>

        <Section title={t('settings.sections.security')} description={t('settings.sections.securityHint')}>
          {numberField('admin_session_ttl_hours', t('settings.units.hours'))}
          {numberField('admin_max_failed_logins', t('settings.units.attempts'))}
        </Section>
      </div>

      {formError ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive"
        >
          {formError}
        </p>
      ) : null}

      <div className="flex flex-wrap justify-end gap-2">
        <Button
          variant="outline"
          disabled={!dirty || update.isPending}
          onClick={() => {
            setValues(initial);
            setErrors({});
            setFormError(null);
          }}
        >
          <RotateCcw />
          {t('settings.reset')}
        </Button>
        <Button type="submit" disabled={!dirty || update.isPending} aria-busy={update.isPending}>
          {update.isPending ? <Loader2 className="animate-spin" /> : <Save />}
          {t('settings.save')}
        </Button>
      </div>
    </form>
  );
}
