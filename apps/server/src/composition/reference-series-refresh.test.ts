import { afterEach, describe, expect, it, vi } from 'vitest';
import type { YahooClient } from '@/market/yahoo/yahoo-client';
import type { EvdsClient } from '@/modules/reference-series/evds-client';
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
  const calls = {
    shipped: 0,
    refreshes: 0,
    fail: false,
    providerOptions: [] as unknown[],
    evds: 0,
    evdsFailure: null as string | null,
  };
  return {
    calls,
    services: {
      referenceSeries: {
        ensureShippedHistory: () => {
          calls.shipped++;
          return Promise.resolve(0);
        },
        refreshFromProvider: (_client: unknown, options: unknown) => {
          calls.refreshes++;
          calls.providerOptions.push(options);
          return calls.fail ? Promise.reject(new Error('provider down')) : Promise.resolve([]);
        },
        fillFromEvds: () => {
          calls.evds++;
          const failure = calls.evdsFailure;
          return Promise.resolve({
            written: [],
            problems: failure
              ? [{ series: ['DEPOSIT_RATE'], failure, message: 'TCMB EVDS answered 503' }]
              : [],
            missingMonths: [],
          });
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

  it('with an EVDS key fills from EVDS whatever the feed, leaves FX to it, and asks again at the next tick only while EVDS is unavailable', async () => {
    vi.useFakeTimers();
    const { calls, services } = fakeSeries();
    calls.evdsFailure = 'unavailable';
    let now = 0;
    const stop = await startReferenceSeries(
      services,
      { active: () => false, client },
      quiet as never,
      { refreshMs: 60_000, tickMs: 1_000, now: () => now },
      {} as EvdsClient,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.evds).toBe(1); // the feed is simulated: EVDS is asked all the same
    expect(calls.refreshes).toBe(0);
    now = 1_000;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls.evds).toBe(2); // EVDS was unavailable: again at the next tick
    calls.evdsFailure = 'key-refused';
    now = 2_000;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls.evds).toBe(3);
    now = 3_000;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls.evds).toBe(3); // a refused key is not asked again within the refresh period
    stop();

    const other = fakeSeries();
    const stopOther = await startReferenceSeries(
      other.services,
      { active: () => true, client },
      quiet as never,
      { refreshMs: 60_000, tickMs: 1_000, now: () => 0 },
      {} as EvdsClient,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(other.calls.providerOptions).toEqual([{ fx: false }]); // gold only: EVDS fills USD/TRY and EUR/TRY
    stopOther();
  });

  it('without an EVDS key the provider fills FX and gold as before', async () => {
    vi.useFakeTimers();
    const { calls, services } = fakeSeries();
    const stop = await startReferenceSeries(services, { active: () => true, client }, quiet as never, {
      refreshMs: 60_000,
      tickMs: 1_000,
      now: () => 0,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.providerOptions).toEqual([{}]);
    expect(calls.evds).toBe(0);
    stop();
  });
});
