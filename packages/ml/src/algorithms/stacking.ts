/**
 * Stacking ensemble (Breiman's stacked regression): ŷ = Σ wₖ·ŷₖ/sₖ with wₖ ≥ 0, no intercept, fitted by ridge-penalised
 * non-negative coordinate descent over the other algorithms' out-of-sample predictions ŷₖ (sₖ their RMS scale).
 * It trains only on rows whose targets are realised by the cutoff and whose base predictions were themselves
 * out-of-sample (made by models trained before the row's day), so no base model's in-sample fit leaks into it. No
 * intercept and non-negative weights keep it from extrapolating the training window's average market move.
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
import { winsorisedTargets } from './pooled-data.ts';

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

/** X'X and X'y of rows [from, to) of an n × k row-major matrix (no intercept column). */
function gram(
  X: Float64Array,
  y: Float64Array,
  k: number,
  from: number,
  to: number,
): { G: Float64Array; c: Float64Array; yy: number } {
  const G = new Float64Array(k * k);
  const c = new Float64Array(k);
  let yy = 0;
  for (let i = from; i < to; i++) {
    const yi = y[i]!;
    yy += yi * yi;
    for (let a = 0; a < k; a++) {
      const xa = X[i * k + a]!;
      c[a]! += xa * yi;
      for (let b = a; b < k; b++) G[a * k + b]! += xa * X[i * k + b]!;
    }
  }
  for (let a = 0; a < k; a++) for (let b = 0; b < a; b++) G[a * k + b] = G[b * k + a]!;
  return { G, c, yy };
}

function sse(g: { G: Float64Array; c: Float64Array; yy: number }, w: Float64Array, k: number): number {
  let s = g.yy;
  for (let a = 0; a < k; a++) {
    s -= 2 * w[a]! * g.c[a]!;
    for (let b = 0; b < k; b++) s += w[a]! * g.G[a * k + b]! * w[b]!;
  }
  return s;
}

interface StackState {
  baseIds: string[];
  scale: (number | null)[];
  /** Non-negative weights on base predictions divided by `scale`; null → predict 0 (not enough history yet). */
  coef: (number | null)[] | null;
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
    'Non-negative ridge blend of the other algorithms’ out-of-sample predictions, trained only on past predictions.',
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
    const days = new Set(rows.map((r) => data.features.rowDay[r]!)).size;
    if (rows.length >= STACKING_MIN_ROWS && days >= STACKING_MIN_DAYS && k > 0) {
      const n = rows.length;
      const X = new Float64Array(n * k);
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < k; j++)
          X[i * k + j] = scale[j]! > 0 ? stack.values[j]![rows[i]!]! / scale[j]! : 0;
      }
      const y = Float64Array.from(ys);
      // Penalty chosen on the latest 20 % of the meta-training rows (rows are in day order).
      const split = Math.floor(n * 0.8);
      const a = gram(X, y, k, 0, split);
      const b = gram(X, y, k, split, n);
      let best = 1;
      let bestSse = Infinity;
      for (const kappa of [1e-3, 1e-2, 0.1, 1, 10]) {
        const e = sse(b, nonNegativeRidge(a.G, a.c, k, kappa * split), k);
        if (e < bestSse) {
          bestSse = e;
          best = kappa;
        }
      }
      const all = gram(X, y, k, 0, n);
      coef = nonNegativeRidge(all.G, all.c, k, best * n);
    }
    const state: StackState = {
      baseIds: ids,
      scale: jsonNumbers(scale),
      coef: coef ? jsonNumbers(coef) : null,
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
      for (let i = 0; i < rowSet.rows.length; i++) {
        const r = rowSet.rows[i]!;
        let v = 0;
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
