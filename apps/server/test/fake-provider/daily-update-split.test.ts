import { describe, expect, it } from 'vitest';
import type { SplitOffer } from '@bist/contracts';
import { MarketEngine } from '@/market/engine';
import { MarketRepository } from '@/market/market.repository';
import { createYahooFeed } from '@/market/yahoo-feed';
import { syntheticBar } from '@/market/yahoo/replay-fetch';
import { createMarketTestApp } from '@test/helpers';
import { investor } from '@test/investor-helpers';
import { startFakeProvider } from './fake-provider.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
/** Friday 2026-11-20, 17:45 in Istanbul: the backfill runs through Thursday. */
const SESSION = new Date('2026-11-20T14:45:00Z');
/** 21:00 in Istanbul: the day's bars are final at the provider. */
const evening = (date: string) => new Date(`${date}T18:00:00Z`);
/** A 2:1 split on Monday, after the backfill and the daily update of Friday. */
const SPLIT = { symbol: 'THYAO', date: '2026-11-23', numerator: 2, denominator: 1 };

describe('a split heard of on the daily update (fake provider over HTTP)', () => {
  it('adjusts the stored history once, with one chart request, and offers the split to the holder', async () => {
    const fake = await startFakeProvider();
    const synthetic: NonNullable<typeof fake.replay.syntheticHistory> = {
      indices: new Set(['XU100']),
      unreported: [SPLIT],
    };
    fake.replay.syntheticHistory = synthetic;
    const t = await createMarketTestApp({ now: SESSION, startDate: '2026-11-02' });
    try {
      const repo = new MarketRepository(t.infra.database.db);
      await repo.setState('yahoo_feed', { startDate: '2026-11-02' });
      const holder = await investor(t);
      const bought = await holder.post('/api/portfolio/transactions', {
        type: 'buy',
        date: '2026-11-05',
        symbol: 'THYAO',
        quantity: 150,
        price: 300,
        cash_rule: 'auto_deposit',
      });
      expect(bought.statusCode).toBe(201);
      const yahoo = () =>
        createYahooFeed({
          repo,
          clock: t.clock,
          log: quiet,
          baseUrl: fake.url,
          tuning: {
            settings: { requestsPerMinute: 10_000 },
            sleep: () => Promise.resolve(),
            random: () => 0.5,
          },
        });
      await t.engine.useProvider(await yahoo());
      expect(t.engine.storedThrough).toBe('2026-11-19');
      const thyao = async () =>
        (await t.engine.dailyCloses('THYAO', '2026-11-02', '2026-11-30')).map((c) => [c.date, c.closeTry]);
      const raw = await thyao();
      // Before the split the provider's prices are the raw ones: twice the adjusted made-up bars.
      expect(raw.find(([d]) => d === '2026-11-19')?.[1]).toBeCloseTo(
        2 * syntheticBar('THYAO.IS', '2026-11-19').close,
        0,
      );

      // Friday's daily update from the quotes: every previous close is the stored close, so no chart is asked.
      t.clock.set(evening('2026-11-20'));
      synthetic.quotesOn = '2026-11-20';
      const chartsBefore = fake.replay.chartRequests().length;
      await t.engine.tick();
      expect(t.engine.storedThrough).toBe('2026-11-20');
      expect(fake.replay.chartRequests().length).toBe(chartsBefore);

      // Monday: the split happened and Yahoo reports it; its quote's previous close is Friday's, adjusted.
      synthetic.unreported = [];
      synthetic.splits = [SPLIT];
      synthetic.quotesOn = '2026-11-23';
      t.clock.set(evening('2026-11-23'));
      const chartsMonday = fake.replay.chartRequests().length;
      await t.engine.tick();
      expect(t.engine.storedThrough).toBe('2026-11-23');
      // One chart request: the stock whose previous close disagreed.
      expect(fake.replay.chartRequests().slice(chartsMonday)).toEqual(['THYAO.IS']);
      const adjusted = await thyao();
      const fridayAndMonday = adjusted.filter(([d]) => d === '2026-11-20' || d === '2026-11-23');
      expect(fridayAndMonday).toHaveLength(2);
      const move = Number(fridayAndMonday[1]![1]) / Number(fridayAndMonday[0]![1]);
      expect(move).toBeGreaterThan(0.8);
      expect(move).toBeLessThan(1.25);
      // Every earlier stored close halved, exactly once.
      for (const [date, close] of raw) {
        expect(adjusted.find(([d]) => d === date)?.[1]).toBeCloseTo(Number(close) / 2, 6);
      }
      const stored = await t.infra.database.pool.query(
        `select symbol, date::text as date, numerator, denominator, source from corporate_actions where kind = 'split'`,
      );
      expect(stored.rows).toEqual([
        { symbol: 'THYAO', date: '2026-11-23', numerator: 2, denominator: 1, source: 'yahoo' },
      ]);
      // The day's change is measured against the adjusted previous close: no halving shown as a −50 % day.
      const quote = t.engine.quote('THYAO');
      expect(quote?.date).toBe('2026-11-23');
      expect(Math.abs(quote?.changePercent ?? 100)).toBeLessThan(20);

      const offers = (await holder.get('/api/portfolio/split-offers')).json<{
        data: { offers: SplitOffer[] };
      }>().data.offers;
      expect(offers).toEqual([
        expect.objectContaining({
          kind: 'split',
          symbol: 'THYAO',
          date: '2026-11-23',
          shares_before: 150,
          shares_after: 300,
          extra_shares: 150,
          source: 'yahoo',
        }),
      ]);

      // The same update again changes nothing.
      await t.engine.tick();
      expect(await thyao()).toEqual(adjusted);
      // A restart that lost the last two days asks them again by chart; THYAO's answer carries the split once more
      // and the history is not adjusted a second time.
      await t.engine.stop();
      await t.infra.database.pool.query(`delete from daily_bars where date >= '2026-11-20'`);
      const restarted = new MarketEngine({ repo, provider: await yahoo(), clock: t.clock, log: quiet });
      const chartsRestart = fake.replay.chartRequests().length;
      await restarted.start({ live: false });
      await restarted.stop();
      expect(restarted.storedThrough).toBe('2026-11-23');
      expect(fake.replay.chartRequests().slice(chartsRestart)).toContain('THYAO.IS');
      const again = (await restarted.dailyCloses('THYAO', '2026-11-02', '2026-11-30')).map((c) => [
        c.date,
        c.closeTry,
      ]);
      expect(again).toEqual(adjusted);
      expect(
        (await t.infra.database.pool.query(`select 1 from corporate_actions where kind = 'split'`)).rows,
      ).toHaveLength(1);
    } finally {
      await t.close();
      await fake.close();
    }
  }, 300_000);
  it('after downtime, adjusts the stored history from the charts of the missed days, at no extra request', async () => {
    const fake = await startFakeProvider();
    const synthetic: NonNullable<typeof fake.replay.syntheticHistory> = {
      indices: new Set(['XU100']),
      unreported: [SPLIT],
    };
    fake.replay.syntheticHistory = synthetic;
    const t = await createMarketTestApp({ now: SESSION, startDate: '2026-11-02' });
    try {
      const repo = new MarketRepository(t.infra.database.db);
      await repo.setState('yahoo_feed', { startDate: '2026-11-02' });
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
      expect(t.engine.storedThrough).toBe('2026-11-19');
      const raw = await t.engine.dailyCloses('THYAO', '2026-11-02', '2026-11-19');
      // Down over Friday and Monday; Yahoo has reported the split by Monday evening.
      synthetic.unreported = [];
      synthetic.splits = [SPLIT];
      t.clock.set(evening('2026-11-23'));
      const charts = fake.replay.chartRequests().length;
      await t.engine.tick();
      expect(t.engine.storedThrough).toBe('2026-11-23');
      // One chart per stock and published index, as any catch-up of several days: none more for the split.
      const asked = fake.replay.chartRequests().slice(charts);
      expect(asked.filter((s) => s === 'THYAO.IS')).toHaveLength(1);
      expect(new Set(asked).size).toBe(asked.length);
      const adjusted = await t.engine.dailyCloses('THYAO', '2026-11-02', '2026-11-23');
      for (const bar of raw)
        expect(adjusted.find((a) => a.date === bar.date)?.closeTry).toBeCloseTo(bar.closeTry / 2, 6);
      // The caught-up days are the provider's adjusted ones: no halving between Thursday, Friday and Monday.
      const [thursday, friday, monday] = adjusted.slice(-3).map((a) => a.closeTry);
      for (const [a, b] of [
        [thursday!, friday!],
        [friday!, monday!],
      ] as const) {
        expect(b / a).toBeGreaterThan(0.8);
        expect(b / a).toBeLessThan(1.25);
      }
      expect(
        (await t.infra.database.pool.query(`select symbol from corporate_actions where kind = 'split'`)).rows,
      ).toEqual([{ symbol: 'THYAO' }]);
    } finally {
      await t.close();
      await fake.close();
    }
  }, 300_000);
});
