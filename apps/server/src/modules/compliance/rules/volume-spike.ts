import { dailyReturn, evidenceBar, meanVolumeBefore, type SymbolDailyBars } from './daily-series.ts';
import { round, type Finding } from './finding.ts';

export interface VolumeSpikeParams {
  /** Volume over this multiple of its average … */
  volumeMultiple: number;
  /** … over this many previous trading days … */
  lookbackDays: number;
  /**
   * … together with a close-to-close move over this fraction (either way) away from the market's median move that day
   * (a market-wide day — a crash, a rally — moves every stock on heavy volume and is not one stock's anomaly).
   */
  minMoveFraction: number;
}

/**
 * Tuned on the real history (bench:compliance): 3× with 5 % fired on most trading days; 5× with 8 % on about 1 in 5;
 * measured against the market's median move, see bench/results/compliance-real_daily.md for the daily rate.
 */
export const VOLUME_SPIKE_DEFAULTS: VolumeSpikeParams = {
  volumeMultiple: 5,
  lookbackDays: 30,
  minMoveFraction: 0.08,
};

/**
 * A day whose volume is over k × its 30-day average while the price moves over x % beyond the market's median move
 * of that day (Nasdaq SMARTS-style). `marketMoves` holds the median close-to-close move of all stocks by date; a date
 * missing from it counts as a flat market.
 */
export function volumeSpike(
  series: SymbolDailyBars,
  params: VolumeSpikeParams,
  marketMoves: ReadonlyMap<string, number> = new Map(),
): Finding[] {
  const { bars } = series;
  const findings: Finding[] = [];
  for (let i = params.lookbackDays; i < bars.length; i += 1) {
    const r = dailyReturn(bars, i);
    const mean = meanVolumeBefore(bars, i, params.lookbackDays);
    const bar = bars[i]!;
    if (r === null || mean === null || !(mean > 0)) continue;
    const multiple = bar.volumeShares / mean;
    const market = marketMoves.get(bar.date) ?? 0;
    if (multiple <= params.volumeMultiple || Math.abs(r - market) <= params.minMoveFraction) continue;
    findings.push({
      entityType: 'stock',
      entityId: series.symbol,
      windowKey: bar.date,
      occurredAt: bar.date,
      description: `${series.symbol} traded ${round(multiple, 1)}× its ${params.lookbackDays}-day average volume on ${bar.date} with a ${round(r * 100, 2)} % move (market ${round(market * 100, 2)} %)`,
      evidence: {
        figures: {
          volume_shares: bar.volumeShares,
          average_volume_shares: round(mean, 0),
          volume_multiple: round(multiple, 2),
          move_fraction: round(r),
          market_median_move_fraction: round(market),
          volume_multiple_threshold: params.volumeMultiple,
          move_threshold_fraction: params.minMoveFraction,
        },
        bars: [bars[i - 1]!, bar].map(evidenceBar),
      },
    });
  }
  return findings;
}
