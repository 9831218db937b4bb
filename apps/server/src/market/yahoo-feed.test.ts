import { beforeEach, describe, expect, it } from 'vitest';
import { createPrng, isOnTick } from '@bist/market';
import { FixedClock } from '@/lib/clock';
import type { EngineLogger } from './engine.ts';
import { YahooFeed } from './yahoo-feed.ts';
import { YahooDataNotFinalError, YahooUnavailableError, type YahooFeedSettings } from './yahoo/settings.ts';
import { YahooReplay } from './yahoo/replay-fetch.ts';
import { createYahooClient } from './yahoo/yahoo-client.ts';

interface LogEntry {
  level: 'info' | 'warn' | 'error';
  msg: string | undefined;
  obj: object;
}

function memoryLog(): EngineLogger & { entries: LogEntry[]; messages(level: LogEntry['level']): string[] } {
  const entries: LogEntry[] = [];
  return {
    entries,
    info: (obj, msg) => entries.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => entries.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => entries.push({ level: 'error', obj, msg }),
    messages: (level) => entries.filter((e) => e.level === level).map((e) => e.msg ?? ''),
  };
}

/** Friday 2026-11-20, 17:45 in Istanbul: the session is open; the recorded quotes are from 17:29 (Yahoo's delay). */
const SESSION = new Date('2026-11-20T14:45:00Z');
const SYMBOLS = ['AKBNK', 'ASELS', 'GARAN', 'SASA', 'THYAO', 'NOPE'];

function setup(settings: Partial<YahooFeedSettings> = {}, now = SESSION) {
  const clock = new FixedClock(now);
  const log = memoryLog();
  const replay = new YahooReplay();
  const sleeps: number[] = [];
  const prng = createPrng(7, 'yahoo-feed-test');
  const feed = new YahooFeed({
    client: createYahooClient({ log, fetch: replay.fetch }),
    clock,
    log,
    historyStartDate: '2026-11-16',
    settings,
    // No real waiting: a pause only moves the test's clock.
    sleep: (durationMs) => {
      sleeps.push(durationMs);
      clock.advanceMs(durationMs);
      return Promise.resolve();
    },
    random: () => prng.uniform(),
  });
  return { clock, log, replay, sleeps, feed };
}

describe(YahooFeed.name, () => {
  describe('quotes', () => {
    it('fetches the symbols as .IS in batches and maps each quote to a snapshot on BIST ticks', async () => {
      const { feed, replay } = setup({ quoteBatchSize: 2 });
      const snapshots = await feed.snapshots(SYMBOLS, SESSION);

      expect(replay.quoteRequests()).toEqual([
        ['AKBNK.IS', 'ASELS.IS'],
        ['GARAN.IS', 'SASA.IS'],
        ['THYAO.IS', 'NOPE.IS'],
        ['XU100.IS'],
      ]);
      const bySymbol = new Map(snapshots.map((s) => [s.symbol, s]));
      expect([...bySymbol.keys()]).toEqual(['AKBNK', 'ASELS', 'GARAN', 'SASA', 'THYAO']); // NOPE is unknown to Yahoo
      expect(bySymbol.get('THYAO')).toEqual({
        symbol: 'THYAO',
        priceTry: 347.25, // 347.2500061035156 on the 0.25 tick
        openTry: 345,
        highTry: 349.75,
        lowTry: 343.5,
        volumeShares: 24_183_410,
        previousCloseTry: 344.5,
        // The quote's own time (Yahoo is ~15 minutes late): what the stale banner's age is measured from.
        asOf: new Date('2026-11-20T14:29:00.000Z'),
      });
      expect(bySymbol.get('GARAN')).toMatchObject({
        priceTry: 131.1,
        highTry: 131.7,
        lowTry: 128.8,
        previousCloseTry: 129,
      });
      // SASA's last trade is from yesterday: unchanged at that price, nothing traded today.
      expect(bySymbol.get('SASA')).toEqual({
        symbol: 'SASA',
        priceTry: 2.42,
        openTry: 2.42,
        highTry: 2.42,
        lowTry: 2.42,
        volumeShares: 0,
        previousCloseTry: 2.42,
        asOf: new Date('2026-11-19T15:09:00.000Z'),
      });
      for (const s of snapshots) {
        for (const price of [s.priceTry, s.openTry, s.highTry, s.lowTry, s.previousCloseTry])
          expect(isOnTick(price)).toBe(true);
        expect(s.lowTry).toBeLessThanOrEqual(Math.min(s.openTry, s.priceTry));
        expect(s.highTry).toBeGreaterThanOrEqual(Math.max(s.openTry, s.priceTry));
      }
    });

    it('caches shares outstanding from the quotes and leaves them undefined when Yahoo gives none', async () => {
      const { feed } = setup();
      expect(feed.sharesOutstanding('THYAO')).toBeUndefined();
      await feed.snapshots(SYMBOLS, SESSION);
      expect(feed.sharesOutstanding('THYAO')).toBe(1_380_000_000);
      expect(feed.sharesOutstanding('GARAN')).toBe(4_200_000_000);
      expect(feed.sharesOutstanding('ASELS')).toBeUndefined();
      expect(feed.sharesOutstanding('NOPE')).toBeUndefined();
    });

    it('asks Yahoo at most once per refresh interval and serves the cached snapshots in between', async () => {
      const { feed, replay, clock } = setup({ quoteRefreshMs: 60_000 });
      const first = await feed.snapshots(SYMBOLS, SESSION);
      const handshakes = replay.handshakes;
      clock.advanceMs(5_000);
      expect(await feed.snapshots(SYMBOLS, clock.now())).toEqual(first);
      expect(replay.quoteRequests()).toHaveLength(1);
      clock.advanceMs(55_000);
      await feed.snapshots(SYMBOLS, clock.now());
      expect(replay.quoteRequests()).toHaveLength(2);
      expect(replay.handshakes).toBe(handshakes); // the cookie and crumb are reused
      expect(feed.health()).toMatchObject({ status: 'ok' });
      expect(feed.health().detail).toContain('XU100.IS 14426.34');
    });

    it('answers nothing on a closed day without asking Yahoo', async () => {
      const { feed, replay } = setup();
      expect(await feed.snapshots(SYMBOLS, new Date('2026-11-21T10:00:00Z'))).toEqual([]);
      expect(replay.apiRequests).toEqual([]);
    });
  });

  describe('history', () => {
    it('maps chart rows to daily bars, skipping Yahoo null rows and using the unadjusted close', async () => {
      const { feed, replay, log } = setup({}, new Date('2026-11-21T10:00:00Z'));
      const bars = await feed.dailyBars(['GARAN', 'THYAO', 'NOPE'], '2026-11-16', '2026-11-20');

      expect(replay.chartRequests().sort()).toEqual(['GARAN.IS', 'NOPE.IS', 'THYAO.IS']);
      const chartUrl = new URL(replay.apiRequests.find((u) => u.includes('/chart/THYAO.IS'))!);
      expect(chartUrl.searchParams.get('interval')).toBe('1d');
      expect(Number(chartUrl.searchParams.get('period1'))).toBe(Date.parse('2026-11-15T21:00:00Z') / 1000); // 16 Nov 00:00 Istanbul
      expect(Number(chartUrl.searchParams.get('period2'))).toBe(Date.parse('2026-11-20T21:00:00Z') / 1000); // 21 Nov 00:00 Istanbul

      const thyao = bars.get('THYAO')!;
      expect(thyao.map((b) => b.date)).toEqual(['2026-11-16', '2026-11-17', '2026-11-19', '2026-11-20']); // 18th: all null
      // Closes are Yahoo's `close`, not the dividend-adjusted `adjclose` (331.9076 on the 16th).
      expect(thyao.map((b) => b.closeTry)).toEqual([341.75, 344.5, 344.5, 348]);
      expect(thyao[0]).toEqual({
        date: '2026-11-16',
        openTry: 340.25,
        highTry: 343,
        lowTry: 338.5,
        closeTry: 341.75,
        volumeShares: 21_044_312,
      });
      expect(bars.get('GARAN')!.map((b) => b.closeTry)).toEqual([127.9, 129, 128.5, 129, 130.8]);
      expect(bars.has('NOPE')).toBe(false);
      expect(log.entries.find((e) => e.msg?.startsWith('Yahoo has no daily history'))?.obj).toMatchObject({
        symbols: ['NOPE'],
      });
      // Shares outstanding are fetched first, so the engine can fix the index divisors from this very history.
      expect(replay.quoteRequests()).toEqual([['GARAN.IS', 'THYAO.IS', 'NOPE.IS']]);
      expect(feed.sharesOutstanding('GARAN')).toBe(4_200_000_000);
    });

    it("takes a finished day's bar from the quotes after the close instead of one chart per stock", async () => {
      const { feed, replay } = setup({}, new Date('2026-11-20T16:00:00Z')); // 19:00 Istanbul
      replay.quoteFixture = 'quote-closed.json';
      const bars = await feed.dailyBars(['GARAN', 'THYAO'], '2026-11-20', '2026-11-20');
      expect(bars.get('THYAO')).toEqual([
        {
          date: '2026-11-20',
          openTry: 345,
          highTry: 349.75,
          lowTry: 343.5,
          closeTry: 348,
          volumeShares: 27_311_020,
        },
      ]);
      expect(bars.get('GARAN')?.[0]?.closeTry).toBe(130.8);
      expect(replay.chartRequests()).toEqual([]);
    });

    it("asks a stock's chart on the daily update only when its quoted previous close is not the stored close", async () => {
      const { feed, replay, log } = setup({}, new Date('2026-11-20T16:00:00Z')); // 19:00 Istanbul
      replay.quoteFixture = 'quote-closed.json';
      // THYAO's stored close of Thursday is Yahoo's previous close (344.5); GARAN's is twice Yahoo's 129.
      const stored = new Map([
        ['THYAO', { date: '2026-11-19', closeTry: 344.5 }],
        ['GARAN', { date: '2026-11-19', closeTry: 258 }],
      ]);
      const update = await feed.dailyUpdate(['GARAN', 'THYAO'], '2026-11-20', '2026-11-20', () =>
        Promise.resolve(stored),
      );
      expect(update.bars.get('THYAO')?.[0]?.closeTry).toBe(348);
      expect(replay.chartRequests()).toEqual(['GARAN.IS']);
      // The recorded chart has no split: nothing is recorded, and the disagreement is logged.
      expect(update.actions.size).toBe(0);
      expect(log.entries.find((e) => e.msg?.includes('reports no split'))?.obj).toMatchObject({
        symbol: 'GARAN',
        since: '2026-11-19',
      });
    });

    it("refuses a day's bar until Yahoo's delayed data for it is final", async () => {
      const { feed, replay } = setup({}, new Date('2026-11-20T15:20:00Z')); // 18:20 Istanbul, the session ended at 18:10
      await expect(feed.dailyBars(['THYAO'], '2026-11-20', '2026-11-20')).rejects.toBeInstanceOf(
        YahooDataNotFinalError,
      );
      expect(replay.apiRequests).toEqual([]);
    });

    it('resumes an interrupted history where it stopped', async () => {
      const { feed, replay } = setup(
        { chartConcurrency: 1, retry: { maxAttempts: 2, baseDelayMs: 1_000, maxDelayMs: 4_000 } },
        new Date('2026-11-21T10:00:00Z'),
      );
      replay.failIf = (url) => (url.includes('/chart/THYAO.IS') ? 503 : null);
      await expect(feed.dailyBars(['GARAN', 'THYAO'], '2026-11-16', '2026-11-20')).rejects.toThrow();
      expect(replay.chartRequests()).toEqual(['GARAN.IS', 'THYAO.IS', 'THYAO.IS']);

      replay.failIf = null;
      const bars = await feed.dailyBars(['GARAN', 'THYAO'], '2026-11-16', '2026-11-20');
      expect(replay.chartRequests()).toEqual(['GARAN.IS', 'THYAO.IS', 'THYAO.IS', 'THYAO.IS']);
      expect([...bars.keys()].sort()).toEqual(['GARAN', 'THYAO']);
      expect(bars.get('GARAN')).toHaveLength(5);
    });
  });

  describe('retries', () => {
    it('retries 503, 429 and network errors with growing, jittered pauses, then succeeds', async () => {
      const { feed, replay, sleeps, log } = setup();
      replay.failNext.push(503, 429, 'network');
      const snapshots = await feed.snapshots(SYMBOLS, SESSION);

      expect(snapshots.map((s) => s.symbol)).toContain('THYAO');
      expect(replay.quoteRequests()).toHaveLength(4); // three failures, then the answer
      expect(sleeps).toHaveLength(3);
      expect(sleeps[0]).toBeGreaterThanOrEqual(500);
      expect(sleeps[0]).toBeLessThanOrEqual(1_000);
      expect(sleeps[1]).toBeGreaterThanOrEqual(1_000);
      expect(sleeps[1]).toBeLessThanOrEqual(2_000);
      expect(sleeps[2]).toBeGreaterThanOrEqual(2_000);
      expect(sleeps[2]).toBeLessThanOrEqual(4_000);
      expect(log.messages('warn').filter((m) => m === 'Yahoo request failed; retrying')).toHaveLength(3);
      expect(feed.health().status).toBe('ok');
      expect(feed.requestUsage().day).toBe(4); // every attempt counts against the budget
    });

    it('does not retry a request Yahoo rejects as bad', async () => {
      const { feed, replay, sleeps, log } = setup();
      replay.failNext.push(400);
      expect(await feed.snapshots(SYMBOLS, SESSION)).toEqual([]);
      expect(replay.quoteRequests()).toHaveLength(1);
      expect(sleeps).toEqual([]);
      expect(log.messages('error')).toContain(
        'Yahoo Finance call failed after retries; serving the last good data',
      );
    });
  });

  describe('request budget', () => {
    it('refuses a refresh the budget cannot cover, keeps serving the last snapshots, and reports it', async () => {
      // 6 symbols + XU100.IS in batches of 3 = 3 requests per refresh; the day allows 4.
      const { feed, replay, clock, log } = setup({
        quoteBatchSize: 3,
        requestsPerMinute: 10,
        requestsPerDay: 4,
      });
      const first = await feed.snapshots(SYMBOLS, SESSION);
      expect(replay.quoteRequests()).toHaveLength(3);

      clock.advanceMs(90_000);
      const second = await feed.snapshots(SYMBOLS, clock.now());
      expect(second).toEqual(first);
      expect(replay.quoteRequests()).toHaveLength(3); // nothing was sent
      expect(feed.health()).toEqual({
        status: 'degraded',
        detail:
          'Yahoo request budget exhausted (4 per day); last good data 2026-11-20T14:45:00.000Z (90 s old)',
      });
      expect(log.messages('warn')).toContain('Yahoo request budget exhausted; serving the last data');

      // A new Istanbul day brings a new daily budget.
      const monday = new Date('2026-11-23T07:30:00Z');
      clock.set(monday);
      expect((await feed.snapshots(SYMBOLS, monday)).length).toBeGreaterThan(0);
      expect(replay.quoteRequests()).toHaveLength(6);
      expect(feed.health().status).toBe('ok');
    });

    it('spreads history over minute windows instead of exceeding the per-minute limit', async () => {
      const { feed, replay, sleeps } = setup(
        { requestsPerMinute: 2, chartConcurrency: 1 },
        new Date('2026-11-21T10:00:00Z'),
      );
      const bars = await feed.dailyBars(['GARAN', 'THYAO', 'NOPE'], '2026-11-16', '2026-11-20');
      expect(bars.size).toBe(2);
      expect(replay.apiRequests).toHaveLength(4); // one quote batch for shares, three charts
      expect(sleeps.length).toBeGreaterThanOrEqual(1);
      expect(sleeps.every((ms) => ms > 0 && ms <= 60_000)).toBe(true);
    });
  });

  describe('outage and recovery', () => {
    let env: ReturnType<typeof setup>;
    beforeEach(() => {
      env = setup({ failuresBeforeDegraded: 2, circuitCooldownMs: 60_000, quoteRefreshMs: 60_000 });
    });

    it('serves the last good snapshots, turns degraded with their age, pauses calls, and recovers', async () => {
      const { feed, replay, clock, log } = env;
      const good = await feed.snapshots(SYMBOLS, SESSION);
      expect(feed.health().status).toBe('ok');

      replay.down = 503;
      clock.advanceMs(60_000);
      expect(await feed.snapshots(SYMBOLS, clock.now())).toEqual(good);
      expect(feed.health().status).toBe('ok'); // one failed refresh is not yet an outage

      clock.advanceMs(60_000);
      expect(await feed.snapshots(SYMBOLS, clock.now())).toEqual(good);
      const health = feed.health();
      expect(health.status).toBe('degraded');
      expect(health.detail).toContain('last good data 2026-11-20T14:45:00.000Z');
      expect(health.detail).toMatch(/\(2 min old\)$/);
      expect(health.detail).toContain('HTTPError');

      // The circuit is open: no calls until its pause has passed, the last data is still served.
      const sent = replay.apiRequests.length;
      clock.advanceMs(60_000 - 1);
      expect(await feed.snapshots(SYMBOLS, clock.now())).toEqual(good);
      expect(replay.apiRequests).toHaveLength(sent);

      replay.down = null;
      clock.advanceMs(1);
      const fresh = await feed.snapshots(SYMBOLS, clock.now());
      expect(fresh.map((s) => s.symbol)).toEqual(good.map((s) => s.symbol));
      expect(feed.health().status).toBe('ok');
      expect(feed.lastGoodDataAt()).toEqual(clock.now());
      expect(log.messages('info')).toContain('Yahoo Finance answers again; feed healthy');
    });

    it('refuses history while the circuit is open and reports down before any data arrived', async () => {
      const { feed, replay, clock } = env;
      replay.down = 'network';
      clock.set(new Date('2026-11-21T10:00:00Z'));
      await expect(feed.dailyBars(['THYAO'], '2026-11-16', '2026-11-20')).rejects.toThrow('fetch failed');
      await expect(feed.dailyBars(['THYAO'], '2026-11-16', '2026-11-20')).rejects.toThrow('fetch failed');
      expect(feed.health().status).toBe('down');
      expect(feed.health().detail).toContain('no data received yet');
      await expect(feed.dailyBars(['THYAO'], '2026-11-16', '2026-11-20')).rejects.toBeInstanceOf(
        YahooUnavailableError,
      );
    });

    it('does not carry yesterday’s snapshots into a new session while Yahoo is down', async () => {
      const { feed, replay, clock } = env;
      await feed.snapshots(SYMBOLS, SESSION);
      replay.down = 503;
      const monday = new Date('2026-11-23T07:30:00Z');
      clock.set(monday);
      expect(await feed.snapshots(SYMBOLS, monday)).toEqual([]);
    });
  });
});
