import { describe, expect, it } from 'vitest';
import {
  FEATURE_COLUMN,
  FEATURE_NAMES,
  NOT_REALISED,
  buildFeatures,
  realisedRows,
  seriesRsi,
} from './features.ts';
import { panelFromBars, type Panel } from './panel.ts';
import { businessDays, syntheticPanel } from './synthetic.ts';

function businessDaysFrom(n: number): string[] {
  return businessDays('2023-01-02', n);
}

function withFutureChanged(panel: Panel, fromDay: number): Panel {
  const bump = (a: Float64Array): Float64Array =>
    a.map((v, d) => (d >= fromDay ? v * (1.5 + 0.1 * Math.sin(d)) : v));
  return {
    dates: panel.dates,
    market: { ...panel.market, close: bump(panel.market.close) },
    series: panel.series.map((s) => ({
      ...s,
      open: bump(s.open),
      high: bump(s.high),
      low: bump(s.low),
      close: bump(s.close),
      volume: bump(s.volume),
    })),
  };
}

describe(buildFeatures.name, () => {
  const panel = syntheticPanel({ nSeries: 12, nDays: 320, seed: 3 });
  const fs = buildFeatures(panel);

  it('lays out rows by day then stock, with the documented columns', () => {
    expect(fs.cols).toBe(FEATURE_NAMES.length);
    expect(fs.rows).toBe(12 * (320 - 60));
    for (let r = 1; r < fs.rows; r++) expect(fs.rowDay[r]! >= fs.rowDay[r - 1]!).toBe(true);
    expect(fs.rowOf[3 * 320 + 100]).toBeGreaterThanOrEqual(0);
    const r = fs.rowOf[3 * 320 + 100]!;
    expect(fs.rowSeries[r]).toBe(3);
    expect(fs.rowDay[r]).toBe(100);
  });

  it('computes returns, momentum and targets from the closes', () => {
    const s = 5;
    const d = 150;
    const c = panel.series[s]!.close;
    const r = fs.rowOf[s * 320 + d]!;
    const raw = (name: keyof typeof FEATURE_COLUMN): number => fs.raw[r * fs.cols + FEATURE_COLUMN[name]]!;
    expect(raw('ret_lag1')).toBeCloseTo(Math.log(c[d]! / c[d - 1]!), 12);
    expect(raw('ret_lag3')).toBeCloseTo(Math.log(c[d - 2]! / c[d - 3]!), 12);
    expect(raw('mom_20')).toBeCloseTo(Math.log(c[d]! / c[d - 20]!), 12);
    let sma = 0;
    for (let i = d - 19; i <= d; i++) sma += c[i]!;
    expect(raw('dist_sma_20')).toBeCloseTo(c[d]! / (sma / 20) - 1, 12);
    expect(fs.targets[1].logReturn[r]).toBeCloseTo(Math.log(c[d + 1]! / c[d]!), 12);
    expect(fs.targets[5].logReturn[r]).toBeCloseTo(Math.log(c[d + 5]! / c[d]!), 12);
    expect(fs.targets[5].realisedDay[r]).toBe(d + 5);
  });

  it('leaves targets unrealised (NaN) where the horizon lies beyond the data', () => {
    const last = fs.rowOf[0 * 320 + 319]!;
    expect(fs.targets[1].logReturn[last]).toBeNaN();
    expect(fs.targets[1].realisedDay[last]).toBe(NOT_REALISED);
    const fourBefore = fs.rowOf[0 * 320 + 315]!;
    expect(fs.targets[1].logReturn[fourBefore]).not.toBeNaN();
    expect(fs.targets[5].logReturn[fourBefore]).toBeNaN();
  });

  it('standardises each day cross-sectionally: stock columns have mean ≈ 0 and |z| ≤ 3', () => {
    const a = fs.dayRowStart[200]!;
    const b = fs.dayRowStart[201]!;
    const j = FEATURE_COLUMN.mom_20;
    let s = 0;
    for (let r = a; r < b; r++) {
      s += fs.x[r * fs.cols + j]!;
      expect(Math.abs(fs.x[r * fs.cols + j]!)).toBeLessThanOrEqual(3);
    }
    expect(Math.abs(s / (b - a))).toBeLessThan(0.3);
  });

  it('never looks ahead: changing every bar after day T leaves all rows of days ≤ T unchanged', () => {
    const T = 200;
    const changed = buildFeatures(withFutureChanged(panel, T + 1));
    const end = fs.dayRowStart[T + 1]!;
    expect(Array.from(changed.raw.subarray(0, end * fs.cols))).toEqual(
      Array.from(fs.raw.subarray(0, end * fs.cols)),
    );
    expect(Array.from(changed.x.subarray(0, end * fs.cols))).toEqual(
      Array.from(fs.x.subarray(0, end * fs.cols)),
    );
    // …while the targets of day T do change (they are the future).
    const r = fs.rowOf[T]!;
    expect(changed.targets[1].logReturn[r]).not.toBe(fs.targets[1].logReturn[r]);
  });

  it('selects as training rows only targets realised by the cutoff', () => {
    const rows = realisedRows(fs, 5, 200);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(fs.targets[5].realisedDay[r]!).toBeLessThanOrEqual(200);
    expect(Math.max(...Array.from(rows, (r) => fs.rowDay[r]!))).toBe(195);
  });
});

describe('corporate actions', () => {
  it('void the targets whose window spans a jump ≥ 11.5 % and leave the others', () => {
    const panel = syntheticPanel({ nSeries: 3, nDays: 200, seed: 9, idioSd: 0.005, marketSd: 0.005 });
    const s = panel.series[1]!;
    // A 2-for-1 split at day 150: every price from then on halves.
    for (const a of [s.open, s.high, s.low, s.close]) for (let d = 150; d < 200; d++) a[d] = a[d]! / 2;
    const fs = buildFeatures(panel);
    const row = (d: number): number => fs.rowOf[1 * 200 + d]!;
    expect(fs.targets[1].logReturn[row(149)]).toBeNaN();
    expect(fs.targets[1].logReturn[row(148)]).not.toBeNaN();
    expect(fs.targets[1].logReturn[row(150)]).not.toBeNaN();
    for (let d = 145; d <= 149; d++) expect(fs.targets[5].logReturn[row(d)]).toBeNaN();
    expect(fs.targets[5].logReturn[row(144)]).not.toBeNaN();
    expect(fs.targets[1].logReturn[fs.rowOf[0 * 200 + 149]!]).not.toBeNaN();
  });
});

describe(seriesRsi.name, () => {
  it('is 100 on a steadily rising series and 0 on a falling one', () => {
    const up = Float64Array.from({ length: 30 }, (_, i) => 10 + i);
    const down = Float64Array.from({ length: 30 }, (_, i) => 50 - i);
    expect(seriesRsi(up)[29]).toBe(100);
    expect(seriesRsi(down)[29]).toBe(0);
  });
});

describe('BIST features and the tradable target', () => {
  // One stock: +0.1 % a day, a +10 % limit-up close on bar 280 and a −10 % limit-down close on bar 285; opens 0.5 %
  // below the close; two quiet peers in its sector.
  const n = 300;
  const dates = businessDaysFrom(n);
  const closes = (jumps: boolean) => {
    const c: number[] = [];
    for (let k = 0; k < n; k++) {
      const prev = k === 0 ? 100 : c[k - 1]!;
      c.push(k === 0 ? 100 : prev * (jumps && k === 280 ? 1.1 : jumps && k === 285 ? 0.9 : 1.001));
    }
    return Float64Array.from(c);
  };
  const bars = (c: Float64Array) => ({
    dates,
    open: c.map((v) => v * 0.995),
    high: c.slice(),
    low: c.map((v) => v * 0.99),
    close: c,
    volume: c.map(() => 1000),
  });
  const panel = panelFromBars(
    [
      { symbol: 'AAA', sector: 'X', ...bars(closes(true)) },
      { symbol: 'BBB', sector: 'X', ...bars(closes(false)) },
      { symbol: 'CCC', sector: 'X', ...bars(closes(false)) },
    ],
    bars(closes(false)),
  );
  const fs = buildFeatures(panel);
  const c = panel.series[0]!.close;
  const at = (k: number, name: keyof typeof FEATURE_COLUMN) =>
    fs.raw[fs.rowOf[0 * n + k]! * fs.cols + FEATURE_COLUMN[name]]!;

  it('flags closes at the daily price band', () => {
    expect(at(280, 'limit_up')).toBe(1);
    expect(at(281, 'limit_up')).toBe(0);
    expect(at(285, 'limit_down')).toBe(1);
    expect(at(284, 'limit_down')).toBe(0);
  });
  it('measures 12-1 momentum, the distance to the 52-week high, MAX and turnover from past bars', () => {
    expect(at(290, 'mom_12_1')).toBeCloseTo(Math.log(c[269]! / c[38]!), 12);
    expect(at(251, 'mom_12_1')).toBeNaN();
    // The high of the last 252 bars is bar 284's close (before the −10 % day).
    expect(at(290, 'dist_52w_high')).toBeCloseTo(c[290]! / c[284]! - 1, 12);
    expect(at(290, 'max_20')).toBeCloseTo(Math.log(1.1), 12);
    const turnover = Array.from({ length: 20 }, (_, i) => c[271 + i]! * 1000).reduce((a, b) => a + b, 0) / 20;
    expect(at(290, 'turnover_20')).toBeCloseTo(Math.log(turnover), 10);
  });
  it('scores the tradable target from the next open to the close h bars on', () => {
    const r = fs.rowOf[0 * n + 250]!;
    expect(fs.targets[1].tradableLogReturn[r]).toBeCloseTo(Math.log(c[251]! / (c[251]! * 0.995)), 12);
    expect(fs.targets[5].tradableLogReturn[r]).toBeCloseTo(Math.log(c[255]! / (c[251]! * 0.995)), 12);
  });
});

describe('sector_ret_1', () => {
  it('is the mean 1-day return of the other members of the stock’s sector, its own return excluded', () => {
    const panel = syntheticPanel({ nSeries: 12, nDays: 120, seed: 8 });
    const fs = buildFeatures(panel);
    const d = 100;
    const ret = (s: number) => Math.log(panel.series[s]!.close[d]! / panel.series[s]!.close[d - 1]!);
    const r0 = fs.rowOf[0 * 120 + d]!;
    const sector = panel.series[0]!.sector;
    const peers = panel.series.flatMap((x, s) => (s !== 0 && x.sector === sector ? [s] : []));
    expect(peers.length).toBeGreaterThan(0);
    const expected = peers.reduce((a, s) => a + ret(s), 0) / peers.length;
    expect(fs.raw[r0 * fs.cols + FEATURE_COLUMN.sector_ret_1]).toBeCloseTo(expected, 12);
  });
});

describe(panelFromBars.name, () => {
  it('aligns stocks with different dates onto one calendar with NaN gaps', () => {
    const mk = (dates: string[], base: number) => ({
      dates,
      open: Float64Array.from(dates, () => base),
      high: Float64Array.from(dates, () => base),
      low: Float64Array.from(dates, () => base),
      close: Float64Array.from(dates, () => base),
      volume: Float64Array.from(dates, () => 1),
    });
    const p = panelFromBars(
      [{ symbol: 'AAA', sector: 'X', ...mk(['2024-01-02', '2024-01-04'], 5) }],
      mk(['2024-01-02', '2024-01-03'], 100),
    );
    expect(p.dates).toEqual(['2024-01-02', '2024-01-03', '2024-01-04']);
    expect(Array.from(p.series[0]!.close)).toEqual([5, NaN, 5]);
    expect(Array.from(p.market.close)).toEqual([100, 100, NaN]);
  });
});
