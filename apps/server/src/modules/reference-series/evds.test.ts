import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { FixedClock } from '@/lib/clock';
import { createYahooClient } from '@/market/yahoo/yahoo-client';
import { createTestDatabase, testBackends } from '@test/helpers';
import { startFakeEvds, type FakeEvds } from '@test/fake-evds/fake-evds';
import { startFakeProvider, type FakeProvider } from '@test/fake-provider/fake-provider';
import { createEvdsClient } from './evds-client.ts';
import { ReferenceSeriesRepository } from './reference-series.repository.ts';
import { ReferenceSeriesService } from './reference-series.service.ts';

const KEY = 'evds-test-key-7Qm2';
const WRONG_KEY = 'wrong-key-9Xc4';

/** Every log line the client writes, as JSON, to look for the key in. */
function logCollector() {
  const lines: string[] = [];
  const write = (fields: unknown, message?: string) => {
    lines.push(
      JSON.stringify({ fields, message }, (_, v: unknown) =>
        v instanceof Error ? `${v.name}: ${v.message}` : v,
      ),
    );
  };
  return { lines, log: { info: write, warn: write, error: write } };
}

describe.each(testBackends())('reference series from TCMB EVDS (%s)', (backend) => {
  let database: Database;
  let evds: FakeEvds;
  let provider: FakeProvider;
  let service: ReferenceSeriesService;
  const clock = new FixedClock(new Date('2026-11-20T12:00:00Z'));
  const logs = logCollector();
  const client = (key: string, timeoutMs = 5_000) =>
    createEvdsClient({
      key,
      baseUrl: evds.url,
      log: logs.log,
      clock,
      timeoutMs,
      retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1 },
      sleep: () => Promise.resolve(),
      random: () => 0.5,
    });
  const statusOf = async (code: string) => (await service.status()).find((s) => s.code === code)!;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    evds = await startFakeEvds(KEY);
    provider = await startFakeProvider();
    service = new ReferenceSeriesService(new ReferenceSeriesRepository(database.db), clock);
    await service.ensureShippedHistory();
  });
  afterEach(() => {
    evds.requests.length = 0;
    evds.failSeries.clear();
    evds.hangSeries.clear();
  });
  afterAll(async () => {
    await provider.close();
    await evds.close();
    await database.close();
  });

  it('a refused key (401) is reported in each series status, never with the key, and the provider still fills gold', async () => {
    const fill = await service.fillFromEvds(client(WRONG_KEY));
    expect(fill.written).toEqual([]);
    expect(fill.problems.map((p) => [p.series, p.failure])).toEqual([
      [['TUFE'], 'key-refused'],
      [['USDTRY', 'EURTRY'], 'key-refused'],
      [['DEPOSIT_RATE'], 'key-refused'],
    ]);
    // A refused key is not asked again: one request per group.
    expect(evds.requests).toHaveLength(3);
    for (const code of ['TUFE', 'USDTRY', 'EURTRY', 'DEPOSIT_RATE']) {
      const status = await statusOf(code);
      expect(status.fetch_problem).toMatchObject({ source: 'evds', at: '2026-11-20T12:00:00.000Z' });
      expect(status.fetch_problem!.message).toMatch(
        /^TCMB EVDS answered 401 .*the EVDS_API_KEY was refused$/,
      );
    }
    // TÜFE keeps its shipped history; nothing from EVDS was stored.
    expect(await statusOf('TUFE')).toMatchObject({ source: 'shipped', last_date: '2025-10' });
    // The fake echoed the key it was sent: neither the status, the problems nor a log line carries it.
    const everything = JSON.stringify([await service.status(), fill, logs.lines]);
    expect(everything).toContain('Invalid API Key');
    expect(everything).not.toContain(WRONG_KEY);
    expect(everything).not.toContain(KEY);
    // The key went in the header only, never in the path.
    expect(evds.requests.every((r) => r.key === WRONG_KEY && !r.path.includes(WRONG_KEY))).toBe(true);

    // The provider's source goes on: gold from the fake provider (USD/TRY is left to EVDS when it is configured).
    const written = await service.refreshFromProvider(
      createYahooClient({ log: logs.log, baseUrl: provider.url }),
      { fx: false },
    );
    expect(written.map((w) => w.code)).toEqual(['GOLD_TRY_GRAM']);
    expect(provider.replay.chartRequests()).toEqual(['USDTRY=X', 'GC=F']);
    expect((await statusOf('USDTRY')).values).toBe(0);
  });

  it('fills TÜFE, USD/TRY, EUR/TRY and the deposit rate with source and publication date, reporting a missing month', async () => {
    const fill = await service.fillFromEvds(client(KEY));
    expect(fill.problems).toEqual([]);
    expect(evds.requests.map((r) => r.path)).toEqual([
      '/series=TP.FG.J0-TP.TUKFIY2025.GENEL&startDate=01-01-2025&endDate=20-11-2026&type=json&formulas=&frequency=&aggregationTypes=',
      // Nothing of USD/TRY stored yet: six years back (2,192 days).
      '/series=TP.DK.USD.A.YTL-TP.DK.EUR.A.YTL&startDate=19-11-2020&endDate=20-11-2026&type=json&formulas=&frequency=&aggregationTypes=',
      '/series=TP.TRY.MT06&startDate=19-11-2020&endDate=20-11-2026&type=json&formulas=&frequency=&aggregationTypes=',
    ]);
    expect(evds.requests.every((r) => r.key === KEY)).toBe(true);
    // 2025-01 … 2026-10 without 2026-06 (EVDS left it empty); 2026-11 is not published yet.
    // 20 weekdays from 26 October to 20 November; eight weekly deposit rates.
    expect(fill.written).toEqual([
      { code: 'TUFE', values: 21, lastDate: '2026-10-01' },
      { code: 'USDTRY', values: 20, lastDate: '2026-11-20' },
      { code: 'EURTRY', values: 20, lastDate: '2026-11-20' },
      { code: 'DEPOSIT_RATE', values: 8, lastDate: '2026-11-13' },
    ]);
    expect(fill.missingMonths).toEqual(['2026-06']);

    const tufe = await statusOf('TUFE');
    expect(tufe).toMatchObject({
      source: 'evds',
      published_at: '2026-11-20',
      last_date: '2026-10',
      missing_months: ['2026-06'],
      fetch_problem: null,
      freshness: 'fresh',
    });
    expect(await statusOf('USDTRY')).toMatchObject({
      source: 'evds',
      published_at: '2026-11-20',
      last_date: '2026-11-20',
      last_value: 42.325,
      fetch_problem: null,
    });
    expect(await statusOf('DEPOSIT_RATE')).toMatchObject({
      source: 'evds',
      last_date: '2026-11-13',
      last_value: 38.91,
      freshness: 'fresh',
      fetch_problem: null,
    });

    clock.advanceMs(61_000);
    const series = await service.comparisonSeries();
    expect(series.cpiSource).toBe('evds');
    expect(series.depositSource).toBe('evds');
    const cpi = new Map(series.cpi.map((p) => [p.month, p.value]));
    // TP.FG.J0's own values while it runs (2025-10 is TÜİK's published index, as shipped) …
    expect(cpi.get('2025-10')).toBe(3453.09);
    expect(cpi.get('2026-01')).toBe(3651.4);
    // … then the 2025=100 series linked at 2026-01, the last month both carry: its changes, on 2003=100.
    expect(cpi.get('2026-02')).toBeCloseTo((3651.4 * 117.12) / 114.71, 6);
    expect(cpi.has('2026-06')).toBe(false);
    // Weekends have no rate in the answer and none is stored.
    expect(series.usdTry.some((p) => p.date === '2026-11-07' || p.date === '2026-11-08')).toBe(false);
  });

  it('a 5xx and a timeout are reported for their series only, and the next fill clears them', async () => {
    clock.advanceMs(24 * 60 * 60_000); // Saturday 21 November
    evds.failSeries.set('TP.TRY.MT06', 503);
    evds.hangSeries.add('TP.DK.USD.A.YTL');
    const fill = await service.fillFromEvds(client(KEY, 200));
    expect(fill.problems).toEqual([
      {
        series: ['USDTRY', 'EURTRY'],
        failure: 'unavailable',
        message: 'TCMB EVDS did not answer within 200 ms',
      },
      {
        series: ['DEPOSIT_RATE'],
        failure: 'unavailable',
        message: 'TCMB EVDS answered 503 (Service Unavailable)',
      },
    ]);
    // Both were tried twice (the retry policy); the CPI came in.
    expect(evds.requests.map((r) => r.series)).toEqual([
      'TP.FG.J0-TP.TUKFIY2025.GENEL',
      'TP.DK.USD.A.YTL-TP.DK.EUR.A.YTL',
      'TP.DK.USD.A.YTL-TP.DK.EUR.A.YTL',
      'TP.TRY.MT06',
      'TP.TRY.MT06',
    ]);
    expect((await statusOf('TUFE')).fetch_problem).toBeNull();
    expect((await statusOf('EURTRY')).fetch_problem?.message).toBe('TCMB EVDS did not answer within 200 ms');
    expect((await statusOf('DEPOSIT_RATE')).fetch_problem?.message).toContain('503');
    // The TÜFE's latest month did not move: its publication date stays the day it did.
    expect((await statusOf('TUFE')).published_at).toBe('2026-11-20');

    evds.failSeries.clear();
    evds.hangSeries.clear();
    const again = await service.fillFromEvds(client(KEY));
    expect(again.problems).toEqual([]);
    // Two weeks before the latest stored day for FX, five weeks for the weekly deposit rate.
    expect(evds.requests.slice(-2).map((r) => r.path.split('&')[1])).toEqual([
      'startDate=06-11-2026',
      'startDate=09-10-2026',
    ]);
    for (const code of ['USDTRY', 'EURTRY', 'DEPOSIT_RATE'])
      expect((await statusOf(code)).fetch_problem).toBeNull();
  });
});
