import { describe, expect, it } from 'vitest';
import {
  breadthOf,
  returnsOverSameDays,
  riskBarOf,
  seriesRange,
  trendLabelOf,
  volatilityOf,
} from './index-rules';

describe('index rules', () => {
  it('labels volatility high only above 2 % either way', () => {
    expect(volatilityOf(2)).toBe('normal');
    expect(volatilityOf(-2)).toBe('normal');
    expect(volatilityOf(2.01)).toBe('high');
    expect(volatilityOf(-2.5)).toBe('high');
  });

  it('calls zero and gains positive, losses negative', () => {
    expect(trendLabelOf(0)).toBe('positive');
    expect(trendLabelOf(0.3)).toBe('positive');
    expect(trendLabelOf(-0.01)).toBe('negative');
  });

  it('colours the risk bar red above 3 %, yellow above 1 %, else green', () => {
    expect(riskBarOf(0.5).level).toBe('green');
    expect(riskBarOf(1).level).toBe('green');
    expect(riskBarOf(-1.2).level).toBe('yellow');
    expect(riskBarOf(3).level).toBe('yellow');
    expect(riskBarOf(-3.1).level).toBe('red');
  });

  it('sizes the risk bar |change| × 20, capped at 100', () => {
    expect(riskBarOf(0).width).toBe(0);
    expect(riskBarOf(-1.5).width).toBe(30);
    expect(riskBarOf(5).width).toBe(100);
    expect(riskBarOf(-12).width).toBe(100);
  });

  it('counts gainers and losers with their shares and the average', () => {
    expect(breadthOf([1, -2, 0, 3])).toEqual({
      total: 4,
      gainers: 2,
      losers: 1,
      gainersShare: 50,
      losersShare: 25,
      average: 0.5,
    });
    expect(breadthOf([]).average).toBeNull();
  });
});

describe('seriesRange', () => {
  it('is the lowest and highest plotted point', () => {
    expect(
      seriesRange([{ value: 14_300 }, { value: 14_236.5 }, { value: 14_407.2 }, { value: 14_350 }]),
    ).toEqual({
      low: 14_236.5,
      high: 14_407.2,
    });
    expect(seriesRange([])).toBeUndefined();
    expect(seriesRange(undefined)).toBeUndefined();
  });
});

describe('returnsOverSameDays', () => {
  it("compares an index's return with XU100's from the first to the last day both have", () => {
    const index = [
      { time: '2026-01-02', close: 90 },
      { time: '2026-01-05', close: 100 },
      { time: '2026-01-06', close: 105 },
      { time: '2026-01-07', close: 110 },
    ];
    // XU100 has no close on the 2nd: the comparison starts on the 5th for both.
    const xu100 = [
      { time: '2026-01-05', close: 1000 },
      { time: '2026-01-06', close: 990 },
      { time: '2026-01-07', close: 1050 },
    ];
    const result = returnsOverSameDays(index, xu100)!;
    expect(result.from).toBe('2026-01-05');
    expect(result.to).toBe('2026-01-07');
    expect(result.index).toBeCloseTo(10, 10);
    expect(result.xu100).toBeCloseTo(5, 10);
  });

  it('is null without two common days', () => {
    expect(
      returnsOverSameDays([{ time: '2026-01-05', close: 1 }], [{ time: '2026-01-05', close: 2 }]),
    ).toBeNull();
    expect(returnsOverSameDays([], [])).toBeNull();
  });
});
