/**
 * Baselines and time-series models fitted per stock on log closes y (so differences are log returns). Each forecast is
 * the expected h-day log return from the last observed close.
 */
import type { Algorithm } from '../algorithm.ts';
import { choleskySolve } from '../linalg.ts';
import { perSeriesAlgorithm } from './per-series.ts';

function mapPositions(positions: Int32Array, f: (k: number) => number): Float64Array {
  return Float64Array.from(positions, (k) => f(k));
}

/** Least squares of target on design rows given by a callback; returns coefficients or null when ill-posed. */
function leastSquares(
  nRows: number,
  q: number,
  row: (i: number, z: Float64Array) => number,
): Float64Array | null {
  if (nRows <= q) return null;
  const g = new Float64Array(q * q);
  const c = new Float64Array(q);
  const z = new Float64Array(q);
  for (let i = 0; i < nRows; i++) {
    const t = row(i, z);
    for (let a = 0; a < q; a++) {
      c[a]! += z[a]! * t;
      for (let b = a; b < q; b++) g[a * q + b]! += z[a]! * z[b]!;
    }
  }
  for (let a = 0; a < q; a++) for (let b = 0; b < a; b++) g[a * q + b] = g[b * q + a]!;
  return choleskySolve(g, c, q, 1e-10);
}

/** Random walk: E[log return] = 0 at every horizon (the benchmark every skill score is measured against). */
export const randomWalk: Algorithm = perSeriesAlgorithm({
  id: 'random-walk',
  name: 'Random Walk',
  type: 'Random Walk',
  category: 'baseline',
  description: 'Predicts no change: tomorrow’s price equals today’s. The benchmark for skill scores.',
  minBars: 1,
  fitSeries: () => [],
  forecast: (_p, _y, positions) => new Float64Array(positions.length),
});

/** Historical drift: E[r_{t→t+h}] = h · mean daily log return over the training history. */
export const historicalDrift: Algorithm = perSeriesAlgorithm({
  id: 'historical-drift',
  name: 'Historical Drift',
  type: 'Drift',
  category: 'baseline',
  description: 'Extrapolates the stock’s average daily log return over its training history.',
  minBars: 20,
  fitSeries: (y) => [(y[y.length - 1]! - y[0]!) / (y.length - 1)],
  forecast: (p, _y, positions, h) => mapPositions(positions, () => h * p[0]!),
});

/** SMA trend: E[r] = h · (SMA20_t − SMA20_{t−5}) / 5 on log closes (the moving average's recent slope, extrapolated). */
export const smaTrend: Algorithm = perSeriesAlgorithm({
  id: 'sma-trend',
  name: 'SMA Trend',
  type: 'Moving Average',
  category: 'baseline',
  description: 'Extrapolates the last five days’ slope of the 20-day simple moving average of log prices.',
  minBars: 25,
  fitSeries: () => [],
  forecast: (_p, y, positions, h) => {
    const pre = new Float64Array(y.length + 1);
    for (let i = 0; i < y.length; i++) pre[i + 1] = pre[i]! + y[i]!;
    const smaAt = (k: number): number => (pre[k + 1]! - pre[k - 19]!) / 20;
    return mapPositions(positions, (k) => (k >= 24 ? (h * (smaAt(k) - smaAt(k - 5))) / 5 : 0));
  },
});

/** EMA trend: E[r] = h · (EMA20_t − EMA20_{t−5}) / 5 on log closes. */
export const emaTrend: Algorithm = perSeriesAlgorithm({
  id: 'ema-trend',
  name: 'EMA Trend',
  type: 'Moving Average',
  category: 'baseline',
  description:
    'Extrapolates the last five days’ slope of the 20-day exponential moving average of log prices.',
  minBars: 25,
  fitSeries: () => [],
  forecast: (_p, y, positions, h) => {
    const a = 2 / 21;
    const e = new Float64Array(y.length);
    e[0] = y[0]!;
    for (let i = 1; i < y.length; i++) e[i] = e[i - 1]! + a * (y[i]! - e[i - 1]!);
    return mapPositions(positions, (k) => (k >= 24 ? (h * (e[k]! - e[k - 5]!)) / 5 : 0));
  },
});

/** Runs Holt's recursions; calls visit(t, level, trend) after observing y[t]. Returns one-step SSE. */
function holtRun(
  y: Float64Array,
  alpha: number,
  beta: number,
  visit?: (t: number, l: number, b: number) => void,
): number {
  let l = y[0]!;
  let b = 0;
  let sse = 0;
  visit?.(0, l, b);
  for (let t = 1; t < y.length; t++) {
    const f = l + b;
    const e = y[t]! - f;
    if (t > 10) sse += e * e;
    const nl = f + alpha * e;
    b = b + alpha * beta * e;
    l = nl;
    visit?.(t, l, b);
  }
  return sse;
}

/** Holt linear smoothing on log closes, (α, β) by minimum one-step SSE on a grid; E[r] = ℓ_t + h·b_t − y_t. */
export const holtLinear: Algorithm = perSeriesAlgorithm({
  id: 'holt-linear',
  name: 'Holt Linear Smoothing',
  type: 'Exponential Smoothing',
  category: 'time_series',
  description:
    'Holt’s level-and-trend exponential smoothing of log prices; smoothing constants chosen by in-sample one-step error.',
  minBars: 40,
  fitSeries: (y) => {
    let best = [0.5, 0.1];
    let bestSse = Infinity;
    for (const alpha of [0.1, 0.3, 0.5, 0.7, 0.9, 1]) {
      for (const beta of [0.01, 0.05, 0.1, 0.2]) {
        const sse = holtRun(y, alpha, beta);
        if (sse < bestSse) {
          bestSse = sse;
          best = [alpha, beta];
        }
      }
    }
    return best;
  },
  forecast: (p, y, positions, h) => {
    const out = new Float64Array(positions.length);
    let j = 0;
    holtRun(y, p[0]!, p[1]!, (t, l, b) => {
      while (j < positions.length && positions[j] === t) out[j++] = l + h * b - y[t]!;
    });
    return out;
  },
});

/** Simple exponential smoothing level after each observation (ℓ_0 = y_0); returns one-step SSE. */
function sesRun(y: Float64Array, alpha: number, visit?: (t: number, l: number) => void): number {
  let l = y[0]!;
  let sse = 0;
  visit?.(0, l);
  for (let t = 1; t < y.length; t++) {
    const e = y[t]! - l;
    if (t > 10) sse += e * e;
    l += alpha * e;
    visit?.(t, l);
  }
  return sse;
}

/**
 * Theta method (Assimakopoulos–Nikolopoulos, in Hyndman–Billah's SES-with-drift form) on log closes:
 * ŷ_{t+h} = ℓ_t + (b/2)(h − 1 + 1/α), with b the OLS time slope of the training history and α by SES one-step SSE.
 */
export const theta: Algorithm = perSeriesAlgorithm({
  id: 'theta',
  name: 'Theta Method',
  type: 'Theta',
  category: 'time_series',
  description:
    'Simple exponential smoothing plus half the linear-trend slope (the Theta(0,2) forecast), on log prices.',
  minBars: 40,
  fitSeries: (y) => {
    let alpha = 0.5;
    let bestSse = Infinity;
    for (const a of [0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9, 1]) {
      const sse = sesRun(y, a);
      if (sse < bestSse) {
        bestSse = sse;
        alpha = a;
      }
    }
    const n = y.length;
    const tm = (n - 1) / 2;
    let ym = 0;
    for (let t = 0; t < n; t++) ym += y[t]!;
    ym /= n;
    let sxy = 0;
    let sxx = 0;
    for (let t = 0; t < n; t++) {
      sxy += (t - tm) * (y[t]! - ym);
      sxx += (t - tm) ** 2;
    }
    return [alpha, sxy / sxx];
  },
  forecast: (p, y, positions, h) => {
    const alpha = p[0]!;
    const b = p[1]!;
    const out = new Float64Array(positions.length);
    let j = 0;
    sesRun(y, alpha, (t, l) => {
      while (j < positions.length && positions[j] === t) out[j++] = l + (b / 2) * (h - 1 + 1 / alpha) - y[t]!;
    });
    return out;
  },
});

/**
 * Local linear trend Kalman filter: y_t = μ_t + ε, μ_{t+1} = μ_t + ν_t + ξ, ν_{t+1} = ν_t + ζ, with variance ratios
 * (σ²ξ/σ²ε, σ²ζ/σ²ε) chosen on a grid by concentrated likelihood. Returns the log-likelihood; visit gets filtered (μ, ν).
 */
function kalmanRun(
  y: Float64Array,
  qLevel: number,
  qSlope: number,
  visit?: (t: number, mu: number, nu: number) => void,
): number {
  let mu = y[0]!;
  let nu = 0;
  let p00 = 1e4;
  let p01 = 0;
  let p11 = 1e2;
  let sumLogF = 0;
  let sumV2F = 0;
  let n = 0;
  visit?.(0, mu, nu);
  for (let t = 1; t < y.length; t++) {
    // Predict.
    const mp = mu + nu;
    const a = p00 + 2 * p01 + p11 + qLevel;
    const b = p01 + p11;
    const c = p11 + qSlope;
    // Update (observation variance 1: the likelihood is concentrated over σ²ε).
    const v = y[t]! - mp;
    const f = a + 1;
    const k0 = a / f;
    const k1 = b / f;
    mu = mp + k0 * v;
    nu = nu + k1 * v;
    p00 = a - k0 * a;
    p01 = b - k0 * b;
    p11 = c - k1 * b;
    if (t > 10) {
      sumLogF += Math.log(f);
      sumV2F += (v * v) / f;
      n++;
    }
    visit?.(t, mu, nu);
  }
  return n > 0 ? -0.5 * (sumLogF + n * Math.log(sumV2F / n)) : -Infinity;
}

export const kalmanTrend: Algorithm = perSeriesAlgorithm({
  id: 'kalman-trend',
  name: 'Kalman Local Linear Trend',
  type: 'Kalman Filter',
  category: 'time_series',
  description:
    'State-space local linear trend model of log prices filtered by a Kalman filter; noise ratios by maximum likelihood on a grid.',
  minBars: 40,
  fitSeries: (y) => {
    let best = [1, 1e-3];
    let bestLl = -Infinity;
    for (const qLevel of [0.01, 0.1, 1, 10, 100]) {
      for (const qSlope of [1e-6, 1e-4, 1e-3, 1e-2]) {
        const ll = kalmanRun(y, qLevel, qSlope);
        if (ll > bestLl) {
          bestLl = ll;
          best = [qLevel, qSlope];
        }
      }
    }
    return best;
  },
  forecast: (p, y, positions, h) => {
    const out = new Float64Array(positions.length);
    let j = 0;
    kalmanRun(y, p[0]!, p[1]!, (t, mu, nu) => {
      while (j < positions.length && positions[j] === t) out[j++] = mu + h * nu - y[t]!;
    });
    return out;
  },
});

const AR_MAX = 5;

/** Fits AR(p) with intercept to returns by OLS on a common sample; returns [c, φ_1..φ_p] and the AIC. */
export function arFit(r: Float64Array, p: number, start: number): { coef: Float64Array; aic: number } | null {
  const n = r.length - start;
  const coef = leastSquares(n, p + 1, (i, z) => {
    const t = start + i;
    z[0] = 1;
    for (let j = 1; j <= p; j++) z[j] = r[t - j]!;
    return r[t]!;
  });
  if (!coef) return null;
  let sse = 0;
  for (let t = start; t < r.length; t++) {
    let f = coef[0]!;
    for (let j = 1; j <= p; j++) f += coef[j]! * r[t - j]!;
    sse += (r[t]! - f) ** 2;
  }
  return { coef, aic: n * Math.log(Math.max(sse, 1e-300) / n) + 2 * (p + 1) };
}

/** AR(p) on daily log returns, p ∈ 0..5 by AIC (OLS, common sample); h-step forecast by iterating the recursion. */
export const autoregressive: Algorithm = perSeriesAlgorithm({
  id: 'ar',
  name: 'Autoregressive AR(p)',
  type: 'AR',
  category: 'time_series',
  description: 'Autoregression of daily log returns on their own lags, order 0–5 chosen by AIC.',
  minBars: 60,
  fitSeries: (y) => {
    const r = new Float64Array(y.length - 1);
    for (let t = 1; t < y.length; t++) r[t - 1] = y[t]! - y[t - 1]!;
    let best: Float64Array | null = null;
    let bestAic = Infinity;
    for (let p = 0; p <= AR_MAX; p++) {
      const fit = arFit(r, p, AR_MAX);
      if (fit && fit.aic < bestAic) {
        bestAic = fit.aic;
        best = fit.coef;
      }
    }
    return best ? Array.from(best) : null;
  },
  forecast: (p, y, positions, h) => {
    const order = p.length - 1;
    return mapPositions(positions, (k) => {
      if (k < order + 1) return 0;
      const hist: number[] = [];
      for (let j = order; j >= 1; j--) hist.push(y[k - j + 1]! - y[k - j]!);
      let total = 0;
      for (let s = 0; s < h; s++) {
        let f = p[0]!;
        for (let j = 1; j <= order; j++) f += p[j]! * hist[hist.length - j]!;
        hist.push(f);
        total += f;
      }
      return total;
    });
  },
});

/**
 * ARIMA(p,d,q) on log closes, d ∈ {0,1}, p,q ∈ {0,1,2}, by Hannan–Rissanen two-stage least squares (long AR(10)
 * residuals as MA regressors), choosing the order by AIC of conditional one-step residuals of y on a common sample.
 * Params: [d, p, q, c, φ_1..φ_p, θ_1..θ_q].
 */
const ARIMA_LONG_AR = 10;
const ARIMA_START = ARIMA_LONG_AR + 4;

/** One-step residuals of ARMA(p,q) with constant on w (computed from t = p; earlier residuals are 0). */
function armaResiduals(w: Float64Array, c: number, phi: Float64Array, th: Float64Array): Float64Array {
  const e = new Float64Array(w.length);
  const p = phi.length;
  const q = th.length;
  for (let t = Math.max(p, q); t < w.length; t++) {
    let f = c;
    for (let i = 1; i <= p; i++) f += phi[i - 1]! * w[t - i]!;
    for (let j = 1; j <= q; j++) f += th[j - 1]! * e[t - j]!;
    e[t] = w[t]! - f;
  }
  return e;
}

function arimaFitSeries(y: Float64Array): number[] | null {
  let best: number[] | null = null;
  let bestAic = Infinity;
  for (const d of [0, 1]) {
    const w = d === 0 ? y : Float64Array.from({ length: y.length - 1 }, (_, t) => y[t + 1]! - y[t]!);
    // The common scoring sample: y indices ≥ ARIMA_START + 1, i.e. w indices ≥ ARIMA_START + 1 − d.
    const scoreFrom = ARIMA_START + 1 - d;
    const long = leastSquares(w.length - ARIMA_LONG_AR, ARIMA_LONG_AR + 1, (i, z) => {
      const t = ARIMA_LONG_AR + i;
      z[0] = 1;
      for (let j = 1; j <= ARIMA_LONG_AR; j++) z[j] = w[t - j]!;
      return w[t]!;
    });
    if (!long) continue;
    const eHat = new Float64Array(w.length);
    for (let t = ARIMA_LONG_AR; t < w.length; t++) {
      let f = long[0]!;
      for (let j = 1; j <= ARIMA_LONG_AR; j++) f += long[j]! * w[t - j]!;
      eHat[t] = w[t]! - f;
    }
    for (let p = 0; p <= 2; p++) {
      for (let q = 0; q <= 2; q++) {
        const start = ARIMA_LONG_AR + Math.max(p, q);
        const coef = leastSquares(w.length - start, 1 + p + q, (i, z) => {
          const t = start + i;
          z[0] = 1;
          for (let j = 1; j <= p; j++) z[j] = w[t - j]!;
          for (let j = 1; j <= q; j++) z[p + j] = eHat[t - j]!;
          return w[t]!;
        });
        if (!coef) continue;
        const phi = coef.slice(1, 1 + p);
        const th = coef.slice(1 + p);
        // Σ|θ| < 1 guarantees an invertible MA part, so the residual recursion cannot explode.
        if (th.reduce((s, v) => s + Math.abs(v), 0) >= 0.98) continue;
        const e = armaResiduals(w, coef[0]!, phi, th);
        let sse = 0;
        let n = 0;
        for (let t = scoreFrom; t < w.length; t++) {
          sse += e[t]! ** 2;
          n++;
        }
        const aic = n * Math.log(Math.max(sse, 1e-300) / n) + 2 * (1 + p + q + d);
        if (Number.isFinite(aic) && aic < bestAic) {
          bestAic = aic;
          best = [d, p, q, ...coef];
        }
      }
    }
  }
  return best;
}

export const arima: Algorithm = perSeriesAlgorithm({
  id: 'arima',
  name: 'ARIMA',
  type: 'ARIMA',
  category: 'time_series',
  description:
    'ARIMA(p,d,q) of log prices with p, q ∈ {0,1,2} and d ∈ {0,1} chosen by AIC; Hannan–Rissanen estimation.',
  minBars: 80,
  fitSeries: arimaFitSeries,
  forecast: (params, y, positions, h) => {
    const d = params[0]!;
    const p = params[1]!;
    const q = params[2]!;
    const c = params[3]!;
    const phi = params.slice(4, 4 + p);
    const th = params.slice(4 + p, 4 + p + q);
    const w = d === 0 ? y : Float64Array.from({ length: y.length - 1 }, (_, t) => y[t + 1]! - y[t]!);
    const e = armaResiduals(w, c, phi, th);
    return mapPositions(positions, (k) => {
      const kw = k - d; // index of the last observed w
      if (kw < Math.max(p, q)) return 0;
      const wf: number[] = [];
      const ef: number[] = [];
      const wAt = (i: number): number => (i <= kw ? w[i]! : wf[i - kw - 1]!);
      const eAt = (i: number): number => (i <= kw ? e[i]! : ef[i - kw - 1]!);
      let total = 0;
      for (let s = 1; s <= h; s++) {
        const t = kw + s;
        let f = c;
        for (let i = 1; i <= p; i++) f += phi[i - 1]! * wAt(t - i);
        for (let j = 1; j <= q; j++) f += th[j - 1]! * eAt(t - j);
        wf.push(f);
        ef.push(0);
        total += f;
      }
      return d === 1 ? total : wf[h - 1]! - y[k]!;
    });
  },
});

/** GARCH(1,1) variance path h_t = ω + α e²_{t−1} + β h_{t−1}, h_1 = σ²; visit(t, h_{t+1}) after observing e_t. */
function garchRun(
  e: Float64Array,
  omega: number,
  alpha: number,
  beta: number,
  s2: number,
  visit?: (t: number, hNext: number) => void,
): number {
  let ht = s2;
  let ll = 0;
  for (let t = 0; t < e.length; t++) {
    const et = e[t]!;
    ll += -0.5 * (Math.log(ht) + (et * et) / ht);
    const next = omega + alpha * et * et + beta * ht;
    visit?.(t, next);
    ht = next;
  }
  return ll;
}

/**
 * GARCH(1,1)-scaled drift (GARCH-in-mean form): E[r_{t+i}] = λ·σ_{t+i|t}, with (α, β) by Gaussian likelihood on a grid
 * under variance targeting ω = σ²(1 − α − β), and λ = mean(r_t / σ_t) the drift per unit of conditional volatility.
 * Params: [ω, α, β, λ, μ, σ²].
 */
export const garchDrift: Algorithm = perSeriesAlgorithm({
  id: 'garch-drift',
  name: 'GARCH(1,1) Scaled Drift',
  type: 'GARCH',
  category: 'time_series',
  description:
    'Drift per unit of risk times the GARCH(1,1) volatility forecast: expected return grows with forecast volatility.',
  minBars: 80,
  fitSeries: (y) => {
    const r = new Float64Array(y.length - 1);
    for (let t = 1; t < y.length; t++) r[t - 1] = y[t]! - y[t - 1]!;
    let mu = 0;
    for (const v of r) mu += v;
    mu /= r.length;
    const e = Float64Array.from(r, (v) => v - mu);
    let s2 = 0;
    for (const v of e) s2 += v * v;
    s2 = Math.max(s2 / e.length, 1e-12);
    let best = [0.05, 0.9];
    let bestLl = -Infinity;
    for (const alpha of [0.02, 0.05, 0.08, 0.12, 0.18]) {
      for (const beta of [0.6, 0.75, 0.82, 0.88, 0.92, 0.95]) {
        if (alpha + beta >= 0.995) continue;
        const ll = garchRun(e, s2 * (1 - alpha - beta), alpha, beta, s2);
        if (ll > bestLl) {
          bestLl = ll;
          best = [alpha, beta];
        }
      }
    }
    const [alpha, beta] = best as [number, number];
    const omega = s2 * (1 - alpha - beta);
    let lambda = 0;
    let prev = s2;
    garchRun(e, omega, alpha, beta, s2, (t, hNext) => {
      lambda += r[t]! / Math.sqrt(prev);
      prev = hNext;
    });
    return [omega, alpha, beta, lambda / r.length, mu, s2];
  },
  forecast: (params, y, positions, h) => {
    const [omega, alpha, beta, lambda, mu, s2] = params as unknown as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const e = new Float64Array(Math.max(0, y.length - 1));
    for (let t = 1; t < y.length; t++) e[t - 1] = y[t]! - y[t - 1]! - mu;
    const hNext = new Float64Array(y.length).fill(s2);
    garchRun(e, omega, alpha, beta, s2, (t, hn) => {
      hNext[t + 1] = hn; // after observing y[t+1]
    });
    const persistence = alpha + beta;
    return mapPositions(positions, (k) => {
      let total = 0;
      let decay = 1;
      for (let i = 1; i <= h; i++) {
        total += lambda * Math.sqrt(Math.max(1e-12, s2 + decay * (hNext[k]! - s2)));
        decay *= persistence;
      }
      return total;
    });
  },
});

export const TIME_SERIES_ALGORITHMS: readonly Algorithm[] = [
  randomWalk,
  historicalDrift,
  smaTrend,
  emaTrend,
  holtLinear,
  arima,
  theta,
  kalmanTrend,
  autoregressive,
  garchDrift,
];
