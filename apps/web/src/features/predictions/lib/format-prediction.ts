import { MISSING } from '@/lib/format';

/** '2026-11-20' → '20.11.2026' (a calendar date: no time-zone shift). */
export function formatIsoDate(value: string | null | undefined): string {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  if (!match) return MISSING;
  return `${match[3]}.${match[2]}.${match[1]}`;
}

/** '2026-11-20' → '20.11' for chart axes. */
export function formatShortDate(value: string): string {
  const match = /^\d{4}-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[2]}.${match[1]}` : value;
}
