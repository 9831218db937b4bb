import { describe, expect, it } from 'vitest';
import { isNotWorseWalkForward } from './ai-operations.ts';

describe('the champion rule', () => {
  it('lets the first version win and compares Rank IC first', () => {
    expect(isNotWorseWalkForward({ rankIcMean: -0.2, accuracyPercent: 40 }, null)).toBe(true);
    expect(
      isNotWorseWalkForward(
        { rankIcMean: 0.03, accuracyPercent: 50 },
        { rankIcMean: 0.02, accuracyPercent: 55 },
      ),
    ).toBe(true);
    expect(
      isNotWorseWalkForward(
        { rankIcMean: 0.01, accuracyPercent: 60 },
        { rankIcMean: 0.02, accuracyPercent: 50 },
      ),
    ).toBe(false);
  });

  it('counts no ranking as the lowest and breaks ties on the hit rate', () => {
    expect(
      isNotWorseWalkForward(
        { rankIcMean: null, accuracyPercent: 60 },
        { rankIcMean: -0.5, accuracyPercent: 50 },
      ),
    ).toBe(false);
    expect(
      isNotWorseWalkForward(
        { rankIcMean: null, accuracyPercent: 50 },
        { rankIcMean: null, accuracyPercent: 50 },
      ),
    ).toBe(true);
    expect(
      isNotWorseWalkForward(
        { rankIcMean: 0.02, accuracyPercent: 49 },
        { rankIcMean: 0.02, accuracyPercent: 50 },
      ),
    ).toBe(false);
  });
});
