import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@test/helpers';
import { investor, investorMarket } from '@test/investor-helpers';
import { ledgerReplay, ledgerViolationMessage } from './ledger.ts';
import { buy, deposit, sell } from './ledger-fixtures.ts';

describe('selling more than held', () => {
  it('is a violation at the sell, naming the shares held at that date', () => {
    const replay = ledgerReplay([
      deposit('2026-01-02', 10_000),
      buy('2026-01-05', 'GARAN', 10, 100),
      sell('2026-01-06', 'GARAN', 11, 110),
    ]);
    expect(replay.ok).toBe(false);
    if (replay.ok) return;
    expect(replay.violation).toMatchObject({
      kind: 'insufficient_shares',
      symbol: 'GARAN',
      held: 10,
      requested: 11,
    });
    expect(ledgerViolationMessage(replay.violation)).toBe(
      'Elinizdeki adetten fazla satış yapılamaz: 06.01.2026 tarihinde GARAN için 10 adet var, 11 adet satılmak isteniyor.',
    );
  });

  it('counts only shares bought on or before the sell date', () => {
    const replay = ledgerReplay([
      deposit('2026-01-02', 10_000),
      sell('2026-01-05', 'GARAN', 5, 110),
      buy('2026-01-06', 'GARAN', 10, 100),
    ]);
    expect(replay.ok).toBe(false);
  });

  describe('through the API', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ market: investorMarket() });
    });
    afterAll(async () => t.close());

    it('answers 409 in Turkish and saves nothing', async () => {
      const inv = await investor(t);
      await inv.post('/api/portfolio/transactions', { type: 'deposit', date: '2026-11-02', amount: 10_000 });
      await inv.post('/api/portfolio/transactions', {
        type: 'buy',
        date: '2026-11-03',
        symbol: 'GARAN',
        quantity: 10,
        price: 100,
      });
      const res = await inv.post('/api/portfolio/transactions', {
        type: 'sell',
        date: '2026-11-04',
        symbol: 'GARAN',
        quantity: 25,
        price: 110,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, field: 'quantity' });
      expect(res.json().error).toContain('Elinizdeki adetten fazla satış yapılamaz');
      const list = await inv.get('/api/portfolio/transactions');
      expect(list.json().data.total).toBe(2);
    });
  });
});
