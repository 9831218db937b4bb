import { describe, expect, it } from 'vitest';
import type { PortfolioTransaction, SplitOffer } from '@bist/contracts';
import { BackfillRepository } from '@/market/backfill.repository';
import { MarketRepository } from '@/market/market.repository';
import { createYahooFeed } from '@/market/yahoo-feed';
import { createMarketTestApp, createTestDatabase } from '@test/helpers';
import { investor } from '@test/investor-helpers';
import { startFakeProvider } from './fake-provider.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
/** Friday 2026-11-20, 17:45 in Istanbul. */
const SESSION = new Date('2026-11-20T14:45:00Z');
const SPLIT = { symbol: 'THYAO', date: '2026-11-10', numerator: 2, denominator: 1 };
/** A 1:10 consolidation (one new share for ten old ones). */
const REVERSE_SPLIT = { symbol: 'GARAN', date: '2026-11-12', numerator: 1, denominator: 10 };

describe('corporate actions from the provider (fake provider over HTTP)', () => {
  it('stores a split and a reverse split from the chart events, keeps the history continuous, and offers them to holders, who accept or dismiss them', async () => {
    const fake = await startFakeProvider();
    fake.replay.syntheticHistory = { indices: new Set(['XU100']), splits: [SPLIT, REVERSE_SPLIT] };
    const t = await createMarketTestApp({ now: SESSION, startDate: '2026-11-02' });
    try {
      const repo = new MarketRepository(t.infra.database.db);
      await repo.setState('yahoo_feed', { startDate: '2026-11-02' });
      const holder = await investor(t);
      const other = await investor(t);
      // Bought before the split (and another investor who holds none).
      const bought = await holder.post('/api/portfolio/transactions', {
        type: 'buy',
        date: '2026-11-05',
        symbol: 'THYAO',
        quantity: 150,
        price: 300,
        cash_rule: 'auto_deposit',
      });
      expect(bought.statusCode).toBe(201);
      // 1 255 GARAN for 12 TRY + 30 TRY commission (cost 15 090 TRY) by the holder, 100 by the other investor.
      for (const [who, quantity, commission] of [
        [holder, 1_255, 30],
        [other, 100, 0],
      ] as const) {
        const res = await who.post('/api/portfolio/transactions', {
          type: 'buy',
          date: '2026-11-06',
          symbol: 'GARAN',
          quantity,
          price: 12,
          commission,
          cash_rule: 'auto_deposit',
        });
        expect(res.statusCode).toBe(201);
      }
      expect((await holder.get('/api/portfolio/split-offers')).json()).toEqual({
        success: true,
        data: { offers: [] },
      });

      await t.engine.useProvider(
        await createYahooFeed({
          repo,
          clock: t.clock,
          log: quiet,
          baseUrl: fake.url,
          tuning: {
            settings: { requestsPerMinute: 10_000 },
            sleep: () => Promise.resolve(),
            random: () => 0.5,
          },
        }),
      );
      expect(t.engine.providerName).toBe('yahoo');
      const stored = await t.infra.database.pool.query(
        `select symbol, date::text as date, kind, numerator, denominator, source from corporate_actions
         order by symbol, date`,
      );
      expect(stored.rows).toEqual([
        {
          symbol: 'GARAN',
          date: '2026-11-12',
          kind: 'split',
          numerator: 1,
          denominator: 10,
          source: 'yahoo',
        },
        { symbol: 'THYAO', date: '2026-11-10', kind: 'split', numerator: 2, denominator: 1, source: 'yahoo' },
      ]);
      // The provider's prices are adjusted for the split: no halving between the day before and the split day.
      const closes = await t.engine.dailyCloses('THYAO', '2026-11-09', '2026-11-10');
      expect(closes).toHaveLength(2);
      const move = closes[1]!.closeTry / closes[0]!.closeTry;
      expect(move).toBeGreaterThan(0.8);
      expect(move).toBeLessThan(1.25);
      // And for the consolidation: no tenfold jump on its day.
      const garan = await t.engine.dailyCloses('GARAN', '2026-11-11', '2026-11-12');
      expect(garan).toHaveLength(2);
      const garanMove = garan[1]!.closeTry / garan[0]!.closeTry;
      expect(garanMove).toBeGreaterThan(0.8);
      expect(garanMove).toBeLessThan(1.25);

      const offers = (await holder.get('/api/portfolio/split-offers')).json<{
        data: { offers: SplitOffer[] };
      }>().data.offers;
      expect(offers).toEqual([
        {
          kind: 'split',
          symbol: 'THYAO',
          date: '2026-11-10',
          numerator: 2,
          denominator: 1,
          shares_before: 150,
          shares_after: 300,
          extra_shares: 150,
          removed_shares: 0,
          fraction_dropped: 0,
          source: 'yahoo',
        },
        {
          kind: 'reverse_split',
          symbol: 'GARAN',
          date: '2026-11-12',
          numerator: 1,
          denominator: 10,
          shares_before: 1_255,
          shares_after: 125,
          extra_shares: 0,
          removed_shares: 1_130,
          fraction_dropped: 0.5,
          source: 'yahoo',
        },
      ]);
      const offersOf = async (who: typeof holder) =>
        (await who.get('/api/portfolio/split-offers')).json<{ data: { offers: SplitOffer[] } }>().data.offers;
      expect((await offersOf(other)).map((o) => [o.kind, o.symbol, o.shares_after])).toEqual([
        ['reverse_split', 'GARAN', 10],
      ]);
      // The other investor dismisses theirs: the ledger keeps 100 GARAN and it is not offered again.
      expect(
        (await other.post('/api/portfolio/split-offers/dismiss', { symbol: 'GARAN', date: '2026-11-12' }))
          .statusCode,
      ).toBe(200);
      expect(await offersOf(other)).toEqual([]);
      expect(
        (await other.post('/api/portfolio/split-offers/accept', { symbol: 'GARAN', date: '2026-11-12' }))
          .statusCode,
      ).toBe(404);
      const otherHoldings = (await other.get('/api/portfolio/overview')).json<{
        data: { holdings: { symbol: string; quantity: number }[] };
      }>().data.holdings;
      expect(otherHoldings.find((h) => h.symbol === 'GARAN')?.quantity).toBe(100);

      // Bad input names the field; an offer that does not stand is 404; another investor cannot accept it.
      const badDate = await holder.post('/api/portfolio/split-offers/accept', {
        symbol: 'THYAO',
        date: '10.11.2026',
      });
      expect(badDate.statusCode).toBe(400);
      expect(badDate.json<{ field?: string }>().field).toBe('date');
      expect(
        (await holder.post('/api/portfolio/split-offers/accept', { symbol: 'GARAN', date: '2026-11-10' }))
          .statusCode,
      ).toBe(404);
      expect(
        (await other.post('/api/portfolio/split-offers/accept', { symbol: 'THYAO', date: '2026-11-10' }))
          .statusCode,
      ).toBe(404);

      const accepted = await holder.post('/api/portfolio/split-offers/accept', {
        symbol: 'thyao',
        date: '2026-11-10',
      });
      expect(accepted.statusCode).toBe(201);
      expect(accepted.json<{ data: { transaction: PortfolioTransaction } }>().data.transaction).toMatchObject(
        {
          type: 'split',
          date: '2026-11-10',
          symbol: 'THYAO',
          quantity: 150,
        },
      );
      // The holder's reverse split is still offered (another investor's dismissal is theirs alone); accepted, it
      // leaves ⌊1 255 / 10⌋ = 125 shares and the whole cost: 15 090 / 125 = 120.72 TRY a share.
      expect((await offersOf(holder)).map((o) => o.symbol)).toEqual(['GARAN']);
      const consolidated = await holder.post('/api/portfolio/split-offers/accept', {
        symbol: 'GARAN',
        date: '2026-11-12',
      });
      expect(consolidated.statusCode).toBe(201);
      expect(
        consolidated.json<{ data: { transaction: PortfolioTransaction } }>().data.transaction,
      ).toMatchObject({
        type: 'reverse_split',
        symbol: 'GARAN',
        quantity: 1_130,
        cash_effect: 0,
      });
      expect(await offersOf(holder)).toEqual([]);
      const overview = (await holder.get('/api/portfolio/overview')).json<{
        data: { holdings: { symbol: string; quantity: number; avg_cost: number; total_cost: number }[] };
      }>().data;
      expect(overview.holdings.find((h) => h.symbol === 'THYAO')?.quantity).toBe(300);
      expect(overview.holdings.find((h) => h.symbol === 'GARAN')).toMatchObject({
        quantity: 125,
        total_cost: 15_090,
        avg_cost: 120.72,
      });
      // Accepted once: a second accept finds no offer.
      expect(
        (await holder.post('/api/portfolio/split-offers/accept', { symbol: 'THYAO', date: '2026-11-10' }))
          .statusCode,
      ).toBe(404);
    } finally {
      await t.close();
      await fake.close();
    }
  }, 300_000);

  it('adjusts the bars stored before a split first heard of in a later answer, once', async () => {
    const database = await createTestDatabase();
    try {
      const backfill = new BackfillRepository(database.db);
      await backfill.enrol([{ symbol: 'THYAO', kind: 'stock', priority: 0 }]);
      const bar = (date: string, close: number) => ({
        symbol: 'THYAO',
        date,
        openTry: close,
        highTry: close,
        lowTry: close,
        closeTry: close,
        volumeShares: 1_000,
        turnoverTry: close * 1_000,
      });
      // First answer: before the split happened, unadjusted prices.
      await backfill.saveFetched('THYAO', [bar('2026-11-02', 300), bar('2026-11-03', 310)], '2026-11-03');
      // Later answer from the day after: the split on 11-05 is in its events, its own bars already adjusted.
      const later = {
        actions: [{ kind: 'split' as const, date: '2026-11-05', numerator: 2, denominator: 1 }],
        fetchedFrom: '2026-11-04',
        source: 'yahoo',
      };
      await backfill.saveFetched(
        'THYAO',
        [bar('2026-11-04', 156), bar('2026-11-05', 158)],
        '2026-11-05',
        later,
      );
      const closes = async () =>
        (await backfill.stagedBars('THYAO')).map((b) => [b.date, b.closeTry, b.volumeShares]);
      const adjusted = [
        ['2026-11-02', 150, 2_000],
        ['2026-11-03', 155, 2_000],
        ['2026-11-04', 156, 1_000],
        ['2026-11-05', 158, 1_000],
      ];
      expect(await closes()).toEqual(adjusted);
      // The same split heard of again (a re-fetch) changes nothing.
      await backfill.saveFetched('THYAO', [bar('2026-11-05', 158)], '2026-11-05', {
        ...later,
        fetchedFrom: '2026-11-05',
      });
      expect(await closes()).toEqual(adjusted);
    } finally {
      await database.close();
    }
  });
});
