import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IndexItem } from '@bist/contracts';
import { IndicesPage } from '@/features/market/components/indices/indices-page';
import { marketSourceData, simulatedSourceData } from '@/test/market-source';
import { renderWithSource } from '@/test/render-with-source';
import { SourceLine } from './source-line';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const index = (code: string, name: string): IndexItem => ({
  code,
  name,
  description: `${name} endeksi`,
  value: 10_234.56,
  change_percent: 1.2,
  volume: 1e9,
  market_cap: 1e12,
  member_count: 30,
});

describe('SourceLine', () => {
  it("says the provider, its delay and the newest data's time in Turkish", async () => {
    renderWithSource(<SourceLine />, marketSourceData());
    expect((await screen.findByTestId('source-line')).textContent).toBe(
      'Kaynak: Yahoo Finance, 15 dk gecikmeli · 27.11.2026 15:42:10',
    );
  });

  it('says the stock page’s history is split-adjusted only when it is the real provider’s', async () => {
    renderWithSource(<SourceLine splitAdjusted />, marketSourceData());
    expect((await screen.findByTestId('source-line')).textContent).toBe(
      'Kaynak: Yahoo Finance, 15 dk gecikmeli · 27.11.2026 15:42:10 · geçmiş fiyatlar bölünmelere göre düzeltilmiş',
    );
    cleanup();
    renderWithSource(<SourceLine splitAdjusted />, simulatedSourceData());
    expect((await screen.findByTestId('source-line')).textContent).toBe(
      'Kaynak: simülasyon, gerçek piyasa değil · 27.11.2026 15:42:10',
    );
    expect(screen.queryByTestId('split-adjusted')).toBeNull();
  });

  it('says a simulation is not the real market', async () => {
    renderWithSource(<SourceLine />, simulatedSourceData());
    expect((await screen.findByTestId('source-line')).textContent).toBe(
      'Kaynak: simülasyon, gerçek piyasa değil · 27.11.2026 15:42:10',
    );
  });

  it('claims nothing when the server has no source route (404)', async () => {
    renderWithSource(<SourceLine />, null);
    expect((await screen.findByTestId('source-line')).textContent).toBe('Kaynak: bilinmiyor · ---');
  });
});

describe('IndicesPage', () => {
  it("marks the levels the product computes from members, and only those, and shows the page's source", async () => {
    renderWithSource(<IndicesPage />, simulatedSourceData({ computed_indices: ['XU100'] }), {
      '/api/indices/list': {
        success: true,
        data: { indices: [index('XU100', 'BIST 100'), index('XU030', 'BIST 30')] },
      },
    });
    const cards = await screen.findAllByTestId('index-card');
    await waitFor(() => expect(within(cards[0]!).queryByTestId('computed-index')).not.toBeNull());
    expect(cards[0]!.dataset.code).toBe('XU100');
    expect(within(cards[0]!).getByTestId('computed-index').textContent).toContain(
      'BIST AI hesaplaması (üyelerden)',
    );
    expect(within(cards[1]!).queryByTestId('computed-index')).toBeNull();
    // The chart card of the selected index (XU100) says it beside the level.
    expect(within(screen.getByTestId('index-chart-card')).getByTestId('computed-index').textContent).toBe(
      'BIST AI hesaplaması (üyelerden)',
    );
    expect(screen.getByTestId('source-line').textContent).toContain('simülasyon, gerçek piyasa değil');
  });

  it('marks nothing when the provider publishes every index', async () => {
    renderWithSource(<IndicesPage />, marketSourceData(), {
      '/api/indices/list': { success: true, data: { indices: [index('XU100', 'BIST 100')] } },
    });
    await screen.findAllByTestId('index-card');
    await screen.findByTestId('source-line');
    expect(screen.queryByTestId('computed-index')).toBeNull();
  });
});
