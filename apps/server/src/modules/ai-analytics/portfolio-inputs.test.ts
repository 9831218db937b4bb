import { describe, expect, it } from 'vitest';
import { alignCloses, logReturnsOf, viewConfidenceOf } from './portfolio-inputs.ts';

describe('portfolio inputs', () => {
  it('aligns closes on the dates every symbol and the benchmark traded', () => {
    const panel = alignCloses(
      ['A', 'B'],
      new Map([
        [
          'A',
          [
            { date: 'd1', closeTry: 10 },
            { date: 'd2', closeTry: 11 },
            { date: 'd3', closeTry: 12 },
          ],
        ],
        [
          'B',
          [
            { date: 'd1', closeTry: 20 },
            { date: 'd3', closeTry: 22 },
            { date: 'd4', closeTry: 0 },
          ],
        ],
      ]),
      [
        { date: 'd1', closeTry: 100 },
        { date: 'd2', closeTry: 101 },
        { date: 'd3', closeTry: 102 },
        { date: 'd4', closeTry: 103 },
      ],
    );
    expect(panel).toEqual({
      dates: ['d1', 'd3'],
      closes: [
        [10, 20],
        [12, 22],
      ],
      benchmark: [100, 102],
    });
    expect(logReturnsOf(panel.closes)[0]![0]).toBeCloseTo(Math.log(1.2), 14);
  });

  it('gives views no weight without an edge over the baseline and more with more skill', () => {
    expect(viewConfidenceOf(50, 52.5)).toBe(0);
    expect(viewConfidenceOf(null, 50)).toBe(0);
    expect(viewConfidenceOf(55, 50)).toBeCloseTo(0.1, 12);
    expect(viewConfidenceOf(100, 40)).toBe(1);
  });
});
