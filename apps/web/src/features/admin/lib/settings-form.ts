import { platformSettingsSchema, type PlatformSettings } from '@bist/contracts';

/** The settings form's text values (inputs hold strings; numbers are parsed on submit). */
export interface SettingsFormValues {
  market_feed: PlatformSettings['market_feed'];
  market_poll_interval_ms: string;
  client_refresh_interval_ms: string;
  ml_schedule_time: string;
  ml_auto_retrain: boolean;
  admin_session_ttl_hours: string;
  admin_max_failed_logins: string;
}

export type SettingsField = keyof PlatformSettings;
export type SettingsFormErrors = Partial<Record<SettingsField, string>>;

export function toFormValues(settings: PlatformSettings): SettingsFormValues {
  return {
    market_feed: settings.market_feed,
    market_poll_interval_ms: String(settings.market_poll_interval_ms),
    client_refresh_interval_ms: String(settings.client_refresh_interval_ms),
    ml_schedule_time: settings.ml_schedule_time,
    ml_auto_retrain: settings.ml_auto_retrain,
    admin_session_ttl_hours: String(settings.admin_session_ttl_hours),
    admin_max_failed_logins: String(settings.admin_max_failed_logins),
  };
}

function toNumber(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/**
 * The contract's numeric fields carry one message for every failure ('Must be a number of milliseconds'), which
 * reads wrong for a number out of range; a number that is out of range gets its range instead.
 */
const RANGE_MESSAGES: Partial<Record<SettingsField, string>> = {
  market_poll_interval_ms: 'Enter a whole number of milliseconds from 1,000 to 300,000',
  client_refresh_interval_ms: 'Enter a whole number of milliseconds from 5,000 to 600,000',
  admin_session_ttl_hours: 'Enter a whole number of hours from 1 to 168',
  admin_max_failed_logins: 'Enter a whole number from 3 to 20',
};

/** Parses the form with the contract's schema, so the messages are the server's. */
export function parseSettingsForm(
  values: SettingsFormValues,
): { ok: true; settings: PlatformSettings } | { ok: false; errors: SettingsFormErrors } {
  const candidate = {
    market_feed: values.market_feed,
    market_poll_interval_ms: toNumber(values.market_poll_interval_ms),
    client_refresh_interval_ms: toNumber(values.client_refresh_interval_ms),
    ml_schedule_time: values.ml_schedule_time.trim(),
    ml_auto_retrain: values.ml_auto_retrain,
    admin_session_ttl_hours: toNumber(values.admin_session_ttl_hours),
    admin_max_failed_logins: toNumber(values.admin_max_failed_logins),
  };
  const parsed = platformSettingsSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, settings: parsed.data };
  const errors: SettingsFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(field in candidate) || errors[field as SettingsField]) continue;
    const key = field as SettingsField;
    const value = candidate[key];
    const range = RANGE_MESSAGES[key];
    errors[key] = range && typeof value === 'number' && Number.isFinite(value) ? range : issue.message;
  }
  return { ok: false, errors };
}

/** Only the fields that changed go in the PUT (the server audits exactly what changed). */
export function changedSettings(
  before: PlatformSettings,
  after: PlatformSettings,
): Partial<PlatformSettings> {
  const changed: Partial<PlatformSettings> = {};
  for (const key of Object.keys(after) as SettingsField[]) {
    if (before[key] !== after[key]) (changed as Record<string, unknown>)[key] = after[key];
  }
  return changed;
}
