import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { createTestDatabase } from '@test/helpers';
import { fuzz, operationsOf, type FuzzOptions } from './fuzz/fuzzer.ts';
import { fuzzTarget, skipForFuzz, type FuzzTarget } from './fuzz/target.ts';

describe('fuzzing every route from the OpenAPI document', () => {
  let database: Database;
  let target: FuzzTarget;
  beforeAll(async () => {
    database = await createTestDatabase();
    target = await fuzzTarget(database);
  });
  afterAll(async () => {
    await target.close();
    await database.close();
  });

  /** 400 seeded requests as the fuzz target's callers, with these weights of the kinds of request. */
  const run = (seed: number, weights: FuzzOptions['weights']) =>
    fuzz(target.app, {
      requests: 400,
      seed,
      tokens: target.tokens,
      skip: skipForFuzz,
      pathExamples: target.pathExamples,
      weights,
    });

  it('reads the operations from the document, admin and investor routes alike', () => {
    const paths = operationsOf(target.app).map((op) => `${op.method} ${op.path}`);
    expect(paths).toContain('POST /admin/api/users');
    expect(paths).toContain('POST /api/portfolio/transactions');
    expect(paths).toContain('GET /api/stocks/list');
  });

  it('a seeded run of 400 requests gets no 5xx, no stack trace and no secret', async () => {
    // Column bombs only find slowness, which a test does not time (npm run fuzz does, with --slow-ms).
    const report = await run(20_261_125, { columns: 0 });
    expect(report.findings).toEqual([]);
    // The run reached past validation: some requests succeeded.
    expect(Object.keys(report.byStatus).some((status) => status.startsWith('2'))).toBe(true);
    expect((await target.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });

  it('deep nesting, invalid Unicode and extreme dates on every route that takes them get no 5xx', async () => {
    const report = await run(20_261_128, {
      schema: 0,
      deep: 1,
      unicode: 1,
      dates: 1,
      columns: 0,
      duplicates: 0,
    });
    expect(report.findings).toEqual([]);
    expect(Object.keys(report.byKind).sort()).toEqual(['dates', 'deep', 'unicode']);
    // The shapes reached validation and past it: refused with 400 and answered.
    expect(report.byStatus['400']).toBeGreaterThan(50);
    expect(report.byStatus['200']).toBeGreaterThan(0);
  });
});
