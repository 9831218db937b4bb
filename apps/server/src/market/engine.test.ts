import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INDICES, STOCKS, isOnTick } from '@bist/market';
import { FixedClock } from '@/lib/clock';
import type { Database } from '@/db/client';
import { createTestDatabase, createTestEngine, testBackends } from '@test/helpers';
import { MarketRepository } from './market.repository.ts';
import type { MarketEngine } from './engine.ts';
import type { Quote } from './market-data.ts';

describe.each(testBackends())('MarketEngine on %s', (backend) => {
  let database: Database;
  let clock: FixedClock;
  let engine: MarketEngine;
  let repo: MarketRepository;
  const seen: Quote[][] = [];

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    repo = new MarketRepository(database.db);
    clock = new FixedClock(new Date('2026-11-18T07:30:00Z')); // Wednesday 10:30 Istanbul, session open
    engine = await createTestEngine(database, clock);
    engine.onQuotes((q) => seen.push([...q]));
  });
  afterAll(async () => {
    await engine.stop();
    await database.close();
  });

  it('writes the history up to the last completed day for every stock and index', async () => {
    expect(await repo.latestDailyDate()).toBe('2026-11-17');
    const last = await repo.lastBars(['THYAO', 'XU100', 'XBANK'], 1);
    expect(last.get('THYAO')?.[0]?.date).toBe('2026-11-17');
    expect(last.get('XU100')?.[0]?.source).toBe('computed');
    // XU100 reads its real 2026 level on the last completed day of the first history.
    expect(last.get('XU100')?.[0]?.closeTry).toBeCloseTo(14_321.2, 0);
  });

  it('quotes every stock live during the session, on the tick grid and inside the band', () => {
    const quotes = engine.stockQuotes();
    expect(quotes).toHaveLength(STOCKS.length);
    for (const q of quotes) {
      expect(q.date).toBe('2026-11-18');
      expect(isOnTick(q.priceTry)).toBe(true);
      expect(Math.abs(q.changePercent)).toBeLessThanOrEqual(10.01);
    }
    expect(engine.quote('XU100')?.date).toBe('2026-11-18');
    expect(INDICES.filter((i) => engine.quote(i.code)).length).toBeGreaterThanOrEqual(15);
  });

  it('moves prices as the session goes on, tells listeners, and writes minute bars', async () => {
    const before = engine.stockQuotes().map((q) => q.priceTry);
    seen.length = 0;
    for (let i = 0; i < 4; i += 1) {
      clock.advanceMs(30_000);
      await engine.tick();
    }
    const after = engine.stockQuotes().map((q) => q.priceTry);
    expect(after.filter((p, i) => p !== before[i]).length).toBeGreaterThan(STOCKS.length / 4);
    expect(seen.length).toBe(4);
    expect(seen[0]!.some((q) => q.symbol === 'XU100')).toBe(true);
    const bars = await repo.intradayBars(
      'THYAO',
      new Date('2026-11-18T07:00:00Z'),
      new Date('2026-11-18T08:00:00Z'),
      1,
    );
    expect(bars.length).toBeGreaterThanOrEqual(30); // backfilled from the open, plus the live minutes
  });

  it('the index follows its members', () => {
    const xbank = INDICES.find((i) => i.code === 'XBANK')!;
    const up = xbank.members.filter((s) => (engine.quote(s)?.changePercent ?? 0) > 0).length;
    const down = xbank.members.filter((s) => (engine.quote(s)?.changePercent ?? 0) < 0).length;
    const change = engine.quote('XBANK')!.changePercent;
    if (up > down * 3) expect(change).toBeGreaterThan(0);
    if (down > up * 3) expect(change).toBeLessThan(0);
    expect(Number.isFinite(change)).toBe(true);
  });

  it('closes the daily bar after the session with the last live price', async () => {
    clock.set(new Date('2026-11-18T14:59:30Z')); // 17:59:30
    await engine.tick();
    const lastLive = engine.quote('GARAN')!.priceTry;
    clock.set(new Date('2026-11-18T15:15:00Z')); // 18:15, after closing trades
    await engine.tick();
    const bar = (await repo.lastBars(['GARAN'], 1)).get('GARAN')![0]!;
    expect(bar.date).toBe('2026-11-18');
    expect(engine.quote('GARAN')!.priceTry).toBe(bar.closeTry);
    expect(Math.abs(bar.closeTry - lastLive) / bar.closeTry).toBeLessThan(0.02);
  });

  it('catches up the days it missed while down, and a restarted engine shows the same prices', async () => {
    clock.set(new Date('2026-11-23T16:00:00Z')); // Monday evening after 2 trading days of downtime
    await engine.tick();
    expect(await repo.latestDailyDate()).toBe('2026-11-23');
    const restarted = await createTestEngine(database, clock);
    for (const symbol of ['THYAO', 'XU100', 'ASELS'])
      expect(restarted.quote(symbol)?.priceTry).toBe(engine.quote(symbol)?.priceTry);
    await restarted.stop();
  });

  it('an engine started during the session with the history complete quotes the indices live', async () => {
    await engine.stop();
    clock.set(new Date('2026-11-24T07:30:00Z')); // Tuesday 10:30: nothing to catch up, the session is open
    const restarted = await createTestEngine(database, clock);
    expect(restarted.quote('THYAO')?.date).toBe('2026-11-24');
    expect(restarted.quote('XU100')?.date).toBe('2026-11-24');
    expect(
      INDICES.filter((i) => restarted.quote(i.code)?.date === '2026-11-24').length,
    ).toBeGreaterThanOrEqual(15);
    await restarted.stop();
  });
});

describe('MarketEngine started outside the session', () => {
  it("replays the last session's index levels at start and a stock's minute bars on demand", async () => {
    const database = await createTestDatabase('pglite');
    const clock = new FixedClock(new Date('2026-11-21T10:00:00Z')); // Saturday
    const engine = await createTestEngine(database, clock);
    const repo = new MarketRepository(database.db);
    const open = new Date('2026-11-20T07:00:00Z'); // Friday 10:00 Istanbul
    const close = new Date('2026-11-20T15:00:00Z');
    const xu100 = await repo.intradayBars('XU100', open, close, 15);
    expect(xu100.length).toBeGreaterThanOrEqual(30);
    // The replayed session ends at the stored daily close.
    expect(xu100.at(-1)!.closeTry).toBeCloseTo(engine.quote('XU100')!.priceTry, 0);
    expect(await repo.intradayBars('THYAO', open, close, 5)).toHaveLength(0);
    await engine.ensureStockMinutes('THYAO', ['2026-11-20']);
    const thyao = await repo.intradayBars('THYAO', open, close, 1);
    expect(thyao.length).toBeGreaterThan(400);
    expect(thyao.at(-1)!.closeTry).toBe(engine.quote('THYAO')!.priceTry);
    await engine.stop();
    await database.close();
  });
});
