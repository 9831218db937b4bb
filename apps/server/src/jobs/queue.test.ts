// pg-boss on both backends: on PGlite it shares the application's single connection through the `db` adapter, on
// PostgreSQL it has its own pool. A job sent is worked, and the application's queries keep working alongside.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testBackends } from '@test/helpers';
import type { Database } from '@/db/client';
import { createQueue } from './queue.ts';

const quiet = { warn: () => undefined, error: () => undefined };

describe.each(testBackends())('job queue on %s', (backend) => {
  let database: Database;
  let boss: ReturnType<typeof createQueue>;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    boss = createQueue(database, quiet);
    await boss.start();
  });
  afterAll(async () => {
    await boss.stop({ graceful: false, timeout: 2_000 });
    await database.close();
  });

  it('works a sent job and stays usable after a failing statement', async () => {
    await boss.createQueue('test-echo', { retryLimit: 0 });
    const seen: unknown[] = [];
    await boss.work<{ n: number }>('test-echo', { pollingIntervalSeconds: 0.5 }, async (jobs) => {
      for (const job of jobs) seen.push(job.data.n);
    });
    const id = await boss.send('test-echo', { n: 7 });
    expect(id).toBeTruthy();
    const until = Date.now() + 10_000;
    while (seen.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(seen).toEqual([7]);
    await expect(boss.send('no-such-queue', {})).rejects.toThrow();
    expect((await database.pool.query('select 1 as one')).rows[0]).toEqual({ one: 1 });
    const job = await boss.getJobById('test-echo', id!);
    expect(job?.state).toBe('completed');
  });
});
