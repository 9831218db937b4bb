import type { MarketCoverage } from '@bist/contracts';
import { systemClock } from '@/lib/clock';
import { createPlatformServices } from '@/composition/services';
import { marketCoverage } from '@/market/coverage';
import { MarketRepository } from '@/market/market.repository';
import { BackfillRepository } from '@/market/backfill.repository';
import { withCliDatabase } from './cli-database.ts';

/** The coverage report as lines (the admin dashboard's `market_data`, for a terminal). */
export function formatCoverage(c: MarketCoverage, mode: string): string[] {
  const bySource = Object.entries(c.bars_by_source)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([source, bars]) => `${source} ${bars.toLocaleString('en-US')}`)
    .join(', ');
  const lines = [
    `Market feed setting: ${mode}`,
    `History: ${c.history_source}, ${c.symbols_with_history} of ${c.universe_symbols} stocks, ${c.first_date ?? '-'} to ${c.last_date ?? '-'}`,
    `Stock-days by source: ${bySource || 'none'}`,
    `Behind the newest day: ${c.behind_count}${c.behind.length > 0 ? ` (${c.behind.map((b) => `${b.symbol} ${b.last_date}`).join(', ')}${c.behind_count > c.behind.length ? ', …' : ''})` : ''}`,
  ];
  const missing = c.universe_symbols - c.symbols_with_history;
  lines.push(
    `Without history: ${missing}${c.missing.length > 0 ? ` (${c.missing.join(', ')}${missing > c.missing.length ? ', …' : ''})` : ''}`,
  );
  const b = c.backfill;
  if (b) {
    lines.push(
      `History backfill: ${b.status}, ${b.from} to ${b.to}: ${b.done} done, ${b.pending} pending, ${b.no_data} without data at the provider, ${b.failed} failed (of ${b.total})`,
      `Provider's own indices: ${b.provider_indices.length > 0 ? b.provider_indices.join(', ') : 'none (all computed from members)'}`,
    );
    for (const f of b.failures) lines.push(`  failed ${f.symbol} after ${f.attempts} attempts: ${f.reason}`);
  } else lines.push('History backfill: none yet (the real feed has not been used)');
  return lines;
}

/** `npm run cli -- market-status`: the stored market history's coverage and freshness, as staff see it. */
export async function run(args: string[]): Promise<number> {
  if (args.length > 0) {
    console.error('Usage: npm run cli -- market-status');
    return 2;
  }
  return withCliDatabase(async (config, database) => {
    const settings = await createPlatformServices({ config, database, clock: systemClock }).settings.get();
    const coverage = await marketCoverage(
      new MarketRepository(database.db),
      null,
      new BackfillRepository(database.db),
    );
    for (const line of formatCoverage(coverage, settings.market_feed)) console.log(line);
    return 0;
  });
}
