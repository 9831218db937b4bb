import { describe, expect, it } from 'vitest';
import { planChange, planPrice, yearlySaving } from './pricing';

describe('planPrice', () => {
  it('adds 20 % KDV to the plan price, as the server charges it', () => {
    expect(planPrice('premium', 'monthly')).toEqual({ amount: 149, tax: 29.8, total: 178.8 });
    expect(planPrice('pro', 'yearly')).toEqual({ amount: 3490, tax: 698, total: 4188 });
    expect(planPrice('free', 'monthly')).toEqual({ amount: 0, tax: 0, total: 0 });
  });
});

describe('yearlySaving', () => {
  it('compares the yearly price with twelve monthly payments', () => {
    expect(yearlySaving('premium')).toEqual({ amount: 298, percent: (298 / 1788) * 100 });
    expect(yearlySaving('pro')?.amount).toBe(698);
    expect(yearlySaving('free')).toBeNull();
  });
});

describe('planChange', () => {
  const free = { plan: 'free', interval: 'monthly' } as const;
  const premium = { plan: 'premium', interval: 'monthly' } as const;
  it('names each kind of change', () => {
    expect(planChange(free, premium)).toBe('start');
    expect(planChange(premium, { plan: 'pro', interval: 'monthly' })).toBe('upgrade');
    expect(planChange({ plan: 'pro', interval: 'yearly' }, premium)).toBe('downgrade');
    expect(planChange(premium, { plan: 'premium', interval: 'yearly' })).toBe('interval');
    expect(planChange(premium, premium)).toBe('current');
    expect(planChange(premium, free)).toBe('cancel');
    expect(planChange(free, { plan: 'free', interval: 'yearly' })).toBe('current');
  });
});
