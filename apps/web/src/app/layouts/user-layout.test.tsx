import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { renderApp } from '@/test/render-app';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function signIn(user: Record<string, unknown>) {
  localStorage.setItem(STORAGE_KEYS.token, 'tok');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

const marketStatus = (isOpen: boolean) =>
  json(200, {
    success: true,
    data: {
      isOpen,
      phase: isOpen ? 'continuous' : 'closed',
      nextOpen: null,
      closesAt: null,
      serverTime: '2026-01-05T10:00:00Z',
      timeZone: 'Europe/Istanbul',
    },
  });

/** A /api/market/summary body in the contract's shape. */
const summary = (bist100Value: number, bist100Change: number) => ({
  success: true,
  data: {
    overview: {
      total_stocks: 596,
      total_sectors: 38,
      market_cap: 1e13,
      daily_volume: 1e11,
      total_indices: 32,
    },
    performance: {
      bist100_change: bist100Change,
      bist100_value: bist100Value,
      advancers: 1,
      decliners: 2,
      unchanged: 3,
    },
    top_gainers: [],
    top_losers: [],
    sector_distribution: [],
    sector_moves: [],
    date: '2026-01-05',
    freshness: { source: 'simulated', asOf: null, stale: false, ageSeconds: null },
  },
});

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('UserLayout', () => {
  it('shows every menu entry with its sub-label, the user block and the role label', async () => {
    signIn({ id: 'u1', email: 'ayse@example.com', name: 'Ayşe Yılmaz', role: 'investor', avatar: null });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(404, { success: false, error: 'x' }))),
    );
    renderApp('/dashboard');
    const sidebar = await screen.findByTestId('sidebar');
    const links = within(sidebar)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(links).toEqual([
      '/dashboard',
      '/dashboard',
      '/stocks',
      '/indices',
      '/portfolio',
      '/watchlist',
      '/predictions',
      // The account block opens Hesap Ayarları.
      '/settings',
    ]);
    for (const text of [
      'Genel bakış',
      'Hisse Senetleri',
      'BIST hisse analizi',
      'Endeksler',
      'Endeks takibi',
      'Portföy',
      'Yatırım portföyü',
      'İzleme Listesi',
      'Takip ettiğiniz hisseler',
      'AI Tahminler',
      'Makine öğrenmesi analizi',
    ]) {
      expect(within(sidebar).getByText(text)).toBeTruthy();
    }
    const block = within(sidebar).getByTestId('user-block');
    expect(block.textContent).toContain('A');
    expect(block.textContent).toContain('ayse@example.com');
    expect(within(screen.getByTestId('topbar-user')).getByText('Yatırımcı')).toBeTruthy();
  });

  it('on a phone renders no hidden sidebar; the menu button opens the same menu in a drawer', async () => {
    signIn({ id: 'u1', email: 'ayse@example.com', name: 'Ayşe Yılmaz', role: 'investor', avatar: null });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(404, { success: false, error: 'x' }))),
    );
    // A 390 px wide screen: no min-width query matches.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: !query.includes('min-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    renderApp('/dashboard');
    const menu = await screen.findByRole('button', { name: 'Menüyü aç' });
    expect(screen.queryByTestId('sidebar')).toBeNull();
    fireEvent.click(menu);
    const drawer = await screen.findByTestId('drawer');
    expect(
      within(drawer)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toContain('/portfolio');
  });

  it('uses the fallbacks for a user without a name or e-mail', async () => {
    signIn({ id: 'u1', email: '', name: '', role: 'investor', avatar: null });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(404, { success: false, error: 'x' }))),
    );
    renderApp('/dashboard');
    const block = await screen.findAllByTestId('user-block');
    expect(block[0]!.textContent).toContain('Kullanıcı');
    expect(block[0]!.textContent).toContain('eposta@ornek.com');
  });

  it('shows market status from the server and --- for BIST 100 while the summary is missing', async () => {
    signIn({ id: 'u1', email: 'a@b.co', name: 'A', role: 'investor', avatar: null });
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) =>
        Promise.resolve(
          input === '/api/market/status' ? marketStatus(false) : json(404, { success: false, error: 'x' }),
        ),
      ),
    );
    renderApp('/dashboard');
    await waitFor(() => expect(screen.getAllByText('Piyasa Kapalı').length).toBeGreaterThan(0));
    const bist = screen.getAllByTestId('bist100')[0]!;
    expect(bist.textContent).toBe('BIST 100------');
  });

  it('shows the BIST 100 level and a red negative change once the summary exists', async () => {
    signIn({ id: 'u1', email: 'a@b.co', name: 'A', role: 'investor', avatar: null });
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) =>
        Promise.resolve(
          input === '/api/market/summary'
            ? json(200, summary(10234.5, -1.234))
            : input === '/api/market/status'
              ? marketStatus(true)
              : json(404, { success: false, error: 'x' }),
        ),
      ),
    );
    renderApp('/dashboard');
    await waitFor(() => expect(screen.getAllByText('Piyasa Açık').length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.getAllByText('10.234,50').length).toBeGreaterThan(0));
    const change = screen.getAllByText('-%1,23')[0]!;
    expect(change.className).toContain('text-down');
  });

  it('logs out to /login and clears the session even when the server call fails', async () => {
    signIn({ id: 'u1', email: 'a@b.co', name: 'A', role: 'investor', avatar: null });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderApp('/dashboard');
    const sidebar = await screen.findByTestId('sidebar');
    fireEvent.click(within(sidebar).getByRole('button', { name: 'Çıkış Yap' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('ignores a blank search and opens the stocks list for a real one', async () => {
    signIn({ id: 'u1', email: 'a@b.co', name: 'A', role: 'investor', avatar: null });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(404, { success: false, error: 'x' }))),
    );
    renderApp('/dashboard');
    const box = await screen.findByRole('combobox', { name: 'Hisse ara' });
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.submit(box.closest('form')!);
    expect(screen.getByTestId('location').textContent).toBe('/dashboard');
    fireEvent.change(box, { target: { value: ' garan ' } });
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/stocks?search=garan'));
  });

  it('switches the theme from the sidebar and keeps it', async () => {
    signIn({ id: 'u1', email: 'a@b.co', name: 'A', role: 'investor', avatar: null });
    localStorage.setItem(STORAGE_KEYS.theme, 'light');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(404, { success: false, error: 'x' }))),
    );
    renderApp('/dashboard');
    const sidebar = await screen.findByTestId('sidebar');
    fireEvent.click(within(sidebar).getByRole('button', { name: 'Karanlık Mod' }));
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(within(sidebar).getByRole('button', { name: 'Aydınlık Mod' })).toBeTruthy();
  });
});
