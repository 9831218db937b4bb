// The stock and index charts' change in dollars and in real lira (decision 0063), through the history routes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RangeUnits } from '@bist/contracts';
import { cpiOnDay, realReturn } from '@bist/market';
import { createMarketTestApp, type TestApp } from '@test/helpers';
import type { MarketEngine } from '@/market/engine';

interface HistoryData {
  candles: { time: string; close: number }[];
  units: RangeUnits | null;
}

const round2 = (percent: number) => Math.round(percent * 100) / 100;

describe('history units', () => {
  let t: TestApp & { engine: MarketEngine };
  beforeAll(async () => {
    t = await createMarketTestApp();
  });
  afterAll(async () => t.close());

  const history = async (url: string): Promise<HistoryData> => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: HistoryData }>().data;
  };

  it('says which series are missing before any is loaded, and gives no units for an intraday range', async () => {
    const daily = await history('/api/stocks/THYAO/history?range=1A');
    const first = daily.candles[0]!;
    const last = daily.candles.at(-1)!;
    expect(daily.units).toEqual({
      from: first.time,
      to: last.time,
      nominal_percent: round2((last.close / first.close - 1) * 100),
      real_percent: null,
      usd_percent: null,
      usd_try_from: null,
      usd_try_to: null,
      cpi_month: null,
      cpi_method: null,
      cpi_source: null,
      usd_source: null,
      missing: ['TUFE', 'USDTRY'],
      missing_months: [],
    });
    expect((await history('/api/stocks/THYAO/history?range=1G')).units).toBeNull();
  });

  it("measures a stock's and an index's range in dollars and in real lira once the series are imported", async () => {
    const cpi = [
      { month: '2026-08', value: 4000 },
      { month: '2026-09', value: 4100 },
      { month: '2026-10', value: 4200 },
      { month: '2026-11', value: 4300 },
    ];
    const daily = await history('/api/stocks/THYAO/history?range=1A');
    const first = daily.candles[0]!;
    const last = daily.candles.at(-1)!;
    await t.services.referenceSeries.importRows(
      [
        ...cpi.map((p) => ({
          code: 'TUFE' as const,
          date: `${p.month}-01`,
          value: p.value,
          publishedAt: null,
        })),
        { code: 'USDTRY', date: first.time, value: 40, publishedAt: null },
        { code: 'USDTRY', date: last.time, value: 42, publishedAt: null },
      ],
      'import',
    );
    // The import moves the charts' version: the next answer is measured with the new series.
    const stock = await history('/api/stocks/THYAO/history?range=1A');
    const nominal = stock.candles.at(-1)!.close / stock.candles[0]!.close - 1;
    const inflation = cpiOnDay(cpi, last.time)!.value / cpiOnDay(cpi, first.time)!.value - 1;
    expect(stock.units).toMatchObject({
      usd_try_from: 40,
      usd_try_to: 42,
      usd_percent: round2(((1 + nominal) / (42 / 40) - 1) * 100),
      real_percent: round2(realReturn(nominal, inflation) * 100),
      // 18 November lies after November's middle: its CPI is November's, carried forward.
      cpi_month: '2026-11',
      cpi_method: 'carried-forward',
      cpi_source: 'import',
      usd_source: 'import',
      missing: [],
    });

    const index = await history('/api/indices/XU100/history?range=1A');
    expect(index.units!.from).toBe(index.candles[0]!.time);
    expect(index.units!.nominal_percent).toBe(
      round2((index.candles.at(-1)!.close / index.candles[0]!.close - 1) * 100),
    );
    expect(index.units!.real_percent).not.toBeNull();
    expect(index.units!.cpi_source).toBe('import');
  });

  it('leaves the figure of a series starting after the range null, naming it missing', async () => {
    // 3A starts with the stored history (1 September), before the imported USD/TRY's first day but after the
    // middle of August, where the CPI starts.
    const units = (await history('/api/stocks/THYAO/history?range=3A')).units!;
    expect(units.from).toBe('2026-09-01');
    expect(units).toMatchObject({ usd_percent: null, usd_try_from: null, missing: ['USDTRY'] });
    expect(units.real_percent).toEqual(expect.any(Number));
  });
});
