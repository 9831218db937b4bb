import { describe, expect, it } from 'vitest';
import { bytes, fixed, percent } from './format';

describe('AI operations formatting', () => {
  it('shows a dash, never a number, for a missing figure', () => {
    expect(fixed(null, 3)).toBe('—');
    expect(percent(undefined)).toBe('—');
    expect(fixed(Number.NaN, 1)).toBe('—');
  });

  it('formats figures with their precision', () => {
    expect(fixed(0.01234, 3)).toBe('0.012');
    expect(percent(52.345)).toBe('52.3%');
    expect(bytes(1536 * 1024 * 1024)).toBe('1.5 GB');
  });
});
