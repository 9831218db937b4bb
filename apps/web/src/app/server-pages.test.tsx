// @vitest-environment node
// As on the server: no window, no document.
import { describe, expect, it } from 'vitest';
import { renderDashboard, serverPages } from '@/app/server-pages';
import { DASHBOARD_BODIES, DASHBOARD_UPDATED_AT } from '@/test/dashboard-bodies';

describe('server pages', () => {
  it('lists the dashboard with its five public data paths', () => {
    expect(serverPages.map((page) => [page.path, page.data])).toEqual([
      [
        '/dashboard',
        [
          '/api/market/summary',
          '/api/market/live-data?limit=5',
          '/api/predictions/daily-summary',
          '/api/market/status',
          '/api/market/source',
        ],
      ],
    ]);
  });

  it('renders the dashboard with its figures, in Turkish, for an investor the server does not know', () => {
    const { html, title } = renderDashboard(DASHBOARD_BODIES, DASHBOARD_UPDATED_AT);
    expect(title).toBe('Özet · BIST AI');
    const visible = html.replace(/<[^>]*>/g, '').replace(/&amp;/g, '&');
    // The cards' figures in Turkish formats, the top bar's status and BIST 100, when the data was taken.
    expect(visible).toContain('Toplam Hisse596');
    expect(visible).toContain('₺14,1 Tn');
    expect(visible).toContain('14.321,20');
    expect(visible).toContain('Piyasa Açık');
    // The source badge paints with the page: real and delayed here, never 'Çevrimiçi'.
    expect(visible).toContain('Gerçek veri · 15 dk gecikmeli');
    expect(visible).not.toContain('Çevrimiçi');
    expect(visible).toContain('Son güncelleme: 20.11.2026 15:10:05');
    // No one's name: the fallback until the app renders with the session.
    expect(visible).toContain('Kullanıcı');
    expect(html).toMatch(/<h1[^>]*>Özet<\/h1>/);
    // The sidebar is in the markup (CSS shows it on large screens only: the server does not know the screen).
    expect(html).toMatch(/<aside class="[^"]*hidden[^"]*lg:block[^"]*" data-testid="sidebar">/);
  });

  it('refuses bodies that are not the dashboard data', () => {
    const { '/api/market/status': _status, ...withoutStatus } = DASHBOARD_BODIES;
    expect(() => renderDashboard(withoutStatus, DASHBOARD_UPDATED_AT)).toThrow(/incomplete/);
  });
});
