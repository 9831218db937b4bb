import { formatNumber, MISSING } from '@/lib/format';

/** A percent in the Turkish order, one decimal: 50.9 → '%50,9'. */
export function percentTr(value: number | null | undefined, fractionDigits = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING;
  return `%${formatNumber(value, fractionDigits)}`;
}

/** Percentage points with their sign, one decimal: −1.6 → '−1,6', 0.5 → '+0,5', 0 → '0,0'. */
export function pointsTr(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING;
  const rounded = Math.round(value * 10) / 10;
  const sign = rounded > 0 ? '+' : rounded < 0 ? '−' : '';
  return `${sign}${formatNumber(Math.abs(rounded), 1)}`;
}
