import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { OFFLINE_TOKEN_PREFIX } from '@bist/contracts';
import { adoptServerRender, prefetchFirstVisit, SERVER_DATA_ID, settledWithin } from '@/app/first-visit-data';
import { getMarketStatusQueryOptions } from '@/features/market/api/get-market-status';
import { getMarketSummaryQueryOptions } from '@/features/market/api/get-market-summary';
import { i18n } from '@/lib/i18n';
import { investorSession } from '@/lib/investor-session';
import { DASHBOARD_BODIES, DASHBOARD_UPDATED_AT } from '@/test/dashboard-bodies';

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
  vi.restoreAllMocks();
  localStorage.clear();
  document.body.replaceChildren();
});

describe('prefetchFirstVisit', () => {
  it("asks for the dashboard's data sets at once for a signed-in investor; resolves when they have answered", async () => {
    const fetch = stubFetch();
    investorSession.persist({ token: 'real-token', user });
    const ready = prefetchFirstVisit('/dashboard', new QueryClient());
    expect(urls(fetch)).toEqual([
      '/api/market/live-data?limit=5',
      '/api/market/source',
      '/api/market/status',
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

/** A document as the server sends a rendered page (apps/server's web plugin, server-document.ts). */
function serverRendered(page: string, bodies: Record<string, unknown> = DASHBOARD_BODIES): HTMLElement {
  document.body.innerHTML = `<div id="root" data-server-rendered><h1>Dashboard</h1></div><script type="application/json" id="${SERVER_DATA_ID}"></script>`;
  const script = document.getElementById(SERVER_DATA_ID);
  if (script) script.textContent = JSON.stringify({ page, updatedAt: DASHBOARD_UPDATED_AT, bodies });
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root');
  return root;
}

describe('adoptServerRender', () => {
  it("fills the page's queries from the server's data as of when it took them, and keeps the markup for React to replace", () => {
    const root = serverRendered('/dashboard');
    const queryClient = new QueryClient();
    expect(adoptServerRender(root, '/dashboard', queryClient)).toBe(true);
    const summary = getMarketSummaryQueryOptions();
    expect(queryClient.getQueryData(summary.queryKey)).toEqual(DASHBOARD_BODIES['/api/market/summary'].data);
    expect(queryClient.getQueryState(summary.queryKey)?.dataUpdatedAt).toBe(DASHBOARD_UPDATED_AT);
    expect(queryClient.getQueryData(getMarketStatusQueryOptions().queryKey)).toEqual(
      DASHBOARD_BODIES['/api/market/status'].data,
    );
    expect(queryClient.getQueryData(['market', 'live-data', 5])).toEqual(
      DASHBOARD_BODIES['/api/market/live-data?limit=5'],
    );
    expect(root.innerHTML).toBe('<h1>Dashboard</h1>');
    expect(root.hasAttribute('data-server-rendered')).toBe(false);
    expect(document.getElementById(SERVER_DATA_ID)).toBeNull();
  });

  it('removes a Turkish render at once for an investor who chose English, filling nothing', () => {
    vi.spyOn(i18n, 'language', 'get').mockReturnValue('en');
    const root = serverRendered('/dashboard');
    const queryClient = new QueryClient();
    expect(adoptServerRender(root, '/dashboard', queryClient)).toBe(false);
    expect(root.childNodes).toHaveLength(0);
    expect(root.hasAttribute('data-server-rendered')).toBe(false);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it("removes a render whose data is another page's, incomplete or unreadable", () => {
    const { '/api/market/status': _status, ...incomplete } = DASHBOARD_BODIES;
    const unreadable = () => {
      const root = serverRendered('/dashboard');
      const script = document.getElementById(SERVER_DATA_ID);
      if (script) script.textContent = '{"page":';
      return root;
    };
    for (const render of [
      () => serverRendered('/portfolio'),
      () => serverRendered('/dashboard', incomplete),
      unreadable,
    ]) {
      const root = render();
      const queryClient = new QueryClient();
      expect(adoptServerRender(root, '/dashboard', queryClient)).toBe(false);
      expect(root.childNodes).toHaveLength(0);
      expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    }
  });

  it("leaves a page the server did not render alone (index.html's splash)", () => {
    document.body.innerHTML = '<div id="root"><div class="splash"></div></div>';
    const root = document.getElementById('root') as HTMLElement;
    expect(adoptServerRender(root, '/dashboard', new QueryClient())).toBe(false);
    expect(root.innerHTML).toBe('<div class="splash"></div>');
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
