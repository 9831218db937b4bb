import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MarketSource } from '@bist/contracts';
import { marketSourceData, simulatedSourceData } from '@/test/market-source';
import { renderWithSource } from '@/test/render-with-source';
import { StaffSourceLine } from './staff-source-line';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function lineFor(source: MarketSource | null): Promise<string> {
  renderWithSource(<StaffSourceLine />, source);
  return (await screen.findByTestId('staff-source-line')).textContent;
}

describe('StaffSourceLine', () => {
  it('says the real feed, its delay, the newest data, the history and the models, in English', async () => {
    expect(await lineFor(marketSourceData())).toBe(
      'Market data: real, Yahoo Finance, 15 min delayed · latest 27 Nov 2026, 15:42 · ' +
        'history: real BIST, 2021-11-29 – 2026-11-26 (596 stocks) · models trained on real BIST, 2021-11-29 – 2026-11-26',
    );
  });

  it('says a simulation, and how many indices are computed from members', async () => {
    const text = await lineFor(simulatedSourceData({ stale: false }));
    expect(text).toContain('Market data: simulated, not the real market');
    expect(text).toContain('history: simulated data (596 stocks)');
    expect(text).toContain('models trained on simulated data');
    expect(text).toContain('3 indices computed from their members');
  });

  it('says when the real provider is unreachable', async () => {
    expect(await lineFor(marketSourceData({ stale: true }))).toContain(
      '15 min delayed (provider unreachable: last good data shown)',
    );
  });

  it('claims no real data when the server does not report its source (404)', async () => {
    const text = await lineFor(null);
    expect(text).toBe('Market data: source unknown (the server does not report it)');
  });
});
