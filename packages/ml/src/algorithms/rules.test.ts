import { describe, expect, it } from 'vitest';
import { featuresOf, lastDay } from '../../test/helpers.ts';
import { stateNumber, trainingDataAt } from '../algorithm.ts';
import { FEATURE_COLUMN as COL, rowsOfDays } from '../features.ts';
import { walkForwardAlgorithm } from '../walk-forward.ts';
import { RULE_ALGORITHMS } from './rules.ts';

const rule = (id: string) => RULE_ALGORITHMS.find((a) => a.id === id)!;

describe('technical rules', () => {
  const reverting = featuresOf({ nSeries: 60, nDays: 500, seed: 21, beta: 0, continuation: -0.2 });
  const trending = featuresOf({ nSeries: 60, nDays: 500, seed: 22, beta: 0, continuation: 0.2 });

  it('fit a positive scale for reversal signals when returns mean-revert', () => {
    for (const id of ['reversal-1w', 'rsi-reversion', 'bollinger-reversion', 'stochastic-oscillator']) {
      const model = rule(id).fit(trainingDataAt(reverting, 1, lastDay(reverting)));
      expect(stateNumber(model.state, 'beta'), id).toBeGreaterThan(0);
    }
  });

  it('beat a coin out of sample with the close-based reversal signals (the lag-1 reversion is visible to them)', () => {
    // The stochastic oscillator's 14-day high/low range barely reflects a lag-1 reversion, so it is not held to this.
    for (const id of ['reversal-1w', 'rsi-reversion', 'bollinger-reversion']) {
      const run = walkForwardAlgorithm(reverting, rule(id), { horizon: 1, evalDays: 150 });
      expect(run.metrics.hitRateLow, id).toBeGreaterThan(0.5);
      expect(run.metrics.rankIc.mean, id).toBeGreaterThan(0.03);
    }
  });

  it('flip the sign of the fitted scale when the same signal works backwards (continuation)', () => {
    const model = rule('reversal-1w').fit(trainingDataAt(trending, 1, lastDay(trending)));
    expect(stateNumber(model.state, 'beta')).toBeLessThan(0);
  });

  it('predict β·signal in return units', () => {
    const alg = rule('reversal-1w');
    const model = alg.fit(trainingDataAt(reverting, 1, lastDay(reverting)));
    const beta = stateNumber(model.state, 'beta');
    const rows = rowsOfDays(reverting, 300, 301);
    const pred = alg.predict(model, { features: reverting, rows }).expectedReturn;
    rows.forEach((r, i) =>
      expect(pred[i]).toBeCloseTo(-beta * reverting.raw[r * reverting.cols + COL.mom_5]!, 12),
    );
    expect(Math.max(...Array.from(pred, Math.abs))).toBeLessThan(0.05);
  });

  it('the 12-1 momentum, 50/200 cross and Donchian signals exist only once their look-backs are available', () => {
    for (const id of ['momentum-12-1', 'ma-cross-50-200']) {
      const alg = rule(id);
      const model = alg.fit(trainingDataAt(trending, 1, lastDay(trending)));
      const early = alg.predict(model, {
        features: trending,
        rows: rowsOfDays(trending, 61, 62),
      }).expectedReturn;
      expect(Array.from(early).every((v) => v === 0)).toBe(true);
      const late = alg.predict(model, {
        features: trending,
        rows: rowsOfDays(trending, 480, 481),
      }).expectedReturn;
      expect(Array.from(late).some((v) => v !== 0)).toBe(true);
    }
  });
});
