import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testBackends } from '@test/helpers';
import type { Database } from '@/db/client';
import { AiOperationsRepository } from './ai-operations.repository.ts';

const T0 = new Date('2026-11-18T16:00:00Z');
const later = (min: number) => new Date(T0.getTime() + min * 60_000);
const drift = { algorithmId: 'ols', check: 'drift', value: 0.25, threshold: 0.2, detail: 'PSI' };
const stale = { algorithmId: 'ridge', check: 'staleness', value: 11, threshold: 4, detail: 'days' };

describe.each(testBackends())('AiOperationsRepository on %s', (backend) => {
  let database: Database;
  let repo: AiOperationsRepository;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    repo = new AiOperationsRepository(database.db);
  });
  afterAll(async () => database.close());

  it('keeps one open alert per algorithm × check with first and last seen, and resolves recovered ones', async () => {
    const first = await repo.syncAlerts([drift], T0);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ algorithmId: 'ols', check: 'drift', firstSeenAt: T0, lastSeenAt: T0 });

    const second = await repo.syncAlerts([{ ...drift, value: 0.3 }, stale], later(5));
    expect(second.map((a) => [a.algorithmId, a.check])).toEqual([
      ['ols', 'drift'],
      ['ridge', 'staleness'],
    ]);
    expect(second[0]).toMatchObject({ id: first[0]!.id, value: 0.3, firstSeenAt: T0, lastSeenAt: later(5) });

    // The drift recovered: resolved, not deleted; a relapse opens a new alert.
    expect((await repo.syncAlerts([stale], later(10))).map((a) => a.check)).toEqual(['staleness']);
    expect(await repo.openAlertsOf('ols')).toEqual([]);
    const relapse = await repo.syncAlerts([stale, drift], later(15));
    const again = relapse.find((a) => a.check === 'drift')!;
    expect(again.id).not.toBe(first[0]!.id);
    expect(again.firstSeenAt).toEqual(later(15));
  });
});
