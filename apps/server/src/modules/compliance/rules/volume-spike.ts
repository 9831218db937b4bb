import { dailyReturn, evidenceBar, meanVolumeBefore, type SymbolDailyBars } from './daily-series.ts';
import { round, type Finding } from './finding.ts';

export interface VolumeSpikeParams {
  /** Volume over this multiple of its average … */
  volumeMultiple: number;
  /** … over this many previous trading days … */
  lookbackDays: number;
  /** … together with a close-to-close move over this fraction (either way). */
  minMoveFraction: number;
}

/** Tuned on the real history (bench:compliance): 3× with 5 % fired on most trading days; 5× with 8 % on about 1 in 5. */
export const VOLUME_SPIKE_DEFAULTS: VolumeSpikeParams = {
  volumeMultiple: 5,
  lookbackDays: 30,
  minMoveFraction: 0.08,
};

/** A day whose volume is over k × its 30-day average while the price moves over x % (Nasdaq SMARTS-style). */
export function volumeSpike(series: SymbolDailyBars, params: VolumeSpikeParams): Finding[] {
  const { bars } = series;
  const findings: Finding[] = [];
  for (let i = params.lookbackDays; i < bars.length; i += 1) {
    const r = dailyReturn(bars, i);
    const mean = meanVolumeBefore(bars, i, params.lookbackDays);
    const bar = bars[i]!;
    if (r === null || mean === null || !(mean > 0)) continue;
    const multiple = bar.volumeShares / mean;
    if (multiple <= params.volumeMultiple || Math.abs(r) <= params.minMoveFraction) continue;
    findings.push({
      entityType: 'stock',
      entityId: series.symbol,
      windowKey: bar.date,
      occurredAt: bar.date,
      description: `${series.symbol} traded ${round(multiple, 1)}× its ${params.lookbackDays}-day average volume on ${bar.date} with a ${round(r * 100, 2)} % move`,
      evidence: {
        figures: {
          volume_shares: bar.volumeShares,
          average_volume_shares: round(mean, 0),
          volume_multiple: round(multiple, 2),
          move_fraction: round(r),
          volume_multiple_threshold: params.volumeMultiple,
          move_threshold_fraction: params.minMoveFraction,
        },
        bars: [bars[i - 1]!, bar].map(evidenceBar),
      },
    });
  }
  return findings;
}
