import { describe, expect, it } from 'vitest';
import {
  allocationOf,
  axisPercentDigits,
  fractionPercent,
  signedFractionPercent,
  signedPercent,
} from './format';

describe('AI analytics formats', () => {
  it('shows fractions as percents with a sign, and a dash for missing values', () => {
    expect(fractionPercent(0.1234)).toBe('12.3%');
    expect(signedFractionPercent(-0.05)).toBe('−5.00%');
    expect(signedFractionPercent(0)).toBe('0.00%');
    expect(signedPercent(1.25)).toBe('+1.25%');
    expect(fractionPercent(null)).toBe('—');
  });

  it('reads the allocation JSON text, largest weight first, and survives bad text', () => {
    expect(allocationOf('{"GARAN":0.2,"THYAO":0.3,"X":"y"}')).toEqual([
      { symbol: 'THYAO', weight: 0.3 },
      { symbol: 'GARAN', weight: 0.2 },
    ]);
    expect(allocationOf('not json')).toEqual([]);
  });

  it('gives a percent axis enough decimals that its ticks do not repeat', () => {
    for (const [low, high] of [
      [0.182, 0.195],
      [0.18, 0.4],
      [0.2501, 0.2509],
      [-0.05, 0.35],
    ] as const) {
      const digits = axisPercentDigits([low, (low + high) / 2, high]);
      const ticks = [0, 1, 2, 3, 4].map((i) => fractionPercent(low + ((high - low) * i) / 4, digits));
      expect(new Set(ticks).size, `${low}–${high}: ${ticks.join(' ')}`).toBe(5);
    }
    expect(axisPercentDigits([0.18, 0.4])).toBe(0);
    expect(axisPercentDigits([0.2])).toBe(0);
  });
});
