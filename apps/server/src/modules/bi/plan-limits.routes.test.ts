// What each plan gives (decision 0056), enforced by the routes: a free account is refused with the plan that allows
// the request named, and the same request works after the upgrade; a downgrade keeps what exists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_FEATURES } from '@bist/contracts';
import { createTestApp, type TestApp } from '@test/helpers';
import { investor, investorMarket, type Investor } from '@test/investor-helpers';

const SYMBOLS = ['THYAO', 'GARAN', 'ASELS', 'BIMAS', 'KCHOL'];

describe('plan limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    const market = investorMarket();
    // Enough stocks to fill the largest watchlist.
    for (let i = 0; i < 120; i++) market.addStock({ symbol: `TST${i}`, name: `Test ${i}`, sector: 'Test' });
    for (let i = 0; i < 120; i++) market.setQuote(`TST${i}`, 10);
    t = await createTestApp({ market });
  }, 60_000);
  afterAll(async () => t.close());

  const choose = async (inv: Investor, plan: 'free' | 'premium' | 'pro') =>
    expect((await inv.put('/api/subscription', { plan, interval: 'monthly' })).statusCode).toBe(200);
  // An alert far from the price, so it stays active.
  const addAlert = (inv: Investor, i: number) =>
    inv.post('/api/alerts', {
      symbol: SYMBOLS[i % SYMBOLS.length],
      direction: 'above',
      threshold_price: 10_000 + i,
    });

  it('price alerts: 3 on Ücretsiz, then 403 naming Premium; 20 on Premium, then 403 naming Pro; 50 on Pro, then 409', async () => {
    const inv = await investor(t);
    for (let i = 0; i < PLAN_FEATURES.free.priceAlerts; i++)
      expect((await addAlert(inv, i)).statusCode).toBe(201);
    const refused = await addAlert(inv, 3);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      success: false,
      required_plan: 'premium',
      error:
        'Ücretsiz planında en fazla 3 etkin fiyat alarmı kurulabilir. Daha fazlası için Premium planına geçin.',
    });

    await choose(inv, 'premium');
    for (let i = 3; i < PLAN_FEATURES.premium.priceAlerts; i++)
      expect((await addAlert(inv, i)).statusCode).toBe(201);
    const premiumFull = await addAlert(inv, 20);
    expect(premiumFull.statusCode).toBe(403);
    expect(premiumFull.json()).toMatchObject({ required_plan: 'pro' });
    expect(premiumFull.json().error).toContain('Premium planında en fazla 20');

    await choose(inv, 'pro');
    for (let i = 20; i < PLAN_FEATURES.pro.priceAlerts; i++)
      expect((await addAlert(inv, i)).statusCode).toBe(201);
    const proFull = await addAlert(inv, 50);
    expect(proFull.statusCode).toBe(409);
    expect(proFull.json().required_plan).toBeUndefined();

    // A downgrade keeps every alert; adding waits until the count is under the plan's limit (no plan allows 51).
    await choose(inv, 'premium');
    expect((await inv.get('/api/alerts')).json().data.alerts).toHaveLength(50);
    expect((await addAlert(inv, 51)).statusCode).toBe(409);
    const ids: number[] = (await inv.get('/api/alerts')).json().data.alerts.map((a: { id: number }) => a.id);
    for (const id of ids.slice(0, 30))
      expect((await inv.del(`/api/alerts/${id}`)).statusCode).toBeLessThan(300);
    const overPremium = await addAlert(inv, 52);
    expect(overPremium.statusCode).toBe(403);
    expect(overPremium.json().required_plan).toBe('pro');
  });

  it('watchlist: 10 stocks on Ücretsiz, then 403 naming Premium; a listed stock again is still fine; 50 on Premium', async () => {
    const inv = await investor(t);
    for (let i = 0; i < PLAN_FEATURES.free.watchlistStocks; i++)
      expect((await inv.post('/api/watchlist', { symbol: `TST${i}` })).statusCode).toBeLessThan(300);
    const refused = await inv.post('/api/watchlist', { symbol: 'TST10' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      required_plan: 'premium',
      error:
        'Ücretsiz planında izleme listesine en fazla 10 hisse eklenebilir. Daha fazlası için Premium planına geçin.',
    });
    // Starring a listed stock again changes nothing and is not refused.
    expect((await inv.post('/api/watchlist', { symbol: 'TST0' })).statusCode).toBe(200);

    await choose(inv, 'premium');
    for (let i = 10; i < PLAN_FEATURES.premium.watchlistStocks; i++)
      expect((await inv.post('/api/watchlist', { symbol: `TST${i}` })).statusCode).toBe(201);
    expect((await inv.post('/api/watchlist', { symbol: 'TST50' })).json().required_plan).toBe('pro');
    await choose(inv, 'pro');
    expect((await inv.post('/api/watchlist', { symbol: 'TST50' })).statusCode).toBe(201);
  });

  it('CSV export: 403 naming Premium on Ücretsiz, the file after the upgrade; the KVKK export stays free', async () => {
    const inv = await investor(t);
    const refused = await inv.get('/api/portfolio/transactions/export');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      success: false,
      required_plan: 'premium',
      error: 'CSV dışa aktarma Ücretsiz planında yok: Premium veya üstü bir plan gerekir.',
    });
    expect((await inv.post('/api/privacy/export')).statusCode).toBe(200);

    await choose(inv, 'premium');
    const file = await inv.get('/api/portfolio/transactions/export');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
  });
});
