/** Display formats: missing values show '---', prices in lira, signed percents, K/M volumes. */

export const MISSING = '---';

export type Trend = 'up' | 'down' | 'neutral';

const LOCALE = 'tr-TR';

const twoDecimals = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const oneDecimal = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const integer = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });

function isPresent(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** ₺1.234,56 */
export function formatPrice(value: number | null | undefined): string {
  if (!isPresent(value)) return MISSING;
  const sign = value < 0 ? '-' : '';
  return `${sign}₺${twoDecimals.format(Math.abs(value))}`;
}

/** +1,23% / -0,45% / 0,00% */
export function formatChange(percent: number | null | undefined): string {
  if (!isPresent(percent)) return MISSING;
  const rounded = Math.round(percent * 100) / 100;
  const sign = rounded > 0 ? '+' : rounded < 0 ? '-' : '';
  return `${sign}${twoDecimals.format(Math.abs(rounded))}%`;
}

/** Up when positive, down when negative, neutral when zero or missing. */
export function trendOf(value: number | null | undefined): Trend {
  if (!isPresent(value) || value === 0) return 'neutral';
  return value > 0 ? 'up' : 'down';
}

/** Tailwind colour class for a change: the same three tokens (up, down, neutral) everywhere. */
export function changeColorClass(value: number | null | undefined): string {
  const trend = trendOf(value);
  if (trend === 'up') return 'text-up';
  if (trend === 'down') return 'text-down';
  return 'text-neutral';
}

/** >= 1,000,000 → '12,3M'; >= 1,000 → '4,5K'; otherwise the plain number. */
export function formatVolume(value: number | null | undefined): string {
  if (!isPresent(value)) return MISSING;
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  if (abs >= 1_000_000) return `${sign}${oneDecimal.format(abs / 1_000_000)}M`;
  if (abs >= 1_000) return `${sign}${oneDecimal.format(abs / 1_000)}K`;
  return `${sign}${integer.format(abs)}`;
}

/** A plain number in tr-TR (thousands '.', decimals ','). */
export function formatNumber(value: number | null | undefined, fractionDigits = 0): string {
  if (!isPresent(value)) return MISSING;
  return new Intl.NumberFormat(LOCALE, {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}

/** An unsigned percentage such as uptime: '99,9%'. */
export function formatPercent(value: number | null | undefined, fractionDigits = 1): string {
  if (!isPresent(value)) return MISSING;
  return `${formatNumber(value, fractionDigits)}%`;
}
