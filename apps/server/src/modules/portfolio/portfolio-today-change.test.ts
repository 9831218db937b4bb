import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@test/helpers';
import { investor, investorMarket } from '@test/investor-helpers';

// The test clock's day is 2026-11-18, the quotes' session; THYAO trades at 300 after a previous close of 290.
describe("'Bugün' of a position bought today", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ market: investorMarket() });
  });
  afterAll(async () => t.close());

  it('is ₺0,00 for a lot bought today at the current price (not measured from the previous close)', async () => {
    const inv = await investor(t);
    await inv.post('/api/portfolio/transactions', { type: 'deposit', date: '2026-10-01', amount: 100_000 });
    const buy = await inv.post('/api/portfolio/transactions', {
      type: 'buy',
      date: '2026-11-18',
      symbol: 'THYAO',
      quantity: 100,
      price: 300,
    });
    expect(buy.statusCode).toBe(201);
    const data = (await inv.get('/api/portfolio/overview')).json().data;
    expect(data.overview).toMatchObject({ daily_change: 0, daily_change_percent: 0, total_gain_loss: 0 });
    expect(data.holdings[0]).toMatchObject({
      symbol: 'THYAO',
      daily_change: 0,
      daily_change_percent: 0,
      gain_loss: 0,
    });
  });

  it('adds today’s move of the shares held before to the ₺0 of the lot bought today', async () => {
    const inv = await investor(t);
    await inv.post('/api/portfolio/transactions', { type: 'deposit', date: '2026-10-01', amount: 100_000 });
    await inv.post('/api/portfolio/transactions', {
      type: 'buy',
      date: '2026-10-02',
      symbol: 'THYAO',
      quantity: 100,
      price: 250,
    });
    await inv.post('/api/portfolio/transactions', {
      type: 'buy',
      date: '2026-11-18',
      symbol: 'THYAO',
      quantity: 100,
      price: 295,
    });
    const data = (await inv.get('/api/portfolio/overview')).json().data;
    // 100 × (300 − 290) from before + 100 × (300 − 295) bought today.
    expect(data.holdings[0]).toMatchObject({ quantity: 200, daily_change: 1_500 });
    expect(data.overview.daily_change).toBe(1_500);
    expect(data.overview.daily_change_percent).toBe(2.56); // 1 500 / (29 000 + 29 500)
  });
});
