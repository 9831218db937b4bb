import { MISSING } from '@/lib/format';

const oneDecimal = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const twoDecimals = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const UNITS = [
  { value: 1e12, suffix: 'Tn' },
  { value: 1e9, suffix: 'Mr' },
  { value: 1e6, suffix: 'Mn' },
] as const;

/** Large lira amounts for cards ('Günlük hacim ₺12,4 Mr'): Tn (trilyon), Mr (milyar), Mn (milyon). */
export function formatAmount(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return MISSING;
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  for (const unit of UNITS) {
    if (abs >= unit.value) return `${sign}₺${oneDecimal.format(abs / unit.value)} ${unit.suffix}`;
  }
  return `${sign}₺${twoDecimals.format(abs)}`;
}

const ISTANBUL = 'Europe/Istanbul';

/** '21.11.2026 15:42:10' in Istanbul time. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined) return MISSING;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return MISSING;
  return date.toLocaleString('tr-TR', { timeZone: ISTANBUL });
}

/** '15:42' in Istanbul time. */
export function formatClock(value: string | number | Date | null | undefined, withSeconds = false): string {
  if (value === null || value === undefined) return MISSING;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return MISSING;
  return date.toLocaleTimeString('tr-TR', {
    timeZone: ISTANBUL,
    hour: '2-digit',
    minute: '2-digit',
    ...(withSeconds ? { second: '2-digit' } : {}),
  });
}

/** Age in Turkish short units: '45 sn', '12 dk', '3 sa', '2 gün'. */
export function formatAge(seconds: number | null | undefined): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return MISSING;
  if (seconds < 60) return `${Math.round(seconds)} sn`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} dk`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} sa`;
  return `${Math.floor(seconds / 86_400)} gün`;
}
