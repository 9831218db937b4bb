import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testBackends } from '@test/helpers';
import type { Database } from '@/db/client';
import { AuthRepository } from '@/modules/auth/auth.repository';
import { WatchlistRepository } from './watchlist.repository.ts';

describe.each(testBackends())('WatchlistRepository on %s', (backend) => {
  let database: Database;
  let repo: WatchlistRepository;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    repo = new WatchlistRepository(database.db);
  });
  afterAll(async () => database.close());

  it('adds a symbol once per investor, lists oldest first and removes it', async () => {
    const users = new AuthRepository(database.db);
    const a = (await users.insertUser({
      email: 'a@example.com',
      name: 'A',
      passwordHash: 'h',
      createdByDemoLogin: false,
    }))!.id;
    const b = (await users.insertUser({
      email: 'b@example.com',
      name: 'B',
      passwordHash: 'h',
      createdByDemoLogin: false,
    }))!.id;
    const t0 = new Date('2026-11-18T10:00:00Z');
    expect((await repo.add(a, 'THYAO', t0)).created).toBe(true);
    expect((await repo.add(a, 'GARAN', new Date(t0.getTime() + 1000))).created).toBe(true);
    const again = await repo.add(a, 'THYAO', new Date(t0.getTime() + 5000));
    expect(again).toMatchObject({ created: false, row: { symbol: 'THYAO', createdAt: t0 } });
    await repo.add(b, 'THYAO', t0);
    expect((await repo.list(a)).map((r) => r.symbol)).toEqual(['THYAO', 'GARAN']);
    expect(await repo.count(a)).toBe(2);
    expect(await repo.remove(a, 'THYAO')).toBe(true);
    expect(await repo.remove(a, 'THYAO')).toBe(false);
    expect((await repo.list(b)).map((r) => r.symbol)).toEqual(['THYAO']);
  });
});
