import { cleanup, waitFor } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MarketSource } from '@bist/contracts';
import { TOP_BAR_POLL_MS } from '@bist/contracts/values';
import { Bist100Ticker } from '@/features/market/components/bist100-ticker';
import { MarketStatusIndicator } from '@/features/market/components/market-status-indicator';
import { marketSourceData } from '@/test/market-source';
import { renderWithSource } from '@/test/render-with-source';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The refetch interval the screen's observers of a query poll at. */
function pollIntervals(client: QueryClient, queryKey: string[]): unknown[] {
  return (
    client
      .getQueryCache()
      .find({ queryKey })
      ?.observers.map((observer) => observer.options.refetchInterval) ?? []
  );
}

async function topBarWith(source: MarketSource | null) {
  const { client } = renderWithSource(
    <>
      <MarketStatusIndicator />
      <Bist100Ticker />
    </>,
    source,
  );
  await waitFor(() => expect(client.getQueryState(['market', 'source'])?.status).toBe('success'));
  return client;
}

describe("the screens' live-data polling", () => {
  it("follows the admin's 'Screen refresh interval' that the server reports", async () => {
    const client = await topBarWith(marketSourceData({ refresh_interval_ms: 12_000 }));
    await waitFor(() => expect(pollIntervals(client, ['market', 'summary'])).toEqual([12_000]));
    expect(pollIntervals(client, ['market', 'status'])).toEqual([12_000]);
  });

  it("keeps the spec's rate when the server does not report one (404)", async () => {
    const client = await topBarWith(null);
    expect(pollIntervals(client, ['market', 'summary'])).toEqual([TOP_BAR_POLL_MS]);
    expect(pollIntervals(client, ['market', 'status'])).toEqual([TOP_BAR_POLL_MS]);
  });
});
