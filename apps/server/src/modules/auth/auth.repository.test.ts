import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testBackends } from '@test/helpers';
import type { Database } from '@/db/client';
import { AuthRepository } from './auth.repository.ts';

describe.each(testBackends())('AuthRepository on %s', (backend) => {
  let database: Database;
  let repo: AuthRepository;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    repo = new AuthRepository(database.db);
  });
  afterAll(async () => database.close());

  it('inserts a user once per e-mail', async () => {
    const user = await repo.insertUser({
      email: 'a@example.com',
      name: 'A',
      passwordHash: 'h',
      createdByDemoLogin: false,
    });
    expect(user?.email).toBe('a@example.com');
    const duplicate = await repo.insertUser({
      email: 'a@example.com',
      name: 'B',
      passwordHash: 'h2',
      createdByDemoLogin: true,
    });
    expect(duplicate).toBeUndefined();
    expect((await repo.findUserByEmail('a@example.com'))?.name).toBe('A');
  });

  it('finds only unrevoked, unexpired sessions', async () => {
    const user = (await repo.insertUser({
      email: 's@example.com',
      name: 'S',
      passwordHash: 'h',
      createdByDemoLogin: false,
    }))!;
    const now = new Date('2026-11-18T10:00:00Z');
    await repo.insertSession({
      userId: user.id,
      tokenHash: 'live',
      expiresAt: new Date(now.getTime() + 60_000),
      ip: null,
      userAgent: null,
    });
    await repo.insertSession({
      userId: user.id,
      tokenHash: 'old',
      expiresAt: new Date(now.getTime() - 1),
      ip: null,
      userAgent: null,
    });
    expect((await repo.findActiveSession('live', now))?.user.id).toBe(user.id);
    expect(await repo.findActiveSession('old', now)).toBeUndefined();
    expect(await repo.revokeSession('live', now)).toBe(true);
    expect(await repo.revokeSession('live', now)).toBe(false);
    expect(await repo.findActiveSession('live', now)).toBeUndefined();
  });
});
