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

describe('demo portfolio', () => {
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

  it('loads into an empty portfolio a funded account and five holdings bought at past closes, all labelled', async () => {
    const inv = await investor(t, { email: 'demo.kisi@example.com', demoLogin: true });
    // A new account starts empty: the demo is the investor's choice.
    expect((await inv.get('/api/portfolio/transactions')).json().data.total).toBe(0);
    const loaded = await inv.post('/api/portfolio/demo');
    expect(loaded.statusCode).toBe(201);
    expect(loaded.json().data.count).toBe(6);
    const transactions = (await inv.get('/api/portfolio/transactions')).json().data.transactions.reverse();
    expect(transactions[0]).toMatchObject({
      type: 'deposit',
      date: '2026-05-18',
      amount: 1_000_000,
      note: DEMO_DEPOSIT_NOTE,
      is_demo: true,
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
      expect(buy.is_demo).toBe(true);
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
  });

  it('refuses to mix with real transactions: only an empty portfolio takes the demo', async () => {
    const inv = await investor(t);
    await inv.post('/api/portfolio/transactions', { type: 'deposit', date: '2026-11-02', amount: 500 });
    const res = await inv.post('/api/portfolio/demo');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Demo portföy yalnızca işlemi olmayan bir portföye yüklenebilir.');
    expect((await inv.get('/api/portfolio/transactions')).json().data.total).toBe(1);
  });

  it('is removed in one step, keeping what the investor recorded', async () => {
    const inv = await investor(t);
    expect((await inv.post('/api/portfolio/demo')).statusCode).toBe(201);
    const own = await inv.post('/api/portfolio/transactions', {
      type: 'deposit',
      date: '2026-11-02',
      amount: 750,
    });
    expect(own.statusCode).toBe(201);
    expect(own.json().data.transaction.is_demo).toBe(false);
    const removed = await inv.del('/api/portfolio/demo');
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.count).toBe(6);
    const data = (await inv.get('/api/portfolio/overview')).json().data;
    expect(data.overview).toMatchObject({ is_demo: false, holdings_count: 0, cash_balance: 750 });
  });

  it('is not removed when a real transaction depends on it (selling demo shares)', async () => {
    const inv = await investor(t);
    await inv.post('/api/portfolio/demo');
    const sold = await inv.post('/api/portfolio/transactions', {
      type: 'sell',
      date: '2026-11-17',
      symbol: 'THYAO',
      quantity: 1,
      price: 300,
    });
    expect(sold.statusCode).toBe(201);
    const res = await inv.del('/api/portfolio/demo');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(
      /^Demo verisi kaldırılamaz; kalan işlemler tutarsız olur\. Elinizdeki adetten fazla/,
    );
    expect((await inv.get('/api/portfolio/transactions')).json().data.total).toBe(7);
  });
});
