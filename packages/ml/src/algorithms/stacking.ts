/**
 * Stacking ensemble as an IC-weighted rank blend: on each day, every base algorithm's out-of-sample predictions are
 * rank-gauss transformed across that day's stocks, Φ⁻¹((rank − ½)/m), and averaged with weights equal to the base's
 * mean daily Rank IC over the meta-training rows (bases with a Rank IC ≤ 0 get no weight). The blend score is turned
 * into a return by one least-squares line, with intercept, on the cross-sectional target (the winsorised forward
 * return minus its day's mean), so the ensemble ranks stocks and never extrapolates the training window's market
 * move. It trains on every realised row that has all base predictions (trainingDataAt keeps those before capping),
 * and those base predictions were themselves out-of-sample (made by models trained before the row's day), so no base
 * model's in-sample fit leaks into it. Decision 0037: the earlier non-negative ridge over 39 raw predictions
 * followed whichever bases had been best in the last windows and fell below its own inputs out of sample.
 */
import {
  type Algorithm,
  type JsonValue,
  ModelStateError,
  type Prediction,
  type RowSet,
  type StackInputs,
  type TrainedModel,
  type TrainingData,
  deserializeModel,
  finishModel,
  jsonNumbers,
  stateNumbers,
} from '../algorithm.ts';
import type { FeatureSet, Horizon } from '../features.ts';
import { dailyIc, MIN_IC_CROSS_SECTION, pearson } from '../metrics.ts';
import { averageRanks } from '../ranks.ts';
import { rankGauss, winsorisedTargets } from './pooled-data.ts';

/** With fewer meta-training rows, or fewer distinct days, than these, stacking predicts 0 (the random walk). */
export const STACKING_MIN_ROWS = 200;
export const STACKING_MIN_DAYS = 20;

interface StackState {
  baseIds: string[];
  /** Blend weight of each base (its mean daily Rank IC on the meta-training rows, floored at 0); null → predict 0. */
  weights: (number | null)[] | null;
  /** Return = intercept + slope · blend score. */
  slope: number;
  intercept: number;
  /** Meta-training rows the weights were measured on. */
  rows: number;
}

/** Winsorised targets minus the mean of their day over the given rows (the cross-sectional target). */
function dayDemeaned(y: readonly number[], rows: readonly number[], rowDay: Int32Array): Float64Array {
  const out = Float64Array.from(y);
  let i = 0;
  while (i < rows.length) {
    let j = i;
    let s = 0;
    while (j < rows.length && rowDay[rows[j]!] === rowDay[rows[i]!]) s += y[j++]!;
    const m = s / (j - i);
    for (let k = i; k < j; k++) out[k]! -= m;
    i = j;
  }
  return out;
}

/** One day of a stack: its rows (ascending) and, per stack column, the rank-gauss of the column on those rows. */
interface DayBlock {
  rows: Int32Array;
  z: Float64Array[];
  /** Per stack column, its average ranks on the rows when every value is finite, else null. */
  ranks: (Float64Array | null)[];
  /** Per stack column, the day's Spearman correlation with the realised h-day log return (NaN below 5 pairs). */
  ic: Map<Horizon, Float64Array>;
}

/**
 * Per stack and day, the block of the rows last asked for. The walk-forward fits and predicts at every cutoff on days
 * it has seen before; a day's ranks are computed once per row set (checked row for row) instead of once per cutoff.
 */
const dayBlocks = new WeakMap<StackInputs, Map<number, DayBlock>>();

const sameRows = (a: Int32Array, b: ArrayLike<number>) => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/** Rank-gauss of a column's finite values on `rows` (average ranks for ties), 0 elsewhere; and the ranks when all are finite. */
function columnRankGauss(
  col: Float64Array,
  rows: Int32Array,
): { z: Float64Array; ranks: Float64Array | null } {
  const n = rows.length;
  const values = new Float64Array(n);
  const at = new Int32Array(n);
  let m = 0;
  for (let i = 0; i < n; i++) {
    const v = col[rows[i]!]!;
    if (Number.isFinite(v)) {
      values[m] = v;
      at[m++] = i;
    }
  }
  if (m === n && m >= 2) return rankGauss(values);
  // Missing values score 0 (the cross-section's middle).
  const z = new Float64Array(n);
  if (m < 2) return { z, ranks: null };
  const finite = rankGauss(values.subarray(0, m));
  for (let j = 0; j < m; j++) z[at[j]!] = finite.z[j]!;
  return { z, ranks: null };
}

function dayBlock(stack: StackInputs, day: number, rows: Int32Array): DayBlock {
  let byDay = dayBlocks.get(stack);
  if (!byDay) {
    byDay = new Map();
    dayBlocks.set(stack, byDay);
  }
  const hit = byDay.get(day);
  if (hit && sameRows(hit.rows, rows)) return hit;
  const columns = stack.values.map((v) => columnRankGauss(v, rows));
  const block: DayBlock = {
    rows,
    z: columns.map((c) => c.z),
    ranks: columns.map((c) => c.ranks),
    ic: new Map(),
  };
  byDay.set(day, block);
  return block;
}

/**
 * Per stack column, the Spearman correlation of the column with the realised log return on the block's rows (the
 * Pearson correlation of their average ranks; dailyIc's rule where a value is missing).
 */
function dayIc(block: DayBlock, stack: StackInputs, fs: FeatureSet, horizon: Horizon): Float64Array {
  const hit = block.ic.get(horizon);
  if (hit) return hit;
  const target = fs.targets[horizon].logReturn;
  const realised = Float64Array.from(block.rows, (r) => target[r]!);
  const targetRanks = realised.every(Number.isFinite) ? averageRanks(realised) : null;
  const oneDay = new Int32Array(block.rows.length);
  const ic = Float64Array.from(stack.values, (v, k) => {
    const ranks = block.ranks[k];
    if (ranks && targetRanks)
      return block.rows.length >= MIN_IC_CROSS_SECTION ? pearson(ranks, targetRanks) : NaN;
    const pred = Float64Array.from(block.rows, (r) => v[r]!);
    return dailyIc(pred, realised, oneDay, 'spearman')[0] ?? NaN;
  });
  block.ic.set(horizon, ic);
  return ic;
}

/** Rows grouped by day (any input order): day → the rows, ascending, and their positions in `rows`. */
function groupByDay(
  rows: ArrayLike<number>,
  rowDay: ArrayLike<number>,
): Map<number, { rows: Int32Array; at: Int32Array }> {
  const lists = new Map<number, number[]>();
  for (let i = 0; i < rows.length; i++) {
    const d = rowDay[rows[i]!]!;
    const list = lists.get(d);
    if (list) list.push(i);
    else lists.set(d, [i]);
  }
  const out = new Map<number, { rows: Int32Array; at: Int32Array }>();
  for (const [d, idx] of lists) {
    idx.sort((x, y) => rows[x]! - rows[y]!);
    out.set(d, { rows: Int32Array.from(idx, (i) => rows[i]!), at: Int32Array.from(idx) });
  }
  return out;
}

/**
 * The blend score of feature rows `rows` (any order): per day, Σ wₖ·zₖ / Σ wₖ over the bases with weight > 0, zₖ the
 * rank-gauss of base k's finite predictions among that day's rows in `rows` (0 where base k has none). `weights` are
 * per base id of `baseIds`, mapped onto the stack's columns by id.
 */
export function rankBlend(
  stack: StackInputs,
  baseIds: readonly string[],
  weights: ArrayLike<number>,
  rows: ArrayLike<number>,
  rowDay: ArrayLike<number>,
): Float64Array {
  const out = new Float64Array(rows.length);
  const used: { col: number; w: number }[] = [];
  let total = 0;
  baseIds.forEach((id, k) => {
    const col = stack.baseIds.indexOf(id);
    const w = weights[k]!;
    if (col >= 0 && w > 0) {
      used.push({ col, w });
      total += w;
    }
  });
  if (total === 0) return out;
  for (const [d, g] of groupByDay(rows, rowDay)) {
    const block = dayBlock(stack, d, g.rows);
    for (const { col, w } of used) {
      const z = block.z[col]!;
      for (let j = 0; j < g.at.length; j++) out[g.at[j]!]! += (w * z[j]!) / total;
    }
  }
  return out;
}

/**
 * A model stored before decision 0037: non-negative ridge weights on the base predictions divided by their RMS scale,
 * plus an intercept. Still served (the same formula as then) until the next training replaces it.
 */
interface LegacyStackState {
  baseIds: string[];
  scale: (number | null)[];
  coef: (number | null)[] | null;
  intercept?: number;
}

const isObject = (v: JsonValue): v is { [key: string]: JsonValue } =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function readState(state: JsonValue): StackState | LegacyStackState {
  if (isObject(state) && Array.isArray(state.baseIds)) {
    if ('weights' in state && typeof state.slope === 'number' && typeof state.intercept === 'number')
      return state as unknown as StackState;
    if ('coef' in state && Array.isArray(state.scale)) return state as unknown as LegacyStackState;
  }
  throw new ModelStateError('stacking state needs baseIds, weights, slope and intercept');
}

/** The pre-0037 prediction: intercept + Σ coefₖ·ŷₖ/scaleₖ over the bases present (by id). */
function legacyPredict(
  st: LegacyStackState,
  model: TrainedModel,
  stack: StackInputs,
  rows: Int32Array,
): Float64Array {
  const out = new Float64Array(rows.length);
  if (!st.coef) return out;
  const coef = stateNumbers(model.state, 'coef');
  const cols = st.baseIds.map((id) => {
    const i = stack.baseIds.indexOf(id);
    return i >= 0 ? stack.values[i]! : null;
  });
  for (let i = 0; i < rows.length; i++) {
    let v = st.intercept ?? 0;
    for (let j = 0; j < cols.length; j++) {
      const sc = st.scale[j] ?? 0;
      const x = cols[j]?.[rows[i]!];
      if (sc > 0 && x !== undefined && Number.isFinite(x)) v += (coef[j]! * x) / sc;
    }
    out[i] = v;
  }
  return out;
}

export const stacking: Algorithm = {
  id: 'stacking',
  name: 'Stacking Ensemble',
  type: 'Stacking',
  category: 'ensemble',
  description:
    'Rank blend of the other algorithms’ out-of-sample predictions, each weighted by its past Rank IC, scaled to the cross-sectional return and trained only on past predictions.',
  scope: 'pooled',
  output: 'regression',
  // Every row with base predictions: a day's ranks are over its whole cross-section, and computed once per day.
  maxTrainRows: Infinity,
  needsStack: true,
  fit(data: TrainingData): TrainedModel {
    const stack = data.stack;
    if (!stack) throw new ModelStateError('stacking needs the base algorithms’ out-of-sample predictions');
    const ids = [...stack.baseIds];
    const yAll = winsorisedTargets(data);
    const rowDay = data.features.rowDay;
    const rows: number[] = [];
    const ys: number[] = [];
    for (let i = 0; i < data.rows.length; i++) {
      const r = data.rows[i]!;
      if (stack.values.every((v) => Number.isFinite(v[r]!))) {
        rows.push(r);
        ys.push(yAll[i]!);
      }
    }
    const state: StackState = { baseIds: ids, weights: null, slope: 0, intercept: 0, rows: rows.length };
    const days = new Set(rows.map((r) => rowDay[r]!)).size;
    if (rows.length >= STACKING_MIN_ROWS && days >= STACKING_MIN_DAYS && ids.length > 0) {
      // Each base's weight: its mean daily Rank IC over the meta-training days, floored at 0.
      const icSum = new Float64Array(ids.length);
      const icDays = new Float64Array(ids.length);
      for (const [d, g] of groupByDay(rows, rowDay)) {
        const ic = dayIc(dayBlock(stack, d, g.rows), stack, data.features, data.horizon);
        for (let k = 0; k < ids.length; k++) {
          if (!Number.isFinite(ic[k]!)) continue;
          icSum[k]! += ic[k]!;
          icDays[k]!++;
        }
      }
      const weights = Array.from(icSum, (v, k) => (icDays[k]! > 0 && v > 0 ? v / icDays[k]! : 0));
      const score = rankBlend(stack, ids, weights, rows, rowDay);
      const y = dayDemeaned(ys, rows, rowDay);
      // y = intercept + slope · score by least squares.
      const n = rows.length;
      let sx = 0;
      let sy = 0;
      for (let i = 0; i < n; i++) {
        sx += score[i]!;
        sy += y[i]!;
      }
      const mx = sx / n;
      const my = sy / n;
      let sxx = 0;
      let sxy = 0;
      for (let i = 0; i < n; i++) {
        sxx += (score[i]! - mx) ** 2;
        sxy += (score[i]! - mx) * (y[i]! - my);
      }
      state.weights = jsonNumbers(weights);
      state.slope = sxx > 0 ? sxy / sxx : 0;
      state.intercept = my - state.slope * mx;
    }
    return finishModel(stacking, data, state as unknown as JsonValue);
  },
  predict(model: TrainedModel, rowSet: RowSet): Prediction {
    const st = readState(model.state);
    const stack = rowSet.stack;
    if (!stack) throw new ModelStateError('stacking needs the base algorithms’ predictions for these rows');
    if ('coef' in st)
      return { expectedReturn: legacyPredict(st, model, stack, rowSet.rows), probabilityUp: null };
    const out = new Float64Array(rowSet.rows.length);
    if (st.weights) {
      const weights = stateNumbers(model.state, 'weights');
      const score = rankBlend(stack, st.baseIds, weights, rowSet.rows, rowSet.features.rowDay);
      for (let i = 0; i < out.length; i++) out[i] = st.intercept + st.slope * score[i]!;
    }
    return { expectedReturn: out, probabilityUp: null };
  },
  deserialize(serialized: unknown): TrainedModel {
    const m = deserializeModel('stacking', serialized);
    readState(m.state);
    return m;
  },
};
