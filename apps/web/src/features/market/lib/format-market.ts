import { MISSING } from '@/lib/format';

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
