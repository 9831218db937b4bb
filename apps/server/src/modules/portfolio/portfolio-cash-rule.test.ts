import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTO_DEPOSIT_NOTE } from '@bist/contracts';
import { createTestApp, type TestApp } from '@test/helpers';
import { investor, investorMarket } from '@test/investor-helpers';

const thyaoBuy = (quantity: number, extra: object = {}) => ({
  type: 'buy',
  date: '2026-11-10',
  symbol: 'THYAO',
  quantity,
  price: 300,
  commission: 1.5,
  ...extra,
});

describe('a buy beyond the recorded cash (nakit takibi)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ market: investorMarket() });
  });
  afterAll(async () => t.close());

  it('asks for a cash rule instead of refusing the trade, and saves nothing meanwhile', async () => {
    const inv = await investor(t);
    await inv.post('/api/portfolio/transactions', { type: 'deposit', date: '2026-11-02', amount: 1_000 });
    const res = await inv.post('/api/portfolio/transactions', thyaoBuy(10));
    expect(res.statusCode).toBe(409);
    // 10 × 300 + 1,50 = 3.001,50 needed, 1.000 recorded.
    expect(res.json()).toMatchObject({
      success: false,
      field: 'cash_rule',
      error:
        'Bu alım kayıtlı nakitten ₺2.001,50 fazla. Eksik tutar için otomatik para yatırma kaydedin ya da nakdin ' +
        'eksiye düşmesine izin verin.',
    });
    expect((await inv.get('/api/portfolio/transactions')).json().data.total).toBe(1);
  });

  it('auto_deposit records the shortfall as a deposit on the buy date, just before the buy', async () => {
    const inv = await investor(t);
    await inv.post('/api/portfolio/transactions', { type: 'deposit', date: '2026-11-02', amount: 1_000 });
    const res = await inv.post('/api/portfolio/transactions', thyaoBuy(10, { cash_rule: 'auto_deposit' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.transaction).toMatchObject({ type: 'buy', cash_after: 0, cash_effect: -3_001.5 });
    const list = (await inv.get('/api/portfolio/transactions')).json().data.transactions;
    expect(list.map((x: { type: string; amount: number | null }) => [x.type, x.amount])).toEqual([
      ['buy', null],
      ['deposit', 2_001.5],
      ['deposit', 1_000],
    ]);
    expect(list[1]).toMatchObject({ date: '2026-11-10', note: AUTO_DEPOSIT_NOTE });
    const overview = (await inv.get('/api/portfolio/overview')).json().data.overview;
    expect(overview).toMatchObject({
      cash_balance: 0,
      net_contributions: 3_001.5,
      allow_negative_cash: false,
    });
  });

  it('allow_negative lets cash go below zero from then on, until the investor switches it back', async () => {
    const inv = await investor(t);
    const res = await inv.post('/api/portfolio/transactions', thyaoBuy(2, { cash_rule: 'allow_negative' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.transaction.cash_after).toBe(-601.5);
    // The rule stays: the next buy needs no choice.
    expect((await inv.post('/api/portfolio/transactions', thyaoBuy(1))).statusCode).toBe(201);
    const overview = (await inv.get('/api/portfolio/overview')).json().data.overview;
    expect(overview).toMatchObject({ cash_balance: -903, allow_negative_cash: true, holdings_count: 1 });

    const refused = await inv.put('/api/portfolio/settings', { allow_negative_cash: false });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().field).toBe('allow_negative_cash');
    await inv.post('/api/portfolio/transactions', { type: 'deposit', date: '2026-11-01', amount: 903 });
    const switched = await inv.put('/api/portfolio/settings', { allow_negative_cash: false });
    expect(switched.json()).toEqual({ success: true, data: { allow_negative_cash: false } });
    expect((await inv.post('/api/portfolio/transactions', thyaoBuy(1))).json().field).toBe('cash_rule');
  });

  it('names the field of a bad cash rule', async () => {
    const inv = await investor(t);
    const res = await inv.post('/api/portfolio/transactions', thyaoBuy(1, { cash_rule: 'borrow' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('cash_rule');
  });

  it('a deposit, a buy, a sell and a dividend give the expected cash and P/L', async () => {
    const inv = await investor(t);
    await inv.post('/api/portfolio/transactions', { type: 'deposit', date: '2026-11-02', amount: 10_000 });
    await inv.post('/api/portfolio/transactions', { ...thyaoBuy(20), date: '2026-11-03', price: 250 });
    await inv.post('/api/portfolio/transactions', {
      type: 'sell',
      date: '2026-11-05',
      symbol: 'THYAO',
      quantity: 10,
      price: 280,
      commission: 1.5,
    });
    await inv.post('/api/portfolio/transactions', {
      type: 'dividend',
      date: '2026-11-06',
      symbol: 'THYAO',
      amount: 42.5,
    });
    const overview = (await inv.get('/api/portfolio/overview')).json().data.overview;
    // Cash: 10.000 − 5.001,50 + 2.798,50 + 42,50 = 7.839,50. Cost of the 10 left: 2.500,75; at 300: 3.000.
    expect(overview).toMatchObject({
      cash_balance: 7_839.5,
      total_value: 3_000,
      total_cost: 2_500.75,
      total_gain_loss: 499.25,
      // Sell: 2.798,50 − 2.500,75 = 297,75, plus the dividend 42,50.
      realized_gain_loss: 340.25,
      dividends: 42.5,
      net_worth: 10_839.5,
    });
  });
});
