import { afterEach, describe, expect, it, vi } from 'vitest';
import type { YahooClient } from '@/market/yahoo/yahoo-client';
import { startReferenceSeries } from './background.ts';

const quiet = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
};
const client = {} as YahooClient;

/** The reference-series service as the refresh sees it: counts the provider fills, fails when told to. */
function fakeSeries() {
  const calls = { shipped: 0, refreshes: 0, fail: false };
  return {
    calls,
    services: {
      referenceSeries: {
        ensureShippedHistory: () => {
          calls.shipped++;
          return Promise.resolve(0);
        },
        refreshFromProvider: () => {
          calls.refreshes++;
          return calls.fail ? Promise.reject(new Error('provider down')) : Promise.resolve([]);
        },
      },
    } as unknown as Parameters<typeof startReferenceSeries>[0],
  };
}

describe('the reference series refresh', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fills from the provider at the first tick after the feed becomes real, then only every refresh period', async () => {
    vi.useFakeTimers();
    const { calls, services } = fakeSeries();
    let active = false;
    let now = 0;
    const stop = await startReferenceSeries(services, { active: () => active, client }, quiet as never, {
      refreshMs: 6_000,
      tickMs: 1_000,
      now: () => now,
    });
    expect(calls.shipped).toBe(1);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(calls.refreshes).toBe(0); // simulated: nothing asked of the provider

    active = true; // MARKET_FEED=auto moved to the real feed
    now = 3_000;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls.refreshes).toBe(1);

    now = 8_000; // within the refresh period of the fill
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls.refreshes).toBe(1);
    now = 9_500;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls.refreshes).toBe(2);
    stop();
  });

  it('tries again at the next tick after a failed fill', async () => {
    vi.useFakeTimers();
    const { calls, services } = fakeSeries();
    calls.fail = true;
    const stop = await startReferenceSeries(services, { active: () => true, client }, quiet as never, {
      refreshMs: 60_000,
      tickMs: 1_000,
      now: () => 0,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.refreshes).toBe(1);
    calls.fail = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls.refreshes).toBe(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls.refreshes).toBe(2); // the fill succeeded: not again within the period
    stop();
  });
});
