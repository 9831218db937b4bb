import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '@/config/env';
import type { Database } from '@/db/client';
import { FixedClock } from '@/lib/clock';
import { MarketRepository } from '@/market/market.repository';
import type { MarketEngine } from '@/market/engine';
import { TEST_MARKET_SEED, createTestDatabase, createTestEngine } from '@test/helpers';
import { collectCsvFiles, importPrices } from './import-prices.ts';

describe('import-prices', () => {
  let database: Database;
  let engine: MarketEngine;
  let repo: MarketRepository;
  let dir: string;
  const clock = new FixedClock(new Date('2026-11-21T10:00:00Z'));

  beforeAll(async () => {
    database = await createTestDatabase();
    repo = new MarketRepository(database.db);
    await repo.setState('simulation', { seed: TEST_MARKET_SEED, startDate: '2026-09-01' });
    engine = await createTestEngine(database, clock, '2026-09-01');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-'));
    fs.writeFileSync(
      path.join(dir, 'THYAO.IS.csv'),
      'Date,Open,High,Low,Close,Adj Close,Volume\n2026-10-01,300,305,298,302,302,1000\n2026-10-02,302,310,301,309,309,2000\n',
    );
    fs.writeFileSync(
      path.join(dir, 'GARAN.csv'),
      'date,open,high,low,close,volume\n2026-10-01,100,101,99,100.5,10\n2026-10-02,100,99,101,100,10\n',
    );
    fs.writeFileSync(path.join(dir, 'XU100.csv'), 'date,open,high,low,close,volume\n2026-10-01,1,1,1,1,1\n');
    fs.writeFileSync(path.join(dir, 'NOPE.csv'), 'date,open,high,low,close,volume\n2026-10-01,1,1,1,1,1\n');
    fs.writeFileSync(path.join(dir, '_index.csv'), 'not,prices\n');
  });
  afterAll(async () => {
    await engine.stop();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('imports good files, refuses a file with a bad row whole, and skips indices and unknown symbols', async () => {
    const before = (await repo.dailyBarsBetween(['GARAN'], '2026-10-01', '2026-10-02')).map(
      (b) => b.closeTry,
    );
    const files = collectCsvFiles([dir]);
    expect(files.map((f) => path.basename(f))).toEqual([
      'GARAN.csv',
      'NOPE.csv',
      'THYAO.IS.csv',
      'XU100.csv',
    ]);
    const summary = await importPrices(database, testConfig(), clock, files);
    const byName = Object.fromEntries(summary.files.map((f) => [path.basename(f.file), f]));
    expect(byName['THYAO.IS.csv']).toMatchObject({ status: 'imported', rows: 2, symbol: 'THYAO' });
    expect(byName['GARAN.csv']!.status).toBe('refused');
    expect(byName['GARAN.csv']!.problems[0]).toMatch(/^GARAN\.csv:3: /);
    expect(byName['XU100.csv']!.status).toBe('skipped');
    expect(byName['NOPE.csv']!.status).toBe('skipped');
    // The refused file changed nothing.
    expect(
      (await repo.dailyBarsBetween(['GARAN'], '2026-10-01', '2026-10-02')).map((b) => b.closeTry),
    ).toEqual(before);
    const thyao = await repo.dailyBarsBetween(['THYAO'], '2026-10-01', '2026-10-05');
    expect(thyao.slice(0, 2).map((b) => [b.closeTry, b.source])).toEqual([
      [302, 'import'],
      [309, 'import'],
    ]);
    // The simulated days after the real data continue from the real close (within the ±10 % band).
    expect(summary.anchored).toEqual(['THYAO']);
    const next = thyao[2]!;
    expect(next.source).toBe('simulated');
    expect(Math.abs(next.closeTry / 309 - 1)).toBeLessThanOrEqual(0.1001);
  });

  it('imports the valid rows of a file with --skip-bad-rows', async () => {
    const summary = await importPrices(database, testConfig(), clock, [path.join(dir, 'GARAN.csv')], {
      skipBadRows: true,
    });
    expect(summary.files[0]).toMatchObject({ status: 'imported', rows: 1 });
    expect(summary.files[0]!.problems).toHaveLength(1);
  });
});
