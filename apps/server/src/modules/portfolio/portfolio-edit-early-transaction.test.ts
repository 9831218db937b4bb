import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@test/helpers';
import { investor, investorMarket, type Investor } from '@test/investor-helpers';

describe('editing an early transaction', () => {
  let t: TestApp;
  let inv: Investor;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp({ market: investorMarket() });
    inv = await investor(t);
    const add = async (name: string, body: object) => {
      const res = await inv.post('/api/portfolio/transactions', body);
      expect(res.statusCode).toBe(201);
      ids[name] = res.json().data.transaction.id;
    };
    await add('deposit', { type: 'deposit', date: '2026-10-01', amount: 10_000 });
    await add('buy', { type: 'buy', date: '2026-10-02', symbol: 'GARAN', quantity: 50, price: 100 });
    await add('sell', { type: 'sell', date: '2026-10-20', symbol: 'GARAN', quantity: 40, price: 120 });
  });
  afterAll(async () => t.close());

  const sellRow = async (): Promise<{ realized_gain_loss: number | null }> =>
    (await inv.get('/api/portfolio/transactions'))
      .json<{ data: { transactions: { id: number; realized_gain_loss: number | null }[] } }>()
      .data.transactions.find((x) => x.id === ids.sell)!;

  it('recomputes the later sell when the buy price changes', async () => {
    expect((await sellRow()).realized_gain_loss).toBe(800);
    const res = await inv.put(`/api/portfolio/transactions/${ids.buy}`, {
      type: 'buy',
      date: '2026-10-02',
      symbol: 'GARAN',
      quantity: 50,
      price: 110,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.transaction).toMatchObject({
      id: ids.buy,
      price: 110,
      cash_effect: -5_500,
      cash_after: 4_500,
    });
    expect((await sellRow()).realized_gain_loss).toBe(400);
    const overview = (await inv.get('/api/portfolio/overview')).json().data;
    expect(overview.overview).toMatchObject({
      realized_gain_loss: 400,
      cash_balance: 4_500 + 4_800,
      total_cost: 1_100,
    });
    expect(overview.holdings).toMatchObject([{ symbol: 'GARAN', quantity: 10, avg_cost: 110 }]);
  });

  it('refuses with 409 an edit that makes the later sell exceed the shares held, and saves nothing', async () => {
    const res = await inv.put(`/api/portfolio/transactions/${ids.buy}`, {
      type: 'buy',
      date: '2026-10-02',
      symbol: 'GARAN',
      quantity: 30,
      price: 110,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      'Elinizdeki adetten fazla satış yapılamaz: 20.10.2026 tarihinde GARAN için 30 adet var, 40 adet satılmak isteniyor.',
    );
    expect(res.json().field).toBeUndefined(); // the broken transaction is the later sell, not the edited one
    const buyRow = (await inv.get('/api/portfolio/transactions'))
      .json()
      .data.transactions.find((x: { id: number }) => x.id === ids.buy);
    expect(buyRow.quantity).toBe(50);
  });

  it('refuses moving the buy after the sell', async () => {
    const res = await inv.put(`/api/portfolio/transactions/${ids.buy}`, {
      type: 'buy',
      date: '2026-10-21',
      symbol: 'GARAN',
      quantity: 50,
      price: 110,
    });
    expect(res.statusCode).toBe(409);
  });

  it('refuses deleting the deposit that funds the buy, and deleting the buy before the sell', async () => {
    expect((await inv.del(`/api/portfolio/transactions/${ids.deposit}`)).statusCode).toBe(409);
    const res = await inv.del(`/api/portfolio/transactions/${ids.buy}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toContain('Elinizdeki adetten fazla satış yapılamaz');
    expect((await inv.get('/api/portfolio/transactions')).json().data.total).toBe(3);
  });

  it('deletes from the end and recomputes: removing the sell restores the shares and the cash', async () => {
    const res = await inv.del(`/api/portfolio/transactions/${ids.sell}`);
    expect(res.statusCode).toBe(200);
    const overview = (await inv.get('/api/portfolio/overview')).json().data.overview;
    expect(overview).toMatchObject({ realized_gain_loss: 0, cash_balance: 4_500, total_cost: 5_500 });
  });
});
