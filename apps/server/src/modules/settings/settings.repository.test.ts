import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testBackends } from '@test/helpers';
import type { Database } from '@/db/client';
import { SettingsRepository } from './settings.repository.ts';

describe.each(testBackends())('SettingsRepository on %s', (backend) => {
  let database: Database;
  let repo: SettingsRepository;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    repo = new SettingsRepository(database.db);
  });
  afterAll(async () => database.close());

  it('upserts one document per key and reads it back inside a locking transaction', async () => {
    expect(await repo.find('platform')).toBeUndefined();
    const at = new Date('2026-11-18T10:00:00Z');
    await repo.upsert({
      key: 'platform',
      value: { market_feed: 'yahoo' },
      updatedAt: at,
      updatedById: null,
      updatedByEmail: 'system:cli',
    });
    await repo.upsert({
      key: 'platform',
      value: { market_feed: 'simulated' },
      updatedAt: at,
      updatedById: null,
      updatedByEmail: 'b@bistai.demo',
    });
    const row = await repo.transaction('platform', async (_tx, current) => current);
    expect(row).toMatchObject({
      value: { market_feed: 'simulated' },
      updatedByEmail: 'b@bistai.demo',
      updatedAt: at,
    });
  });
});
