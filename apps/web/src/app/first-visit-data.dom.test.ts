import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { OFFLINE_TOKEN_PREFIX } from '@bist/contracts';
import { prefetchFirstVisit, settledWithin } from '@/app/first-visit-data';
import { investorSession } from '@/lib/investor-session';

const user = { id: 'u1', email: 'ayse@example.com', name: 'Ayşe', role: 'investor' as const, avatar: null };

function stubFetch() {
  const fetch = vi.fn(() => Promise.resolve(new Response('{"success":false}', { status: 503 })));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const urls = (fetch: ReturnType<typeof stubFetch>) =>
  fetch.mock.calls.map((call) => String((call as unknown[])[0])).sort();

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('prefetchFirstVisit', () => {
  it("asks for the dashboard's three data sets at once for a signed-in investor; resolves when they have answered", async () => {
    const fetch = stubFetch();
    investorSession.persist({ token: 'real-token', user });
    const ready = prefetchFirstVisit('/dashboard', new QueryClient());
    expect(urls(fetch)).toEqual([
      '/api/market/live-data?limit=5',
      '/api/market/summary',
      '/api/predictions/daily-summary',
    ]);
    // The answers were errors (503): the prefetch still settles, and the first render goes on.
    await expect(ready).resolves.toBeDefined();
  });

  it('asks for nothing without a session, offline, or on another page', () => {
    const fetch = stubFetch();
    void prefetchFirstVisit('/dashboard', new QueryClient());
    investorSession.persist({ token: `${OFFLINE_TOKEN_PREFIX}1`, user });
    void prefetchFirstVisit('/dashboard', new QueryClient());
    investorSession.persist({ token: 'real-token', user });
    void prefetchFirstVisit('/portfolio', new QueryClient());
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('settledWithin', () => {
  it('resolves when the work settles, fulfilled or rejected, before the time is up', async () => {
    vi.useFakeTimers();
    try {
      let resolved = false;
      void settledWithin(Promise.reject(new Error('503')), 1_000).then(() => (resolved = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(resolved).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('resolves after the time when the work is still pending', async () => {
    vi.useFakeTimers();
    try {
      let resolved = false;
      void settledWithin(new Promise(() => {}), 1_000).then(() => (resolved = true));
      await vi.advanceTimersByTimeAsync(999);
      expect(resolved).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(resolved).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
