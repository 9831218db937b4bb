import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { DASHBOARD_BODIES } from '@/test/dashboard-bodies';
import { renderApp } from '@/test/render-app';

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

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.token, 'tok');
  localStorage.setItem(
    STORAGE_KEYS.user,
    JSON.stringify({ id: 'u1', email: 'a@b.co', name: 'A', role: 'investor', avatar: null }),
  );
  summaryOk = true;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const path = new URL(input, 'http://localhost').pathname;
      if (path === '/api/market/summary') {
        return Promise.resolve(summaryOk ? json(200, summary) : json(500, { success: false, error: 'boom' }));
      }
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
  });

  it('replaces the content with the red error card and refreshes from it', async () => {
    summaryOk = false;
    renderApp('/dashboard');
    expect(await screen.findByText('Veri yüklenirken hata oluştu')).toBeTruthy();
    summaryOk = true;
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Yenile' }));
    expect(await screen.findByTestId('card-total-stocks')).toBeTruthy();
  });
});
