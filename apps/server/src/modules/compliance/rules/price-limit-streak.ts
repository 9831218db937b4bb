import { DEFAULT_PRICE_BAND_FRACTION } from '@bist/market';
import { dailyReturn, evidenceBar, type SymbolDailyBars } from './daily-series.ts';
import { round, type Finding } from './finding.ts';

export interface PriceLimitStreakParams {
  /** The daily band around the previous close (BIST: ±10 %, data/README §5). */
  bandFraction: number;
  /** A close within this much of the band counts as at the limit (tick rounding, adjusted history). */
  toleranceFraction: number;
  /** Consecutive closes at the same limit that raise a finding. */
  days: number;
}

export const PRICE_LIMIT_STREAK_DEFAULTS: PriceLimitStreakParams = {
  bandFraction: DEFAULT_PRICE_BAND_FRACTION,
  toleranceFraction: 0.005,
  days: 3,
};

/**
 * Closes at the upper (tavan) or lower (taban) daily limit `days` days in a row: one finding per streak, on the day
 * it reaches `days` (the window is the streak's first day, so a longer streak stays one violation).
 */
export function priceLimitStreak(series: SymbolDailyBars, params: PriceLimitStreakParams): Finding[] {
  const { bars } = series;
  const edge = params.bandFraction - params.toleranceFraction;
  const findings: Finding[] = [];
  let direction: 1 | -1 | 0 = 0;
  let start = -1;
  for (let i = 1; i < bars.length; i += 1) {
    const r = dailyReturn(bars, i);
    const at: 1 | -1 | 0 = r === null ? 0 : r >= edge ? 1 : r <= -edge ? -1 : 0;
    if (at === 0) {
      direction = 0;
      continue;
    }
    if (at !== direction) {
      direction = at;
      start = i;
    }
    const length = i - start + 1;
    if (length === params.days) {
      const window = bars.slice(Math.max(0, start - 1), i + 1);
      const limit = direction === 1 ? 'upper (tavan)' : 'lower (taban)';
      const first = bars[start - 1]!;
      const last = bars[i]!;
      findings.push({
        entityType: 'stock',
        entityId: series.symbol,
        windowKey: bars[start]!.date,
        occurredAt: last.date,
        description: `${series.symbol} closed at the ${limit} limit ${length} days in a row (${bars[start]!.date} – ${last.date})`,
        evidence: {
          figures: {
            days_at_limit: length,
            direction: direction === 1 ? 'upper' : 'lower',
            cumulative_move_fraction: round(last.closeTry / first.closeTry - 1),
            band_fraction: params.bandFraction,
            tolerance_fraction: params.toleranceFraction,
          },
          bars: window.map(evidenceBar),
        },
      });
    }
  }
  return findings;
}
