import { describe, expect, it } from 'vitest';
import { amountProblemText, amountValue, readAmount } from './amount.values.ts';

const value = (text: string, convention?: 'tr' | 'point') => {
  const reading = readAmount(text, convention);
  return reading.ok ? reading.value : reading.problem;
};

describe('readAmount: Turkish', () => {
  it('reads dot-grouped thousands with a decimal comma exactly', () => {
    expect(value('10.000,50')).toBe(10_000.5);
    expect(value('1.234.567,89')).toBe(1_234_567.89);
    expect(value('₺ 10.000,50')).toBe(10_000.5);
    expect(value('10.000,50 TL')).toBe(10_000.5);
    expect(value('10\u00a0000,50')).toBe(10_000.5);
  });
  it('reads a decimal comma and dot-grouped thousands alone', () => {
    expect(value('12,5')).toBe(12.5);
    expect(value('0,125')).toBe(0.125);
    expect(value('1234,56')).toBe(1234.56);
    expect(value('10.000')).toBe(10_000);
    expect(value('1.234.567')).toBe(1_234_567);
  });
});

describe('readAmount: unambiguous other forms', () => {
  it('reads a decimal point that is not followed by groups of three digits', () => {
    expect(value('12.5')).toBe(12.5);
    expect(value('1234.56')).toBe(1234.56);
    expect(value('1.2345')).toBe(1.2345);
    expect(value('0.500')).toBe(0.5);
    expect(value('320')).toBe(320);
  });
  it('keeps the sign so a rule can say the amount must be positive', () => {
    expect(value('-12,5')).toBe(-12.5);
    expect(value('−1.000')).toBe(-1000);
  });
});

describe('readAmount: ambiguous or not a number → refused', () => {
  it('refuses English grouping instead of reading 10,000.50 as 10,00', () => {
    expect(value('10,000.50')).toBe('ambiguous');
    expect(value('1,234,567')).toBe('ambiguous');
    expect(value('1,500')).toBe('ambiguous');
    expect(value('10,000')).toBe('ambiguous');
    expect(amountValue('10,000.50')).toBeNaN();
  });
  it('refuses what is not a number, and says empty for nothing', () => {
    expect(value('12a')).toBe('not_a_number');
    expect(value('1.2,3.4')).toBe('not_a_number');
    expect(value('1..2')).toBe('not_a_number');
    expect(value('   ')).toBe('empty');
  });
  it('names the field in its message', () => {
    expect(amountProblemText('Tutar', readAmount('10,000.50'))).toMatch(
      /^Tutar iki türlü okunabilir.*10\.000,50/,
    );
    expect(amountProblemText('Fiyat', readAmount('abc'))).toBe('Fiyat sayı olmalı');
    expect(amountProblemText('Fiyat', readAmount('12,5'))).toBeNull();
  });
});

describe("readAmount: 'point' files (our CSV export)", () => {
  it('reads a decimal point, a dot is never a thousands separator there', () => {
    expect(value('10.125', 'point')).toBe(10.125);
    expect(value('1234.5', 'point')).toBe(1234.5);
  });
  it('refuses a comma', () => {
    expect(value('12,5', 'point')).toBe('not_a_number');
    expect(value('1,234.5', 'point')).toBe('ambiguous');
  });
});
