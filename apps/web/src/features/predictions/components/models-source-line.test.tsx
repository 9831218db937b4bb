import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MarketSource } from '@bist/contracts';
import { marketSourceData, simulatedSourceData } from '@/test/market-source';
import { renderWithSource } from '@/test/render-with-source';
import { ModelsSourceLine } from './models-source-line';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderLine(source: MarketSource | null) {
  const { client } = renderWithSource(<ModelsSourceLine />, source);
  await vi.waitFor(() => expect(client.getQueryState(['market', 'source'])?.status).toBe('success'));
}

describe('ModelsSourceLine', () => {
  it('says the models learned from real BIST history, with its first and last day in Turkish format', async () => {
    await renderLine(marketSourceData());
    expect((await screen.findByTestId('models-source')).textContent).toBe(
      'Modellerin öğrendiği veri: gerçek BIST geçmişi, 29.11.2021–26.11.2026',
    );
  });

  it('says the models learned from simulated data', async () => {
    await renderLine(simulatedSourceData());
    expect((await screen.findByTestId('models-source')).textContent).toBe(
      'Modellerin öğrendiği veri: simülasyon verisi (gerçek piyasa değil)',
    );
  });

  it('claims nothing before the first training, or when the server does not say (404)', async () => {
    await renderLine(marketSourceData({ models: null }));
    expect(screen.queryByTestId('models-source')).toBeNull();
    cleanup();
    await renderLine(null);
    expect(screen.queryByTestId('models-source')).toBeNull();
  });
});
