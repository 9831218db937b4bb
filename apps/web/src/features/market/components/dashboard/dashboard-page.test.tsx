import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import type { DashboardCharts as DashboardChartsType } from './dashboard-charts';
import type { MarketStatCards as MarketStatCardsType } from './market-stat-cards';
import type { MoversCard as MoversCardType } from './movers-card';
import type { SectorDistributionCard as SectorDistributionCardType } from './sector-distribution-card';
import { DASHBOARD_BODIES } from '@/test/dashboard-bodies';
import { renderApp } from '@/test/render-app';

/** Renders of each section's presentational component (the real ones, counted). */
const renders = vi.hoisted(() => ({ charts: 0, movers: 0, stats: 0, sectors: 0 }));
vi.mock('./dashboard-charts', async (original) => {
  const actual = await original<{ DashboardCharts: typeof DashboardChartsType }>();
  return {
    DashboardCharts: (props: Parameters<typeof actual.DashboardCharts>[0]) => {
      renders.charts += 1;
      return actual.DashboardCharts(props);
    },
  };
});
vi.mock('./movers-card', async (original) => {
  const actual = await original<{ MoversCard: typeof MoversCardType }>();
  return {
    MoversCard: (props: Parameters<typeof actual.MoversCard>[0]) => {
      renders.movers += 1;
      return actual.MoversCard(props);
    },
  };
});
vi.mock('./market-stat-cards', async (original) => {
  const actual = await original<{ MarketStatCards: typeof MarketStatCardsType }>();
  return {
    MarketStatCards: (props: Parameters<typeof actual.MarketStatCards>[0]) => {
      renders.stats += 1;
      return actual.MarketStatCards(props);
    },
  };
});
vi.mock('./sector-distribution-card', async (original) => {
  const actual = await original<{ SectorDistributionCard: typeof SectorDistributionCardType }>();
  return {
    SectorDistributionCard: (props: Parameters<typeof actual.SectorDistributionCard>[0]) => {
      renders.sectors += 1;
      return actual.SectorDistributionCard(props);
    },
  };
});

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

// The dashboard's summary as the server sends it, its data 15 minutes old (the stale banner).
const fresh = DASHBOARD_BODIES['/api/market/summary'];
const summary = {
  ...fresh,
  data: { ...fresh.data, freshness: { ...fresh.data.freshness, stale: true, ageSeconds: 900 } },
};

let summaryOk = true;
/** The live quotes' price of the first stock (a tick moves it); null: no quotes (the charts stay empty). */
let livePrice: number | null = null;
const liveBody = () => {
  const body = DASHBOARD_BODIES['/api/market/live-data?limit=5'];
  const price = livePrice;
  return {
    ...body,
    data: price === null ? [] : body.data.map((q, i) => (i === 0 ? { ...q, price } : q)),
  };
};

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.token, 'tok');
  localStorage.setItem(
    STORAGE_KEYS.user,
    JSON.stringify({ id: 'u1', email: 'a@b.co', name: 'A', role: 'investor', avatar: null }),
  );
  summaryOk = true;
  livePrice = null;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const path = new URL(input, 'http://localhost').pathname;
      if (path === '/api/market/summary') {
        return Promise.resolve(summaryOk ? json(200, summary) : json(500, { success: false, error: 'boom' }));
      }
      if (path === '/api/market/live-data') return Promise.resolve(json(200, liveBody()));
      return Promise.resolve(json(404, { success: false, error: 'x' }));
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DashboardPage', () => {
  it('shows the four cards with the computed BIST 100, movers, sectors and the stale banner', async () => {
    renderApp('/dashboard');
    const total = await screen.findByTestId('card-total-stocks');
    expect(total.textContent).toContain('596');
    expect(total.textContent).toContain('38 sektör');
    expect(screen.getByTestId('card-market-value').textContent).toContain('₺14,1 Tn');
    expect(screen.getByTestId('card-market-value').textContent).toContain('Günlük hacim ₺175,4 Mr');
    const bist = screen.getByTestId('card-bist100');
    expect(bist.textContent).toContain('14.321,20');
    expect(within(bist).getByText('-%0,96').closest('.text-down')).toBeTruthy();
    // No predictions endpoint: '---'.
    expect(screen.getByTestId('card-ai').textContent).toContain('---');
    expect(screen.queryByTestId('ai-summary')).toBeNull();
    // Below the fold: rendered just after the cards (Deferred).
    expect((await screen.findByTestId('top-gainers')).textContent).toContain('+%9,99');
    expect(screen.getByTestId('sector-distribution').textContent).toContain('53 hisse');
    expect(screen.getByTestId('stale-banner').textContent).toContain('Veriler gecikmeli');
    expect(screen.getByTestId('stale-banner').textContent).toContain('15 dk');
  });

  it('replaces the content with the red error card and refreshes from it', async () => {
    summaryOk = false;
    renderApp('/dashboard');
    expect(await screen.findByText('Veri yüklenirken hata oluştu')).toBeTruthy();
    summaryOk = true;
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Yenile' }));
    expect(await screen.findByTestId('card-total-stocks')).toBeTruthy();
  });

  it('re-renders on a tick only the parts whose figures moved', async () => {
    livePrice = 58.3;
    renderApp('/dashboard');
    await screen.findByTestId('top-gainers');
    await waitFor(() => expect(screen.getByTestId('last-update').textContent).not.toContain('Yükleniyor'));
    const before = { ...renders };
    expect(before.charts).toBeGreaterThan(0);
    // A tick: the live quotes move, the summary's movers, cards and sectors do not. The refresh button refetches
    // both answers, as the poll does.
    livePrice = 59.1;
    fireEvent.click(screen.getByTestId('refresh'));
    await waitFor(() => expect(renders.charts).toBeGreaterThan(before.charts));
    await waitFor(() => expect(screen.getByTestId('refresh').hasAttribute('disabled')).toBe(false));
    expect({ movers: renders.movers, stats: renders.stats, sectors: renders.sectors }).toEqual({
      movers: before.movers,
      stats: before.stats,
      sectors: before.sectors,
    });
    // The charts draw in jsdom: slow on a busy machine.
  }, 30_000);
});
