import { describe, expect, it } from 'vitest';
import { waterfallSteps } from './waterfall';

describe('waterfallSteps', () => {
  const month = {
    month: '2026-11',
    start_mrr: 1000,
    new_mrr: 300,
    reactivation: 50,
    expansion: 150,
    contraction: 100,
    churn: 200,
    end_mrr: 1200,
  };

  it('floats each movement from the running total and ends on the end MRR', () => {
    const steps = waterfallSteps(month);
    expect(steps.map((s) => [s.key, s.kind, s.low, s.high])).toEqual([
      ['start', 'total', 0, 1000],
      ['new', 'up', 1000, 1300],
      ['reactivation', 'up', 1300, 1350],
      ['expansion', 'up', 1350, 1500],
      ['contraction', 'down', 1400, 1500],
      ['churn', 'down', 1200, 1400],
      ['end', 'total', 0, 1200],
    ]);
    // The last movement lands where the end bar stands.
    expect(steps[5]!.low).toBe(steps[6]!.high);
  });

  it('draws zero-size movements as empty steps at the running total', () => {
    const steps = waterfallSteps({
      ...month,
      new_mrr: 0,
      reactivation: 0,
      expansion: 0,
      contraction: 0,
      churn: 0,
      end_mrr: 1000,
    });
    expect(steps.slice(1, 6).every((s) => s.low === 1000 && s.high === 1000 && s.value === 0)).toBe(true);
  });
});
