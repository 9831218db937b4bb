/**
 * Seeded synthetic panels for tests, the smoke script and the benchmark: log-normal random walks with a market factor
 * and an optional planted signal, so that known answers exist.
 */
import type { BarArrays, Panel, PanelSeries } from './panel.ts';
import { Rng } from './random.ts';

export interface SyntheticPanelOptions {
  nSeries: number;
  nDays: number;
  seed: number;
  /** Lag-1 continuation of the idiosyncratic return: ε_t = φ·ε_{t−1} + η_t (default 0: a pure random walk). */
  continuation?: number;
  /** Loading on the common market return (default 0.8; 0 makes stocks independent). */
  beta?: number;
  /** Daily sd of the idiosyncratic shock η (default 0.025). */
  idioSd?: number;
  /** Daily sd of the market return (default 0.018). */
  marketSd?: number;
  /** Daily drift of every stock's log price (default 0). */
  drift?: number;
  nSectors?: number;
  firstDate?: string;
}

/** Business days (Mon–Fri) from firstDate, as 'YYYY-MM-DD'. */
export function businessDays(firstDate: string, n: number): string[] {
  const out: string[] = [];
  const d = new Date(`${firstDate}T00:00:00Z`);
  while (out.length < n) {
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) out.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}

function barsFromLogReturns(r: Float64Array, start: number, rng: Rng, volumeBase: number): BarArrays {
  const n = r.length;
  const b: BarArrays = {
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume: new Float64Array(n),
  };
  let lc = Math.log(start);
  for (let t = 0; t < n; t++) {
    const prev = Math.exp(lc);
    lc += r[t]!;
    const c = Math.exp(lc);
    const range = Math.abs(rng.normal()) * 0.01 * c;
    b.open[t] = prev;
    b.close[t] = c;
    b.high[t] = Math.max(prev, c) + range;
    b.low[t] = Math.max(1e-6, Math.min(prev, c) - range);
    b.volume[t] = Math.round(volumeBase * Math.exp(0.4 * rng.normal() + 20 * Math.abs(r[t]!)));
  }
  return b;
}

/** Invariant: the same options always give the same panel (seeded); no missing bars. */
export function syntheticPanel(o: SyntheticPanelOptions): Panel {
  const rng = new Rng(o.seed);
  const n = o.nDays;
  const beta = o.beta ?? 0.8;
  const phi = o.continuation ?? 0;
  const idio = o.idioSd ?? 0.025;
  const mSd = o.marketSd ?? 0.018;
  const drift = o.drift ?? 0;
  const nSectors = o.nSectors ?? 10;
  const dates = businessDays(o.firstDate ?? '2022-01-03', n);
  const m = new Float64Array(n);
  for (let t = 0; t < n; t++) m[t] = mSd * rng.normal();
  const series: PanelSeries[] = [];
  for (let s = 0; s < o.nSeries; s++) {
    const r = new Float64Array(n);
    let eps = 0;
    for (let t = 0; t < n; t++) {
      eps = phi * eps + idio * rng.normal();
      r[t] = drift + beta * m[t]! + eps;
    }
    const bars = barsFromLogReturns(r, 10 + 90 * rng.uniform(), rng, 1e6 * (1 + 9 * rng.uniform()));
    series.push({ symbol: `SYN${String(s).padStart(4, '0')}`, sector: `Sector ${s % nSectors}`, ...bars });
  }
  return { dates, series, market: barsFromLogReturns(m, 10_000, rng, 1e9) };
}
