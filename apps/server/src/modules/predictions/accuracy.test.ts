import { describe, expect, it } from 'vitest';
import {
  accuracyWithBaseline,
  REALISED_ACCURACY_MIN_COUNT,
  REALISED_ACCURACY_MIN_DAYS,
} from './predictions.service.ts';

/** `days` target dates of `perDay` predictions each; on a day every prediction hits or every one misses. */
function sharedMoves(days: number, perDay: number, hitDay: (d: number) => boolean) {
  const daily = Array.from({ length: days }, (_, d) => ({
    n: perDay,
    hits: hitDay(d) ? perDay : 0,
    ups: d % 2 === 0 ? perDay : 0,
  }));
  const total = (k: 'n' | 'hits' | 'ups') => daily.reduce((s, x) => s + x[k], 0);
  return { evaluated: total('n'), hits: total('hits'), ups: total('ups'), days, daily };
}

describe('the realised accuracy shown to investors', () => {
  it('carries the day-clustered interval: one day shares one move, so it is wide and says so', () => {
    // 30 days × 20 predictions; 16 days all hit, 14 all miss: 53,3 % over 600 rows, but only 30 independent days.
    const realised = sharedMoves(30, 20, (d) => d < 16);
    expect(realised.evaluated).toBeGreaterThanOrEqual(REALISED_ACCURACY_MIN_COUNT);
    expect(realised.days).toBeGreaterThanOrEqual(REALISED_ACCURACY_MIN_DAYS);
    const shown = accuracyWithBaseline(undefined, realised, 1)!;
    expect(shown).toMatchObject({ source: 'realised', accuracy: 53.33, baseline: 50, count: 600 });
    // Clustered by day: p ± 1.96 · √(Σ e_d²) / N with e_d = ±20 · (1 − p) or p.
    const p = 16 / 30;
    const se = Math.sqrt(16 * (20 * (1 - p)) ** 2 + 14 * (20 * p) ** 2) / 600;
    expect(shown.accuracy_ci!.low).toBeCloseTo(100 * (p - 1.959963984540054 * se), 1);
    expect(shown.accuracy_ci!.high).toBeCloseTo(100 * (p + 1.959963984540054 * se), 1);
    // Wilson on 600 independent rows would be about ±4 points; by day it is about ±18.
    expect(shown.accuracy_ci!.high - shown.accuracy_ci!.low).toBeGreaterThan(30);
    expect(shown.edge_ci).not.toBeNull();
    expect(shown.indistinguishable).toBe(true);
  });

  it('keeps the walk-forward figure until enough has matured', () => {
    const young = sharedMoves(5, 20, () => true);
    expect(accuracyWithBaseline(undefined, young, 1)).toBeNull();
  });
});
