import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SECTORS, STOCKS } from '@bist/market';
import { HISTORY_WARMUP_BARS } from '@bist/contracts';
import { createMarketTestApp, type TestApp } from '@test/helpers';
import type { MarketEngine } from '@/market/engine';
import { MarketRepository } from '@/market/market.repository';

describe('market routes', () => {
  let t: TestApp & { engine: MarketEngine };
  beforeAll(async () => {
    t = await createMarketTestApp();
  });
  afterAll(async () => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('summarises the whole universe from the live quotes', async () => {
    const res = await get('/api/market/summary');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.overview.total_stocks).toBe(STOCKS.length);
    expect(data.overview.total_sectors).toBe(SECTORS.length);
    expect(data.overview.total_indices).toBeGreaterThanOrEqual(15);
    expect(data.overview.market_cap).toBeGreaterThan(5e12);
    expect(data.overview.daily_volume).toBeGreaterThan(0);
    expect(data.performance.bist100_value).toBe(t.engine.quote('XU100')!.priceTry);
    expect(data.performance.advancers + data.performance.decliners + data.performance.unchanged).toBe(
      STOCKS.length,
    );
    expect(data.top_gainers.length).toBeGreaterThan(0);
    for (const g of data.top_gainers) expect(g.change).toBeGreaterThan(0);
    for (const l of data.top_losers) expect(l.change).toBeLessThan(0);
    expect(data.freshness).toMatchObject({ source: 'simulated', stale: false });
    expect(res.headers['content-type']).toContain('application/json');
    // Every sector's move, most rising first; a sector's move lies between its stocks' moves.
    expect(data.sector_moves).toHaveLength(SECTORS.length);
    const moves = data.sector_moves as { sector: string; change_percent: number; count: number }[];
    for (let i = 1; i < moves.length; i += 1)
      expect(moves[i - 1]!.change_percent).toBeGreaterThanOrEqual(moves[i]!.change_percent);
    const banks = moves.find((m) => m.sector === STOCKS.find((s) => s.symbol === 'GARAN')!.sector)!;
    const bankChanges = STOCKS.filter((s) => s.sector === banks.sector).map(
      (s) => t.engine.quote(s.symbol)!.changePercent,
    );
    expect(banks.count).toBe(bankChanges.length);
    expect(banks.change_percent).toBeGreaterThanOrEqual(Math.min(...bankChanges) - 0.01);
    expect(banks.change_percent).toBeLessThanOrEqual(Math.max(...bankChanges) + 0.01);
  });

  it('lists live data for every stock, most traded first', async () => {
    const { data } = (await get('/api/market/live-data')).json();
    expect(data).toHaveLength(STOCKS.length);
    expect(data[0].turnover).toBeGreaterThanOrEqual(data[1].turnover);
    expect(data[0]).toMatchObject({
      symbol: expect.any(String),
      price: expect.any(Number),
      changePercent: expect.any(Number),
      volume: expect.any(Number),
    });
  });

  it('gives only the most traded with ?limit, and names a bad limit', async () => {
    const all = (await get('/api/market/live-data')).json().data as { symbol: string }[];
    const top5 = (await get('/api/market/live-data?limit=5')).json();
    expect(top5.data.map((q: { symbol: string }) => q.symbol)).toEqual(all.slice(0, 5).map((q) => q.symbol));
    expect(top5.freshness).toMatchObject({ source: 'simulated' });
    expect((await get('/api/market/live-data?limit=1000')).json().data).toHaveLength(all.length);
    for (const bad of ['0', '1001', 'x', '2.5']) {
      const res = await get(`/api/market/live-data?limit=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toMatchObject({ success: false, field: 'querystring.limit' });
    }
  });

  it('answers br or gzip when the client accepts it, with the same JSON', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const plain = await get('/api/market/live-data');
    const br = await t.app.inject({
      method: 'GET',
      url: '/api/market/live-data',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gz = await t.app.inject({
      method: 'GET',
      url: '/api/stocks/list?limit=100',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8')).data.stocks).toHaveLength(100);
  });

  it('gives every listed stock the 52-week range of its profile', async () => {
    const [row] = (await get('/api/stocks/list?search=THYAO')).json().data.stocks;
    const profile = (await get('/api/stocks/THYAO/profile')).json().data;
    expect(row.symbol).toBe('THYAO');
    expect(row.week52_low).toBe(profile.week52_low);
    expect(row.week52_high).toBe(profile.week52_high);
    expect(row.week52_low).toBeLessThan(row.week52_high);
    expect(row.price).toBeGreaterThanOrEqual(row.week52_low);
    expect(row.price).toBeLessThanOrEqual(row.week52_high);
  });

  it("finds GARAN for 'garanti' and folds Turkish letters", async () => {
    const garanti = (await get('/api/stocks/list?search=garanti')).json().data;
    expect(garanti.stocks.map((s: { symbol: string }) => s.symbol)).toContain('GARAN');
    const variants = await Promise.all(
      ['ısı', 'ISI', 'İş', 'is'].map((q) =>
        get(`/api/stocks/list?search=${encodeURIComponent(q)}&limit=100`),
      ),
    );
    const sets = variants.map((r) => r.json().data.total as number);
    expect(sets[0]).toBe(sets[1]);
    expect(sets[0]).toBeGreaterThan(0);
    expect(sets[2]).toBe(sets[3]);
    const isbank = (await get(`/api/stocks/list?search=${encodeURIComponent('İş Bankası')}`)).json().data
      .stocks;
    expect(isbank.map((s: { symbol: string }) => s.symbol)).toContain('ISCTR');
  });

  it('filters by sector, sorts and pages', async () => {
    const banks = (await get(`/api/stocks/list?sector=${encodeURIComponent('Bankacılık')}&limit=100`)).json()
      .data;
    expect(banks.total).toBe(SECTORS.find((s) => s.sector === 'Bankacılık')!.stockCount);
    expect(banks.stocks.every((s: { sector: string }) => s.sector === 'Bankacılık')).toBe(true);

    const byPrice = (await get('/api/stocks/list?sort_by=price&sort_order=desc&limit=20')).json().data
      .stocks as { price: number }[];
    for (let i = 1; i < byPrice.length; i += 1)
      expect(byPrice[i - 1]!.price).toBeGreaterThanOrEqual(byPrice[i]!.price);

    const page1 = (await get('/api/stocks/list?page=1&limit=20')).json().data;
    const page2 = (await get('/api/stocks/list?page=2&limit=20')).json().data;
    expect(page1.total).toBe(STOCKS.length);
    expect(page1.stocks).toHaveLength(20);
    expect(page2.stocks[0].symbol > page1.stocks[19].symbol).toBe(true);
  });

  it('answers bad query values with 400 naming the parameter', async () => {
    for (const [url, field] of [
      ['/api/stocks/list?page=0', 'querystring.page'],
      ['/api/stocks/list?limit=10000', 'querystring.limit'],
      ['/api/stocks/list?sort_by=x', 'querystring.sort_by'],
      ['/api/stocks/list?sort_order=up', 'querystring.sort_order'],
      ['/api/stocks/list?page=abc', 'querystring.page'],
      ['/api/stocks/THYAO/history?range=2Y', 'querystring.range'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().field, url).toBe(field);
    }
  });

  it('answers an unknown symbol or index with a Turkish 404', async () => {
    const stock = await get('/api/stocks/XXXXX/profile');
    expect(stock.statusCode).toBe(404);
    expect(stock.json().error).toBe('Hisse bulunamadı: XXXXX');
    const index = await get('/api/indices/XU999/data');
    expect(index.statusCode).toBe(404);
    expect(index.json().error).toBe('Endeks bulunamadı: XU999');
  });

  it("gives a stock's profile and its daily and intraday candles", async () => {
    const profile = (await get('/api/stocks/thyao.is/profile')).json().data;
    expect(profile).toMatchObject({
      symbol: 'THYAO',
      sector: expect.any(String),
      indices: expect.arrayContaining(['XU100', 'XU030']),
    });
    expect(profile.price_band.lower).toBeLessThan(profile.price);
    const daily = (await get('/api/stocks/THYAO/history?range=1A')).json().data;
    expect(daily.interval).toBe('1d');
    expect(daily.candles.length).toBeGreaterThan(15);
    expect(daily.candles.at(-1).time).toBe('2026-11-18');
    const intraday = (await get('/api/stocks/THYAO/history?range=1G')).json().data;
    expect(intraday.interval).toBe('5m');
    expect(intraday.candles.length).toBeGreaterThanOrEqual(6);
  });

  it("reads a chart's candles once per version of the quotes, not once per request", async () => {
    const reads = vi.spyOn(MarketRepository.prototype, 'dailyBarsBetween');
    try {
      const first = await get('/api/stocks/GARAN/history?range=3A');
      const again = await Promise.all([1, 2, 3].map(() => get('/api/stocks/GARAN/history?range=3A')));
      expect(reads).toHaveBeenCalledTimes(1);
      for (const res of again) expect(res.body).toBe(first.body);
      // An unknown symbol fails before anything is kept, every time.
      for (let i = 0; i < 2; i += 1)
        expect((await get('/api/stocks/NOPE1/history?range=3A')).statusCode).toBe(404);
      // A tick moves today's forming candle (the live quote) without reading the stored days again.
      await t.engine.tick();
      const after = (await get('/api/stocks/GARAN/history?range=3A')).json().data.candles;
      expect(after.at(-1).close).toBe(t.engine.quote('GARAN')!.priceTry);
      expect(reads).toHaveBeenCalledTimes(1);
      expect((await get('/api/indices/XU100/history?range=3A')).json().data.candles.length).toBeGreaterThan(
        40,
      );
    } finally {
      reads.mockRestore();
    }
  });

  it('lists the indices and gives an index with its real intraday series', async () => {
    const { indices } = (await get('/api/indices/list')).json().data;
    expect(indices.length).toBeGreaterThanOrEqual(15);
    const xu100 = indices.find((i: { code: string }) => i.code === 'XU100');
    expect(xu100.member_count).toBe(100);
    const data = (await get('/api/indices/xu100/data')).json().data;
    expect(data.code).toBe('XU100');
    expect(data.intraday.length).toBeGreaterThanOrEqual(2);
    expect(data.intraday.at(-1).value).toBeCloseTo(data.value, -1);
  });

  it("sends a chart's warm-up candles: the stored bars just before its window, same interval", async () => {
    const daily = (await get('/api/stocks/THYAO/history?range=1A')).json().data;
    // The test history starts on 2026-09-01: a month's window has every earlier stored day before it.
    expect(daily.warmup.length).toBeGreaterThan(20);
    expect(daily.warmup.length).toBeLessThanOrEqual(HISTORY_WARMUP_BARS);
    expect(daily.warmup[0].time).toBe('2026-09-01');
    expect(daily.warmup.at(-1).time < daily.candles[0].time).toBe(true);
    const all = (await get('/api/stocks/THYAO/history?range=1Y')).json().data;
    // Warm-up and window together are the stored days without a gap or overlap.
    expect([...daily.warmup, ...daily.candles].map((c: { time: string }) => c.time)).toEqual(
      all.candles.map((c: { time: string }) => c.time),
    );
    expect(all.warmup).toEqual([]);
    const intraday = (await get('/api/stocks/THYAO/history?range=1G')).json().data;
    expect(intraday.warmup.length).toBe(HISTORY_WARMUP_BARS);
    expect(Date.parse(intraday.warmup.at(-1).time)).toBeLessThan(Date.parse(intraday.candles[0].time));
    const index = (await get('/api/indices/XU030/history?range=1A')).json().data;
    expect(index.warmup.length).toBeGreaterThan(20);
  });

  it("lists an index's members with today's moves and their capitalisation weights, heaviest first", async () => {
    const res = await get('/api/indices/xu030/members');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.code).toBe('XU030');
    expect(data.weights).toBe('capitalisation');
    expect(data.members).toHaveLength(30);
    const weighted = data.members.filter((m: { weight_percent: number | null }) => m.weight_percent !== null);
    expect(weighted.length).toBeGreaterThan(0);
    const sum = weighted.reduce((s: number, m: { weight_percent: number }) => s + m.weight_percent, 0);
    expect(sum).toBeCloseTo(100, 0);
    for (let i = 1; i < weighted.length; i += 1)
      expect(weighted[i - 1].weight_percent).toBeGreaterThanOrEqual(weighted[i].weight_percent);
    const thyao = data.members.find((m: { symbol: string }) => m.symbol === 'THYAO');
    expect(thyao).toMatchObject({
      price: t.engine.quote('THYAO')!.priceTry,
      change_percent: t.engine.quote('THYAO')!.changePercent,
      company_name: expect.any(String),
    });
    // The weight is the member's capitalisation over the members' total.
    const total = weighted.reduce((s: number, m: { market_cap: number }) => s + m.market_cap, 0);
    expect(thyao.weight_percent).toBeCloseTo((thyao.market_cap / total) * 100, 1);
    const unknown = await get('/api/indices/XU999/members');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Endeks bulunamadı: XU999');
  });

  it('counts the universe on the landing page only from real data', async () => {
    const health = (await get('/health')).json();
    expect(health.database.reachable).toBe(true);
    // A public probe tells neither the version nor the kind of database (fingerprinting).
    expect(Object.keys(health).sort()).toEqual(
      ['database', 'demoMode', 'status', 'success', 'timestamp', 'uptimeSeconds'].sort(),
    );
    expect(Object.keys(health.database).sort()).toEqual(['latencyMs', 'reachable']);
  });
});
