/** Figures of the AI analytics page (fractions from the server); a missing figure is a dash, never a made-up number. */
export const DASH = '—';

const present = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** 0.1234 → '12.3%'. */
export function fractionPercent(value: number | null | undefined, digits = 1): string {
  return present(value) ? `${(100 * value).toFixed(digits)}%` : DASH;
}

/** 0.1234 → '+12.34%', −0.05 → '−5.00%'. */
export function signedFractionPercent(value: number | null | undefined, digits = 2): string {
  if (!present(value)) return DASH;
  const v = 100 * value;
  return `${v > 0 ? '+' : v < 0 ? '−' : ''}${Math.abs(v).toFixed(digits)}%`;
}

/** A percent figure: 1.25 → '+1.25%'. */
export function signedPercent(value: number | null | undefined, digits = 2): string {
  return present(value) ? signedFractionPercent(value / 100, digits) : DASH;
}

export function number(value: number | null | undefined, digits = 2): string {
  return present(value)
    ? value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : DASH;
}

export function when(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', {
    day: '2-digit',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** Spec §3: recommended_allocation is JSON text mapping symbol to weight fraction; largest first. */
export function allocationOf(json: string): { symbol: string; weight: number }[] {
  try {
    const parsed = JSON.parse(json) as Record<string, unknown>;
    return Object.entries(parsed)
      .filter((e): e is [string, number] => typeof e[1] === 'number')
      .map(([symbol, weight]) => ({ symbol, weight }))
      .sort((a, b) => b.weight - a.weight);
  } catch {
    return [];
  }
}

/**
 * Decimals for a percent axis over these fractions so that its ticks (about five, a quarter of the span apart) read
 * differently: a frontier between 18.2 % and 19.5 % needs one decimal, not five ticks all reading '18%' or '19%'.
 */
export function axisPercentDigits(values: readonly number[]): number {
  const finite = values.filter(Number.isFinite);
  if (finite.length < 2) return 0;
  const span = 100 * (Math.max(...finite) - Math.min(...finite));
  if (!(span > 0)) return 1;
  return Math.min(3, Math.max(0, Math.ceil(-Math.log10(span / 4))));
}
