/**
 * Features and targets from a panel of daily bars. Every feature of row (series s, day t) uses bars of days ≤ t only;
 * targets use the bars after t and are NaN until realised. Rows are ordered by day, then by series index.
 */
import { PREDICTION_HORIZONS, type PredictionHorizon } from '@bist/contracts';
import type { Panel } from './panel.ts';

/** Forecast horizons in trading days: the product's one list (@bist/contracts). */
export type Horizon = PredictionHorizon;
export const HORIZONS: readonly Horizon[] = PREDICTION_HORIZONS;

/** Day index used for "never realised" (the target lies beyond the last bar). */
export const NOT_REALISED = 0x7fffffff;

/**
 * A daily |log return| at or above this cannot be a trading move on Borsa Istanbul (daily price limit ±10 %): it is an
 * unadjusted corporate action (split, bonus issue, rights issue). Targets spanning one are dropped (NaN), and
 * per-series models see such a jump as a zero return.
 */
export const CORPORATE_ACTION_LOG_RETURN = 0.115;

/** A daily move at or beyond this simple return is at Borsa Istanbul's ±10 % price band (price steps round it). */
export const LIMIT_MOVE = 0.095;

/** Bars of history a stock needs before its first row (60-day momentum is the longest required look-back). */
export const MIN_HISTORY_BARS = 61;

export const FEATURE_NAMES = [
  'ret_lag1', // r_t: today's log return
  'ret_lag2', // r_{t-1}
  'ret_lag3',
  'ret_lag5',
  'ret_lag10',
  'ret_lag20', // r_{t-19}
  'mom_5', // log(c_t / c_{t-5})
  'mom_20',
  'mom_60',
  'rsi_14', // Wilder RSI, 0..100
  'macd_hist', // (MACD(12,26) − signal(9)) / close
  'bb_pct_b', // Bollinger %B (20, 2)
  'atr_14', // Wilder ATR(14) / close
  'vol_20', // sd of daily log returns, 20 days
  'volume_z_20', // z-score of log(1 + volume) within 20 days
  'dist_sma_20', // close / SMA20 − 1
  'dist_sma_50',
  'dist_sma_200', // NaN (standardised to 0) until 200 bars exist
  'mkt_ret_1', // XU100 log return, 1 day
  'mkt_ret_5', // XU100 log return, 5 days
  'sector_ret_1', // equal-weight mean of the other sector members' 1-day log returns (own return excluded)
  'limit_up', // 1 when today's close is at the +10 % daily band (simple return ≥ LIMIT_MOVE), else 0
  'limit_down', // 1 when today's close is at the −10 % daily band (simple return ≤ −LIMIT_MOVE), else 0
  'dist_52w_high', // close / highest high of the last 252 bars (fewer while younger) − 1
  'mom_12_1', // log(c_{t−21} / c_{t−252}): 12-month momentum skipping the last month (NaN before 253 bars)
  'idio_vol_60', // sd of the residuals of the stock's daily returns on XU100's over 60 bars
  'max_20', // largest daily log return of the last 20 bars (MAX effect)
  'amihud_20', // log of the mean |simple return| / turnover (TL) over 20 bars (Amihud illiquidity)
  'turnover_20', // log of the mean daily turnover close × volume (TL) over 20 bars
  'sector_mom_20', // mom_20 minus the mean mom_20 of the other members of its sector that day
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];
const NF = FEATURE_NAMES.length;
const COL = Object.fromEntries(FEATURE_NAMES.map((n, i) => [n, i])) as Record<FeatureName, number>;
export { COL as FEATURE_COLUMN };
/** Columns that are the same for every stock on a day: scaled by the market's own history, not cross-sectionally. */
const MARKET_COLS = new Set<number>([COL.mkt_ret_1, COL.mkt_ret_5]);
/** Whether a feature column is market-wide (the same for every stock on a day): no cross-section to drift. */
export const isMarketWideFeature = (column: number): boolean => MARKET_COLS.has(column);
/** Standardised features are clipped to ±Z_CLIP so one outlier cannot dominate a pooled fit. */
export const Z_CLIP = 3;

/** Targets for one horizon h, per row: forward log return log(c_{t+h}/c_t), direction 1 if > 0, day it is known. */
export interface HorizonTargets {
  logReturn: Float64Array;
  /**
   * The tradable return: log(close_{t+h} / open_{t+1}), bought at the next session's open and sold at the close h bars
   * on (NaN without that open); scored, never trained on.
   */
  tradableLogReturn: Float64Array;
  direction: Float64Array;
  /** Calendar day index of the bar that realises the target; NOT_REALISED when it lies beyond the data. */
  realisedDay: Int32Array;
}

/** The design matrices, row bookkeeping and targets of a panel. */
export interface FeatureSet {
  panel: Panel;
  rows: number;
  cols: number;
  featureNames: readonly string[];
  /** Raw feature values, row-major rows × cols (NaN where a look-back is not yet available). */
  raw: Float64Array;
  /** Standardised: per day, cross-sectional z-score clipped to ±3 (market columns: divided by the XU100's expanding sd); NaN → 0. */
  x: Float64Array;
  rowSeries: Int32Array;
  rowDay: Int32Array;
  /** Rows of day d are dayRowStart[d] .. dayRowStart[d+1]−1. Length nDays + 1. */
  dayRowStart: Int32Array;
  /** Row of (series s, day d) at s·nDays + d, or −1. */
  rowOf: Int32Array;
  /** Close of the row's day (for target prices). */
  close: Float64Array;
  targets: Record<Horizon, HorizonTargets>;
}

/** Rolling-window helpers on a compressed series (only its valid bars). */
function sma(c: Float64Array, n: number): Float64Array {
  const out = new Float64Array(c.length).fill(NaN);
  let s = 0;
  for (let k = 0; k < c.length; k++) {
    s += c[k]!;
    if (k >= n) s -= c[k - n]!;
    if (k >= n - 1) out[k] = s / n;
  }
  return out;
}

function ema(c: Float64Array, n: number, from = 0): Float64Array {
  const out = new Float64Array(c.length).fill(NaN);
  const a = 2 / (n + 1);
  let e = NaN;
  for (let k = from; k < c.length; k++) {
    const v = c[k]!;
    e = Number.isNaN(e) ? v : e + a * (v - e);
    out[k] = e;
  }
  return out;
}

function rollingSd(v: Float64Array, n: number, from: number): Float64Array {
  const out = new Float64Array(v.length).fill(NaN);
  for (let k = from + n - 1; k < v.length; k++) {
    let s = 0;
    let ss = 0;
    let cnt = 0;
    for (let i = k - n + 1; i <= k; i++) {
      const x = v[i]!;
      if (Number.isFinite(x)) {
        s += x;
        ss += x * x;
        cnt++;
      }
    }
    if (cnt >= 2) out[k] = Math.sqrt(Math.max(0, ss / cnt - (s / cnt) ** 2));
  }
  return out;
}

/** Wilder RSI(n) in [0, 100]; 50 when there was no movement at all. */
export function seriesRsi(c: Float64Array, n = 14): Float64Array {
  const out = new Float64Array(c.length).fill(NaN);
  if (c.length <= n) return out;
  let g = 0;
  let l = 0;
  for (let k = 1; k <= n; k++) {
    const d = c[k]! - c[k - 1]!;
    if (d > 0) g += d;
    else l -= d;
  }
  g /= n;
  l /= n;
  const rsiOf = (gain: number, loss: number): number =>
    gain + loss === 0 ? 50 : (100 * gain) / (gain + loss);
  out[n] = rsiOf(g, l);
  for (let k = n + 1; k < c.length; k++) {
    const d = c[k]! - c[k - 1]!;
    g = (g * (n - 1) + Math.max(d, 0)) / n;
    l = (l * (n - 1) + Math.max(-d, 0)) / n;
    out[k] = rsiOf(g, l);
  }
  return out;
}

/** MACD(12, 26) line and its 9-day signal line on closes. */
export function seriesMacd(c: Float64Array): { macd: Float64Array; signal: Float64Array } {
  const e12 = ema(c, 12);
  const e26 = ema(c, 26);
  const macd = new Float64Array(c.length);
  for (let k = 0; k < c.length; k++) macd[k] = e12[k]! - e26[k]!;
  return { macd, signal: ema(macd, 9) };
}

/** Simple moving average of the last n values (NaN before n values exist). */
export { sma as seriesSma };

interface Compressed {
  days: Int32Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}

/** A series restricted to its valid bars (positive close), with their calendar day indices. */
export function compressSeries(b: {
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}): Compressed {
  let m = 0;
  for (let d = 0; d < b.close.length; d++) if (b.close[d]! > 0) m++;
  const out: Compressed = {
    days: new Int32Array(m),
    open: new Float64Array(m),
    high: new Float64Array(m),
    low: new Float64Array(m),
    close: new Float64Array(m),
    volume: new Float64Array(m),
  };
  let k = 0;
  for (let d = 0; d < b.close.length; d++) {
    if (!(b.close[d]! > 0)) continue;
    out.days[k] = d;
    out.open[k] = b.open[d]!;
    out.high[k] = b.high[d]!;
    out.low[k] = b.low[d]!;
    out.close[k] = b.close[d]!;
    out.volume[k] = b.volume[d]!;
    k++;
  }
  return out;
}

/** Per-series raw features on the compressed series: m × NF row-major. */
function seriesFeatures(s: Compressed): Float64Array {
  const m = s.close.length;
  const c = s.close;
  const f = new Float64Array(m * NF).fill(NaN);
  const lc = new Float64Array(m);
  for (let k = 0; k < m; k++) lc[k] = Math.log(c[k]!);
  const lr = new Float64Array(m).fill(NaN);
  for (let k = 1; k < m; k++) lr[k] = lc[k]! - lc[k - 1]!;
  const rsi = seriesRsi(c, 14);
  const { macd, signal } = seriesMacd(c);
  const sma20 = sma(c, 20);
  const sma50 = sma(c, 50);
  const sma200 = sma(c, 200);
  const sd20 = rollingSd(c, 20, 0);
  const vol20 = rollingSd(lr, 20, 1);
  const lv = new Float64Array(m);
  for (let k = 0; k < m; k++) {
    const v = s.volume[k]!;
    lv[k] = v >= 0 ? Math.log1p(v) : NaN;
  }
  // Wilder ATR(14); true range falls back to |Δclose| when high/low are missing.
  const atr = new Float64Array(m).fill(NaN);
  let a = 0;
  for (let k = 1; k < m; k++) {
    const h = s.high[k]!;
    const l = s.low[k]!;
    const pc = c[k - 1]!;
    const tr =
      Number.isFinite(h) && Number.isFinite(l)
        ? Math.max(h - l, Math.abs(h - pc), Math.abs(l - pc))
        : Math.abs(c[k]! - pc);
    if (k <= 14) {
      a += tr;
      if (k === 14) {
        a /= 14;
        atr[k] = a;
      }
    } else {
      a = (a * 13 + tr) / 14;
      atr[k] = a;
    }
  }
  const lags = [1, 2, 3, 5, 10, 20];
  for (let k = 0; k < m; k++) {
    const o = k * NF;
    for (let i = 0; i < lags.length; i++) {
      const src = k - lags[i]! + 1;
      if (src >= 1) f[o + i] = lr[src]!;
    }
    if (k >= 5) f[o + COL.mom_5] = lc[k]! - lc[k - 5]!;
    if (k >= 20) f[o + COL.mom_20] = lc[k]! - lc[k - 20]!;
    if (k >= 60) f[o + COL.mom_60] = lc[k]! - lc[k - 60]!;
    f[o + COL.rsi_14] = rsi[k]!;
    if (k >= 33) f[o + COL.macd_hist] = (macd[k]! - signal[k]!) / c[k]!;
    const sd = sd20[k]!;
    if (Number.isFinite(sd)) f[o + COL.bb_pct_b] = sd > 0 ? (c[k]! - (sma20[k]! - 2 * sd)) / (4 * sd) : 0.5;
    f[o + COL.atr_14] = atr[k]! / c[k]!;
    f[o + COL.vol_20] = vol20[k]!;
    if (k >= 19) {
      let sum = 0;
      let sumSq = 0;
      let cnt = 0;
      for (let i = k - 19; i <= k; i++) {
        const v = lv[i]!;
        if (Number.isFinite(v)) {
          sum += v;
          sumSq += v * v;
          cnt++;
        }
      }
      const mu = sum / cnt;
      const sdv = Math.sqrt(Math.max(0, sumSq / cnt - mu * mu));
      if (cnt >= 10 && Number.isFinite(lv[k]!))
        f[o + COL.volume_z_20] = sdv > 1e-12 ? (lv[k]! - mu) / sdv : 0;
    }
    f[o + COL.dist_sma_20] = c[k]! / sma20[k]! - 1;
    f[o + COL.dist_sma_50] = c[k]! / sma50[k]! - 1;
    f[o + COL.dist_sma_200] = c[k]! / sma200[k]! - 1;
    if (k >= 1) {
      const simple = c[k]! / c[k - 1]! - 1;
      f[o + COL.limit_up] = simple >= LIMIT_MOVE ? 1 : 0;
      f[o + COL.limit_down] = simple <= -LIMIT_MOVE ? 1 : 0;
    }
    let hi = -Infinity;
    for (let i = Math.max(0, k - 251); i <= k; i++) {
      const h = Number.isFinite(s.high[i]!) && s.high[i]! > 0 ? s.high[i]! : c[i]!;
      if (h > hi) hi = h;
    }
    f[o + COL.dist_52w_high] = c[k]! / hi - 1;
    if (k >= 252) f[o + COL.mom_12_1] = lc[k - 21]! - lc[k - 252]!;
    if (k >= 20) {
      let mx = -Infinity;
      let illiq = 0;
      let turn = 0;
      let nIlliq = 0;
      for (let i = k - 19; i <= k; i++) {
        if (lr[i]! > mx) mx = lr[i]!;
        const tl = c[i]! * s.volume[i]!;
        if (Number.isFinite(tl) && tl > 0) {
          illiq += Math.abs(c[i]! / c[i - 1]! - 1) / tl;
          turn += tl;
          nIlliq++;
        }
      }
      f[o + COL.max_20] = mx;
      if (nIlliq >= 10) {
        f[o + COL.amihud_20] = Math.log(illiq / nIlliq + 1e-15);
        f[o + COL.turnover_20] = Math.log(turn / 20);
      }
    }
  }
  return f;
}

/**
 * Idiosyncratic volatility: sd of the residuals of the stock's daily log returns regressed (with intercept) on the
 * market's log returns of the same days, over the last 60 bars with both returns (at least 40).
 */
function idiosyncraticVol(lr: Float64Array, mr: Float64Array, k: number): number {
  let n = 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let i = Math.max(1, k - 59); i <= k; i++) {
    const x = mr[i]!;
    const y = lr[i]!;
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    n++;
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
    syy += y * y;
  }
  if (n < 40) return NaN;
  const vx = sxx - (sx * sx) / n;
  const vy = syy - (sy * sy) / n;
  const cxy = sxy - (sx * sy) / n;
  const resid = vx > 1e-18 ? vy - (cxy * cxy) / vx : vy;
  return Math.sqrt(Math.max(0, resid) / n);
}

/** Options of buildFeatures. */
export interface FeatureOptions {
  /** Valid bars a stock needs before its first row; default MIN_HISTORY_BARS (61). */
  minHistoryBars?: number;
  /** Targets spanning a daily |log return| ≥ this are NaN (corporate actions); default CORPORATE_ACTION_LOG_RETURN. */
  corporateActionLogReturn?: number;
}

/**
 * Builds raw and standardised feature matrices and 1- and 5-day targets for every (stock, day) with enough history.
 * Invariant: feature values of a row depend only on bars of days ≤ its day (cross-sectional standardisation uses the
 * same day's rows only); targets are NaN, and realisedDay NOT_REALISED, when the horizon's bar does not exist yet.
 */
export function buildFeatures(panel: Panel, options: FeatureOptions = {}): FeatureSet {
  const minHistory = Math.max(MIN_HISTORY_BARS, options.minHistoryBars ?? MIN_HISTORY_BARS);
  const jumpLimit = options.corporateActionLogReturn ?? CORPORATE_ACTION_LOG_RETURN;
  const nDays = panel.dates.length;
  const nSeries = panel.series.length;
  const comp = panel.series.map((s) => compressSeries(s));

  // Market returns on the calendar, and the expanding sd of its daily returns (known at day t).
  const mk = compressSeries(panel.market);
  const mkt1 = new Float64Array(nDays).fill(NaN);
  const mkt5 = new Float64Array(nDays).fill(NaN);
  const mktSd = new Float64Array(nDays).fill(NaN);
  {
    let s = 0;
    let ss = 0;
    let n = 0;
    let k = 0;
    let lastSd = NaN;
    for (let d = 0; d < nDays; d++) {
      while (k < mk.days.length && mk.days[k]! <= d) {
        if (k >= 1) {
          const r = Math.log(mk.close[k]! / mk.close[k - 1]!);
          s += r;
          ss += r * r;
          n++;
          if (mk.days[k] === d) mkt1[d] = r;
          if (k >= 5 && mk.days[k] === d) mkt5[d] = Math.log(mk.close[k]! / mk.close[k - 5]!);
        }
        k++;
      }
      if (n >= 20) lastSd = Math.sqrt(Math.max(1e-12, ss / n - (s / n) ** 2));
      mktSd[d] = lastSd;
    }
  }

  // Sector equal-weight 1-day return per calendar day.
  const sectors = [...new Set(panel.series.map((s) => s.sector))];
  const sectorIdx = new Map(sectors.map((s, i) => [s, i]));
  const secSum = new Float64Array(sectors.length * nDays);
  const secCnt = new Float64Array(sectors.length * nDays);
  const secMomSum = new Float64Array(sectors.length * nDays);
  const secMomCnt = new Float64Array(sectors.length * nDays);
  for (let s = 0; s < nSeries; s++) {
    const cs = comp[s]!;
    const si = sectorIdx.get(panel.series[s]!.sector)!;
    for (let k = 1; k < cs.close.length; k++) {
      const r = Math.log(cs.close[k]! / cs.close[k - 1]!);
      secSum[si * nDays + cs.days[k]!]! += r;
      secCnt[si * nDays + cs.days[k]!]! += 1;
      if (k >= 20) {
        secMomSum[si * nDays + cs.days[k]!]! += Math.log(cs.close[k]! / cs.close[k - 20]!);
        secMomCnt[si * nDays + cs.days[k]!]! += 1;
      }
    }
  }

  // Row layout: by day, then series.
  const perDay = new Int32Array(nDays + 1);
  for (const cs of comp) for (let k = minHistory - 1; k < cs.days.length; k++) perDay[cs.days[k]! + 1]! += 1;
  const dayRowStart = new Int32Array(nDays + 1);
  for (let d = 0; d < nDays; d++) dayRowStart[d + 1] = dayRowStart[d]! + perDay[d + 1]!;
  const rows = dayRowStart[nDays]!;
  const cursor = dayRowStart.slice(0, nDays);
  const raw = new Float64Array(rows * NF);
  const rowSeries = new Int32Array(rows);
  const rowDay = new Int32Array(rows);
  const close = new Float64Array(rows);
  const rowOf = new Int32Array(nSeries * nDays).fill(-1);
  const mkTargets = (): HorizonTargets => ({
    logReturn: new Float64Array(rows).fill(NaN),
    tradableLogReturn: new Float64Array(rows).fill(NaN),
    direction: new Float64Array(rows).fill(NaN),
    realisedDay: new Int32Array(rows).fill(NOT_REALISED),
  });
  const targets = Object.fromEntries(HORIZONS.map((h) => [h, mkTargets()])) as Record<
    Horizon,
    HorizonTargets
  >;

  for (let s = 0; s < nSeries; s++) {
    const cs = comp[s]!;
    const m = cs.close.length;
    if (m < minHistory) continue;
    const f = seriesFeatures(cs);
    const si = sectorIdx.get(panel.series[s]!.sector)!;
    // The stock's and the market's daily log returns on the stock's bars (market NaN where it has no bar that day).
    const lr = new Float64Array(m).fill(NaN);
    const mr = new Float64Array(m).fill(NaN);
    for (let k = 1; k < m; k++) {
      lr[k] = Math.log(cs.close[k]! / cs.close[k - 1]!);
      mr[k] = mkt1[cs.days[k]!]!;
    }
    // jumpsBefore[k] = corporate-action jumps among the returns of bars 1..k, so a window (k, k+h] has one iff it differs.
    const jumpsBefore = new Int32Array(m);
    for (let k = 1; k < m; k++) {
      jumpsBefore[k] =
        jumpsBefore[k - 1]! + (Math.abs(Math.log(cs.close[k]! / cs.close[k - 1]!)) >= jumpLimit ? 1 : 0);
    }
    for (let k = minHistory - 1; k < m; k++) {
      const d = cs.days[k]!;
      const row = cursor[d]!;
      cursor[d] = row + 1;
      rowSeries[row] = s;
      rowDay[row] = d;
      close[row] = cs.close[k]!;
      rowOf[s * nDays + d] = row;
      const o = row * NF;
      raw.set(f.subarray(k * NF, (k + 1) * NF), o);
      raw[o + COL.mkt_ret_1] = mkt1[d]!;
      raw[o + COL.mkt_ret_5] = mkt5[d]!;
      // The stock's own return is left out of its sector's mean (leave-one-out), so the feature says what its peers did.
      const own = Math.log(cs.close[k]! / cs.close[k - 1]!);
      const cnt = secCnt[si * nDays + d]! - 1;
      raw[o + COL.sector_ret_1] = cnt > 0 ? (secSum[si * nDays + d]! - own) / cnt : NaN;
      raw[o + COL.idio_vol_60] = idiosyncraticVol(lr, mr, k);
      const ownMom = raw[o + COL.mom_20]!;
      const momCnt = secMomCnt[si * nDays + d]! - 1;
      raw[o + COL.sector_mom_20] =
        Number.isFinite(ownMom) && momCnt > 0 ? ownMom - (secMomSum[si * nDays + d]! - ownMom) / momCnt : NaN;
      for (const h of HORIZONS) {
        if (k + h < m && jumpsBefore[k + h] === jumpsBefore[k]) {
          const r = Math.log(cs.close[k + h]! / cs.close[k]!);
          const t = targets[h];
          t.logReturn[row] = r;
          const nextOpen = cs.open[k + 1]!;
          if (nextOpen > 0) t.tradableLogReturn[row] = Math.log(cs.close[k + h]! / nextOpen);
          t.direction[row] = r > 0 ? 1 : 0;
          t.realisedDay[row] = cs.days[k + h]!;
        }
      }
    }
  }

  const x = standardiseCrossSection(raw, NF, dayRowStart, (j, d, v) => {
    const sd = mktSd[d]!;
    if (!Number.isFinite(v) || !Number.isFinite(sd)) return 0;
    const scale = j === COL.mkt_ret_5 ? sd * Math.sqrt(5) : sd;
    return Math.max(-Z_CLIP, Math.min(Z_CLIP, v / scale));
  });

  return {
    panel,
    rows,
    cols: NF,
    featureNames: FEATURE_NAMES,
    raw,
    x,
    rowSeries,
    rowDay,
    dayRowStart,
    rowOf,
    close,
    targets,
  };
}

/**
 * Per day and column: z = (v − mean_day) / sd_day over that day's finite values, clipped to ±Z_CLIP; NaN and
 * constant columns → 0. Market columns go through `marketScale` instead (they are equal across the day).
 */
function standardiseCrossSection(
  raw: Float64Array,
  nCols: number,
  dayRowStart: Int32Array,
  marketScale: (col: number, day: number, v: number) => number,
): Float64Array {
  const x = new Float64Array(raw.length);
  const nDays = dayRowStart.length - 1;
  for (let d = 0; d < nDays; d++) {
    const a = dayRowStart[d]!;
    const b = dayRowStart[d + 1]!;
    if (a === b) continue;
    for (let j = 0; j < nCols; j++) {
      if (MARKET_COLS.has(j)) {
        for (let r = a; r < b; r++) x[r * nCols + j] = marketScale(j, d, raw[r * nCols + j]!);
        continue;
      }
      let s = 0;
      let ss = 0;
      let n = 0;
      for (let r = a; r < b; r++) {
        const v = raw[r * nCols + j]!;
        if (Number.isFinite(v)) {
          s += v;
          ss += v * v;
          n++;
        }
      }
      const mu = n > 0 ? s / n : 0;
      const sd = n > 1 ? Math.sqrt(Math.max(0, ss / n - mu * mu)) : 0;
      for (let r = a; r < b; r++) {
        const v = raw[r * nCols + j]!;
        x[r * nCols + j] =
          Number.isFinite(v) && sd > 1e-12 ? Math.max(-Z_CLIP, Math.min(Z_CLIP, (v - mu) / sd)) : 0;
      }
    }
  }
  return x;
}

/** Copies the standardised feature rows listed in `rows` into a new rows.length × cols matrix. */
export function featureRows(
  fs: FeatureSet,
  rows: ArrayLike<number>,
  source: 'x' | 'raw' = 'x',
): Float64Array {
  const m = source === 'x' ? fs.x : fs.raw;
  const cols = fs.cols;
  const out = new Float64Array(rows.length * cols);
  // An element loop: a subarray view per row cost more than the copy.
  for (let i = 0, o = 0; i < rows.length; i++) {
    const from = rows[i]! * cols;
    for (let j = 0; j < cols; j++) out[o++] = m[from + j]!;
  }
  return out;
}

/** values[rows[i]] for every i: a per-row column of the feature set (a loop: Float64Array.from's callback is slower). */
export function gather(values: ArrayLike<number>, rows: ArrayLike<number>): Float64Array {
  const out = new Float64Array(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = values[rows[i]!]!;
  return out;
}

/** Rows of the days in [fromDay, toDay), ascending. */
export function rowsOfDays(fs: FeatureSet, fromDay: number, toDay: number): Int32Array {
  const nDays = fs.dayRowStart.length - 1;
  const a = fs.dayRowStart[Math.max(0, Math.min(nDays, fromDay))]!;
  const b = fs.dayRowStart[Math.max(0, Math.min(nDays, toDay))]!;
  const out = new Int32Array(b - a);
  for (let i = 0; i < out.length; i++) out[i] = a + i;
  return out;
}

/** Rows whose h-day target is realised on or before `cutoffDay` (what a model trained after that close may use). */
export function realisedRows(fs: FeatureSet, horizon: Horizon, cutoffDay: number): Int32Array {
  const t = fs.targets[horizon];
  // Rows are day-ordered and a row's realisation day exceeds its own day, so scan only rows before the cutoff.
  const end = fs.dayRowStart[Math.max(0, Math.min(fs.dayRowStart.length - 1, cutoffDay))]!;
  const out = new Int32Array(end);
  let n = 0;
  for (let r = 0; r < end; r++) if (t.realisedDay[r]! <= cutoffDay) out[n++] = r;
  return out.slice(0, n);
}
