import { describe, expect, it } from 'vitest';
import { arcIndexAt, donutSlicePath, pieArcs, polar } from './pie-geometry';

describe('pieArcs', () => {
  it("splits the circle in proportion, clockwise from twelve o'clock", () => {
    const arcs = pieArcs([1, 1, 2]);
    expect(arcs[0]).toEqual({ start: 0, end: Math.PI / 2 });
    expect(arcs[1]).toEqual({ start: Math.PI / 2, end: Math.PI });
    expect(arcs[2]!.end).toBeCloseTo(2 * Math.PI);
  });
  it('pads each slice wider than the pad, but not a lone slice', () => {
    const [a, b] = pieArcs([1, 1], 0.1);
    expect(a!.start).toBeCloseTo(0.05);
    expect(a!.end).toBeCloseTo(Math.PI - 0.05);
    expect(b!.start).toBeCloseTo(Math.PI + 0.05);
    expect(pieArcs([5], 0.1)[0]).toEqual({ start: 0, end: 2 * Math.PI });
  });
  it('gives negative, non-finite and all-zero values no angle', () => {
    const arcs = pieArcs([-1, Number.NaN, 2]);
    expect(arcs[0]!.end - arcs[0]!.start).toBe(0);
    expect(arcs[1]!.end - arcs[1]!.start).toBe(0);
    expect(arcs[2]).toEqual({ start: 0, end: 2 * Math.PI });
    expect(pieArcs([0, 0]).every((arc) => arc.end === arc.start)).toBe(true);
  });
});

describe('donutSlicePath / polar', () => {
  it("places angles clockwise from twelve o'clock", () => {
    const [x, y] = polar(50, 50, 10, Math.PI / 2);
    expect(x).toBeCloseTo(60);
    expect(y).toBeCloseTo(50);
  });
  it('draws a quarter ring: outer arc, in to the inner radius, inner arc back', () => {
    expect(donutSlicePath(50, 50, 40, 20, { start: 0, end: Math.PI / 2 })).toBe(
      'M50 10 A40 40 0 0 1 90 50 L70 50 A20 20 0 0 0 50 30 Z',
    );
  });
  it('uses the large-arc flag past half a circle and closes a wedge at the centre', () => {
    expect(donutSlicePath(0, 0, 10, 0, { start: 0, end: 1.5 * Math.PI })).toBe(
      'M0 -10 A10 10 0 1 1 -10 0 L0 0 Z',
    );
  });
  it('draws a whole circle as two rings, and nothing for an empty slice', () => {
    const ring = donutSlicePath(50, 50, 40, 20, { start: 0, end: 2 * Math.PI });
    expect(ring.match(/M/g)).toHaveLength(2);
    expect(ring).toContain('A20 20');
    expect(donutSlicePath(50, 50, 40, 20, { start: 1, end: 1 })).toBe('');
  });
});

describe('arcIndexAt', () => {
  const arcs = pieArcs([1, 1, 2]);
  const centre = [50, 50] as const;
  it('finds the slice under a point on the ring', () => {
    expect(arcIndexAt(arcs, centre, [20, 40], [60, 20])).toBe(0);
    expect(arcIndexAt(arcs, centre, [20, 40], [60, 80])).toBe(1);
    expect(arcIndexAt(arcs, centre, [20, 40], [20, 40])).toBe(2);
  });
  it('finds none in the hole or outside the ring', () => {
    expect(arcIndexAt(arcs, centre, [20, 40], [55, 55])).toBe(-1);
    expect(arcIndexAt(arcs, centre, [20, 40], [99, 50])).toBe(-1);
  });
});
