import { describe, expect, it } from 'vitest';
import {
  decilesOf,
  momentumAnalysis,
  momentumSentences,
  periodReturn,
  sectorAnalysis,
  sectorSentences,
  type AnalysisBar,
  type AnalysisStock,
} from './market-analysis.ts';

/** Consecutive pseudo-dates (order is all the computations use). */
const dateOf = (i: number) =>
  `2026-${String(1 + Math.floor(i / 28)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;

function series(closes: readonly number[], volumes?: readonly number[]): AnalysisBar[] {
  return closes.map((c, i) => ({ date: dateOf(i), closeTry: c, volumeShares: volumes?.[i] ?? 1000 }));
}

/** n closes growing by `step` each day from 100 (a straight line). */
const line = (n: number, step: number) => Array.from({ length: n }, (_, i) => 100 + step * i);

describe('sectorAnalysis', () => {
  // 60 days. Banks: A up 1/day and B up 2/day (both above SMA50, both advancers), C falling (decliner, below SMA50).
  // Energy: D flat (unchanged; not above its SMA50 as close = SMA).
  const n = 60;
  const last = dateOf(n - 1);
  const stocks: AnalysisStock[] = [
    { symbol: 'A', sector: 'Banka', sharesOutstanding: 100, bars: series(line(n, 1)) },
    { symbol: 'B', sector: 'Banka', sharesOutstanding: 300, bars: series(line(n, 2)) },
    { symbol: 'C', sector: 'Banka', sharesOutstanding: null, bars: series(line(n, -1)) },
    { symbol: 'D', sector: 'Enerji', sharesOutstanding: 50, bars: series(line(n, 0)) },
    // No bar on the analysis date: left out entirely.
    { symbol: 'E', sector: 'Enerji', sharesOutstanding: 50, bars: series(line(n - 1, 5)) },
  ];
  const benchmark = series(line(n, 0.5));
  const f = sectorAnalysis(stocks, benchmark, last);

  it('counts advancers, decliners, unchanged and the share above the 50-day average per sector', () => {
    const banks = f.sectors.find((s) => s.sector === 'Banka')!;
    expect(banks).toMatchObject({ stocks: 3, advancers: 2, decliners: 1, unchanged: 0 });
    expect(banks.above_sma50_share).toBeCloseTo(2 / 3, 12);
    const energy = f.sectors.find((s) => s.sector === 'Enerji')!;
    expect(energy).toMatchObject({
      stocks: 1,
      advancers: 0,
      decliners: 0,
      unchanged: 1,
      above_sma50_share: 0,
    });
    expect(f.market).toEqual({ advancers: 2, decliners: 1, unchanged: 1, above_sma50_share: 0.5 });
  });

  it('weights returns equally and by capitalisation at the period start', () => {
    const banks = f.sectors.find((s) => s.sector === 'Banka')!;
    // 20-day returns: A 20/139, B 40/178, C −20/61 (C has no share count: equal weight only).
    const rA = 159 / 139 - 1;
    const rB = 218 / 178 - 1;
    const rC = 41 / 61 - 1;
    expect(banks.return_20d_equal).toBeCloseTo((rA + rB + rC) / 3, 12);
    const capA = 100 * 139;
    const capB = 300 * 178;
    expect(banks.return_20d_cap).toBeCloseTo((capA * rA + capB * rB) / (capA + capB), 12);
    const bench20 = 129.5 / 119.5 - 1;
    expect(f.benchmark.return_20d).toBeCloseTo(bench20, 12);
    expect(banks.relative_strength_20d).toBeCloseTo(banks.return_20d_cap! - bench20, 12);
    expect(f.leaders[0]).toBe('Banka');
    expect(f.laggards).toEqual(['Enerji']);
  });

  it('writes sentences that name their figures', () => {
    const { insights, recommendations } = sectorSentences(f);
    expect(insights[0]).toBe(`Breadth on ${last}: 2 advancers vs 1 decliners (1 unchanged).`);
    expect(insights).toContain('50 % of stocks close above their 50-day average.');
    expect(recommendations[0]).toMatch(/^Review overweighting Banka: .*\+\d+\.\d\d %/);
    for (const s of [...insights, ...recommendations]) expect(s).toMatch(/\d/);
  });
});

describe('momentum', () => {
  it('periodReturn skips the most recent days for 12-1 momentum', () => {
    const bars = series(line(300, 1));
    // close[t−21] / close[t−252] − 1 with t = 299.
    expect(periodReturn(bars, 231, 21)).toBeCloseTo(378 / 147 - 1, 12);
    expect(periodReturn(series([1, 2]), 5)).toBeNull();
  });

  it('cuts deciles ascending, decile 10 the highest', () => {
    const values = Array.from({ length: 20 }, (_, i) => ({ symbol: `S${i}`, value: i / 100 }));
    const d = decilesOf(values);
    expect(d.deciles).toHaveLength(10);
    expect(d.deciles[0]).toEqual({ decile: 1, count: 2, mean_return: 0.005 });
    expect(d.deciles[9]!.mean_return).toBeCloseTo(0.185, 12);
    expect(d.top[0]).toEqual({ symbol: 'S19', value: 0.19 });
  });

  it('finds 52-week highs and lows, volume surges and the model calls', () => {
    const n = 260;
    const volumes = Array.from({ length: n }, (_, i) => (i === n - 1 ? 3000 : 1000));
    const stocks: AnalysisStock[] = [
      { symbol: 'UP', sector: 'X', sharesOutstanding: 1, bars: series(line(n, 1), volumes) },
      { symbol: 'DOWN', sector: 'X', sharesOutstanding: 1, bars: series(line(n, -0.2)) },
      {
        symbol: 'SHORT',
        sector: 'X',
        sharesOutstanding: 1,
        bars: series(line(30, 1)).map((b, i) => ({ ...b, date: dateOf(n - 30 + i) })),
      },
    ];
    const f = momentumAnalysis(stocks, dateOf(n - 1), {
      modelName: 'Ridge',
      asOfDate: dateOf(n - 1),
      callMode: 'relative',
      calls: [
        { symbol: 'UP', probabilityUp: 0.62 },
        { symbol: 'DOWN', probabilityUp: 0.41 },
        { symbol: 'SHORT', probabilityUp: 0.5 },
      ],
    });
    expect(f.new_highs).toEqual(['UP']);
    expect(f.new_lows).toEqual(['DOWN']);
    expect(f.highs_lows_eligible).toBe(2);
    expect(f.volume_surges).toEqual([{ symbol: 'UP', value: 3 }]);
    expect(f.momentum_12_1.eligible).toBe(2);
    expect(f.momentum_20d.eligible).toBe(3);
    expect(f.model_calls.strongest_up).toEqual([{ symbol: 'UP', value: 0.62 }]);
    expect(f.model_calls.strongest_down).toEqual([{ symbol: 'DOWN', value: 0.41 }]);
    const { insights } = momentumSentences(f);
    expect(insights).toContain(
      '1 new 52-week closing highs and 1 new lows among 2 stocks with a year of closes.',
    );
    expect(insights.some((s) => s.includes('largest UP at 3.0×'))).toBe(true);
    // A relative model's 'up' is above the day's median: the sentence names it, never a rise.
    expect(insights).toContain(
      `Ridge (production model, ${dateOf(n - 1)}): strongest outperform call UP P(above the day's median) 62 %, ` +
        `strongest underperform call DOWN P(above the day's median) 41 %.`,
    );
    expect(momentumSentences(f).recommendations).toContain(
      "Model and momentum agree on UP (P(above the day's median) 62 %).",
    );
    const absolute = momentumSentences({ ...f, model_calls: { ...f.model_calls, call_mode: 'absolute' } });
    expect(absolute.insights.some((s) => s.includes('strongest up call UP P(up) 62 %'))).toBe(true);
  });
});
