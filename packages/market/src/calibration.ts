// Measures a simulation with exactly the statistics of CALIBRATION.md, so real and simulated figures compare 1:1.
import { indexBarsFromDays, XU100_TARGET_LEVEL } from './index-arithmetic.ts';
import type { Simulator } from './simulator.ts';
import {
  averagePairwiseCorrelation,
  seriesAutocorrelation,
  seriesBeta,
  seriesExcessKurtosis,
  seriesMedian,
  seriesSd,
  seriesSummary,
} from './stats.ts';
import type { CalibrationFigures } from './types.ts';
import { indexByCode } from './universe.ts';

/** Trailing window (days) for turnover and range medians, as for the real figures. */
const RECENT_DAYS = 250;

/** Calibration figures of a simulation from its start through untilDate (needs ≥ 2 days; XU100 from its members). */
export function simulatedCalibrationFigures(simulator: Simulator, untilDate: string): CalibrationFigures {
  const days = simulator.dailyBars(untilDate);
  if (days.length < 3) throw new RangeError('need at least three simulated days');
  const xu100Members = indexByCode('XU100')?.members ?? [];
  const xu100 = indexBarsFromDays(days, simulator.models, xu100Members, { targetLevel: XU100_TARGET_LEVEL });
  const xu100Returns = xu100
    .slice(1)
    .map((b, t) => Math.log(b.closeLevel / (xu100[t]?.closeLevel ?? b.closeLevel)));

  const stockCount = simulator.models.length;
  const returns: number[][] = Array.from({ length: stockCount }, () => []);
  let limitMoves = 0;
  for (let t = 1; t < days.length; t++) {
    const today = days[t]?.bars ?? [];
    const yesterday = days[t - 1]?.bars ?? [];
    for (let i = 0; i < stockCount; i++) {
      const close = today[i]?.closeTry ?? Number.NaN;
      const previous = yesterday[i]?.closeTry ?? Number.NaN;
      returns[i]?.push(Math.log(close / previous));
      if (Math.abs(close / previous - 1) >= 0.095) limitMoves++;
    }
  }
  const recent = days.slice(-RECENT_DAYS);
  const perStock = (f: (r: number[], i: number) => number) => returns.map((r, i) => f(r, i));
  const lastBars = days[days.length - 1]?.bars ?? [];
  return {
    stockCount,
    dailyLogReturnSd: seriesSummary(perStock(seriesSd)),
    excessKurtosis: seriesSummary(perStock(seriesExcessKurtosis)),
    squaredReturnAutocorrelation: seriesSummary(perStock((r) => seriesAutocorrelation(r.map((x) => x * x)))),
    returnAutocorrelation: seriesSummary(perStock((r) => seriesAutocorrelation(r))),
    betaToXu100: seriesSummary(perStock((r) => seriesBeta(r, xu100Returns))),
    lastCloseTry: seriesSummary(lastBars.map((b) => b.closeTry)),
    medianTurnoverTry: seriesSummary(
      perStock((_, i) =>
        seriesMedian(recent.map((d) => (d.bars[i]?.closeTry ?? 0) * (d.bars[i]?.volumeShares ?? 0))),
      ),
    ),
    medianRangeFraction: seriesSummary(
      perStock((_, i) =>
        seriesMedian(
          recent.map((d) => {
            const bar = d.bars[i];
            return bar ? (bar.highTry - bar.lowTry) / bar.closeTry : Number.NaN;
          }),
        ),
      ),
    ),
    averagePairwiseCorrelation: averagePairwiseCorrelation(returns),
    limitMoveShare: limitMoves / (stockCount * (days.length - 1)),
    xu100DailyLogReturnSd: seriesSd(xu100Returns),
    xu100ExcessKurtosis: seriesExcessKurtosis(xu100Returns),
  };
}
