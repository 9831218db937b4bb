import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { MarketSource } from '@bist/contracts';
import { sourceFetch } from '@/test/market-source';

/**
 * Renders `node` with a fresh query cache (no retries) and a router, against a fetch that answers
 * /api/market/source with `source` (null: 404) and other paths from `others` (see sourceFetch).
 */
export function renderWithSource(
  node: ReactNode,
  source: MarketSource | null,
  others: Record<string, unknown> = {},
) {
  const fetch = vi.fn(sourceFetch(source, others));
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { client, fetch };
}
