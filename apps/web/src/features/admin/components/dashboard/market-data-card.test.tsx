import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MarketCoverage } from '@bist/contracts';
import { MarketDataCard } from './market-data-card';

afterEach(cleanup);

const real: MarketCoverage = {
  feed: 'yahoo',
  history_source: 'real',
  universe_symbols: 596,
  symbols_with_history: 590,
  first_date: '2021-11-29',
  last_date: '2026-11-27',
  bars_by_source: { yahoo: 731_250, import: 1_200 },
  behind: Array.from({ length: 10 }, (_, i) => ({ symbol: `S${i}`, last_date: '2026-11-20' })),
  behind_count: 12,
  missing: ['AAAA', 'BBBB'],
  backfill: {
    status: 'fetching',
    from: '2021-11-27',
    to: '2026-11-27',
    total: 628,
    done: 300,
    no_data: 2,
    failed: 1,
    pending: 325,
    provider_indices: ['XU100', 'XU030'],
    failures: [{ symbol: 'ZZZZ', attempts: 3, reason: 'HTTPError: 500' }],
  },
};

const row = (key: string) =>
  within(screen.getByTestId('market-data-card')).getByText((_, el) => el?.getAttribute('data-row') === key);

describe('the admin dashboard market data card', () => {
  it('shows the feed, real history, coverage, range, stock-days per source, and the stocks behind or missing', () => {
    render(<MarketDataCard coverage={real} />);
    expect(screen.getByText('Market data')).toBeTruthy();
    expect(row('feed').textContent).toContain('Yahoo Finance');
    expect(row('history').textContent).toContain('Real');
    expect(row('coverage').textContent).toContain('590 of 596');
    expect(row('range').textContent).toContain('2021-11-29 – 2026-11-27');
    expect(row('sources').textContent).toContain('import 1,200 · yahoo 731,250');
    expect(row('behind').textContent).toContain('Behind the newest day12: S0 (2026-11-20)');
    expect(row('behind').textContent).toContain('S0 (2026-11-20)');
    expect(row('behind').textContent).toContain('and 4 more');
    expect(row('missing').textContent).toContain('Without any bar2: AAAA');
    expect(row('missing').textContent).toContain('AAAA, BBBB');
    expect(row('backfill').textContent).toContain(
      'fetching, 2021-11-27 – 2026-11-27: 300 of 628 done, 325 pending, 2 without data at the provider',
    );
    expect(row('backfill-failures').textContent).toContain('1: ZZZZ (3×: HTTPError: 500)');
    expect(row('provider-indices').textContent).toContain('XU100, XU030');
  });

  it('says the history is simulated and that nothing is behind or missing', () => {
    render(
      <MarketDataCard
        coverage={{
          ...real,
          feed: 'simulated',
          history_source: 'simulated',
          bars_by_source: { simulated: 450_000 },
          behind: [],
          behind_count: 0,
          missing: [],
          backfill: null,
        }}
      />,
    );
    expect(row('feed').textContent).toContain('Simulated');
    expect(row('history').textContent).toContain('Simulated');
    expect(row('behind').textContent).toContain('none');
    expect(row('missing').textContent).toContain('none');
    expect(row('backfill').textContent).toContain('not started');
    expect(row('provider-indices').textContent).toContain('every index is computed');
  });
});
