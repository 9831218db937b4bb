import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@test/helpers';
import { investor, investorMarket } from '@test/investor-helpers';
import type { FakeMarketData } from '@test/fake-market-data';
import { ALERT_MESSAGES } from './alerts.service.ts';

describe('price alert routes', () => {
  let t: TestApp;
  let market: FakeMarketData;
  beforeAll(async () => {
    market = investorMarket();
    t = await createTestApp({ market });
  });
  afterAll(async () => t.close());

  const tick = async (symbol: string, priceTry: number) => {
    market.setQuote(symbol, priceTry);
    market.emit([symbol]);
    await t.services.alerts.flush();
  };

  it('needs a session on every endpoint', async () => {
    for (const [method, url] of [
      ['GET', '/api/alerts'],
      ['GET', '/api/alerts/unread-count'],
      ['POST', '/api/alerts'],
      ['POST', '/api/alerts/1/read'],
      ['POST', '/api/alerts/read-all'],
      ['DELETE', '/api/alerts/1'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('triggers an alert once, storing the triggering price and time, and counts it for the bell', async () => {
    const inv = await investor(t);
    const created = await inv.post('/api/alerts', {
      symbol: 'ASELS',
      direction: 'above',
      threshold_price: 160,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.alert).toMatchObject({
      symbol: 'ASELS',
      company_name: 'Aselsan',
      direction: 'above',
      threshold_price: 160,
      status: 'active',
      triggered_at: null,
    });
    const below = (
      await inv.post('/api/alerts', {
        symbol: 'ASELS',
        direction: 'below',
        threshold_price: 140,
        note: 'Dipten al',
      })
    ).json().data.alert;

    await tick('ASELS', 159.99);
    expect((await inv.get('/api/alerts/unread-count')).json()).toEqual({
      success: true,
      data: { unread_count: 0 },
    });

    t.clock.set(new Date('2026-11-18T10:15:00Z'));
    await tick('ASELS', 161.2);
    t.clock.set(new Date('2026-11-18T10:20:00Z'));
    await tick('ASELS', 165); // second tick over the threshold: no second trigger
    t.clock.set(new Date('2026-11-18T09:30:00Z'));

    const list = (await inv.get('/api/alerts')).json().data;
    expect(list.unread_count).toBe(1);
    expect(list.alerts).toMatchObject([
      { id: below.id, status: 'active', note: 'Dipten al', current_price: 165 },
      {
        id: created.json().data.alert.id,
        status: 'triggered',
        triggered_price: 161.2,
        triggered_at: '2026-11-18T10:15:00.000Z',
        read_at: null,
      },
    ]);
    expect((await inv.get('/api/alerts/unread-count')).json().data.unread_count).toBe(1);
  });

  it('fires at once an alert the current price already meets (no tick comes while the market is closed)', async () => {
    const inv = await investor(t);
    const res = await inv.post('/api/alerts', { symbol: 'THYAO', direction: 'below', threshold_price: 310 });
    expect(res.json().data.alert).toMatchObject({
      status: 'triggered',
      triggered_price: 300,
      triggered_at: '2026-11-18T09:30:00.000Z',
    });
    expect((await inv.get('/api/alerts/unread-count')).json().data.unread_count).toBe(1);
  });

  it('triggers once even when two processes check the same tick', async () => {
    const inv = await investor(t);
    await inv.post('/api/alerts', { symbol: 'KCHOL', direction: 'below', threshold_price: 190 });
    market.setQuote('KCHOL', 189);
    const quote = market.quote('KCHOL')!;
    const alerts = t.services.alerts;
    const [first, second] = await Promise.all([alerts.checkQuotes([quote]), alerts.checkQuotes([quote])]);
    expect(first.length + second.length).toBe(1);
    expect((await inv.get('/api/alerts/unread-count')).json().data.unread_count).toBe(1);
  });

  it('marks alerts read one by one or all at once, and deletes them', async () => {
    const inv = await investor(t);
    const a = (
      await inv.post('/api/alerts', { symbol: 'BIMAS', direction: 'above', threshold_price: 510 })
    ).json().data.alert;
    const b = (
      await inv.post('/api/alerts', { symbol: 'BIMAS', direction: 'above', threshold_price: 505 })
    ).json().data.alert;
    const c = (
      await inv.post('/api/alerts', { symbol: 'BIMAS', direction: 'above', threshold_price: 900 })
    ).json().data.alert;
    await tick('BIMAS', 520);
    expect((await inv.get('/api/alerts/unread-count')).json().data.unread_count).toBe(2);

    const one = await inv.post(`/api/alerts/${a.id}/read`);
    expect(one.json()).toEqual({ success: true, data: { updated: 1, unread_count: 1 } });
    expect((await inv.post(`/api/alerts/${c.id}/read`)).json().data.updated).toBe(0); // still active: nothing to read
    expect((await inv.post('/api/alerts/read-all')).json()).toEqual({
      success: true,
      data: { updated: 1, unread_count: 0 },
    });
    expect(
      (await inv.get('/api/alerts')).json().data.alerts.find((x: { id: number }) => x.id === b.id).read_at,
    ).toBe('2026-11-18T09:30:00.000Z');

    expect((await inv.del(`/api/alerts/${c.id}`)).statusCode).toBe(200);
    expect((await inv.get('/api/alerts')).json().data.alerts).toHaveLength(2);
  });

  it('hides another investor’s alerts with 404', async () => {
    const owner = await investor(t);
    const other = await investor(t);
    const alert = (
      await owner.post('/api/alerts', { symbol: 'GARAN', direction: 'below', threshold_price: 50 })
    ).json().data.alert;
    for (const res of [
      await other.del(`/api/alerts/${alert.id}`),
      await other.post(`/api/alerts/${alert.id}/read`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(ALERT_MESSAGES.notFound);
    }
    expect((await other.get('/api/alerts')).json().data.alerts).toEqual([]);
    expect((await owner.get('/api/alerts')).json().data.alerts).toHaveLength(1);
  });

  it('refuses bad input naming the field', async () => {
    const inv = await investor(t);
    const cases: [object, string][] = [
      [{ symbol: 'NOPE', direction: 'above', threshold_price: 10 }, 'symbol'],
      [{ symbol: 'GARAN', direction: 'sideways', threshold_price: 10 }, 'direction'],
      [{ symbol: 'GARAN', direction: 'above', threshold_price: -1 }, 'threshold_price'],
      [{ symbol: 'GARAN', direction: 'above', threshold_price: 'on' }, 'threshold_price'],
    ];
    for (const [body, field] of cases) {
      const res = await inv.post('/api/alerts', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect((await inv.get('/api/alerts')).json().data.alerts).toEqual([]);
  });

  it('stops listening when the app closes', async () => {
    const local = investorMarket();
    const other = await createTestApp({ market: local });
    const inv = await investor(other);
    await inv.post('/api/alerts', { symbol: 'THYAO', direction: 'above', threshold_price: 301 });
    expect(local.listenerCount).toBe(1);
    await other.close();
    // No listener left to query the closed database.
    expect(local.listenerCount).toBe(0);
  });
});
