/**
 * A walk-forward's scored days split in two: the selection window (the earlier half, on which the production model is
 * chosen) and the holdout window (the later half, on which its figures are shown: data it was not selected on). Both
 * carry the model's Rank IC, its daily difference to the simple factor that was best on the selection window (the
 * holdout keeps that factor: choosing the factor on the holdout would select on it again), the Newey–West t of that
 * difference, the relative hit rate (share of calls on the right side of the day's median), the absolute hit rate
 * beside always-up / always-down, and the spread of the realised relative return around the predicted one.
 */
import type { AlgorithmEvaluationPeriod } from '@bist/contracts';
import { directionalHit } from '@bist/contracts';
import {
  compressSeries,
  FEATURE_COLUMN,
  type FeatureSet,
  MIN_HISTORY_BARS,
  NOT_REALISED,
} from './features.ts';
import type { Panel } from './panel.ts';
import { dailyIc, summariseIc } from './metrics.ts';
import { FACTOR_LADDER, neweyWestT } from './ranking.ts';
import type { WalkForwardRun } from './walk-forward.ts';

const orNull = (v: number): number | null => (Number.isFinite(v) ? v : null);

function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function quantile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const x = p * (sorted.length - 1);
  const lo = Math.floor(x);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo]! + (x - lo) * (sorted[hi]! - sorted[lo]!);
}

interface ScoredRow {
  row: number;
  day: number;
  predicted: number;
  realised: number;
}

/** The figures of one window's rows (grouped by prediction day, ascending); the factor given or chosen here. */
function windowFigures(
  fs: FeatureSet,
  run: WalkForwardRun,
  rows: ScoredRow[],
  role: 'selection' | 'holdout',
  factorId: string | null,
): AlgorithmEvaluationPeriod {
  const day = Int32Array.from(rows, (r) => r.day);
  const predicted = Float64Array.from(rows, (r) => r.predicted);
  const realised = Float64Array.from(rows, (r) => r.realised);
  const modelIc = dailyIc(predicted, realised, day, 'spearman');
  const factorIcs = FACTOR_LADDER.map((f) => {
    const col = FEATURE_COLUMN[f.column];
    const score = Float64Array.from(rows, (r) => f.sign * fs.raw[r.row * fs.cols + col]!);
    return { id: f.id, ic: dailyIc(score, realised, day, 'spearman') };
  });
  let factor = factorIcs.find((f) => f.id === factorId) ?? null;
  if (!factor)
    for (const f of factorIcs) {
      const s = summariseIc(f.ic);
      if (s.days > 0 && (!factor || s.mean > summariseIc(factor.ic).mean)) factor = f;
    }
  const diff = factor ? Float64Array.from(modelIc, (m, d) => m - factor.ic[d]!) : new Float64Array(0);

  // Per day: the side of the day's median prediction against the side of the day's median realised return.
  let relHits = 0;
  let relScored = 0;
  let hits = 0;
  let ups = 0;
  let scored = 0;
  const residuals: number[] = [];
  let i = 0;
  while (i < rows.length) {
    let j = i;
    while (j < rows.length && rows[j]!.day === rows[i]!.day) j++;
    const slice = rows.slice(i, j);
    const mp = median(slice.map((r) => r.predicted));
    const mr = median(slice.map((r) => r.realised));
    for (const r of slice) {
      const rel = directionalHit(r.predicted - mp, r.realised - mr);
      if (rel !== null) {
        relScored++;
        if (rel) relHits++;
      }
      if (slice.length >= 2) residuals.push(r.realised - mr - (r.predicted - mp));
      const hit = directionalHit(r.predicted, r.realised);
      if (hit !== null) {
        scored++;
        if (hit) hits++;
        if (r.realised > 0) ups++;
      }
    }
    i = j;
  }
  residuals.sort((a, b) => a - b);
  const dates = fs.panel.dates;
  return {
    role,
    from: dates[rows[0]?.day ?? -1] ?? '',
    to: dates[rows[rows.length - 1]?.day ?? -1] ?? '',
    days: summariseIc(modelIc).days,
    rankIcMean: orNull(summariseIc(modelIc).mean),
    bestFactorId: factor?.id ?? null,
    bestFactorRankIcMean: factor ? orNull(summariseIc(factor.ic).mean) : null,
    rankIcDiffVsBestFactor: factor ? orNull(summariseIc(diff).mean) : null,
    rankIcDiffNwT: factor ? orNull(neweyWestT(diff, run.horizon)) : null,
    relativeHitPercent: relScored > 0 ? (100 * relHits) / relScored : null,
    relativeScored: relScored,
    hitPercent: scored > 0 ? (100 * hits) / scored : null,
    alwaysUpPercent: scored > 0 ? (100 * ups) / scored : null,
    alwaysDownPercent: scored > 0 ? (100 * (scored - ups)) / scored : null,
    scored,
    relativeResidualP10: orNull(quantile(residuals, 0.1)),
    relativeResidualP90: orNull(quantile(residuals, 0.9)),
  };
}

/**
 * The selection and holdout windows of a walk-forward run (scored rows only: realised target, finite prediction);
 * the first half of its scored prediction days, then the rest. Empty with fewer than 4 scored days.
 */
export function evaluationPeriods(fs: FeatureSet, run: WalkForwardRun): AlgorithmEvaluationPeriod[] {
  const target = fs.targets[run.horizon];
  const scored: ScoredRow[] = [];
  for (let i = 0; i < run.rows.length; i++) {
    const r = run.rows[i]!;
    if (target.realisedDay[r] === NOT_REALISED) continue;
    const realised = target.logReturn[r]!;
    const predicted = run.expectedReturn[i]!;
    if (!Number.isFinite(realised) || !Number.isFinite(predicted)) continue;
    scored.push({ row: r, day: fs.rowDay[r]!, predicted, realised });
  }
  const days: number[] = [];
  for (const s of scored) if (days.length === 0 || days[days.length - 1] !== s.day) days.push(s.day);
  if (days.length < 4) return [];
  const splitDay = days[days.length >> 1]!;
  const selectionRows = scored.filter((s) => s.day < splitDay);
  const holdoutRows = scored.filter((s) => s.day >= splitDay);
  const selection = windowFigures(fs, run, selectionRows, 'selection', null);
  const holdout = windowFigures(fs, run, holdoutRows, 'holdout', selection.bestFactorId);
  return [selection, holdout];
}

/** One stock's factor score on the panel's last date (the ranking served when no model clears the bar). */
export interface LatestFactorScore {
  seriesIndex: number;
  score: number;
  close: number;
}

/**
 * The simple factors' scores on the panel's last date, for every stock with a bar that day and the factor's look-back:
 * sign × the raw feature, computed as buildFeatures computes the column (Wilder ATR(14) / close with the |Δclose|
 * fallback, yesterday's log return, log(c₋₂₁ / c₋₂₅₂)), per stock on its valid bars — a few milliseconds for the
 * universe, so the predict step can store the factor's ranking beside the models' predictions.
 */
export function latestFactorScores(panel: Panel, factorId: string): LatestFactorScore[] {
  const factor = FACTOR_LADDER.find((f) => f.id === factorId);
  if (!factor) return [];
  const last = panel.dates.length - 1;
  const out: LatestFactorScore[] = [];
  panel.series.forEach((series, seriesIndex) => {
    const s = compressSeries(series);
    const m = s.close.length;
    if (m < MIN_HISTORY_BARS || s.days[m - 1] !== last) return;
    const c = s.close;
    let raw = NaN;
    if (factor.column === 'atr_14') {
      let a = 0;
      for (let k = 1; k < m; k++) {
        const h = s.high[k]!;
        const l = s.low[k]!;
        const pc = c[k - 1]!;
        const tr =
          Number.isFinite(h) && Number.isFinite(l)
            ? Math.max(h - l, Math.abs(h - pc), Math.abs(l - pc))
            : Math.abs(c[k]! - pc);
        if (k <= 14) a = k === 14 ? (a + tr) / 14 : a + tr;
        else a = (a * 13 + tr) / 14;
      }
      raw = m > 14 ? a / c[m - 1]! : NaN;
    } else if (factor.column === 'ret_lag1') raw = Math.log(c[m - 1]! / c[m - 2]!);
    else if (factor.column === 'mom_12_1' && m > 252) raw = Math.log(c[m - 22]! / c[m - 253]!);
    if (Number.isFinite(raw)) out.push({ seriesIndex, score: factor.sign * raw, close: c[m - 1]! });
  });
  return out;
}
