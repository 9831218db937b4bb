import { describe, expect, it } from 'vitest';
import { percentTr, pointsTr } from './accuracy-text';

describe('accuracy texts', () => {
  it('writes percents and signed points the Turkish way', () => {
    expect(percentTr(50.94)).toBe('%50,9');
    expect(percentTr(null)).toBe('---');
    expect(pointsTr(-1.6)).toBe('−1,6');
    expect(pointsTr(0.46)).toBe('+0,5');
    expect(pointsTr(-0.04)).toBe('0,0');
    expect(pointsTr(undefined)).toBe('---');
  });
});
