import { describe, expect, it } from 'vitest';
import { createPrng } from '@bist/market';
import { isTransientYahooError, retryDelayMs, withRetry } from './retry.ts';

function httpError(status: number): Error {
  return Object.assign(new Error('Service Unavailable'), { name: 'HTTPError', code: status });
}

describe(isTransientYahooError.name, () => {
  it('retries network errors, timeouts, 429 and 5xx, and nothing else', () => {
    expect(isTransientYahooError(httpError(429))).toBe(true);
    expect(isTransientYahooError(httpError(502))).toBe(true);
    expect(isTransientYahooError(new TypeError('fetch failed'))).toBe(true);
    expect(isTransientYahooError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))).toBe(
      true,
    );
    expect(
      isTransientYahooError(new Error('Failed to get crumb, status 429, statusText: Too Many Requests')),
    ).toBe(true);
    expect(isTransientYahooError(httpError(400))).toBe(false);
    expect(isTransientYahooError(httpError(404))).toBe(false);
    expect(isTransientYahooError(new Error('No data found, symbol may be delisted'))).toBe(false);
    expect(
      isTransientYahooError(Object.assign(new Error('bad shape'), { name: 'FailedYahooValidationError' })),
    ).toBe(false);
  });
});

describe(withRetry.name, () => {
  const policy = { maxAttempts: 4, baseDelayMs: 1_000, maxDelayMs: 3_000 };

  it('waits exponentially growing, capped, jittered delays that a seed reproduces', async () => {
    const run = async () => {
      const prng = createPrng(1, 'retry');
      const sleeps: number[] = [];
      await expect(
        withRetry(() => Promise.reject(httpError(503)), {
          policy,
          sleep: (ms) => {
            sleeps.push(ms);
            return Promise.resolve();
          },
          random: () => prng.uniform(),
          isTransient: isTransientYahooError,
        }),
      ).rejects.toThrow('Service Unavailable');
      return sleeps;
    };
    const sleeps = await run();
    expect(sleeps).toHaveLength(3); // four attempts
    expect(sleeps[0]).toBeGreaterThanOrEqual(500);
    expect(sleeps[0]).toBeLessThanOrEqual(1_000);
    expect(sleeps[1]).toBeGreaterThanOrEqual(1_000);
    expect(sleeps[1]).toBeLessThanOrEqual(2_000);
    expect(sleeps[2]).toBeGreaterThanOrEqual(1_500); // capped at 3 s
    expect(sleeps[2]).toBeLessThanOrEqual(3_000);
    expect(await run()).toEqual(sleeps);
    expect(retryDelayMs(policy, 10, () => 0.999)).toBeLessThanOrEqual(3_000);
  });

  it('gives up at once on a permanent failure', async () => {
    let attempts = 0;
    await expect(
      withRetry(
        () => {
          attempts += 1;
          return Promise.reject(httpError(400));
        },
        { policy, sleep: () => Promise.resolve(), random: () => 0, isTransient: isTransientYahooError },
      ),
    ).rejects.toThrow();
    expect(attempts).toBe(1);
  });
});
