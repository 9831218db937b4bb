import { evidenceBar, meanVolumeBefore, type SymbolDailyBars } from './daily-series.ts';
import { round, type Finding } from './finding.ts';

export interface PumpAndDumpParams {
  /** The run-up: the close rises at least `minRunUpFraction` over `runUpDays` days to a peak … */
  runUpDays: number;
  minRunUpFraction: number;
  /** … then falls at least `minReversalFraction` from the peak within `reversalDays` days … */
  reversalDays: number;
  minReversalFraction: number;
  /** … and the run-up's average volume is over this multiple of the 30 days before it. */
  volumeRiseMultiple: number;
  baselineDays: number;
}

export const PUMP_AND_DUMP_DEFAULTS: PumpAndDumpParams = {
  runUpDays: 5,
  minRunUpFraction: 0.3,
  reversalDays: 5,
  minReversalFraction: 0.2,
  volumeRiseMultiple: 2,
  baselineDays: 30,
};

/**
 * The pump-and-dump shape (MAR Annex II): a run-up on rising volume followed by a reversal within days. One finding per
 * peak, on the first day the reversal reaches its threshold.
 */
export function pumpAndDump(series: SymbolDailyBars, params: PumpAndDumpParams): Finding[] {
  const { bars } = series;
  const findings: Finding[] = [];
  const reported = new Set<number>();
  for (let t = 1; t < bars.length; t += 1) {
    for (let p = Math.max(0, t - params.reversalDays); p < t; p += 1) {
      if (reported.has(p)) continue;
      const s = p - params.runUpDays;
      if (s < 0) continue;
      const start = bars[s]!;
      const peak = bars[p]!;
      const end = bars[t]!;
      // The peak must be the highest close between the start of the run-up and today.
      let highest = true;
      for (let j = s; j <= t; j += 1) if (bars[j]!.closeTry > peak.closeTry) highest = false;
      if (!highest || !(start.closeTry > 0)) continue;
      const runUp = peak.closeTry / start.closeTry - 1;
      const reversal = 1 - end.closeTry / peak.closeTry;
      if (runUp < params.minRunUpFraction || reversal < params.minReversalFraction) continue;
      const baseline = meanVolumeBefore(bars, s + 1, params.baselineDays);
      if (baseline === null || !(baseline > 0)) continue;
      let runVolume = 0;
      for (let j = s + 1; j <= p; j += 1) runVolume += bars[j]!.volumeShares;
      const volumeMultiple = runVolume / params.runUpDays / baseline;
      if (volumeMultiple < params.volumeRiseMultiple) continue;
      reported.add(p);
      findings.push({
        entityType: 'stock',
        entityId: series.symbol,
        windowKey: peak.date,
        occurredAt: end.date,
        description: `${series.symbol} rose ${round(runUp * 100, 1)} % to ${peak.date} on ${round(volumeMultiple, 1)}× volume, then fell ${round(reversal * 100, 1)} % by ${end.date}`,
        evidence: {
          figures: {
            run_up_fraction: round(runUp),
            reversal_fraction: round(reversal),
            run_up_volume_multiple: round(volumeMultiple, 2),
            peak_date: peak.date,
            min_run_up_fraction: params.minRunUpFraction,
            min_reversal_fraction: params.minReversalFraction,
            volume_rise_multiple: params.volumeRiseMultiple,
          },
          bars: bars.slice(s, t + 1).map(evidenceBar),
        },
      });
    }
  }
  return findings;
}
