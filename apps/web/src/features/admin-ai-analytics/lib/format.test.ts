import { describe, expect, it } from 'vitest';
import { allocationOf, fractionPercent, signedFractionPercent, signedPercent } from './format';

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
});
