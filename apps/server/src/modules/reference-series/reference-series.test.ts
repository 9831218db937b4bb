import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAMS_PER_TROY_OUNCE } from '@bist/contracts';
import type { Database } from '@/db/client';
import { FixedClock } from '@/lib/clock';
import { createYahooClient } from '@/market/yahoo/yahoo-client';
import { syntheticReferenceValue } from '@/market/yahoo/replay-fetch';
import { importSeries } from '@/cli/import-series';
import { createTestDatabase, testBackends } from '@test/helpers';
import { startFakeProvider, type FakeProvider } from '@test/fake-provider/fake-provider';
import { ReferenceSeriesRepository } from './reference-series.repository.ts';
import { ReferenceSeriesService } from './reference-series.service.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe.each(testBackends())('reference series (%s)', (backend) => {
  let database: Database;
  let provider: FakeProvider;
  let service: ReferenceSeriesService;
  const clock = new FixedClock(new Date('2026-11-20T12:00:00Z'));

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    provider = await startFakeProvider();
    service = new ReferenceSeriesService(new ReferenceSeriesRepository(database.db), clock);
  });
  afterAll(async () => {
    await provider.close();
    await database.close();
  });

  it('comes in from the provider over HTTP: USD/TRY, EUR/TRY, and gram gold derived from GC=F', async () => {
    const client = createYahooClient({ log: quiet, baseUrl: provider.url });
    const written = await service.fillFromProvider(client, '2026-11-02', '2026-11-20');
    // 15 weekdays from Monday 2 to Friday 20 November.
    expect(written).toEqual([
      { code: 'USDTRY', values: 15, lastDate: '2026-11-20' },
      { code: 'EURTRY', values: 15, lastDate: '2026-11-20' },
      { code: 'GOLD_TRY_GRAM', values: 15, lastDate: '2026-11-20' },
    ]);
    expect(provider.replay.chartRequests()).toEqual(['USDTRY=X', 'EURTRY=X', 'GC=F']);
    const series = await service.comparisonSeries();
    const day = '2026-11-11';
    const usd = syntheticReferenceValue('USDTRY=X', day);
    expect(series.usdTry.find((p) => p.date === day)?.value).toBe(usd);
    // Gram gold = USD per troy ounce × USD/TRY ÷ 31.1034768.
    expect(series.goldTryGram.find((p) => p.date === day)?.value).toBeCloseTo(
      (syntheticReferenceValue('GC=F', day) * usd) / GRAMS_PER_TROY_OUNCE,
      9,
    );
    const status = await service.status();
    expect(status.find((s) => s.code === 'USDTRY')).toMatchObject({
      source: 'yahoo',
      last_date: '2026-11-20',
      last_value: syntheticReferenceValue('USDTRY=X', '2026-11-20'),
      values: 15,
      freshness: 'fresh',
      age_days: 0,
    });
  });

  it('a fresh install gets the shipped TÜFE history once (TÜİK, 2003=100)', async () => {
    expect(await service.ensureShippedHistory()).toBe(250);
    expect(await service.ensureShippedHistory()).toBe(0);
    const tufe = (await service.status()).find((s) => s.code === 'TUFE');
    expect(tufe).toMatchObject({
      source: 'shipped',
      last_date: '2025-10',
      last_value: 3453.09,
      values: 250,
      missing_months: [],
      // November 2026: October 2025's figure is far older than a month's publication delay.
      freshness: 'stale',
    });
  });

  it('the CLI import refuses a file with a bad line, naming the line, and stores nothing from it', async () => {
    const result = await importSeries(
      database,
      clock,
      'series,date,value\nUSDTRY,2026-11-23,44.1\nUSDTRY,2026-11-31,44.2\nEURTRY,2026-11-23,51,5\nGOLD,2026-11-23,1\n',
    );
    expect(result).toEqual({
      status: 'refused',
      problems: [
        { line: 3, reason: "date '2026-11-31' must be a real day, YYYY-MM-DD" },
        // '51,5' (a decimal comma) splits into a fourth column, which is not a day.
        { line: 4, reason: "published '5' must be a real day, YYYY-MM-DD" },
        {
          line: 5,
          reason: "unknown series 'GOLD' (one of TUFE, USDTRY, EURTRY, GOLD_TRY_GRAM, DEPOSIT_RATE)",
        },
      ],
    });
    clock.advanceMs(61_000);
    const usd = (await service.comparisonSeries()).usdTry;
    expect(usd.some((p) => p.date === '2026-11-23')).toBe(false);
  });

  it('the CLI import stores a series and reports a missing month instead of inventing it', async () => {
    // November 2025 and January 2026 are given; December 2025 is not.
    const result = await importSeries(
      database,
      clock,
      '# TÜFE after the shipped history\nseries,date,value,published\nTUFE,2025-11,3483.1,2025-12-03\nTUFE,2026-01,3600,2026-02-03\nDEPOSIT_RATE,2026-01-01,40\n',
    );
    expect(result).toEqual({
      status: 'imported',
      written: [
        { code: 'TUFE', values: 2, lastDate: '2026-01-01' },
        { code: 'DEPOSIT_RATE', values: 1, lastDate: '2026-01-01' },
      ],
      missingMonths: ['2025-12'],
    });
    const tufe = (await service.status()).find((s) => s.code === 'TUFE');
    expect(tufe).toMatchObject({
      source: 'import',
      published_at: '2026-02-03',
      last_date: '2026-01',
      last_value: 3600,
      missing_months: ['2025-12'],
    });
    // Nothing was stored for the missing month (another writer's import is read within a minute).
    clock.advanceMs(61_000);
    const cpi = (await service.comparisonSeries()).cpi;
    expect(cpi.map((p) => p.month).slice(-3)).toEqual(['2025-10', '2025-11', '2026-01']);
  });
});
