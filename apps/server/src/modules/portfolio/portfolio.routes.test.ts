import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@test/helpers';
import { investor, investorMarket, type Investor } from '@test/investor-helpers';

const closes = (pairs: [string, number][]) => pairs.map(([date, closeTry]) => ({ date, closeTry }));

describe('portfolio routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    const market = investorMarket()
      .setCloses(
        'THYAO',
        closes([
          ['2026-10-01', 250],
          ['2026-10-02', 250],
          ['2026-11-17', 290],
        ]),
      )
      .setCloses(
        'XU100',
        closes([
          ['2026-10-01', 9_000],
          ['2026-10-02', 9_000],
          ['2026-11-17', 9_900],
        ]),
      );
    t = await createTestApp({ market });
  });
  afterAll(async () => t.close());

  it('needs a customer session on every endpoint', async () => {
    const calls: [string, string][] = [
      ['GET', '/api/portfolio/overview'],
      ['GET', '/api/portfolio/transactions'],
      ['POST', '/api/portfolio/transactions'],
      ['PUT', '/api/portfolio/transactions/1'],
      ['DELETE', '/api/portfolio/transactions/1'],
      ['POST', '/api/portfolio/transactions/import/preview'],
      ['POST', '/api/portfolio/transactions/import'],
      ['GET', '/api/portfolio/transactions/export'],
      ['POST', '/api/portfolio/demo'],
      ['DELETE', '/api/portfolio/demo'],
      ['PUT', '/api/portfolio/settings'],
    ];
    for (const [method, url] of calls) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({ success: false });
    }
  });

  it('answers an empty account with zeros (spec §3 shape)', async () => {
    const inv = await investor(t);
    const res = await inv.get('/api/portfolio/overview');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.overview).toMatchObject({
      total_value: 0,
      total_cost: 0,
      total_gain_loss: 0,
      total_gain_loss_percent: 0,
      cash_balance: 0,
      range: '6A',
      is_demo: false,
      allow_negative_cash: false,
    });
    expect(body.data.holdings).toEqual([]);
    expect(Array.isArray(body.data.performance)).toBe(true);
  });

  describe('an investor with a deposit and a buy', () => {
    let inv: Investor;
    beforeAll(async () => {
      inv = await investor(t);
      expect(
        (
          await inv.post('/api/portfolio/transactions', {
            type: 'deposit',
            date: '2026-10-01',
            amount: 100_000,
          })
        ).statusCode,
      ).toBe(201);
      const buy = await inv.post('/api/portfolio/transactions', {
        type: 'buy',
        date: '2026-10-02',
        symbol: 'thyao',
        quantity: 100,
        price: 250,
        commission: 10,
        note: 'İlk alım',
      });
      expect(buy.statusCode).toBe(201);
      expect(buy.json().data.transaction).toMatchObject({
        type: 'buy',
        date: '2026-10-02',
        symbol: 'THYAO',
        quantity: 100,
        price: 250,
        commission: 10,
        amount: null,
        note: 'İlk alım',
        cash_effect: -25_010,
        realized_gain_loss: null,
        cash_after: 74_990,
      });
    });

    it('values the holdings at live prices with the spec §3 fields', async () => {
      const data = (await inv.get('/api/portfolio/overview')).json().data;
      expect(data.overview).toMatchObject({
        total_value: 30_000,
        total_cost: 25_010,
        total_gain_loss: 4_990,
        total_gain_loss_percent: 19.95,
        cash_balance: 74_990,
        net_worth: 104_990,
        net_contributions: 100_000,
        total_return: 4_990,
        realized_gain_loss: 0,
        daily_change: 1_000,
        daily_change_percent: 3.45,
        holdings_count: 1,
        cash_weight_percent: 71.43,
      });
      expect(data.holdings).toEqual([
        {
          symbol: 'THYAO',
          quantity: 100,
          avg_cost: 250.1,
          current_price: 300,
          market_value: 30_000,
          gain_loss: 4_990,
          gain_loss_percent: 19.95,
          company_name: 'Türk Hava Yolları',
          sector: 'Ulaştırma',
          total_cost: 25_010,
          previous_close: 290,
          daily_change: 1_000,
          daily_change_percent: 3.45,
          weight_percent: 28.57,
          realized_gain_loss: 0,
          price_live: true,
        },
      ]);
    });

    it('builds the daily performance from closes, with TWR and XU100 over the same days', async () => {
      const data = (await inv.get('/api/portfolio/overview')).json().data;
      expect(data.performance.map((p: { date: string; value: number }) => [p.date, p.value])).toEqual([
        ['2026-10-01', 100_000],
        ['2026-10-02', 99_990],
        ['2026-11-17', 103_990],
        ['2026-11-18', 104_990],
      ]);
      expect(data.performance[0]).toMatchObject({
        net_flow: 100_000,
        twr_percent: 0,
        benchmark_percent: 0,
        benchmark_value: 100_000,
      });
      expect(data.performance[3]).toMatchObject({
        twr_percent: 4.99,
        benchmark_percent: 11.11,
        benchmark_value: 111_111.11,
      });
      expect(data.overview).toMatchObject({ twr_percent: 4.99, benchmark_return_percent: 11.11 });
    });

    it('accepts the ranges and refuses an unknown one naming the field', async () => {
      for (const range of ['1A', '3A', '1Y', 'YTD', 'ALL', 'T%C3%BCm%C3%BC']) {
        const res = await inv.get(`/api/portfolio/overview?range=${range}`);
        expect(res.statusCode, range).toBe(200);
      }
      expect((await inv.get('/api/portfolio/overview?range=1A')).json().data.performance[0].date).toBe(
        '2026-11-17',
      );
      const bad = await inv.get('/api/portfolio/overview?range=5Y');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().field).toBe('querystring.range');
    });

    it('lists transactions newest first and filters by symbol and type', async () => {
      const all = (await inv.get('/api/portfolio/transactions')).json().data;
      expect(all.total).toBe(2);
      expect(all.transactions.map((x: { type: string }) => x.type)).toEqual(['buy', 'deposit']);
      const thyao = (await inv.get('/api/portfolio/transactions?symbol=THYAO')).json().data;
      expect(thyao.total).toBe(1);
      const deposits = (await inv.get('/api/portfolio/transactions?type=deposit')).json().data;
      expect(deposits.transactions).toMatchObject([
        { type: 'deposit', amount: 100_000, cash_after: 100_000 },
      ]);
    });

    it('asks for a cash rule (409 on cash_rule, the shortfall in Turkish) before a buy larger than the cash', async () => {
      const res = await inv.post('/api/portfolio/transactions', {
        type: 'buy',
        date: '2026-11-18',
        symbol: 'GARAN',
        quantity: 1_000,
        price: 120,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        success: false,
        field: 'cash_rule',
        error: expect.stringMatching(/^Bu alım kayıtlı nakitten ₺45\.010,00 fazla\./),
      });
    });

    it('hides another investor’s transactions: 404 on edit and delete, never in their list', async () => {
      const own = (await inv.get('/api/portfolio/transactions')).json().data.transactions[0].id;
      const other = await investor(t);
      const put = await other.put(`/api/portfolio/transactions/${own}`, {
        type: 'deposit',
        date: '2026-10-01',
        amount: 1,
      });
      expect(put.statusCode).toBe(404);
      expect(put.json().error).toBe('İşlem bulunamadı.');
      expect((await other.del(`/api/portfolio/transactions/${own}`)).statusCode).toBe(404);
      expect((await other.del('/api/portfolio/transactions/999999')).statusCode).toBe(404);
      expect((await other.get('/api/portfolio/transactions')).json().data.total).toBe(0);
      expect((await inv.get('/api/portfolio/transactions')).json().data.total).toBe(2);
    });
  });

  describe('bad input: 400 naming the field, nothing saved', () => {
    let inv: Investor;
    beforeAll(async () => {
      inv = await investor(t);
      await inv.post('/api/portfolio/transactions', { type: 'deposit', date: '2026-10-01', amount: 10_000 });
    });
    const buy = { type: 'buy', date: '2026-11-02', symbol: 'GARAN', quantity: 10, price: 100 };
    const cases: [string, object, string][] = [
      ['negative quantity', { ...buy, quantity: -5 }, 'quantity'],
      ['fractional quantity', { ...buy, quantity: 1.5 }, 'quantity'],
      ['unknown symbol', { ...buy, symbol: 'NOPE' }, 'symbol'],
      ['future date', { ...buy, date: '2026-11-19' }, 'date'],
      ['malformed date', { ...buy, date: '18.11.2026' }, 'date'],
      ['non-numeric price', { ...buy, price: 'abc' }, 'price'],
      ['zero price', { ...buy, price: 0 }, 'price'],
      ['negative commission', { ...buy, commission: -1 }, 'commission'],
      ['missing price', { type: 'buy', date: '2026-11-02', symbol: 'GARAN', quantity: 10 }, 'price'],
      ['deposit without amount', { type: 'deposit', date: '2026-11-02' }, 'amount'],
      ['unknown type', { ...buy, type: 'short' }, 'type'],
      ['a price below one kuruş', { ...buy, price: 0.0001 }, 'price'],
      ['a price off the tick grid (0.10 steps from 100)', { ...buy, price: 100.03 }, 'price'],
      [
        'a deposit of 1e-320 (stored as 0 before)',
        { type: 'deposit', date: '2026-11-02', amount: 1e-320 },
        'amount',
      ],
      ['a deposit under one kuruş', { type: 'deposit', date: '2026-11-02', amount: 0.001 }, 'amount'],
    ];
    for (const [name, body, field] of cases) {
      it(name, async () => {
        const res = await inv.post('/api/portfolio/transactions', body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ success: false, field });
        expect(res.json().error).toBeTruthy();
      });
    }

    it('names the tick step of a price off the grid', async () => {
      const res = await inv.post('/api/portfolio/transactions', { ...buy, price: 100.03 });
      expect(res.json().error).toMatch(/fiyat adımına uymuyor.*₺0,10/);
    });

    it('saved none of them, and the same checks apply to edits', async () => {
      const list = (await inv.get('/api/portfolio/transactions')).json().data;
      expect(list.total).toBe(1);
      const id = list.transactions[0].id;
      const res = await inv.put(`/api/portfolio/transactions/${id}`, {
        type: 'deposit',
        date: '2027-01-01',
        amount: 10_000,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('date');
      expect(
        (await inv.put('/api/portfolio/transactions/abc', { type: 'deposit', date: '2026-10-01', amount: 1 }))
          .statusCode,
      ).toBe(400);
    });

    it('accepts a trade dated today in Istanbul even when it is still yesterday in UTC', async () => {
      t.clock.set(new Date('2026-11-18T22:30:00Z')); // 01:30 on 19.11 in Istanbul
      const res = await inv.post('/api/portfolio/transactions', { ...buy, date: '2026-11-19' });
      t.clock.set(new Date('2026-11-18T09:30:00Z'));
      expect(res.statusCode).toBe(201);
    });

    it('keeps amounts in whole kuruş', async () => {
      const res = await inv.post('/api/portfolio/transactions', {
        type: 'deposit',
        date: '2026-11-03',
        amount: 100.126,
      });
      expect(res.statusCode).toBe(201);
      const list = (await inv.get('/api/portfolio/transactions?type=deposit')).json().data;
      expect(list.transactions.map((x: { amount: number }) => x.amount)).toContain(100.13);
    });
  });
});

describe('portfolio overview cache', () => {
  let t: TestApp;
  let market: ReturnType<typeof investorMarket>;
  beforeAll(async () => {
    market = investorMarket();
    t = await createTestApp({ market });
  });
  afterAll(async () => t.close());

  it('answers the same bytes until a quote or the ledger changes, and shows either change at once', async () => {
    const inv = await investor(t);
    await inv.post('/api/portfolio/transactions', { type: 'deposit', date: '2026-10-01', amount: 100_000 });
    await inv.post('/api/portfolio/transactions', {
      type: 'buy',
      date: '2026-10-02',
      symbol: 'THYAO',
      quantity: 100,
      price: 250,
    });
    const first = await inv.get('/api/portfolio/overview');
    expect(first.json().data.holdings[0]).toMatchObject({
      symbol: 'THYAO',
      quantity: 100,
      current_price: 300,
    });
    expect((await inv.get('/api/portfolio/overview')).body).toBe(first.body);

    market.setQuote('THYAO', 310, { previousCloseTry: 290 });
    const ticked = (await inv.get('/api/portfolio/overview')).json().data;
    expect(ticked.holdings[0]).toMatchObject({ current_price: 310, market_value: 31_000 });

    expect(
      (
        await inv.post('/api/portfolio/transactions', {
          type: 'sell',
          date: '2026-11-18',
          symbol: 'THYAO',
          quantity: 40,
          price: 310,
        })
      ).statusCode,
    ).toBe(201);
    const sold = (await inv.get('/api/portfolio/overview')).json().data;
    expect(sold.holdings[0]).toMatchObject({ quantity: 60, market_value: 18_600 });
    expect(sold.overview.cash_balance).toBe(100_000 - 25_000 + 40 * 310);

    // Another range is its own entry; the first range is still right afterwards.
    expect((await inv.get('/api/portfolio/overview?range=1Y')).json().data.overview.range).toBe('1Y');
    expect((await inv.get('/api/portfolio/overview')).json().data.holdings[0].quantity).toBe(60);
  });
});
