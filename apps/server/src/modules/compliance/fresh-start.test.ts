// A fresh demo start: the simulated history the server writes on its first start (seed and start date as the server
// picks them), the first rule run, and the open violations the risk desk finds — a handful, not a month of history.
// The simulator's last month holds a market-wide crash day (median move near −10 %) that the volume rule used to
// report once per stock.
import { addCalendarDays, createSimulator, istanbulDate, STOCKS } from '@bist/market';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { violationListResponseSchema } from '@bist/contracts';
import { loadConfig } from '@/config/env';
import { SIMULATED_HISTORY_YEARS } from '@/market/create-engine';
import { MarketRepository, type StoredDailyBar } from '@/market/market.repository';
import { createAdminTestApp, tokenFor, withToken } from '@test/admin-test-kit';
import { FakeMarketData } from '@test/fake-market-data';
import type { TestApp } from '@test/helpers';

const NOW = new Date('2026-11-27T15:30:00Z');

describe('compliance on a fresh demo start', () => {
  let t: TestApp;
  let crashDay: { date: string; median: number } | undefined;

  beforeAll(async () => {
    const market = new FakeMarketData();
    for (const s of STOCKS) market.addStock({ symbol: s.symbol, name: s.name, sector: s.sector });
    t = await createAdminTestApp({ market, now: NOW });
    const today = istanbulDate(NOW);
    const sim = createSimulator({
      seed: loadConfig({}).marketSeed,
      startDate: addCalendarDays(today, -Math.ceil(SIMULATED_HISTORY_YEARS * 365.25) - 7),
    });
    const from = addCalendarDays(today, -130);
    const rows: StoredDailyBar[] = [];
    for (const day of sim.dailyBars(today)) {
      if (day.date < from) continue;
      const moves = day.bars.map((b) => b.closeTry / sim.previousCloseTry(b.symbol, day.date) - 1);
      const median = moves.sort((a, b) => a - b)[moves.length >> 1]!;
      if (day.date >= addCalendarDays(today, -7) && median < (crashDay?.median ?? -0.05))
        crashDay = { date: day.date, median };
      for (const b of day.bars)
        rows.push({ ...b, turnoverTry: b.closeTry * b.volumeShares, source: 'simulated' });
    }
    await new MarketRepository(t.infra.database.db).upsertDailyBars(rows);
    await t.services.compliance.prepare();
  });
  afterAll(async () => t.close());

  it('opens with at most 20 open violations, none for the market-wide day', async () => {
    // The history this test stands on: a market-wide crash in the week the first run reports.
    expect(crashDay).toBeDefined();
    const summary = await t.services.complianceRuns.run('start');
    const token = await tokenFor(t, 'risk_manager');
    const res = await t.app.inject(
      withToken(token, { method: 'GET', url: '/admin/api/compliance/violations?status=open&days=30' }),
    );
    const open = violationListResponseSchema.parse(res.json()).data;
    expect(open.length).toBe(summary.newViolations);
    expect(open.length).toBeGreaterThan(0);
    expect(open.length).toBeLessThanOrEqual(20);
    const onCrash = open.filter(
      (v) => v.rule_code === 'MKT_VOLUME_SPIKE' && v.occurred_at.startsWith(crashDay!.date),
    );
    expect(onCrash.length).toBeLessThanOrEqual(2);
  });

  it('a later run stores only what is new since the first', async () => {
    t.clock.advanceMs(3_600_000);
    expect((await t.services.complianceRuns.run('schedule')).newViolations).toBe(0);
  });
});
