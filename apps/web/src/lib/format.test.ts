import { afterEach, describe, expect, it } from 'vitest';
import {
  changeColorClass,
  formatAmount,
  formatChange,
  formatCompact,
  formatNumber,
  formatPercent,
  formatPercentInSentence,
  formatPrice,
  formatSignedPrice,
  formatVolume,
  MISSING,
  setFormatLanguage,
  trendOf,
  turkishSuffix,
} from './format';

afterEach(() => setFormatLanguage('tr'));

describe('formatPrice', () => {
  it('shows lira with two decimals in the Turkish locale', () => {
    expect(formatPrice(1234.56)).toBe('₺1.234,56');
    expect(formatPrice(5)).toBe('₺5,00');
    expect(formatPrice(0.005)).toBe('₺0,01');
    expect(formatPrice(1_234_567.891)).toBe('₺1.234.567,89');
    expect(formatPrice(-12.5)).toBe('-₺12,50');
    expect(formatPrice(-0.001)).toBe('₺0,00');
  });

  it('signs an amount only when it is not zero', () => {
    expect(formatSignedPrice(200)).toBe('+₺200,00');
    expect(formatSignedPrice(-12.5)).toBe('-₺12,50');
    expect(formatSignedPrice(0.001)).toBe('₺0,00');
  });

  it('shows --- for missing values', () => {
    expect(formatPrice(null)).toBe(MISSING);
    expect(formatPrice(undefined)).toBe('---');
    expect(formatPrice(Number.NaN)).toBe('---');
  });
});

describe('percent (Intl tr-TR: the sign before the number)', () => {
  it.each([
    [2.345, '+%2,35'],
    [-0.51, '-%0,51'],
    [0, '%0,00'],
    [12.5, '+%12,50'],
    [-0.456, '-%0,46'],
    [0.004, '%0,00'],
    [-0.004, '%0,00'],
    [1234.5, '+%1.234,50'],
  ])('formatChange(%s) is %s', (value, text) => {
    expect(formatChange(value)).toBe(text);
  });

  it.each([
    [51.7, '%51,7'],
    [99.93, '%99,9'],
    [0, '%0,0'],
    [100, '%100,0'],
  ])('formatPercent(%s) is %s', (value, text) => {
    expect(formatPercent(value)).toBe(text);
  });

  it('shows --- for missing values', () => {
    expect(formatChange(null)).toBe('---');
    expect(formatPercent(undefined)).toBe('---');
  });

  it('is English on the English locale', () => {
    setFormatLanguage('en');
    expect(formatChange(2.345)).toBe('+2.35%');
    expect(formatChange(-0.51)).toBe('-0.51%');
    expect(formatPercent(51.7)).toBe('51.7%');
    expect(formatPrice(1234.5)).toBe('₺1,234.50');
  });
});

describe('Turkish suffixes after a percentage', () => {
  it.each([
    [17.9, "%17,9'u"],
    [20, "%20,0'ı"],
    [51.7, "%51,7'si"],
    [3.3, "%3,3'ü"],
    [12.5, "%12,5'i"],
    [6.6, "%6,6'sı"],
    [40.4, "%40,4'ü"],
  ])('formatPercentInSentence(%s) is %s', (value, text) => {
    expect(formatPercentInSentence(value)).toBe(text);
  });

  it('reads whole numbers by their last spoken word', () => {
    expect(formatPercentInSentence(20, 'possessive', 0)).toBe("%20'si");
    expect(formatPercentInSentence(40, 'possessive', 0)).toBe("%40'ı");
    expect(formatPercentInSentence(100, 'possessive', 0)).toBe("%100'ü");
    expect(formatPercentInSentence(60, 'possessive', 0)).toBe("%60'ı");
    expect(formatPercentInSentence(5, 'locative', 0)).toBe("%5'te");
    expect(formatPercentInSentence(10, 'ablative', 0)).toBe("%10'dan");
    expect(formatPercentInSentence(20, 'dative', 0)).toBe("%20'ye");
  });

  it('follows vowel harmony and the last sound', () => {
    expect(turkishSuffix('dokuz', 'possessive')).toBe('u');
    expect(turkishSuffix('yedi', 'possessive')).toBe('si');
    expect(turkishSuffix('üç', 'locative')).toBe('te');
    expect(turkishSuffix('otuz', 'dative')).toBe('a');
    expect(turkishSuffix('milyar', 'ablative')).toBe('dan');
  });

  it('adds no suffix in English', () => {
    setFormatLanguage('en');
    expect(formatPercentInSentence(17.9)).toBe('17.9%');
  });
});

describe('one set of abbreviations (Bin, Mn, Mr, Tn)', () => {
  it.each([
    [999, '999'],
    [1_000, '1,0 Bin'],
    [4_560, '4,6 Bin'],
    [999_949, '999,9 Bin'],
    [999_960, '1,0 Mn'],
    [12_345_678, '12,3 Mn'],
    [2_500_000_000, '2,5 Mr'],
    [3_400_000_000_000, '3,4 Tn'],
    [-1_500_000, '-1,5 Mn'],
    [0, '0'],
  ])('formatCompact(%s) is %s', (value, text) => {
    expect(formatCompact(value)).toBe(text);
    expect(formatVolume(value)).toBe(text);
  });

  it('abbreviates lira amounts from a million and shows smaller ones in full', () => {
    expect(formatAmount(12_400_000_000)).toBe('₺12,4 Mr');
    expect(formatAmount(850_000_000)).toBe('₺850,0 Mn');
    expect(formatAmount(12_345.67)).toBe('₺12.345,67');
    expect(formatAmount(-2_000_000)).toBe('-₺2,0 Mn');
    expect(formatAmount(null)).toBe('---');
  });

  it('uses K, M, B, T in English', () => {
    setFormatLanguage('en');
    expect(formatCompact(4_560)).toBe('4.6K');
    expect(formatCompact(12_345_678)).toBe('12.3M');
    expect(formatCompact(2_500_000_000)).toBe('2.5B');
    expect(formatAmount(12_400_000_000)).toBe('₺12.4B');
  });
});

describe('exact chart ticks', () => {
  it.each([
    [1_250_000, '₺1,25 Mn'],
    [1_000_000, '₺1 Mn'],
    [1_125_000, '₺1,125 Mn'],
    [750_000, '₺750 Bin'],
    [0, '₺0'],
  ])('formatAmount(%s, exact) is %s', (value, text) => {
    expect(formatAmount(value, { exact: true })).toBe(text);
  });

  it('never turns two different ticks into one label', () => {
    const ticks = [1_200_000, 1_225_000, 1_250_000, 1_275_000, 1_300_000];
    const labels = ticks.map((v) => formatAmount(v, { exact: true }));
    expect(new Set(labels).size).toBe(ticks.length);
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

describe('formatNumber', () => {
  it('groups thousands with dots and decimals with commas', () => {
    expect(formatNumber(8247.52, 2)).toBe('8.247,52');
    expect(formatNumber(507)).toBe('507');
    expect(formatNumber(null)).toBe('---');
  });
});
