/** Admin dates: English, Europe/Istanbul (the exchange's clock). */
const dateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Istanbul',
});
const dateOnly = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Europe/Istanbul' });

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatAdminDateTime(iso: string | null | undefined, fallback = '---'): string {
  const date = parse(iso);
  return date ? dateTime.format(date) : fallback;
}

export function formatAdminDate(iso: string | null | undefined, fallback = '---'): string {
  const date = parse(iso);
  return date ? dateOnly.format(date) : fallback;
}

/** 'login_succeeded' → 'Login succeeded' for actions without a translation. */
export function humanizeAction(action: string): string {
  const text = action.replace(/[_-]+/g, ' ').trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : action;
}

/** Admin numbers: English grouping (1,234.5) whatever the investor side's language; money stays ₺. */
const en = (digits: number) =>
  new Intl.NumberFormat('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export function formatAdminNumber(value: number | null | undefined, digits = 0, fallback = '---'): string {
  return value === null || value === undefined || !Number.isFinite(value)
    ? fallback
    : en(digits).format(value);
}

export function formatAdminMoney(value: number | null | undefined, fallback = '---'): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return fallback;
  return `${value < 0 ? '-' : ''}₺${en(2).format(Math.abs(value))}`;
}

export function formatAdminPercent(value: number | null | undefined, digits = 1, fallback = '---'): string {
  return value === null || value === undefined || !Number.isFinite(value)
    ? fallback
    : `${en(digits).format(value)}%`;
}
