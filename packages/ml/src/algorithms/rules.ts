/**
 * Technical trading rules. Each computes a signal s per row from bars up to the row's day; the expected return is
 * β·s with β = Σ s·y / Σ s² fitted by least squares through the origin on the training rows (targets winsorised),
 * so predictions are in return units and a rule that has worked backwards gets a negative β.
 */
import {
  type Algorithm,
  type Prediction,
  type RowSet,
  type TrainedModel,
  type TrainingData,
  deserializeModel,
  finishModel,
  stateNumber,
} from '../algorithm.ts';
import { FEATURE_COLUMN as COL, compressSeries, type FeatureSet, seriesSma } from '../features.ts';
import { winsorisedTargets } from './pooled-data.ts';

type SignalFn = (fs: FeatureSet) => Float64Array;

const signalCache = new WeakMap<FeatureSet, Map<string, Float64Array>>();

function cachedSignal(id: string, fs: FeatureSet, compute: SignalFn): Float64Array {
  let m = signalCache.get(fs);
  if (!m) signalCache.set(fs, (m = new Map<string, Float64Array>()));
  let s = m.get(id);
  if (!s) m.set(id, (s = compute(fs)));
  return s;
}

/** Signal from one raw feature column: f(value), NaN → 0. */
function fromColumn(col: number, f: (v: number) => number): SignalFn {
  return (fs) => {
    const out = new Float64Array(fs.rows);
    for (let r = 0; r < fs.rows; r++) {
      const v = f(fs.raw[r * fs.cols + col]!);
      out[r] = Number.isFinite(v) ? v : 0;
    }
    return out;
  };
}

/** Signal computed per stock on its valid bars (index k = bar), scattered to the stock's rows. */
function perSeriesSignal(
  compute: (c: { high: Float64Array; low: Float64Array; close: Float64Array }) => Float64Array,
): SignalFn {
  return (fs) => {
    const out = new Float64Array(fs.rows);
    const nDays = fs.panel.dates.length;
    fs.panel.series.forEach((series, s) => {
      const comp = compressSeries(series);
      const sig = compute(comp);
      for (let k = 0; k < comp.days.length; k++) {
        const row = fs.rowOf[s * nDays + comp.days[k]!]!;
        if (row >= 0) {
          const v = sig[k]!;
          out[row] = Number.isFinite(v) ? v : 0;
        }
      }
    });
    return out;
  };
}

/** 12-1 momentum: log(c_{t−21} / c_{t−252}), the past year's return skipping the last month. */
function momentum121(c: { close: Float64Array }): Float64Array {
  const x = c.close;
  const out = new Float64Array(x.length).fill(NaN);
  for (let k = 252; k < x.length; k++) out[k] = Math.log(x[k - 21]! / x[k - 252]!);
  return out;
}

/** +1 when the close breaks above the previous 20 days' high, −1 below their low, else 0 (Donchian channel). */
function donchian(c: { high: Float64Array; low: Float64Array; close: Float64Array }): Float64Array {
  const out = new Float64Array(c.close.length);
  for (let k = 20; k < c.close.length; k++) {
    let hi = -Infinity;
    let lo = Infinity;
    for (let i = k - 20; i < k; i++) {
      const h = Number.isFinite(c.high[i]!) ? c.high[i]! : c.close[i]!;
      const l = Number.isFinite(c.low[i]!) ? c.low[i]! : c.close[i]!;
      if (h > hi) hi = h;
      if (l < lo) lo = l;
    }
    out[k] = c.close[k]! > hi ? 1 : c.close[k]! < lo ? -1 : 0;
  }
  return out;
}

/** Stochastic oscillator reversion: (50 − %D)/50 with %K(14) = 100·(c − LL14)/(HH14 − LL14) and %D = SMA3(%K). */
function stochastic(c: { high: Float64Array; low: Float64Array; close: Float64Array }): Float64Array {
  const n = c.close.length;
  const k14 = new Float64Array(n).fill(50);
  for (let k = 13; k < n; k++) {
    let hi = -Infinity;
    let lo = Infinity;
    for (let i = k - 13; i <= k; i++) {
      const h = Number.isFinite(c.high[i]!) ? c.high[i]! : c.close[i]!;
      const l = Number.isFinite(c.low[i]!) ? c.low[i]! : c.close[i]!;
      if (h > hi) hi = h;
      if (l < lo) lo = l;
    }
    k14[k] = hi > lo ? (100 * (c.close[k]! - lo)) / (hi - lo) : 50;
  }
  const d = seriesSma(k14, 3);
  return Float64Array.from(d, (v, k) => (k >= 15 ? (50 - v) / 50 : 0));
}

/** Golden/death cross state: sign(SMA50 − SMA200); 0 before 200 bars. */
function maCross(c: { close: Float64Array }): Float64Array {
  const s50 = seriesSma(c.close, 50);
  const s200 = seriesSma(c.close, 200);
  return Float64Array.from(s50, (v, k) => (Number.isFinite(s200[k]!) ? Math.sign(v - s200[k]!) : 0));
}

interface RuleSpec {
  id: string;
  name: string;
  description: string;
  signal: SignalFn;
}

function ruleAlgorithm(spec: RuleSpec): Algorithm {
  const signalOf = (fs: FeatureSet): Float64Array => cachedSignal(spec.id, fs, spec.signal);
  const algorithm: Algorithm = {
    id: spec.id,
    name: spec.name,
    type: 'Technical Rule',
    category: 'technical',
    description: spec.description,
    scope: 'rule',
    output: 'regression',
    fit(data: TrainingData): TrainedModel {
      const s = signalOf(data.features);
      const y = winsorisedTargets(data);
      let sy = 0;
      let ss = 0;
      for (let i = 0; i < data.rows.length; i++) {
        const v = s[data.rows[i]!]!;
        sy += v * y[i]!;
        ss += v * v;
      }
      return finishModel(algorithm, data, { beta: ss > 0 ? sy / ss : 0 });
    },
    predict(model: TrainedModel, rowSet: RowSet): Prediction {
      const beta = stateNumber(model.state, 'beta');
      const s = signalOf(rowSet.features);
      return { expectedReturn: Float64Array.from(rowSet.rows, (r) => beta * s[r]!), probabilityUp: null };
    },
    deserialize(serialized: unknown): TrainedModel {
      const m = deserializeModel(spec.id, serialized);
      stateNumber(m.state, 'beta');
      return m;
    },
  };
  return algorithm;
}

export const RULE_ALGORITHMS: readonly Algorithm[] = [
  ruleAlgorithm({
    id: 'rsi-reversion',
    name: 'RSI Mean Reversion',
    description:
      'Signal (50 − RSI14)/50: oversold stocks are expected to rebound, overbought ones to fall back.',
    signal: fromColumn(COL.rsi_14, (v) => (50 - v) / 50),
  }),
  ruleAlgorithm({
    id: 'macd-crossover',
    name: 'MACD Crossover',
    description: 'Signal +1 while the MACD(12,26) line is above its 9-day signal line, −1 below.',
    signal: fromColumn(COL.macd_hist, (v) => Math.sign(v)),
  }),
  ruleAlgorithm({
    id: 'bollinger-reversion',
    name: 'Bollinger Band Reversion',
    description: 'Signal 0.5 − %B(20,2): a close near the lower band points up, near the upper band down.',
    signal: fromColumn(COL.bb_pct_b, (v) => 0.5 - v),
  }),
  ruleAlgorithm({
    id: 'ma-cross-50-200',
    name: '50/200 Moving Average Cross',
    description:
      'Signal +1 after a golden cross (SMA50 above SMA200), −1 after a death cross; 0 before 200 bars.',
    signal: perSeriesSignal(maCross),
  }),
  ruleAlgorithm({
    id: 'momentum-12-1',
    name: '12-1 Momentum',
    description:
      'Signal: the last year’s log return skipping the most recent month (Jegadeesh–Titman); 0 before 252 bars.',
    signal: perSeriesSignal(momentum121),
  }),
  ruleAlgorithm({
    id: 'reversal-1w',
    name: '1-Week Reversal',
    description: 'Signal: minus the past five days’ log return (short-term reversal).',
    signal: fromColumn(COL.mom_5, (v) => -v),
  }),
  ruleAlgorithm({
    id: 'donchian-breakout',
    name: 'Donchian Breakout',
    description: 'Signal +1 when the close breaks the prior 20-day high, −1 below the 20-day low, else 0.',
    signal: perSeriesSignal(donchian),
  }),
  ruleAlgorithm({
    id: 'stochastic-oscillator',
    name: 'Stochastic Oscillator',
    description:
      'Signal (50 − %D)/50 of the 14-day stochastic oscillator (%D = 3-day mean of %K): reversion from extremes.',
    signal: perSeriesSignal(stochastic),
  }),
];
