import { describe, expect, it } from 'vitest';
import { parseDecimal } from './parse-decimal';

describe('parseDecimal', () => {
  it('parses tr-TR and plain numbers', () => {
    expect(parseDecimal('1.234,56')).toBe(1234.56);
    expect(parseDecimal('1234.5')).toBe(1234.5);
    expect(parseDecimal('₺12,5')).toBe(12.5);
    expect(parseDecimal('12a')).toBeNaN();
  });

  it('reads dots in groups of three as Turkish thousands', () => {
    expect(parseDecimal('10.000')).toBe(10_000);
    expect(parseDecimal('1.234.567')).toBe(1_234_567);
    expect(parseDecimal('12.50')).toBe(12.5);
    expect(parseDecimal('0.5')).toBe(0.5);
    expect(parseDecimal('1.2345')).toBe(1.2345);
  });
});
