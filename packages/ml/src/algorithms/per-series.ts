/**
 * Scaffolding for per-series models: parameters are fitted per stock on its log closes up to the cutoff, then each
 * prediction at day t runs the model's filter over that stock's log closes up to t (never beyond) with those parameters.
 */
import {
  type Algorithm,
  type AlgorithmCategory,
  type JsonValue,
  ModelStateError,
  type Prediction,
  type RowSet,
  type TrainedModel,
  type TrainingData,
  deserializeModel,
  finishModel,
} from '../algorithm.ts';
import { CORPORATE_ACTION_LOG_RETURN, compressSeries, type Horizon } from '../features.ts';
import type { Panel } from '../panel.ts';

/** A stock's valid bars: calendar day of each and log close, with corporate-action jumps replaced by a zero return. */
export interface LogSeries {
  days: Int32Array;
  logClose: Float64Array;
}

const cache = new WeakMap<Panel, LogSeries[]>();

/** Adjusted log closes of every stock (valid bars only), computed once per panel. */
export function panelLogSeries(panel: Panel): LogSeries[] {
  let v = cache.get(panel);
  if (!v) {
    v = panel.series.map((s) => {
      const c = compressSeries(s);
      const logClose = new Float64Array(c.close.length);
      for (let k = 0; k < c.close.length; k++) {
        const r = k > 0 ? Math.log(c.close[k]! / c.close[k - 1]!) : 0;
        logClose[k] =
          k === 0
            ? Math.log(c.close[0]!)
            : logClose[k - 1]! + (Math.abs(r) >= CORPORATE_ACTION_LOG_RETURN ? 0 : r);
      }
      return { days: c.days, logClose };
    });
    cache.set(panel, v);
  }
  return v;
}

type FitMemo = Map<number, (number | null)[] | null>;
const fitMemos = new WeakMap<Panel, Map<string, FitMemo>>();

/** The fitted parameters of one per-series algorithm on one panel, by series index × 100,000 + bars used. */
function seriesFitMemo(panel: Panel, id: string): FitMemo {
  let byAlgorithm = fitMemos.get(panel);
  if (!byAlgorithm) {
    byAlgorithm = new Map<string, FitMemo>();
    fitMemos.set(panel, byAlgorithm);
  }
  let memo = byAlgorithm.get(id);
  if (!memo) {
    memo = new Map<number, (number | null)[] | null>();
    byAlgorithm.set(id, memo);
  }
  return memo;
}

/** Number of valid bars with day ≤ `day` (binary search). */
export function barsUpTo(days: Int32Array, day: number): number {
  let lo = 0;
  let hi = days.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (days[mid]! <= day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface PerSeriesSpec {
  id: string;
  name: string;
  type: string;
  category: AlgorithmCategory;
  description: string;
  /** Minimum bars to fit; fewer → the stock gets no parameters and predictions of 0. */
  minBars: number;
  /**
   * Parameters from y[0..n) (log closes known at the cutoff); null when the stock cannot be fitted. They must not
   * depend on the horizon (the forecast takes it): fits are shared between the horizons of one panel.
   */
  fitSeries(y: Float64Array): number[] | null;
  /**
   * h-step expected log return at each position in `positions` (ascending indexes into y): the forecast made after
   * observing y[0..pos] inclusive. Implementations must read y only up to the position being forecast.
   */
  forecast(params: Float64Array, y: Float64Array, positions: Int32Array, horizon: Horizon): Float64Array;
}

interface PerSeriesState {
  /** Parameters keyed by symbol. */
  params: Record<string, (number | null)[]>;
}

function readState(state: JsonValue): PerSeriesState {
  if (
    typeof state !== 'object' ||
    state === null ||
    Array.isArray(state) ||
    typeof state.params !== 'object'
  ) {
    throw new ModelStateError('per-series state needs params');
  }
  return state as unknown as PerSeriesState;
}

/** Wraps a PerSeriesSpec into a registry Algorithm (scope per_series, regression output). */
export function perSeriesAlgorithm(spec: PerSeriesSpec): Algorithm {
  const algorithm: Algorithm = {
    id: spec.id,
    name: spec.name,
    type: spec.type,
    category: spec.category,
    description: spec.description,
    scope: 'per_series',
    output: 'regression',
    fit(data: TrainingData): TrainedModel {
      const panel = data.features.panel;
      const logs = panelLogSeries(panel);
      const params: Record<string, (number | null)[]> = {};
      const memo = seriesFitMemo(panel, spec.id);
      for (let s = 0; s < logs.length; s++) {
        const ls = logs[s]!;
        const n = barsUpTo(ls.days, data.cutoffDay);
        if (n < spec.minBars) continue;
        // A stock's parameters depend only on its first n log closes: the other horizon's fit at the same cutoff
        // (and the final fit after the walk-forward's last window) reuses them.
        const key = s * 100_000 + n;
        let p = memo.get(key);
        if (p === undefined) {
          const fitted = spec.fitSeries(ls.logClose.subarray(0, n));
          p = fitted ? fitted.map((v) => (Number.isFinite(v) ? v : null)) : null;
          memo.set(key, p);
        }
        if (p) params[panel.series[s]!.symbol] = p;
      }
      const state: PerSeriesState = { params };
      return finishModel(algorithm, data, state as unknown as JsonValue);
    },
    predict(model: TrainedModel, rowSet: RowSet): Prediction {
      const fs = rowSet.features;
      const { params } = readState(model.state);
      const logs = panelLogSeries(fs.panel);
      const out = new Float64Array(rowSet.rows.length);
      // Group requested rows by series so each stock's filter runs once.
      const bySeries = new Map<number, number[]>();
      for (let i = 0; i < rowSet.rows.length; i++) {
        const s = fs.rowSeries[rowSet.rows[i]!]!;
        let list = bySeries.get(s);
        if (!list) bySeries.set(s, (list = []));
        list.push(i);
      }
      for (const [s, list] of bySeries) {
        const p = params[fs.panel.series[s]!.symbol];
        if (!p) continue;
        const ls = logs[s]!;
        list.sort((a, b) => fs.rowDay[rowSet.rows[a]!]! - fs.rowDay[rowSet.rows[b]!]!);
        const positions = Int32Array.from(list, (i) => barsUpTo(ls.days, fs.rowDay[rowSet.rows[i]!]!) - 1);
        const last = positions[positions.length - 1]!;
        const f = spec.forecast(
          Float64Array.from(p, (v) => v ?? NaN),
          ls.logClose.subarray(0, last + 1),
          positions,
          model.horizon,
        );
        for (let k = 0; k < list.length; k++) {
          const v = f[k]!;
          out[list[k]!] = Number.isFinite(v) ? v : 0;
        }
      }
      return { expectedReturn: out, probabilityUp: null };
    },
    deserialize(serialized: unknown): TrainedModel {
      const m = deserializeModel(spec.id, serialized);
      readState(m.state);
      return m;
    },
  };
  return algorithm;
}
