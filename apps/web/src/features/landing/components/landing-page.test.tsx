import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { marketSourceData, simulatedSourceData, sourceFetch } from '@/test/market-source';
import { renderApp } from '@/test/render-app';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function serveStats(data: Record<string, unknown> | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) =>
      Promise.resolve(
        input === '/api/platform/stats' && data
          ? json(200, { success: true, data })
          : json(503, { success: false, error: 'down' }),
      ),
    ),
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LandingPage', () => {
  it('shows the live figures from /api/platform/stats', async () => {
    serveStats({
      stocks: 596,
      indices: 32,
      apiEndpoints: 46,
      uptimePercent: 99.93,
      uptimeSeconds: 8 * 24 * 3600,
      algorithms: 40,
    });
    renderApp('/');
    await waitFor(() => expect(screen.getByTestId('stat-stocks').textContent).toContain('596'));
    expect(screen.getByTestId('stat-indices').textContent).toContain('32');
    expect(screen.getByTestId('stat-algorithms').textContent).toContain('40');
    expect(screen.getByTestId('stat-uptime').textContent).toContain('%99,9');
    expect(screen.queryByTestId('stat-apiEndpoints')).toBeNull();
  });

  it('shows no uptime before a week of running', async () => {
    serveStats({
      stocks: 596,
      indices: 32,
      apiEndpoints: 46,
      uptimePercent: 95.7,
      uptimeSeconds: 600,
      algorithms: 40,
    });
    renderApp('/');
    await waitFor(() => expect(screen.getByTestId('stat-stocks').textContent).toContain('596'));
    expect(screen.queryByTestId('stat-uptime')).toBeNull();
  });

  it('shows --- for figures the server does not know yet, and when it cannot answer', async () => {
    serveStats({
      stocks: null,
      indices: null,
      apiEndpoints: 7,
      uptimePercent: 100,
      uptimeSeconds: 1,
      algorithms: null,
    });
    renderApp('/');
    await waitFor(() => expect(screen.getByTestId('stat-algorithms').textContent).toContain('---'));
    expect(screen.getByTestId('stat-stocks').textContent).toContain('---');
    expect(screen.getByTestId('stat-indices').textContent).toContain('---');
    cleanup();

    serveStats(null);
    renderApp('/');
    expect(await screen.findByText('İstatistikler şu anda alınamıyor.')).toBeTruthy();
    expect(screen.getByTestId('stat-stocks').textContent).toContain('---');
  });

  it('has the four feature cards, sign-in links to /login and sign-up links to /register', async () => {
    serveStats(null);
    renderApp('/');
    for (const title of ['Piyasa Analizi', 'AI Tahmin Modelleri', 'Güvenli Platform', 'Hızlı Performans']) {
      expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    }
    const links = (href: string) =>
      screen.getAllByRole('link').filter((link) => link.getAttribute('href') === href);
    // 'Giriş Yap' in the bar and the footer; 'Kayıt Ol' in the bar, the hero, the call to action and the footer.
    expect(links('/login').length).toBeGreaterThanOrEqual(2);
    expect(links('/register').length).toBeGreaterThanOrEqual(3);
  });
  it('says in one line where the prices come from: the simulation, or the provider and its delay', async () => {
    vi.stubGlobal('fetch', vi.fn(sourceFetch(simulatedSourceData())));
    renderApp('/');
    await waitFor(() =>
      expect(screen.getByTestId('landing-source').textContent).toBe(
        'Bu sunucu şu anda simülasyon verisi gösteriyor: fiyatlar gerçek piyasa değildir.',
      ),
    );
    expect(screen.getByTestId('landing-source').hidden).toBe(false);
    cleanup();
    vi.stubGlobal('fetch', vi.fn(sourceFetch(marketSourceData())));
    renderApp('/');
    await waitFor(() =>
      expect(screen.getByTestId('landing-source').textContent).toBe(
        'Piyasa verileri Yahoo Finance üzerinden, borsanın 15 dakika gerisinden gelir.',
      ),
    );
  });

  it('claims nothing about the feed when the server does not say (404)', async () => {
    const fetch = vi.fn(sourceFetch(null));
    vi.stubGlobal('fetch', fetch);
    renderApp('/');
    await waitFor(() => expect(fetch.mock.calls.map((call) => call[0])).toContain('/api/market/source'));
    await waitFor(() => expect(screen.getByTestId('landing-source').hidden).toBe(true));
    expect(document.body.textContent.toLocaleLowerCase('tr')).not.toMatch(/gerçek zaman|gecikmeli/);
  });
});
