import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { createTestDatabase } from '@test/helpers';
import { fuzz, operationsOf } from './fuzz/fuzzer.ts';
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

  it('reads the operations from the document, admin and investor routes alike', () => {
    const paths = operationsOf(target.app).map((op) => `${op.method} ${op.path}`);
    expect(paths).toContain('POST /admin/api/users');
    expect(paths).toContain('POST /api/portfolio/transactions');
    expect(paths).toContain('GET /api/stocks/list');
  });

  it('a seeded run of 400 requests gets no 5xx, no stack trace and no secret', async () => {
    const report = await fuzz(target.app, {
      requests: 400,
      seed: 20_261_125,
      tokens: target.tokens,
      skip: skipForFuzz,
    });
    expect(report.findings).toEqual([]);
    // The run reached past validation: some requests succeeded.
    expect(Object.keys(report.byStatus).some((status) => status.startsWith('2'))).toBe(true);
    expect((await target.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });
});
