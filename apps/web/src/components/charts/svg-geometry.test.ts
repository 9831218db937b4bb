import { describe, expect, it } from 'vitest';
import {
  areaPath,
  barPath,
  gappedLinePath,
  horizontalBarPath,
  linearScale,
  linePath,
  nearestIndex,
  niceStep,
  niceTicks,
  paddedDomain,
  spreadIndices,
  stepIndex,
  zeroBasedDomain,
} from './svg-geometry';

describe('linearScale', () => {
  it('maps the domain onto the range, inverted ranges included', () => {
    const y = linearScale([0, 100], [200, 0]);
    expect(y(0)).toBe(200);
    expect(y(100)).toBe(0);
    expect(y(25)).toBe(150);
  });
  it('puts everything in the middle for a zero-width domain', () => {
    expect(linearScale([5, 5], [0, 10])(5)).toBe(5);
  });
});

describe('niceStep / niceTicks', () => {
  it('picks 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceStep(100, 5)).toBe(20);
    expect(niceStep(9_800, 4)).toBe(2_500);
    expect(niceStep(0.7, 5)).toBe(0.2);
  });
  it('lists the round values inside the domain', () => {
    expect(niceTicks(0, 100, 5)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(niceTicks(9_812.4, 10_107.9, 4)).toEqual([9_900, 10_000, 10_100]);
    expect(niceTicks(0, 0.6, 3)).toEqual([0, 0.2, 0.4, 0.6]);
  });
  it('handles a flat or reversed domain', () => {
    expect(niceTicks(3, 3)).toEqual([3]);
    expect(niceTicks(10, 0, 2)).toEqual([0, 5, 10]);
    expect(niceTicks(Number.NaN, 1)).toEqual([]);
  });
});

describe('domains', () => {
  it('starts bars at zero and ends on a round value above the largest', () => {
    expect(zeroBasedDomain([312.5, 45.2, 120])).toEqual([0, 400]);
    expect(zeroBasedDomain([])).toEqual([0, 1]);
  });
  it('pads a series by 8 % of its span, a flat one by a small band', () => {
    expect(paddedDomain([100, 200])).toEqual([92, 208]);
    const [lo, hi] = paddedDomain([500, 500]);
    expect(lo).toBeLessThan(500);
    expect(hi).toBeGreaterThan(500);
  });
});

describe('paths', () => {
  it('draws a line through the points and closes the area down to the baseline', () => {
    expect(linePath([])).toBe('');
    expect(
      linePath([
        [0, 10],
        [5.123, 2],
      ]),
    ).toBe('M0 10 L5.12 2');
    expect(
      areaPath(
        [
          [0, 10],
          [5, 2],
        ],
        20,
      ),
    ).toBe('M0 10 L5 2 L5 20 L0 20 Z');
  });
  it('rounds the top corners of a bar and clamps the radius', () => {
    expect(barPath(10, 20, 8, 100, 4)).toBe('M10 100 L10 24 Q10 20 14 20 L14 20 Q18 20 18 24 L18 100 Z');
    expect(barPath(0, 98, 10, 100, 4)).toContain('Q0 98 2 98');
    expect(barPath(0, 100, 10, 100, 4)).toBe('');
  });
});

describe('pointer and keyboard', () => {
  it('finds the x nearest the pointer', () => {
    const xs = [10, 20, 40, 80];
    expect(nearestIndex(xs, 0)).toBe(0);
    expect(nearestIndex(xs, 29)).toBe(1);
    expect(nearestIndex(xs, 31)).toBe(2);
    expect(nearestIndex(xs, 500)).toBe(3);
    expect(nearestIndex([], 5)).toBe(-1);
  });
  it('spreads the labelled indices, first and last included', () => {
    expect(spreadIndices(100, 3)).toEqual([0, 50, 99]);
    expect(spreadIndices(3, 10)).toEqual([0, 1, 2]);
    expect(spreadIndices(0, 3)).toEqual([]);
  });
  it('steps with the arrows, jumps with Home/End, ignores other keys', () => {
    expect(stepIndex('ArrowLeft', 2, 5)).toBe(1);
    expect(stepIndex('ArrowLeft', 0, 5)).toBe(0);
    expect(stepIndex('ArrowRight', 4, 5)).toBe(4);
    expect(stepIndex('Home', 3, 5)).toBe(0);
    expect(stepIndex('End', null, 5)).toBe(4);
    expect(stepIndex('a', 2, 5)).toBeNull();
    expect(stepIndex('ArrowRight', null, 0)).toBeNull();
  });
});

describe('horizontalBarPath', () => {
  it('runs from the base to the value with the far corners rounded', () => {
    expect(horizontalBarPath(10, 110, 20, 10, 4)).toBe(
      'M10 20 L106 20 Q110 20 110 24 L110 26 Q110 30 106 30 L10 30 Z',
    );
  });
  it('draws nothing for a zero or negative length', () => {
    expect(horizontalBarPath(10, 10, 0, 10, 4)).toBe('');
    expect(horizontalBarPath(10, 5, 0, 10, 4)).toBe('');
  });
});

describe('gappedLinePath', () => {
  it('breaks the line where a point is missing', () => {
    expect(gappedLinePath([[0, 1], [1, 2], null, [3, 4], [4, 5]])).toBe('M0 1 L1 2 M3 4 L4 5');
  });
  it('is linePath without gaps, and empty without points', () => {
    const points = [
      [0, 1],
      [2, 3],
    ] as const;
    expect(gappedLinePath(points)).toBe(linePath(points));
    expect(gappedLinePath([null, null])).toBe('');
  });
});
