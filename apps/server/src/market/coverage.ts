import { STOCKS } from '@bist/market';
import type { MarketCoverage } from '@bist/contracts';
import type { MarketRepository } from './market.repository.ts';
import { BACKFILL_STATE_KEY, type BackfillState } from './backfill.ts';
import type { BackfillRepository } from './backfill.repository.ts';

/** Symbols listed per kind (behind, missing) at most: the counts say the rest. */
const LISTED_MAX = 50;

/**
 * The stored history's coverage and freshness for staff (admin dashboard, `npm run cli -- market-status`): stocks with
 * history out of the universe, first and last date, bars per source, the stocks behind the newest day and those with
 * none.
 */
export async function marketCoverage(
  repo: Pick<MarketRepository, 'historyBySymbol' | 'getState'>,
  feed: MarketCoverage['feed'],
  backfillRepo: Pick<BackfillRepository, 'progress'>,
): Promise<MarketCoverage> {
  const rows = await repo.historyBySymbol();
  const universe = new Set(STOCKS.map((s) => s.symbol));
  const bySymbol = new Map<string, { first: string; last: string }>();
  const barsBySource: Record<string, number> = {};
  for (const row of rows) {
    if (!universe.has(row.symbol)) continue;
    barsBySource[row.source] = (barsBySource[row.source] ?? 0) + row.bars;
    const seen = bySymbol.get(row.symbol);
    bySymbol.set(row.symbol, {
      first: seen && seen.first < row.first ? seen.first : row.first,
      last: seen && seen.last > row.last ? seen.last : row.last,
    });
  }
  const spans = [...bySymbol.values()];
  const firstDate = spans.reduce<string | null>(
    (min, s) => (min === null || s.first < min ? s.first : min),
    null,
  );
  const lastDate = spans.reduce<string | null>(
    (max, s) => (max === null || s.last > max ? s.last : max),
    null,
  );
  const behind = [...bySymbol]
    .filter(([, span]) => lastDate !== null && span.last < lastDate)
    .map(([symbol, span]) => ({ symbol, last_date: span.last }))
    .sort((a, b) => a.last_date.localeCompare(b.last_date) || a.symbol.localeCompare(b.symbol));
  const missing = [...universe].filter((symbol) => !bySymbol.has(symbol)).sort();
  return {
    feed,
    history_source: (barsBySource.simulated ?? 0) > 0 || bySymbol.size === 0 ? 'simulated' : 'real',
    universe_symbols: universe.size,
    symbols_with_history: bySymbol.size,
    first_date: firstDate,
    last_date: lastDate,
    bars_by_source: barsBySource,
    behind: behind.slice(0, LISTED_MAX),
    behind_count: behind.length,
    missing: missing.slice(0, LISTED_MAX),
    backfill: await backfillProgress(repo, backfillRepo),
  };
}

/** The real history backfill's progress (null before the first): symbols per state and the failures. */
async function backfillProgress(
  repo: Pick<MarketRepository, 'getState'>,
  backfillRepo: Pick<BackfillRepository, 'progress'>,
): Promise<MarketCoverage['backfill']> {
  const state = await repo.getState<BackfillState>(BACKFILL_STATE_KEY);
  if (!state) return null;
  const rows = await backfillRepo.progress();
  const count = (status: string) => rows.filter((r) => r.status === status).length;
  const failed = rows.filter((r) => r.status === 'failed');
  return {
    status: state.status,
    from: state.from,
    to: state.to,
    total: rows.length,
    done: count('done'),
    no_data: count('no_data'),
    failed: failed.length,
    pending: count('pending'),
    provider_indices: rows
      .filter((r) => r.kind === 'index' && r.status === 'done' && r.bars > 0)
      .map((r) => r.symbol),
    failures: failed
      .slice(0, LISTED_MAX)
      .map((r) => ({ symbol: r.symbol, attempts: r.attempts, reason: r.failure ?? '' })),
  };
}
