import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@test/helpers';
import { investor, investorMarket } from '@test/investor-helpers';
import type { FakeMarketData } from '@test/fake-market-data';
import { dateAddDays } from './dates.ts';
import { DEFAULT_DEMO_PLAN, DEMO_BUY_NOTE, DEMO_DEPOSIT_NOTE } from './demo-portfolio.ts';

/** Weekday closes from 2026-05-01 to 2026-11-17, rising 0.1 % a day from `base`. */
function weekdayCloses(market: FakeMarketData, symbol: string, base: number): void {
  const closes = [];
  let i = 0;
  for (let d = '2026-05-01'; d <= '2026-11-17'; d = dateAddDays(d, 1)) {
    const weekday = new Date(`${d}T00:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    closes.push({ date: d, closeTry: Math.round(base * (1 + 0.001 * i++) * 100) / 100 });
  }
  market.setCloses(symbol, closes);
}

describe('demo investor seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    const market = investorMarket()
      .addStock({ symbol: 'TUPRS', name: 'Tüpraş', sector: 'Enerji' })
      .addStock({ symbol: 'EREGL', name: 'Ereğli Demir Çelik', sector: 'Metal' })
      .addStock({ symbol: 'AKBNK', name: 'Akbank', sector: 'Bankacılık' });
    for (const [symbol, base] of [
      ['THYAO', 250],
      ['GARAN', 100],
      ['ASELS', 120],
      ['BIMAS', 450],
      ['KCHOL', 180],
      ['XU100', 9_000],
    ] as const) {
      weekdayCloses(market, symbol, base);
    }
    t = await createTestApp({ market });
  });
  afterAll(async () => t.close());

  it('gives a new demo investor a funded account and five holdings bought at past closes', async () => {
    const inv = await investor(t, { email: 'demo.kisi@example.com', demoLogin: true });
    const transactions = (await inv.get('/api/portfolio/transactions')).json().data.transactions.reverse();
    expect(transactions[0]).toMatchObject({
      type: 'deposit',
      date: '2026-05-18',
      amount: 1_000_000,
      note: DEMO_DEPOSIT_NOTE,
    });
    const buys = transactions.slice(1);
    expect(buys.map((x: { symbol: string; date: string }) => [x.symbol, x.date])).toEqual([
      ['THYAO', '2026-05-18'],
      ['GARAN', '2026-05-25'],
      ['ASELS', '2026-06-01'],
      ['BIMAS', '2026-06-08'],
      ['KCHOL', '2026-06-15'],
    ]);
    for (const buy of buys) {
      expect(buy.note).toBe(DEMO_BUY_NOTE);
      expect(buy.quantity).toBe(Math.floor(DEFAULT_DEMO_PLAN.budgetPerHoldingTry / buy.price));
      expect(buy.quantity * buy.price).toBeLessThanOrEqual(DEFAULT_DEMO_PLAN.budgetPerHoldingTry);
    }
    // THYAO closes 250 on 2026-05-01 and rises 0.1 % per weekday: 11 weekdays later (18.05) it is 252.75.
    expect(buys[0].price).toBe(252.75);

    const data = (await inv.get('/api/portfolio/overview')).json().data;
    expect(data.overview).toMatchObject({ is_demo: true, holdings_count: 5, net_contributions: 1_000_000 });
    expect(data.overview.cash_balance).toBeGreaterThan(240_000);
    expect(data.performance.length).toBeGreaterThan(100);
    expect(data.overview.twr_percent).not.toBeNull();
    expect(data.overview.benchmark_return_percent).not.toBeNull();

    const watchlist = (await inv.get('/api/watchlist')).json().data.watchlist;
    expect(watchlist.map((w: { symbol: string }) => w.symbol).sort()).toEqual(['AKBNK', 'EREGL', 'TUPRS']); // the names after the five held
  });

  it('seeds once: signing in again or seeding again changes nothing', async () => {
    const first = await investor(t, { email: 'tekrar@example.com', demoLogin: true });
    const again = await investor(t, { email: 'tekrar@example.com', demoLogin: true });
    expect(again.userId).toBe(first.userId);
    expect(await t.services.portfolio.seedDemoAccount(first.userId, DEFAULT_DEMO_PLAN)).toBe(false);
    expect((await first.get('/api/portfolio/transactions')).json().data.total).toBe(6);
  });

  it('does not seed registered investors', async () => {
    const inv = await investor(t);
    expect((await inv.get('/api/portfolio/transactions')).json().data.total).toBe(0);
    expect((await inv.get('/api/portfolio/overview')).json().data.overview.is_demo).toBe(false);
  });
});
