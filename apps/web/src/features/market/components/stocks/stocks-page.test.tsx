import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { renderApp } from '@/test/render-app';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const stock = (symbol: string, change: number) => ({
  symbol,
  company_name: `${symbol} A.Ş.`,
  price: 12.5,
  change_percent: change,
  volume: 2_500_000,
  turnover: 31_250_000,
  market_cap: 1_250_000_000,
  week52_low: 10,
  week52_high: 15,
  sector: 'Bankacılık',
});

let listCalls: URL[] = [];
let listAnswer: () => Response;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.token, 'tok');
  localStorage.setItem(
    STORAGE_KEYS.user,
    JSON.stringify({ id: 'u1', email: 'a@b.co', name: 'A', role: 'investor', avatar: null }),
  );
  listCalls = [];
  listAnswer = () =>
    json(200, {
      success: true,
      data: { stocks: [stock('GARAN', 6.2), stock('AKBNK', -1)], total: 45, page: 1, limit: 20 },
    });
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/stocks/list') {
        listCalls.push(url);
        return Promise.resolve(listAnswer());
      }
      if (url.pathname === '/api/stocks/sectors') {
        return Promise.resolve(
          json(200, { success: true, data: { sectors: [{ sector: 'Bankacılık', count: 12 }] } }),
        );
      }
      if (url.pathname === '/api/auth/me') {
        return Promise.resolve(
          json(200, {
            success: true,
            user: { id: 'u1', email: 'a@b.co', name: 'A', role: 'investor', avatar: null },
          }),
        );
      }
      return Promise.resolve(json(404, { success: false, error: 'x' }));
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('StocksPage', () => {
  it('reads the search from the URL and shows rows, arrows, cards and pages', async () => {
    renderApp('/stocks?search=garan');
    const table = await screen.findByRole('table', { name: 'Hisse senetleri tablosu' });
    await within(table).findByText('GARAN');
    expect(listCalls[0]?.searchParams.get('search')).toBe('garan');
    expect(listCalls[0]?.searchParams.get('limit')).toBe('20');
    expect(within(table).getByRole('img', { name: "%5'ten fazla yükseldi" })).toBeTruthy();
    expect(within(table).getByText('+%6,20')).toBeTruthy();
    expect(within(table).getAllByText('₺12,50')).toHaveLength(2);
    // Once in the volume column, once under the change for phones (hidden by CSS from the sm breakpoint).
    expect(within(table).getAllByText('2,5 Mn')).toHaveLength(4);
    // The 52-week range: ₺12,50 between ₺10 and ₺15 sits half-way.
    expect(
      within(table).getAllByRole('img', {
        name: '52 haftalık aralık ₺10,00 – ₺15,00; fiyatın aralıktaki yeri: %50',
      }),
    ).toHaveLength(2);
    expect(screen.getByText('Sayfa 1 / 3')).toBeTruthy();
    expect(screen.getByTestId('card-gainers').textContent).toContain("Sayfanın %50,0'ı");
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Hisse senetlerinde ara' }).value).toBe(
      'garan',
    );
  });

  it('toggles the active header and resets another column to ascending', async () => {
    renderApp('/stocks');
    const table = await screen.findByRole('table', { name: 'Hisse senetleri tablosu' });
    await within(table).findByText('GARAN');
    const symbolHeader = within(table).getByRole('columnheader', { name: /Sembol/ });
    expect(symbolHeader.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(symbolHeader).getByRole('button'));
    await waitFor(() => expect(listCalls.at(-1)?.searchParams.get('sort_order')).toBe('desc'));
    expect(symbolHeader.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(within(within(table).getByRole('columnheader', { name: /Hacim/ })).getByRole('button'));
    await waitFor(() => expect(listCalls.at(-1)?.searchParams.get('sort_by')).toBe('volume'));
    expect(listCalls.at(-1)?.searchParams.get('sort_order')).toBe('asc');
    expect(within(table).getByRole('columnheader', { name: /Hacim/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    expect(symbolHeader.getAttribute('aria-sort')).toBe('none');
  });

  it('says why the list is missing: the server failed, or the connection did', async () => {
    listAnswer = () => json(500, { success: false, error: 'boom' });
    renderApp('/stocks');
    expect(await screen.findByText('Hisse verileri yüklenemedi')).toBeTruthy();
    cleanup();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderApp('/stocks');
    expect(await screen.findByText('Bağlantı hatası oluştu')).toBeTruthy();
  });
});
