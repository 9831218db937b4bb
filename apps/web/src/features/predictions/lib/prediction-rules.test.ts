import { describe, expect, it } from 'vitest';
import {
  accuracyAxisDomain,
  accuracyStatsOf,
  accuracyTrendOf,
  confidenceColorClass,
  confidenceLevelOf,
  directionOf,
  predictionStatusOf,
} from './prediction-rules';

describe('confidenceLevelOf (>= 80 green, >= 60 yellow, else red)', () => {
  it('is high from 80 up', () => {
    expect(confidenceLevelOf(80)).toBe('high');
    expect(confidenceLevelOf(99.9)).toBe('high');
  });
  it('is medium from 60 to just under 80', () => {
    expect(confidenceLevelOf(79.99)).toBe('medium');
    expect(confidenceLevelOf(60)).toBe('medium');
  });
  it('is low under 60', () => {
    expect(confidenceLevelOf(59.99)).toBe('low');
    expect(confidenceLevelOf(0)).toBe('low');
  });
  it('maps the levels to green, yellow and red', () => {
    expect(confidenceColorClass(85)).toBe('text-up');
    expect(confidenceColorClass(65)).toContain('amber');
    expect(confidenceColorClass(40)).toBe('text-down');
  });
});

describe('predictionStatusOf (Güçlü at 80, else Orta)', () => {
  it('is strong at and above 80', () => {
    expect(predictionStatusOf(80)).toBe('strong');
    expect(predictionStatusOf(93)).toBe('strong');
  });
  it('is medium below 80', () => {
    expect(predictionStatusOf(79.9)).toBe('medium');
    expect(predictionStatusOf(10)).toBe('medium');
  });
});

describe('directionOf', () => {
  it('reads UP / DOWN in any case', () => {
    expect(directionOf('UP')).toBe('up');
    expect(directionOf('up')).toBe('up');
    expect(directionOf('DOWN')).toBe('down');
    expect(directionOf(' down ')).toBe('down');
  });
  it('reads the Turkish words, including upper-case Turkish letters', () => {
    expect(directionOf('yükseliş')).toBe('up');
    expect(directionOf('YÜKSELİŞ')).toBe('up');
    expect(directionOf('düşüş')).toBe('down');
    expect(directionOf('DÜŞÜŞ')).toBe('down');
  });
  it('is unknown (Belirsiz) for anything else', () => {
    expect(directionOf('HOLD')).toBe('unknown');
    expect(directionOf('')).toBe('unknown');
    expect(directionOf(null)).toBe('unknown');
    expect(directionOf(1)).toBe('unknown');
  });
});

describe('accuracyTrendOf (computed, not a fixed Yükseliş)', () => {
  it('is null with fewer than two points', () => {
    expect(accuracyTrendOf([])).toBeNull();
    expect(accuracyTrendOf([55])).toBeNull();
  });
  it('is up for a rising series and down for a falling one', () => {
    expect(accuracyTrendOf([50, 52, 54, 56])).toBe('up');
    expect(accuracyTrendOf([58, 55, 53, 50])).toBe('down');
  });
  it('follows the fitted slope, not the last point alone', () => {
    // Rising all week with a dip on the last day.
    expect(accuracyTrendOf([50, 53, 56, 59, 62, 65, 58])).toBe('up');
  });
  it('is flat when the fitted change over the window is under one point', () => {
    expect(accuracyTrendOf([53, 53, 53])).toBe('flat');
    expect(accuracyTrendOf([53, 54, 53, 54, 53, 54])).toBe('flat');
    expect(accuracyTrendOf([53, 53.9])).toBe('flat');
    expect(accuracyTrendOf([53, 54])).toBe('up');
  });
});

describe('accuracyStatsOf and accuracyAxisDomain', () => {
  it('gives max and mean', () => {
    expect(accuracyStatsOf([50, 60, 55])).toEqual({ max: 60, average: 55 });
    expect(accuracyStatsOf([])).toBeNull();
  });
  it('keeps the axis at 50–100 unless a day falls below 50', () => {
    expect(accuracyAxisDomain([52, 61])).toEqual([50, 100]);
    expect(accuracyAxisDomain([])).toEqual([50, 100]);
    expect(accuracyAxisDomain([47.5, 55])).toEqual([40, 100]);
  });
});
