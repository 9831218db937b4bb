import { describe, expect, it } from 'vitest';
import { trainingDataAt, type Algorithm } from '../algorithm.ts';
import { buildFeatures, type FeatureSet, rowsOfDays } from '../features.ts';
import type { Panel } from '../panel.ts';
import { Rng } from '../random.ts';
import { businessDays, syntheticPanel } from '../synthetic.ts';
import {
  arima,
  autoregressive,
  emaTrend,
  garchDrift,
  historicalDrift,
  holtLinear,
  kalmanTrend,
  randomWalk,
  smaTrend,
  theta,
} from './time-series.ts';

/** Stocks whose log price follows a + b·t + small noise. */
function trendPanel(slopes: number[], noise: number, nDays: number, seed: number): Panel {
  const rng = new Rng(seed);
  const mk = (lc: Float64Array) => ({
    open: lc.map(Math.exp),
    high: lc.map((v) => Math.exp(v) * 1.001),
    low: lc.map((v) => Math.exp(v) * 0.999),
    close: lc.map(Math.exp),
    volume: lc.map(() => 1e6),
  });
  return {
    dates: businessDays('2021-01-04', nDays),
    market: mk(Float64Array.from({ length: nDays }, (_, t) => Math.log(1000) + 0.0005 * t)),
    series: slopes.map((b, s) => ({
      symbol: `T${s}`,
      sector: 'A',
      ...mk(Float64Array.from({ length: nDays }, (_, t) => Math.log(50) + b * t + noise * rng.normal())),
    })),
  };
}

/** Predictions of `alg` trained at day `cutoff` for the rows of the last day. */
function lastDayForecasts(fs: FeatureSet, alg: Algorithm, horizon: 1 | 5, cutoff: number): Float64Array {
  const model = alg.fit(trainingDataAt(fs, horizon, cutoff));
  const last = fs.rowDay[fs.rows - 1]!;
  return alg.predict(model, { features: fs, rows: rowsOfDays(fs, last, last + 1) }).expectedReturn;
}

describe('per-series time-series models on known processes', () => {
  const slopes = [0.002, -0.0015, 0.001, 0.003];
  const trend = buildFeatures(trendPanel(slopes, 0.0002, 400, 1));

  for (const alg of [holtLinear, kalmanTrend, smaTrend, emaTrend, historicalDrift, arima, autoregressive]) {
    it(`${alg.id} extrapolates a linear trend in log price: E[r₅] ≈ 5·slope`, () => {
      const f = lastDayForecasts(trend, alg, 5, 380);
      slopes.forEach((b, s) => expect(f[s]!).toBeCloseTo(5 * b, 3));
    });
  }

  it('theta forecasts half the trend slope per step plus the SES lag (Theta(0,2) behaviour), same sign', () => {
    const f = lastDayForecasts(trend, theta, 5, 380);
    slopes.forEach((b, s) => {
      expect(Math.sign(f[s]!)).toBe(Math.sign(b));
      expect(Math.abs(f[s]!)).toBeGreaterThan(0.4 * 5 * Math.abs(b));
      expect(Math.abs(f[s]!)).toBeLessThan(1.2 * 5 * Math.abs(b));
    });
  });

  it('the random walk always forecasts 0', () => {
    const f = lastDayForecasts(trend, randomWalk, 1, 380);
    expect(Array.from(f)).toEqual([0, 0, 0, 0]);
  });

  it('AR(p) recovers an AR(1) coefficient of 0.3 in daily returns', () => {
    const fs = buildFeatures(
      syntheticPanel({ nSeries: 8, nDays: 1500, seed: 4, beta: 0, continuation: 0.3 }),
    );
    const model = autoregressive.fit(trainingDataAt(fs, 1, 1499));
    const params = (model.state as { params: Record<string, number[]> }).params;
    const phis = Object.values(params).map((p) => p[1]!);
    expect(phis).toHaveLength(8);
    for (const phi of phis) expect(Math.abs(phi - 0.3)).toBeLessThan(0.08);
  });

  it('ARIMA on an AR(1)-return process forecasts close to the true conditional mean 0.3·r_t', () => {
    const fs = buildFeatures(
      syntheticPanel({ nSeries: 6, nDays: 1200, seed: 8, beta: 0, continuation: 0.3 }),
    );
    const model = arima.fit(trainingDataAt(fs, 1, 1000));
    const rows = rowsOfDays(fs, 1001, 1199);
    const f = arima.predict(model, { features: fs, rows }).expectedReturn;
    const logs = fs.panel.series.map((s) => s.close.map(Math.log));
    let num = 0;
    let den = 0;
    let cross = 0;
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      const y = logs[fs.rowSeries[r]!]!;
      const d = fs.rowDay[r]!;
      const truth = 0.3 * (y[d]! - y[d - 1]!);
      cross += truth * f[i]!;
      num += truth * truth;
      den += f[i]! * f[i]!;
    }
    expect(cross / Math.sqrt(num * den)).toBeGreaterThan(0.9);
  });

  it('historical drift and GARCH-scaled drift recover a constant drift of 0.002 a day', () => {
    const fs = buildFeatures(
      syntheticPanel({ nSeries: 5, nDays: 2000, seed: 2, beta: 0, idioSd: 0.01, drift: 0.002 }),
    );
    for (const alg of [historicalDrift, garchDrift]) {
      const f = lastDayForecasts(fs, alg, 1, 1990);
      for (const v of f) expect(Math.abs(v - 0.002)).toBeLessThan(0.0007);
    }
  });

  it('per-series models ignore an unadjusted split: drift is estimated from the adjusted series', () => {
    const panel = syntheticPanel({ nSeries: 2, nDays: 600, seed: 3, beta: 0, idioSd: 0.005, drift: 0.001 });
    const s = panel.series[0]!;
    for (const a of [s.open, s.high, s.low, s.close]) for (let d = 300; d < 600; d++) a[d] = a[d]! / 2;
    const fs = buildFeatures(panel);
    const f = lastDayForecasts(fs, historicalDrift, 1, 590);
    for (const v of f) expect(Math.abs(v - 0.001)).toBeLessThan(0.0003);
  });

  it('GARCH scales the drift with forecast volatility: larger after a volatile spell than in a calm one', () => {
    const n = 900;
    const rng = new Rng(12);
    // Volatility clustering: calm at 1 %, spells of 4 % (two in training, one at the very end).
    const wildAt = (t: number): boolean => (t >= 200 && t < 260) || (t >= 500 && t < 560) || t > 880;
    const r = Float64Array.from({ length: n }, (_, t) => 0.001 + (wildAt(t) ? 0.04 : 0.01) * rng.normal());
    const lc = new Float64Array(n);
    for (let t = 1; t < n; t++) lc[t] = lc[t - 1]! + r[t]!;
    const close = lc.map((v) => 20 * Math.exp(v));
    const bars = { open: close, high: close, low: close, close, volume: close.map(() => 1) };
    const panel: Panel = {
      dates: businessDays('2020-01-01', n),
      market: bars,
      series: [{ symbol: 'G', sector: 'A', ...bars }],
    };
    const fs = buildFeatures(panel);
    const model = garchDrift.fit(trainingDataAt(fs, 1, 870));
    const calm = garchDrift.predict(model, { features: fs, rows: rowsOfDays(fs, 870, 871) })
      .expectedReturn[0]!;
    const wild = garchDrift.predict(model, { features: fs, rows: rowsOfDays(fs, n - 1, n) })
      .expectedReturn[0]!;
    expect(calm).toBeGreaterThan(0);
    expect(wild).toBeGreaterThan(1.5 * calm);
  });
});
