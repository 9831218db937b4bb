import { describe, expect, it } from 'vitest';
import {
  accuracyAxisDomain,
  accuracyStatsOf,
  accuracyTrendOf,
  callToneOf,
  isRelativeCall,
} from './prediction-rules';

describe('callToneOf / isRelativeCall', () => {
  it('colours the upper side green and the lower red, relative or absolute', () => {
    expect(callToneOf('outperform')).toBe('up');
    expect(callToneOf('up')).toBe('up');
    expect(callToneOf('underperform')).toBe('down');
    expect(callToneOf('down')).toBe('down');
    expect(callToneOf('neutral')).toBe('neutral');
  });
  it('marks the relative calls (worded against XU100), not the absolute ones', () => {
    expect(isRelativeCall('outperform')).toBe(true);
    expect(isRelativeCall('underperform')).toBe(true);
    expect(isRelativeCall('up')).toBe(false);
    expect(isRelativeCall('down')).toBe(false);
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
