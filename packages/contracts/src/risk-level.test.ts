import { describe, expect, it } from 'vitest';
import { riskLevelOf, riskScoreOf } from './compliance.values.ts';

describe(riskLevelOf.name, () => {
  it('bands every cell of the 5×5 matrix at the edges 4/5, 9/10, 14/15', () => {
    expect([1, 4, 5, 9, 10, 14, 15, 25].map(riskLevelOf)).toEqual([
      'low',
      'low',
      'medium',
      'medium',
      'high',
      'high',
      'critical',
      'critical',
    ]);
    const cells = [1, 2, 3, 4, 5].flatMap((l) => [1, 2, 3, 4, 5].map((i) => riskLevelOf(riskScoreOf(l, i))));
    expect(cells.filter((c) => c === 'critical')).toHaveLength(6); // 3×5, 5×3, 4×4, 4×5, 5×4, 5×5
  });
  it('refuses scores outside 1–25', () => {
    expect(() => riskLevelOf(0)).toThrow(RangeError);
    expect(() => riskLevelOf(26)).toThrow(RangeError);
  });
});
