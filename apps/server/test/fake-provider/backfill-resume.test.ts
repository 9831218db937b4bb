import { describe, expect, it } from 'vitest';
import type { MarketCoverage, MarketSource } from '@bist/contracts';
import { INDICES, STOCKS, tradingDaysBetween } from '@bist/market';
import { formatCoverage } from '@/cli/market-status';
import type { FixedClock } from '@/lib/clock';
import { backfillOrder, BACKFILL_STATE_KEY, type BackfillState } from '@/market/backfill';
import { BackfillRepository } from '@/market/backfill.repository';
import { MarketRepository } from '@/market/market.repository';
import { createYahooFeed, type YahooFeed } from '@/market/yahoo-feed';
import { syntheticBar } from '@/market/yahoo/replay-fetch';
import { createMarketTestApp } from '@test/helpers';
import { tokenFor, withToken } from '@test/admin-test-kit';
import { startFakeProvider, type FakeProvider } from './fake-provider.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
/** Friday 2026-11-20, 17:45 in Istanbul: Thursday's bars are the newest final ones. */
const SESSION = new Date('2026-11-20T14:45:00Z');
/** The real history's start for this test (a few months keeps it short; production asks for 5 years). */
const FROM = '2026-10-01';
const TO = '2026-11-19';
/** The indices the fake provider publishes in this test; every other index is answered 404, as Yahoo does. */
const PUBLISHED = new Set(['XU100', 'XU030', 'XU050', 'XBANK']);

function feedOn(repo: MarketRepository, clock: FixedClock, fake: FakeProvider): Promise<YahooFeed> {
  return createYahooFeed({
    repo,
    clock,
    log: quiet,
    baseUrl: fake.url,
    tuning: {
      settings: { requestsPerMinute: 10_000, chartConcurrency: 4 },
      sleep: (ms) => {
        clock.advanceMs(ms);
        return Promise.resolve();
      },
      random: () => 0.5,
    },
  });
}

/** The symbols whose chart was asked for, per request (the fake's log, from `from` on). */
function chartSymbols(fake: FakeProvider, from = 0): string[] {
  return fake.requests
    .slice(from)
    .filter((path) => path.startsWith('/v8/finance/chart/'))
    .map((path) => decodeURIComponent(path.split('?')[0]!.split('/').pop()!).replace(/\.IS$/, ''));
}

describe('the real history backfill, stopped half-way and resumed (production code path, fake provider over HTTP)', () => {
  it('resumes after a kill with no duplicate and no missing day, never refetches a finished symbol, and installs the provider’s own indices', async () => {
    const fake = await startFakeProvider();
    fake.replay.syntheticHistory = { indices: PUBLISHED };
    const t = await createMarketTestApp({ now: SESSION, startDate: '2026-11-02' });
    await t.services.adminAuth.prepareDemoStaff();
    try {
      const clock = t.clock;
      const repo = new MarketRepository(t.infra.database.db);
      const progress = new BackfillRepository(t.infra.database.db);
      await repo.setState('yahoo_feed', { startDate: FROM });
      expect(await repo.hasDailyBarsOf('simulated')).toBe(true);

      // First run: the provider answers 60 charts, then holds every further request (a process frozen in the
      // middle); the run is then stopped as a kill would stop it: nothing it had not committed is kept.
      fake.hangChartsAfter = 60;
      const first = t.engine.useProvider(await feedOn(repo, clock, fake));
      const firstOutcome = first.then(
        () => 'finished',
        (error: unknown) => (error instanceof Error ? error.name : 'failed'),
      );
      await expect.poll(() => chartSymbols(fake).length, { timeout: 60_000, interval: 50 }).toBe(64);
      t.engine.cancelHistoryFetch();
      expect(await firstOutcome).toBe('AbortError');
      // The four held requests stay unanswered (the killed run's); the provider answers everything from now on.
      fake.hangChartsAfter = null;
      // The old feed still serves: the simulated history was not touched.
      expect(t.engine.providerName).toBe('simulated');
      expect(await repo.hasDailyBarsOf('simulated')).toBe(true);

      const afterKill = await progress.progress();
      const doneFirst = afterKill.filter((r) => r.status === 'done').map((r) => r.symbol);
      // Each of the four workers stored its symbol before asking for the next (held) one.
      expect(doneFirst).toHaveLength(60);
      // XU100 members first: every symbol finished in the first run is one of them.
      const xu100 = new Set(INDICES.find((i) => i.code === 'XU100')!.members);
      expect(doneFirst.every((s) => xu100.has(s))).toBe(true);
      expect(afterKill.filter((r) => r.status === 'pending')).toHaveLength(
        afterKill.length - doneFirst.length,
      );
      expect(await repo.getState<BackfillState>(BACKFILL_STATE_KEY)).toEqual({
        status: 'fetching',
        from: FROM,
        to: TO,
      });
      // Staff see the progress while it is under way.
      const token = await tokenFor(t, 'super_admin');
      const midway = (
        await t.app.inject(withToken(token, { method: 'GET', url: '/admin/api/dashboard/stats' }))
      ).json<{ stats: { market_data: MarketCoverage } }>().stats.market_data.backfill;
      expect(midway).toMatchObject({
        status: 'fetching',
        from: FROM,
        to: TO,
        total: backfillOrder().length,
        done: doneFirst.length,
        pending: backfillOrder().length - doneFirst.length,
        failed: 0,
      });

      // Restart: a new feed (new client, new budget) on the same database resumes from the stored progress.
      fake.hangChartsAfter = null;
      const before = fake.requests.length;
      await t.engine.useProvider(await feedOn(repo, clock, fake));
      expect(t.engine.providerName).toBe('yahoo');
      const refetched = chartSymbols(fake, before);
      expect(refetched.filter((s) => doneFirst.includes(s))).toEqual([]);
      expect(new Set(refetched).size).toBe(refetched.length);
      expect(refetched.length + doneFirst.length).toBe(backfillOrder().length);

      // No simulated bar is left, and every stock has exactly one bar per trading day of the range, equal to the
      // provider's.
      expect(await repo.hasDailyBarsOf('simulated')).toBe(false);
      const days = tradingDaysBetween(FROM, TO);
      const counts = await t.infra.database.pool.query<{
        symbol: string;
        n: number;
        first: string;
        last: string;
        distinct_days: number;
      }>(
        `select symbol, count(*)::int as n, count(distinct date)::int as distinct_days, min(date)::text as first,
           max(date)::text as last from daily_bars group by symbol`,
      );
      const bySymbol = new Map(counts.rows.map((r) => [r.symbol, r]));
      for (const stock of STOCKS) {
        expect(bySymbol.get(stock.symbol), stock.symbol).toMatchObject({
          n: days.length,
          distinct_days: days.length,
          first: FROM,
          last: TO,
        });
      }
      const thyao = await repo.dailyBarsBetween(['THYAO'], FROM, TO);
      expect(thyao.map((b) => b.date)).toEqual(days);
      expect(thyao.every((b) => b.source === 'yahoo')).toBe(true);
      expect(thyao.find((b) => b.date === '2026-10-15')?.closeTry).toBeCloseTo(
        syntheticBar('THYAO.IS', '2026-10-15').close,
        0,
      );

      // The indices the provider publishes are its values (two decimals, source yahoo); the others are computed.
      const xu100Bars = await repo.dailyBarsBetween(['XU100', 'XU030', 'XUTUM'], TO, TO);
      expect(xu100Bars.find((b) => b.symbol === 'XU100')).toMatchObject({
        source: 'yahoo',
        closeTry: syntheticBar('XU100.IS', TO).close,
      });
      expect(xu100Bars.find((b) => b.symbol === 'XU030')?.source).toBe('yahoo');
      expect(xu100Bars.find((b) => b.symbol === 'XUTUM')?.source).toBe('computed');
      expect(t.engine.computedIndexCodes()).not.toContain('XU100');
      expect(t.engine.computedIndexCodes()).toContain('XUTUM');
      // During the session the provider's own live quote (the recorded XU100.IS) is the index's level.
      expect(t.engine.quote('XU100')?.priceTry).toBe(14426.34);
      expect(t.engine.quote('XBANK')?.priceTry).toBe(18570.25);
      // XU050 has history at the provider but no quote recorded: its last stored level stands.
      expect(t.engine.quote('XU050')?.priceTry).toBe(syntheticBar('XU050.IS', TO).close);
      const source = (await t.app.inject({ method: 'GET', url: '/api/market/source' })).json<{
        data: MarketSource;
      }>().data;
      expect(source.computed_indices).toEqual(
        INDICES.map((i) => i.code).filter((code) => !PUBLISHED.has(code)),
      );

      // Done: progress, provider indices and no failures, on the dashboard and in market-status.
      const done = (
        await t.app.inject(withToken(token, { method: 'GET', url: '/admin/api/dashboard/stats' }))
      ).json<{ stats: { market_data: MarketCoverage } }>().stats.market_data;
      expect(done.backfill).toMatchObject({
        status: 'complete',
        done: STOCKS.length + PUBLISHED.size,
        no_data: INDICES.length - PUBLISHED.size,
        failed: 0,
        pending: 0,
        provider_indices: ['XBANK', 'XU030', 'XU050', 'XU100'],
      });
      expect(formatCoverage(done, 'yahoo')).toContain(
        `History backfill: complete, ${FROM} to ${TO}: ${STOCKS.length + PUBLISHED.size} done, 0 pending, ${INDICES.length - PUBLISHED.size} without data at the provider, 0 failed (of ${backfillOrder().length})`,
      );
      // Staging is empty once installed.
      expect(await progress.stagedBars('THYAO')).toEqual([]);
    } finally {
      await t.close();
      await fake.close();
    }
  }, 300_000);

  it('records a symbol the provider keeps failing with its reason and attempts, and still installs the rest', async () => {
    const fake = await startFakeProvider();
    fake.replay.syntheticHistory = { indices: PUBLISHED };
    fake.replay.failIf = (url) => (url.includes('/v8/finance/chart/ASELS.IS') ? 500 : null);
    const t = await createMarketTestApp({ now: SESSION, startDate: '2026-11-02' });
    await t.services.adminAuth.prepareDemoStaff();
    try {
      const clock = t.clock;
      const repo = new MarketRepository(t.infra.database.db);
      await repo.setState('yahoo_feed', { startDate: '2026-11-02' });
      await t.engine.useProvider(await feedOn(repo, clock, fake));
      expect(t.engine.providerName).toBe('yahoo');
      const rows = await new BackfillRepository(t.infra.database.db).progress();
      const asels = rows.find((r) => r.symbol === 'ASELS');
      expect(asels).toMatchObject({ status: 'failed', attempts: 3 });
      expect(asels?.failure).toMatch(/^HTTPError: .*Service Unavailable/);
      expect(await repo.dailyBarsBetween(['ASELS'], '2026-11-02', TO)).toEqual([]);
      expect((await repo.dailyBarsBetween(['THYAO'], '2026-11-02', TO)).length).toBe(
        tradingDaysBetween('2026-11-02', TO).length,
      );
      const printed = formatCoverage(
        (
          await t.app.inject(
            withToken(await tokenFor(t, 'super_admin'), { method: 'GET', url: '/admin/api/dashboard/stats' }),
          )
        ).json<{ stats: { market_data: MarketCoverage } }>().stats.market_data,
        'yahoo',
      );
      expect(printed.some((line) => /^ {2}failed ASELS after 3 attempts: HTTPError/.test(line))).toBe(true);
    } finally {
      await t.close();
      await fake.close();
    }
  }, 300_000);
});
