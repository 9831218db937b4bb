import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import type { MarketCharts as MarketChartsType } from './market-charts';
import type { MarketStatCards as MarketStatCardsType } from './market-stat-cards';
import type { MoversCard as MoversCardType } from './movers-card';
import type { SectorDistributionCard as SectorDistributionCardType } from './sector-distribution-card';
import { DASHBOARD_BODIES } from '@/test/dashboard-bodies';
import { renderApp } from '@/test/render-app';

/** Renders of each section's presentational component (the real ones, counted). */
const renders = vi.hoisted(() => ({ charts: 0, movers: 0, stats: 0, sectors: 0 }));
vi.mock('./market-charts', async (original) => {
  const actual = await original<{ MarketCharts: typeof MarketChartsType }>();
  return {
    MarketCharts: (props: Parameters<typeof actual.MarketCharts>[0]) => {
      renders.charts += 1;
      return actual.MarketCharts(props);
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
/** Added to the first sector's move in the summary (a later poll moves it; nothing else in the summary moves). */
let sectorShift = 0;
const summaryBody = () =>
  sectorShift === 0
    ? summary
    : {
        ...summary,
        data: {
          ...summary.data,
          sector_moves: summary.data.sector_moves.map((m, i) =>
            i === 0 ? { ...m, change_percent: m.change_percent + sectorShift } : m,
          ),
        },
      };

// The investor's own data: a portfolio 2 points ahead of XU100 over the month, two watched stocks, one alert.
const PORTFOLIO = {
  success: true,
  data: {
    overview: {
      total_value: 90_000,
      total_cost: 80_000,
      total_gain_loss: 10_000,
      total_gain_loss_percent: 12.5,
      cash_balance: 10_000,
      net_worth: 100_000,
      net_contributions: 95_000,
      realized_gain_loss: 0,
      dividends: 0,
      fees: 0,
      total_return: 5_000,
      daily_change: -250.5,
      daily_change_percent: -0.28,
      holdings_count: 2,
      cash_weight_percent: 10,
      range: '1A',
      twr_percent: 3.5,
      benchmark_return_percent: 1.5,
      is_demo: false,
      allow_negative_cash: false,
    },
    holdings: [],
    performance: [],
  },
};
const watched = (symbol: string, change: number) => ({
  symbol,
  price: 100,
  change_percent: change,
  name: `${symbol} A.Ş.`,
  sector: 'Holding',
  previous_close: 100,
  volume: 1,
  added_at: '2026-11-01T00:00:00Z',
});
const WATCHLIST = { success: true, data: { watchlist: [watched('AAAA', 0.5), watched('BBBB', -4)] } };
const ALERTS = {
  success: true,
  data: {
    unread_count: 0,
    alerts: [
      {
        id: 1,
        symbol: 'BBBB',
        company_name: null,
        direction: 'below',
        threshold_price: 90,
        note: null,
        status: 'active',
        created_at: '2026-11-01T00:00:00Z',
        triggered_at: null,
        triggered_price: null,
        read_at: null,
      },
    ],
  },
};

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.token, 'tok');
  localStorage.setItem(
    STORAGE_KEYS.user,
    JSON.stringify({ id: 'u1', email: 'a@b.co', name: 'A', role: 'investor', avatar: null }),
  );
  summaryOk = true;
  sectorShift = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const path = new URL(input, 'http://localhost').pathname;
      if (path === '/api/market/summary') {
        return Promise.resolve(
          summaryOk ? json(200, summaryBody()) : json(500, { success: false, error: 'boom' }),
        );
      }
      if (path === '/api/portfolio/overview') return Promise.resolve(json(200, PORTFOLIO));
      if (path === '/api/watchlist') return Promise.resolve(json(200, WATCHLIST));
      if (path === '/api/alerts') return Promise.resolve(json(200, ALERTS));
      if (path === '/api/market/live-data') {
        return Promise.resolve(json(200, { success: true, data: [], freshness: summary.data.freshness }));
      }
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
    // The sectors' moves replace the five share prices as bars.
    const moves = screen.getAllByTestId('sector-move').map((row) => row.textContent);
    expect(moves).toEqual(['Bankacılık+%1,25', 'Holding-%0,50']);
    expect(screen.queryByTestId('price-chart')).toBeNull();
  });

  it("leads with the investor's portfolio against XU100, then watched movers with their alerts", async () => {
    renderApp('/dashboard');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Özet');
    const snapshot = screen.getByTestId('portfolio-snapshot');
    expect((await within(snapshot).findByTestId('snapshot-value')).textContent).toBe('₺100.000,00');
    expect(within(snapshot).getByTestId('snapshot-today').textContent).toBe('-₺250,50');
    expect(within(snapshot).getByTestId('snapshot-twr').textContent).toBe('+%3,50');
    expect(within(snapshot).getByTestId('snapshot-benchmark').textContent).toBe(
      "XU100 aynı dönemde +%1,50 · XU100'ün 2,00 puan önünde",
    );
    // Before the market's cards in the document.
    const personal = screen.getByTestId('dashboard-personal');
    const cards = await screen.findByTestId('card-total-stocks');
    expect(personal.compareDocumentPosition(cards) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The biggest move first, with its alert.
    const movers = screen.getByTestId('watchlist-movers');
    await within(movers).findByText('BBBB');
    const symbols = within(movers)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'))
      .filter((href) => href?.startsWith('/stocks/'));
    expect(symbols).toEqual(['/stocks/BBBB', '/stocks/AAAA']);
    expect((await within(movers).findByTestId('symbol-alerts')).textContent).toContain('₺90,00 altı');
  });

  it('replaces the content with the red error card and refreshes from it', async () => {
    summaryOk = false;
    renderApp('/dashboard');
    expect(await screen.findByText('Veri yüklenirken hata oluştu')).toBeTruthy();
    summaryOk = true;
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Yenile' }));
    expect(await screen.findByTestId('card-total-stocks')).toBeTruthy();
  });
  it('re-renders on a poll only the parts whose figures moved', async () => {
    renderApp('/dashboard');
    await screen.findByTestId('top-gainers');
    await waitFor(() => expect(screen.getByTestId('last-update').textContent).not.toContain('Yükleniyor'));
    const before = { ...renders };
    expect(before.charts).toBeGreaterThan(0);
    // The next answer moves one sector; the movers, cards and sector distribution are the same figures. The refresh
    // button refetches the summary, as the poll does.
    sectorShift = 1.5;
    fireEvent.click(screen.getByTestId('refresh'));
    await waitFor(() => expect(renders.charts).toBeGreaterThan(before.charts));
    await waitFor(() => expect(screen.getByTestId('refresh').hasAttribute('disabled')).toBe(false));
    expect({ movers: renders.movers, stats: renders.stats, sectors: renders.sectors }).toEqual({
      movers: before.movers,
      stats: before.stats,
      sectors: before.sectors,
    });
  }, 30_000);
});
