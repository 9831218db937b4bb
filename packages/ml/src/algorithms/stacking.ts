/**
 * Stacking ensemble (Breiman's stacked regression): ŷ = w₀ + Σ wₖ·ŷₖ/sₖ with wₖ ≥ 0, fitted by ridge-penalised
 * non-negative coordinate descent (intercept unpenalised) over the other algorithms' out-of-sample predictions ŷₖ
 * (sₖ their RMS scale) on the cross-sectional target: the winsorised forward return minus its day's mean over the
 * training rows, so the blend learns to rank stocks, not to extrapolate the training window's market move.
 * It trains on every realised row that has all base predictions (trainingDataAt keeps those before capping), and
 * those base predictions were themselves out-of-sample (made by models trained before the row's day), so no base
 * model's in-sample fit leaks into it.
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
import { holdoutSplit, winsorisedTargets } from './pooled-data.ts';

/** With fewer meta-training rows, or fewer distinct days, than these, stacking predicts 0 (the random walk). */
export const STACKING_MIN_ROWS = 200;
export const STACKING_MIN_DAYS = 20;

/**
 * min ‖y − Xw‖² + λ‖w‖² subject to w ≥ 0 by cyclic coordinate descent on the Gram matrix G = X'X, c = X'y.
 */
export function nonNegativeRidge(G: Float64Array, c: Float64Array, k: number, lambda: number): Float64Array {
  const w = new Float64Array(k);
  for (let sweep = 0; sweep < 1000; sweep++) {
    let maxDelta = 0;
    for (let j = 0; j < k; j++) {
      let rho = c[j]!;
      for (let i = 0; i < k; i++) if (i !== j) rho -= G[j * k + i]! * w[i]!;
      const nw = Math.max(0, rho / (G[j * k + j]! + lambda + 1e-300));
      maxDelta = Math.max(maxDelta, Math.abs(nw - w[j]!));
      w[j] = nw;
    }
    if (maxDelta < 1e-10) break;
  }
  return w;
}

/** X'X, X'y, y'y and the column and y sums of rows [from, to) of an n × k row-major matrix (no intercept column). */
function gram(
  X: Float64Array,
  y: Float64Array,
  k: number,
  from: number,
  to: number,
): { G: Float64Array; c: Float64Array; yy: number; sx: Float64Array; sy: number } {
  const G = new Float64Array(k * k);
  const c = new Float64Array(k);
  const sx = new Float64Array(k);
  let yy = 0;
  let sy = 0;
  for (let i = from; i < to; i++) {
    const yi = y[i]!;
    yy += yi * yi;
    sy += yi;
    for (let a = 0; a < k; a++) {
      const xa = X[i * k + a]!;
      sx[a]! += xa;
      c[a]! += xa * yi;
      for (let b = a; b < k; b++) G[a * k + b]! += xa * X[i * k + b]!;
    }
  }
  for (let a = 0; a < k; a++) for (let b = 0; b < a; b++) G[a * k + b] = G[b * k + a]!;
  return { G, c, yy, sx, sy };
}

/** X'X and X'y of rows [from, to) after centring X's columns and y on those rows, with the means. */
function centredGram(
  X: Float64Array,
  y: Float64Array,
  k: number,
  from: number,
  to: number,
): { G: Float64Array; c: Float64Array; mx: Float64Array; my: number } {
  const n = Math.max(1, to - from);
  const mx = new Float64Array(k);
  let my = 0;
  for (let i = from; i < to; i++) {
    my += y[i]!;
    for (let a = 0; a < k; a++) mx[a]! += X[i * k + a]!;
  }
  my /= n;
  for (let a = 0; a < k; a++) mx[a]! /= n;
  const g = gram(X, y, k, from, to);
  for (let a = 0; a < k; a++) {
    g.c[a]! -= n * mx[a]! * my;
    for (let b = 0; b < k; b++) g.G[a * k + b]! -= n * mx[a]! * mx[b]!;
  }
  return { G: g.G, c: g.c, mx, my };
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/** Σ(y − w₀ − Xw)² from the raw Gram summary of the scored rows (m of them). */
function sseWithIntercept(
  g: { G: Float64Array; c: Float64Array; yy: number; sx: Float64Array; sy: number },
  w: Float64Array,
  w0: number,
  k: number,
  m: number,
): number {
  let s = g.yy - 2 * w0 * g.sy + m * w0 * w0;
  for (let a = 0; a < k; a++) {
    s -= 2 * w[a]! * g.c[a]!;
    s += 2 * w0 * w[a]! * g.sx[a]!;
    for (let b = 0; b < k; b++) s += w[a]! * g.G[a * k + b]! * w[b]!;
  }
  return s;
}

interface StackState {
  baseIds: string[];
  scale: (number | null)[];
  /** Non-negative weights on base predictions divided by `scale`; null → predict 0 (not enough history yet). */
  coef: (number | null)[] | null;
  intercept?: number;
  /** Meta-training rows the weights were fitted on. */
  rows?: number;
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

function readState(state: JsonValue): StackState {
  if (typeof state !== 'object' || state === null || Array.isArray(state) || !Array.isArray(state.baseIds)) {
    throw new ModelStateError('stacking state needs baseIds');
  }
  return state as unknown as StackState;
}

function columnsFor(stack: StackInputs, ids: readonly string[]): (Float64Array | null)[] {
  return ids.map((id) => {
    const i = stack.baseIds.indexOf(id);
    return i >= 0 ? stack.values[i]! : null;
  });
}

export const stacking: Algorithm = {
  id: 'stacking',
  name: 'Stacking Ensemble',
  type: 'Stacking',
  category: 'ensemble',
  description:
    'Non-negative ridge blend, with intercept, of the other algorithms’ out-of-sample predictions, fitted to the cross-sectional return and trained only on past predictions.',
  scope: 'pooled',
  output: 'regression',
  needsStack: true,
  fit(data: TrainingData): TrainedModel {
    const stack = data.stack;
    if (!stack) throw new ModelStateError('stacking needs the base algorithms’ out-of-sample predictions');
    const ids = [...stack.baseIds];
    const k = ids.length;
    const yAll = winsorisedTargets(data);
    const rows: number[] = [];
    const ys: number[] = [];
    for (let i = 0; i < data.rows.length; i++) {
      const r = data.rows[i]!;
      if (stack.values.every((v) => Number.isFinite(v[r]!))) {
        rows.push(r);
        ys.push(yAll[i]!);
      }
    }
    const scale = stack.values.map((v) => {
      let ss = 0;
      for (const r of rows) ss += v[r]! ** 2;
      return rows.length > 0 ? Math.sqrt(ss / rows.length) : 0;
    });
    let coef: Float64Array | null = null;
    let intercept = 0;
    const days = new Set(rows.map((r) => data.features.rowDay[r]!)).size;
    if (rows.length >= STACKING_MIN_ROWS && days >= STACKING_MIN_DAYS && k > 0) {
      const n = rows.length;
      const X = new Float64Array(n * k);
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < k; j++)
          X[i * k + j] = scale[j]! > 0 ? stack.values[j]![rows[i]!]! / scale[j]! : 0;
      }
      const y = dayDemeaned(ys, rows, data.features.rowDay);
      // Penalty chosen on the latest ≈ 20 % of the meta-training rows (day order), fitted on the rows at least h days
      // before it; each fit centres X and y on its own rows (the unpenalised intercept).
      const { split, trainEnd } = holdoutSplit({ ...data, rows: Int32Array.from(rows) });
      const a = centredGram(X, y, k, 0, trainEnd);
      const b = gram(X, y, k, split, n);
      let best = 1;
      let bestSse = Infinity;
      if (trainEnd > k && n > split) {
        for (const kappa of [1e-3, 1e-2, 0.1, 1, 10]) {
          const w = nonNegativeRidge(a.G, a.c, k, kappa * trainEnd);
          const e = sseWithIntercept(b, w, a.my - dot(a.mx, w), k, n - split);
          if (e < bestSse) {
            bestSse = e;
            best = kappa;
          }
        }
      }
      const all = centredGram(X, y, k, 0, n);
      coef = nonNegativeRidge(all.G, all.c, k, best * n);
      intercept = all.my - dot(all.mx, coef);
    }
    const state: StackState = {
      baseIds: ids,
      scale: jsonNumbers(scale),
      coef: coef ? jsonNumbers(coef) : null,
      intercept,
      rows: rows.length,
    };
    return finishModel(stacking, data, state as unknown as JsonValue);
  },
  predict(model: TrainedModel, rowSet: RowSet): Prediction {
    const st = readState(model.state);
    const stack = rowSet.stack;
    if (!stack) throw new ModelStateError('stacking needs the base algorithms’ predictions for these rows');
    const cols = columnsFor(stack, st.baseIds);
    const out = new Float64Array(rowSet.rows.length);
    const coef = st.coef ? stateNumbers(model.state, 'coef') : null;
    if (coef) {
      const w0 = st.intercept ?? 0;
      for (let i = 0; i < rowSet.rows.length; i++) {
        const r = rowSet.rows[i]!;
        let v = w0;
        for (let j = 0; j < cols.length; j++) {
          const sc = st.scale[j] ?? 0;
          const x = cols[j]?.[r];
          if (sc > 0 && x !== undefined && Number.isFinite(x)) v += (coef[j]! * x) / sc;
        }
        out[i] = v;
      }
    }
    return { expectedReturn: out, probabilityUp: null };
  },
  deserialize(serialized: unknown): TrainedModel {
    const m = deserializeModel('stacking', serialized);
    readState(m.state);
    return m;
  },
};
