import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@test/helpers';
import { investor, investorMarket } from '@test/investor-helpers';
import { WATCHLIST_MESSAGES } from './watchlist.service.ts';

describe('watchlist routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      market: investorMarket().addStock({ symbol: 'SISE', name: 'Şişecam', sector: 'Cam' }),
    });
  });
  afterAll(async () => t.close());

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/watchlist' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/watchlist', payload: { symbol: 'THYAO' } }))
        .statusCode,
    ).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/watchlist/THYAO' })).statusCode).toBe(401);
  });

  it('starts empty and lists added symbols with live prices under data.watchlist (spec §7)', async () => {
    const inv = await investor(t);
    expect((await inv.get('/api/watchlist')).json()).toEqual({ success: true, data: { watchlist: [] } });
    const added = await inv.post('/api/watchlist', { symbol: 'thyao' });
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toMatchObject({
      created: true,
      item: { symbol: 'THYAO', price: 300, change_percent: 3.45 },
    });
    t.clock.advanceMs(60_000); // oldest first: SISE, added later, comes second despite the alphabet
    await inv.post('/api/watchlist', { symbol: 'SISE' });
    t.clock.set(new Date('2026-11-18T09:30:00Z'));
    const list = (await inv.get('/api/watchlist')).json().data.watchlist;
    expect(list).toEqual([
      {
        symbol: 'THYAO',
        price: 300,
        change_percent: 3.45,
        name: 'Türk Hava Yolları',
        sector: 'Ulaştırma',
        previous_close: 290,
        volume: 0,
        added_at: '2026-11-18T09:30:00.000Z',
      },
      expect.objectContaining({ symbol: 'SISE', price: null, change_percent: null, name: 'Şişecam' }),
    ]);
  });

  it('is idempotent: adding twice answers 200 created=false, removing twice answers removed=false', async () => {
    const inv = await investor(t);
    expect((await inv.post('/api/watchlist', { symbol: 'GARAN' })).statusCode).toBe(201);
    const again = await inv.post('/api/watchlist', { symbol: 'GARAN' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.created).toBe(false);
    expect((await inv.get('/api/watchlist')).json().data.watchlist).toHaveLength(1);
    expect((await inv.del('/api/watchlist/GARAN')).json()).toEqual({
      success: true,
      data: { removed: true },
    });
    expect((await inv.del('/api/watchlist/garan')).json()).toEqual({
      success: true,
      data: { removed: false },
    });
    expect((await inv.get('/api/watchlist')).json().data.watchlist).toEqual([]);
  });

  it('refuses an unknown symbol with 400 naming the field', async () => {
    const inv = await investor(t);
    const res = await inv.post('/api/watchlist', { symbol: 'NOPE' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'symbol', error: WATCHLIST_MESSAGES.unknownSymbol('NOPE') });
    expect((await inv.post('/api/watchlist', {})).json().field).toBe('symbol');
  });

  it('keeps each investor’s list their own', async () => {
    const a = await investor(t);
    const b = await investor(t);
    await a.post('/api/watchlist', { symbol: 'ASELS' });
    expect((await b.get('/api/watchlist')).json().data.watchlist).toEqual([]);
    expect((await b.del('/api/watchlist/ASELS')).json().data.removed).toBe(false);
    expect((await a.get('/api/watchlist')).json().data.watchlist).toHaveLength(1);
  });
});
