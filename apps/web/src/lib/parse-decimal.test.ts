import { describe, expect, it } from 'vitest';
import { parseDecimal } from './parse-decimal';

describe('parseDecimal', () => {
  it('parses tr-TR and plain numbers', () => {
    expect(parseDecimal('1.234,56')).toBe(1234.56);
    expect(parseDecimal('1234.5')).toBe(1234.5);
    expect(parseDecimal('₺12,5')).toBe(12.5);
    expect(parseDecimal('12a')).toBeNaN();
  });
});
