import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortfolioTransaction, SplitOffer } from '@bist/contracts';
import { corporateActions } from '@/db/schema/index';
import { createTestApp, type TestApp } from '@test/helpers';
import { investor, investorMarket, type Investor } from '@test/investor-helpers';

type Offers = { data: { offers: SplitOffer[] } };

describe('split offers: reverse splits and dismissing (routes)', () => {
  let t: TestApp;
  let holder: Investor;
  let other: Investor;
  const offers = async (who: Investor) =>
    (await who.get('/api/portfolio/split-offers')).json<Offers>().data.offers;

  beforeAll(async () => {
    t = await createTestApp({ market: investorMarket() });
    // What the provider reported (the backfill stores these): a 1:10 consolidation of GARAN and a 2:1 split of ASELS.
    await t.infra.database.db.insert(corporateActions).values([
      { symbol: 'GARAN', date: '2026-11-10', kind: 'split', numerator: 1, denominator: 10, source: 'yahoo' },
      { symbol: 'ASELS', date: '2026-11-12', kind: 'split', numerator: 2, denominator: 1, source: 'yahoo' },
    ]);
    holder = await investor(t);
    other = await investor(t);
    const buys = [
      // 1 255 GARAN for 12 TRY + 30 TRY commission: cost 15 090 TRY.
      { symbol: 'GARAN', quantity: 1_255, price: 12, commission: 30 },
      { symbol: 'ASELS', quantity: 40, price: 100, commission: 0 },
    ];
    for (const buy of buys) {
      const res = await holder.post('/api/portfolio/transactions', {
        type: 'buy',
        date: '2026-11-03',
        ...buy,
        cash_rule: 'auto_deposit',
      });
      expect(res.statusCode).toBe(201);
    }
  });
  afterAll(async () => t.close());

  it('needs a customer session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/portfolio/split-offers/dismiss',
      payload: { symbol: 'GARAN', date: '2026-11-10' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('offers the reverse split with the whole shares it leaves and the fraction it drops', async () => {
    expect(await offers(holder)).toEqual([
      {
        kind: 'reverse_split',
        symbol: 'GARAN',
        date: '2026-11-10',
        numerator: 1,
        denominator: 10,
        shares_before: 1_255,
        shares_after: 125,
        extra_shares: 0,
        removed_shares: 1_130,
        fraction_dropped: 0.5,
        source: 'yahoo',
      },
      {
        kind: 'split',
        symbol: 'ASELS',
        date: '2026-11-12',
        numerator: 2,
        denominator: 1,
        shares_before: 40,
        shares_after: 80,
        extra_shares: 40,
        removed_shares: 0,
        fraction_dropped: 0,
        source: 'yahoo',
      },
    ]);
    expect(await offers(other)).toEqual([]);
  });

  it('refuses a bad dismissal naming the field, and answers 404 for an offer that does not stand', async () => {
    const badDate = await holder.post('/api/portfolio/split-offers/dismiss', {
      symbol: 'GARAN',
      date: '10.11.2026',
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json()).toMatchObject({ success: false, field: 'date' });
    const noSymbol = await holder.post('/api/portfolio/split-offers/dismiss', { date: '2026-11-10' });
    expect(noSymbol.statusCode).toBe(400);
    expect(noSymbol.json<{ field?: string }>().field).toBe('symbol');
    for (const [who, body] of [
      [holder, { symbol: 'THYAO', date: '2026-11-10' }],
      [holder, { symbol: 'GARAN', date: '2026-11-11' }],
      [other, { symbol: 'GARAN', date: '2026-11-10' }],
    ] as const) {
      const res = await who.post('/api/portfolio/split-offers/dismiss', body);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false });
    }
  });

  it('accepts the reverse split: the shares fall to the whole new ones, the cost stays, the average cost rises', async () => {
    const accepted = await holder.post('/api/portfolio/split-offers/accept', {
      symbol: 'garan',
      date: '2026-11-10',
    });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json<{ data: { transaction: PortfolioTransaction } }>().data.transaction).toMatchObject({
      type: 'reverse_split',
      date: '2026-11-10',
      symbol: 'GARAN',
      quantity: 1_130,
      cash_effect: 0,
      realized_gain_loss: null,
      note: 'Birleşme (ters bölünme) 1:10 (veri sağlayıcısı)',
    });
    const holdings = (await holder.get('/api/portfolio/overview')).json<{
      data: { holdings: { symbol: string; quantity: number; avg_cost: number; total_cost: number }[] };
    }>().data.holdings;
    // 15 090 TRY over 125 shares = 120.72 TRY (12.024 × 10 = 120.24 had the half share been credited).
    expect(holdings.find((h) => h.symbol === 'GARAN')).toMatchObject({
      quantity: 125,
      total_cost: 15_090,
      avg_cost: 120.72,
    });
    expect((await offers(holder)).map((o) => o.symbol)).toEqual(['ASELS']);
  });

  it('refuses a reverse split typed in without its quantity, or one that would leave no share, naming the field', async () => {
    const missing = await holder.post('/api/portfolio/transactions', {
      type: 'reverse_split',
      date: '2026-11-16',
      symbol: 'GARAN',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false, field: 'quantity' });
    const all = await holder.post('/api/portfolio/transactions', {
      type: 'reverse_split',
      date: '2026-11-16',
      symbol: 'GARAN',
      quantity: 125,
    });
    expect(all.statusCode).toBe(409);
    expect(all.json()).toMatchObject({
      success: false,
      field: 'quantity',
      error: expect.stringContaining('en az bir hisse bırakmalı'),
    });
  });

  it('dismisses the split: the ledger is unchanged and it is not offered again', async () => {
    const before = (await holder.get('/api/portfolio/transactions')).json<{ data: { total: number } }>().data
      .total;
    const res = await holder.post('/api/portfolio/split-offers/dismiss', {
      symbol: 'asels',
      date: '2026-11-12',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: { dismissed: expect.objectContaining({ kind: 'split', symbol: 'ASELS', extra_shares: 40 }) },
    });
    expect(await offers(holder)).toEqual([]);
    expect(
      (await holder.get('/api/portfolio/transactions')).json<{ data: { total: number } }>().data.total,
    ).toBe(before);
    const again = await holder.post('/api/portfolio/split-offers/dismiss', {
      symbol: 'ASELS',
      date: '2026-11-12',
    });
    expect(again.statusCode).toBe(404);
    expect(
      (await holder.post('/api/portfolio/split-offers/accept', { symbol: 'ASELS', date: '2026-11-12' }))
        .statusCode,
    ).toBe(404);
  });

  it('offers a reverse split that leaves no whole share to nobody (the holding is paid out: a sell)', async () => {
    await t.infra.database.db.insert(corporateActions).values({
      symbol: 'KCHOL',
      date: '2026-11-13',
      kind: 'split',
      numerator: 1,
      denominator: 100,
      source: 'yahoo',
    });
    const buy = await other.post('/api/portfolio/transactions', {
      type: 'buy',
      date: '2026-11-04',
      symbol: 'KCHOL',
      quantity: 99,
      price: 200,
      cash_rule: 'auto_deposit',
    });
    expect(buy.statusCode).toBe(201);
    expect(await offers(other)).toEqual([]);
  });
});
