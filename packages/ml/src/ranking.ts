/**
 * Ranking skill against the simple factors, on the same rows as the model: the baseline ladder (yesterday's return,
 * low volatility −ATR14/close, 12-1 momentum), the model's Rank IC with a Newey–West t, its paired daily difference
 * to the best factor, the Rank IC on the tradable target (next open → close of t + h), and the production rule
 * (`chooseProduction`).
 */
import { type AlgorithmEvaluation, PRODUCTION_MIN_T } from '@bist/contracts';
import { FEATURE_COLUMN, type FeatureName, type FeatureSet, gather, type Horizon } from './features.ts';
import { dailyIc, dailyIcs, type IcSummary, summariseIc } from './metrics.ts';

/** The simple factors every model is compared with; score = sign × the raw feature. */
export const FACTOR_LADDER: readonly { id: string; name: string; column: FeatureName; sign: 1 | -1 }[] = [
  { id: 'yesterday_return', name: "yesterday's return", column: 'ret_lag1', sign: 1 },
  { id: 'low_volatility', name: '−ATR14/close (low volatility)', column: 'atr_14', sign: -1 },
  { id: 'momentum_12_1', name: '12-1 momentum', column: 'mom_12_1', sign: 1 },
];

/**
 * t-statistic of the mean of a series with a Newey–West (Bartlett, `lags`) standard error; non-finite values are
 * skipped (the rest are treated as consecutive). NaN with fewer than 3 values or a zero variance.
 */
export function neweyWestT(values: ArrayLike<number>, lags: number): number {
  const v: number[] = [];
  for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i]!)) v.push(values[i]!);
  const n = v.length;
  if (n < 3) return NaN;
  const mean = v.reduce((s, x) => s + x, 0) / n;
  const e = v.map((x) => x - mean);
  let s = e.reduce((a, x) => a + x * x, 0) / n;
  for (let l = 1; l <= Math.min(lags, n - 1); l++) {
    let c = 0;
    for (let i = l; i < n; i++) c += e[i]! * e[i - l]!;
    s += 2 * (1 - l / (lags + 1)) * (c / n);
  }
  return s > 0 ? mean / Math.sqrt(s / n) : NaN;
}

export interface FactorScore {
  id: string;
  rankIc: IcSummary;
  rankIcNwT: number;
}

/** A model's ranking figures on its scored rows. */
export interface RankingMetrics {
  /** The model's daily Rank IC against the close-to-close target (one value per scored day; NaN where undefined). */
  rankIcDaily: Float64Array;
  /** Newey–West t of the model's daily Rank IC (lags = h). */
  rankIcNwT: number;
  /** Rank IC against the tradable target (next open → close of t + h). */
  tradableRankIc: IcSummary;
  factors: FactorScore[];
  /** The factor with the highest mean Rank IC on these rows (null without any). */
  bestFactorId: string | null;
  /** Mean over days of (model's Rank IC − best factor's Rank IC), days where both are defined; its Newey–West t. */
  rankIcDiffVsBestFactor: number;
  rankIcDiffNwT: number;
}

/**
 * The factors' daily Rank IC depends on the rows only when every prediction is finite (no masking): the walk-forward
 * of every algorithm scores the same rows, so they are computed once per feature set, horizon and rows.
 */
const factorIcCache = new WeakMap<FeatureSet, Map<Horizon, { rows: Int32Array; ics: Float64Array[] }>>();

function cachedFactorIcs(fs: FeatureSet, horizon: Horizon, rows: Int32Array): Float64Array[] | null {
  const hit = factorIcCache.get(fs)?.get(horizon);
  if (!hit || hit.rows.length !== rows.length) return null;
  for (let i = 0; i < rows.length; i++) if (hit.rows[i] !== rows[i]) return null;
  return hit.ics;
}

function storeFactorIcs(fs: FeatureSet, horizon: Horizon, rows: Int32Array, ics: Float64Array[]): void {
  const byHorizon = factorIcCache.get(fs) ?? new Map<Horizon, { rows: Int32Array; ics: Float64Array[] }>();
  byHorizon.set(horizon, { rows: rows.slice(), ics });
  factorIcCache.set(fs, byHorizon);
}

/** Ranking figures of predictions on feature rows `rows` (day-ordered), against close-to-close and tradable targets. */
export function rankingMetrics(
  fs: FeatureSet,
  horizon: Horizon,
  rows: Int32Array,
  predicted: ArrayLike<number>,
): RankingMetrics {
  const t = fs.targets[horizon];
  const realised = gather(t.logReturn, rows);
  const tradable = gather(t.tradableLogReturn, rows);
  const day = Int32Array.from(rows, (r) => fs.rowDay[r]!);
  // A day's predictions are ranked once for both targets.
  const [modelIc, tradableIc] = dailyIcs(predicted, [realised, tradable], day, 'spearman') as [
    Float64Array,
    Float64Array,
  ];
  // The same rows as the model: a factor is scored only where the model made a finite prediction.
  const mask = (v: number, i: number) => (Number.isFinite(predicted[i]!) ? v : NaN);
  let allFinite = true;
  for (let i = 0; i < predicted.length && allFinite; i++) allFinite = Number.isFinite(predicted[i]!);
  const factorIcs =
    (allFinite ? cachedFactorIcs(fs, horizon, rows) : null) ??
    FACTOR_LADDER.map((f) => {
      const col = FEATURE_COLUMN[f.column];
      const score = Float64Array.from(rows, (r, i) => mask(f.sign * fs.raw[r * fs.cols + col]!, i));
      return dailyIc(score, realised, day, 'spearman');
    });
  if (allFinite) storeFactorIcs(fs, horizon, rows, factorIcs);
  const factors = FACTOR_LADDER.map((f, k) => ({
    id: f.id,
    ic: factorIcs[k]!,
    summary: summariseIc(factorIcs[k]!),
  }));
  let best: (typeof factors)[number] | null = null;
  for (const f of factors) if (f.summary.days > 0 && (!best || f.summary.mean > best.summary.mean)) best = f;
  const diff = best ? Float64Array.from(modelIc, (m, d) => m - best.ic[d]!) : new Float64Array(0);
  const diffSummary = summariseIc(diff);
  return {
    rankIcDaily: modelIc,
    rankIcNwT: neweyWestT(modelIc, horizon),
    tradableRankIc: summariseIc(tradableIc),
    factors: factors.map((f) => ({ id: f.id, rankIc: f.summary, rankIcNwT: neweyWestT(f.ic, horizon) })),
    bestFactorId: best?.id ?? null,
    rankIcDiffVsBestFactor: diffSummary.mean,
    rankIcDiffNwT: neweyWestT(diff, horizon),
  };
}

/** What the production rule reads of each candidate's walk-forward on the selection window. */
export interface ChampionCandidate {
  algorithmId: string;
  /** Mean daily (Rank IC − best simple factor's Rank IC) on the same rows: the edge-adjusted Rank IC. */
  rankIcDiffVsBestFactor: number | null;
  rankIcDays: number;
  error: string | null;
}

/** Days of defined Rank IC a candidate needs to be considered for production. */
export const CHAMPION_MIN_DAYS = 100;

/**
 * The significance bar of the production rule: a model is served at a horizon only when its edge over the best simple
 * factor on the selection window has a day-clustered (Newey–West, lags = h) t of at least this.
 */
export const CHAMPION_MIN_T = PRODUCTION_MIN_T;

/** What chooseProduction reads of each candidate's walk-forward on the selection window. */
export interface ProductionCandidate extends ChampionCandidate {
  /** Newey–West t of the daily (Rank IC − best factor's Rank IC) on the same window. */
  rankIcDiffNwT: number | null;
  /** The simple factor that was best on that window (FACTOR_LADDER id). */
  bestFactorId: string | null;
}

/** The production call of a horizon: a model, or — when no model clears the bar — the best simple factor's ranking. */
export type ProductionChoice =
  { kind: 'model'; algorithmId: string } | { kind: 'factor'; factorId: string } | null;

/**
 * The production rule with a significance bar (decision 0054): among candidates without errors, with at least
 * CHAMPION_MIN_DAYS scored days, a positive edge-adjusted Rank IC and its Newey–West t ≥ CHAMPION_MIN_T, the one with
 * the highest edge (ties: registry order). When none clears the bar, the factor that was best on the candidates'
 * window (the most common bestFactorId; they score the same rows) is served instead: a model that does not beat the
 * factor with confidence is not served over it. Null when there is no candidate with a known factor either.
 */
export function chooseProduction(candidates: readonly ProductionCandidate[]): ProductionChoice {
  let best: ProductionCandidate | null = null;
  const factorVotes = new Map<string, number>();
  for (const c of candidates) {
    if (c.error !== null || c.rankIcDays < CHAMPION_MIN_DAYS) continue;
    if (c.bestFactorId) factorVotes.set(c.bestFactorId, (factorVotes.get(c.bestFactorId) ?? 0) + 1);
    const v = c.rankIcDiffVsBestFactor;
    const t = c.rankIcDiffNwT;
    if (v === null || !Number.isFinite(v) || v <= 0) continue;
    if (t === null || !Number.isFinite(t) || t < CHAMPION_MIN_T) continue;
    if (!best || v > best.rankIcDiffVsBestFactor!) best = c;
  }
  if (best) return { kind: 'model', algorithmId: best.algorithmId };
  let factor: string | null = null;
  for (const [id, votes] of factorVotes) if (factor === null || votes > factorVotes.get(factor)!) factor = id;
  return factor === null ? null : { kind: 'factor', factorId: factor };
}

/**
 * A stored walk-forward evaluation as a production candidate: its selection window (decision 0053) — the earlier half
 * of its scored days — or, for a record stored before the split, its whole window. A missing record is an error (not
 * evaluated). One reading for the server and bench:ml.
 */
export function productionCandidateOf(
  algorithmId: string,
  record: AlgorithmEvaluation | null,
  error: string | null = null,
): ProductionCandidate {
  const selection = record?.periods?.find((p) => p.role === 'selection');
  return {
    algorithmId,
    rankIcDiffVsBestFactor: selection
      ? selection.rankIcDiffVsBestFactor
      : (record?.rankIcDiffVsBestFactor ?? null),
    rankIcDiffNwT: selection ? selection.rankIcDiffNwT : (record?.rankIcDiffNwT ?? null),
    bestFactorId: selection ? selection.bestFactorId : (record?.bestFactorId ?? null),
    rankIcDays: selection ? selection.days : (record?.rankIc.days ?? 0),
    error: error ?? (record ? null : 'not evaluated'),
  };
}
