import { describe, expect, it } from 'vitest';
import { ledgerSort } from './ledger.ts';
import { buy, deposit, withdraw } from './ledger-fixtures.ts';
import { performanceSeries } from './performance.ts';

const closes = (pairs: [string, number][]) => pairs.map(([date, closeTry]) => ({ date, closeTry }));

describe('time-weighted return across a deposit', () => {
  // 02.01: deposit 1 000, buy 10 THYAO at 100. 05.01: THYAO closes 110 (+10 %). 06.01: deposit 1 100, THYAO flat.
  // 07.01: THYAO closes 99 (−10 % on the shares, −5 % on the whole account of 2 200).
  const ledger = ledgerSort([
    deposit('2026-01-02', 1_000),
    buy('2026-01-02', 'THYAO', 10, 100),
    deposit('2026-01-06', 1_100),
  ]);
  const input = {
    transactions: ledger,
    dates: ['2026-01-02', '2026-01-05', '2026-01-06', '2026-01-07'],
    closes: new Map([
      [
        'THYAO',
        closes([
          ['2026-01-02', 100],
          ['2026-01-05', 110],
          ['2026-01-06', 110],
          ['2026-01-07', 99],
        ]),
      ],
    ]),
    benchmarkCloses: closes([
      ['2026-01-02', 1_000],
      ['2026-01-05', 1_050],
      ['2026-01-06', 1_050],
      ['2026-01-07', 1_029],
    ]),
  };

  it('chains daily returns with the deposit as a flow at the start of its day: 1.10 × 1.00 × 0.95 − 1 = 4.5 %', () => {
    const result = performanceSeries(input);
    expect(result.points.map((p) => p.valueTry)).toEqual([1_100, 2_200, 2_090]);
    expect(result.points.map((p) => p.netFlowTry)).toEqual([0, 1_100, 0]);
    expect(result.twrFraction).toBeCloseTo(0.045, 10);
    expect(result.points.map((p) => p.twrFraction)).toEqual([
      expect.closeTo(0.1, 10),
      expect.closeTo(0.1, 10),
      expect.closeTo(0.045, 10),
    ]);
  });

  it('is not fooled by the deposit the way value − contributions is (2 090 − 2 100 = −0.5 %)', () => {
    const result = performanceSeries(input);
    expect(result.twrFraction!).toBeGreaterThan(0);
  });

  it('puts XU100 over the same days beside it, and the index value of the same flows', () => {
    const result = performanceSeries(input);
    expect(result.benchmarkFraction).toBeCloseTo(0.029, 10);
    // B: 1 000 → 1 050 → 1 050 + 1 100 → 2 150 × 1 029 / 1 050
    expect(result.points.map((p) => p.benchmarkValueTry)).toEqual([
      expect.closeTo(1_050, 8),
      expect.closeTo(2_150, 8),
      expect.closeTo(2_107, 8),
    ]);
  });

  it('starts at the first deposit when the range begins before the account existed', () => {
    const result = performanceSeries({ ...input, dates: ['2025-12-31', '2026-01-01', ...input.dates] });
    expect(result.points[0]!.date).toBe('2026-01-02');
    expect(result.twrFraction).toBeCloseTo(0.045, 10);
  });

  it('treats a withdrawal as a negative flow at the start of its day', () => {
    const withWithdrawal = ledgerSort([...ledger, withdraw('2026-01-07', 1_000)]);
    const result = performanceSeries({ ...input, transactions: withWithdrawal });
    expect(result.points[2]!.valueTry).toBe(1_090);
    // 07.01 starts with 2 200 − 1 000 = 1 200 invested (990 of it in shares) and ends at 1 090.
    expect(result.twrFraction).toBeCloseTo(1.1 * (1_090 / 1_200) - 1, 10);
  });

  it('values today at live prices when a live point is given', () => {
    const result = performanceSeries({
      ...input,
      live: { date: '2026-01-08', pricesTry: new Map([['THYAO', 104.5]]), benchmarkTry: 1_080 },
    });
    const last = result.points[result.points.length - 1]!;
    expect(last).toMatchObject({ date: '2026-01-08', valueTry: 2_145 });
    expect(result.twrFraction).toBeCloseTo(1.1 * 0.95 * (2_145 / 2_090) - 1, 10);
    expect(result.benchmarkFraction).toBeCloseTo(0.08, 10);
  });
});
