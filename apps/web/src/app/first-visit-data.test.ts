import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { OFFLINE_TOKEN_PREFIX } from '@bist/contracts';
import { prefetchFirstVisit } from '@/app/first-visit-data';
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
  it("asks for the dashboard's three data sets at once for a signed-in investor", () => {
    const fetch = stubFetch();
    investorSession.persist({ token: 'real-token', user });
    prefetchFirstVisit('/dashboard', new QueryClient());
    expect(urls(fetch)).toEqual([
      '/api/market/live-data?limit=5',
      '/api/market/summary',
      '/api/predictions/daily-summary',
    ]);
  });

  it('asks for nothing without a session, offline, or on another page', () => {
    const fetch = stubFetch();
    prefetchFirstVisit('/dashboard', new QueryClient());
    investorSession.persist({ token: `${OFFLINE_TOKEN_PREFIX}1`, user });
    prefetchFirstVisit('/dashboard', new QueryClient());
    investorSession.persist({ token: 'real-token', user });
    prefetchFirstVisit('/portfolio', new QueryClient());
    expect(fetch).not.toHaveBeenCalled();
  });
});
