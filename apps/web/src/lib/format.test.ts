import { describe, expect, it } from 'vitest';
import {
  changeColorClass,
  formatChange,
  formatNumber,
  formatPercent,
  formatPrice,
  formatVolume,
  MISSING,
  trendOf,
} from './format';

describe('formatPrice', () => {
  it('shows lira with two decimals in the Turkish locale', () => {
    expect(formatPrice(1234.56)).toBe('₺1.234,56');
    expect(formatPrice(5)).toBe('₺5,00');
    expect(formatPrice(0.005)).toBe('₺0,01');
    expect(formatPrice(1_234_567.891)).toBe('₺1.234.567,89');
    expect(formatPrice(-12.5)).toBe('-₺12,50');
  });

  it('shows --- for missing values', () => {
    expect(formatPrice(null)).toBe(MISSING);
    expect(formatPrice(undefined)).toBe('---');
    expect(formatPrice(Number.NaN)).toBe('---');
  });
});

describe('formatChange', () => {
  it('carries a sign, two decimals and a percent sign', () => {
    expect(formatChange(1.234)).toBe('+1,23%');
    expect(formatChange(-0.456)).toBe('-0,46%');
    expect(formatChange(0)).toBe('0,00%');
    expect(formatChange(12.5)).toBe('+12,50%');
  });

  it('never shows a sign on a change that rounds to zero', () => {
    expect(formatChange(0.004)).toBe('0,00%');
    expect(formatChange(-0.004)).toBe('0,00%');
  });

  it('shows --- for missing values', () => {
    expect(formatChange(null)).toBe('---');
  });
});

describe('changeColorClass', () => {
  it('is green when positive, red when negative, muted when zero or missing', () => {
    expect(changeColorClass(0.1)).toBe('text-up');
    expect(changeColorClass(-0.1)).toBe('text-down');
    expect(changeColorClass(0)).toBe('text-neutral');
    expect(changeColorClass(null)).toBe('text-neutral');
    expect(trendOf(undefined)).toBe('neutral');
  });
});

describe('formatVolume', () => {
  it('uses M with one decimal from one million', () => {
    expect(formatVolume(1_000_000)).toBe('1,0M');
    expect(formatVolume(12_345_678)).toBe('12,3M');
    expect(formatVolume(2_500_000_000)).toBe('2.500,0M');
  });

  it('uses K with one decimal from one thousand', () => {
    expect(formatVolume(1_000)).toBe('1,0K');
    expect(formatVolume(4_560)).toBe('4,6K');
    expect(formatVolume(999_949)).toBe('999,9K');
  });

  it('shows small volumes as they are and missing ones as ---', () => {
    expect(formatVolume(999)).toBe('999');
    expect(formatVolume(0)).toBe('0');
    expect(formatVolume(null)).toBe('---');
  });
});

describe('formatNumber and formatPercent', () => {
  it('group thousands with dots and decimals with commas', () => {
    expect(formatNumber(8247.52, 2)).toBe('8.247,52');
    expect(formatNumber(507)).toBe('507');
    expect(formatPercent(99.93)).toBe('99,9%');
    expect(formatPercent(null)).toBe('---');
  });
});
