import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testBackends } from '@test/helpers';
import type { Database } from '@/db/client';
import { StaffSessionsRepository } from './staff-sessions.repository.ts';
import { AdminUsersRepository } from './admin-users.repository.ts';

const T0 = new Date('2026-11-18T10:00:00Z');

describe.each(testBackends())('admin repositories on %s', (backend) => {
  let database: Database;
  let users: AdminUsersRepository;
  let auth: StaffSessionsRepository;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    users = new AdminUsersRepository(database.db);
    auth = new StaffSessionsRepository(database.db);
  });
  afterAll(async () => database.close());

  const add = (email: string, role: string, name = email, isActive = true) =>
    users.insert({ name, email, role, passwordHash: 'h', isActive, createdAt: T0 });

  it('inserts once per e-mail and searches, filters and counts', async () => {
    expect((await add('a@bistai.demo', 'super_admin', 'Ayşe Yılmaz'))?.isActive).toBe(true);
    expect(await add('a@bistai.demo', 'ceo')).toBeUndefined();
    await add('b@bistai.demo', 'ceo', 'Burak_Demir');
    await add('c@bistai.demo', 'ceo', 'Can', false);
    expect((await users.list({ search: 'AYŞE' })).map((u) => u.email)).toEqual(['a@bistai.demo']);
    expect((await users.list({ search: '_' })).map((u) => u.email)).toEqual(['b@bistai.demo']);
    expect((await users.list({ role: 'ceo', isActive: false })).map((u) => u.email)).toEqual([
      'c@bistai.demo',
    ]);
    expect(await users.countActiveWithRole('ceo')).toBe(1);
    expect(Object.fromEntries((await users.countByRole()).map((r) => [r.role, r.count]))).toEqual({
      super_admin: 1,
      ceo: 2,
    });
    const b = (await users.findByEmail('b@bistai.demo'))!;
    expect(await users.emailTakenByOther('a@bistai.demo', b.id)).toBe(true);
    expect(await users.emailTakenByOther('b@bistai.demo', b.id)).toBe(false);
  });

  it('rolls a transaction back when it throws', async () => {
    await expect(
      users.transaction(async (repo) => {
        await repo.insert({
          name: 'T',
          email: 't@bistai.demo',
          role: 'cto',
          passwordHash: 'h',
          isActive: true,
          createdAt: T0,
        });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await users.findByEmail('t@bistai.demo')).toBeUndefined();
  });

  it('finds only live sessions of active staff, revokes them, and deletes them with the user', async () => {
    const user = (await add('s@bistai.demo', 'cto'))!;
    const live = await auth.insertSession({
      userId: user.id,
      tokenHash: 'live',
      createdAt: T0,
      expiresAt: new Date(T0.getTime() + 60_000),
      ip: null,
      userAgent: null,
    });
    await auth.insertSession({
      userId: user.id,
      tokenHash: 'old',
      createdAt: T0,
      expiresAt: new Date(T0.getTime() - 1),
      ip: null,
      userAgent: null,
    });
    await auth.insertSession({
      userId: user.id,
      tokenHash: 'other',
      createdAt: T0,
      expiresAt: new Date(T0.getTime() + 60_000),
      ip: null,
      userAgent: null,
    });
    expect((await auth.findActiveSession('live', T0))?.sessionId).toBe(live);
    expect(await auth.findActiveSession('old', T0)).toBeUndefined();
    expect(await auth.countActiveSessions(T0)).toBe(2);

    expect(await users.revokeSessions(user.id, T0, live)).toBe(1);
    expect(await auth.findActiveSession('other', T0)).toBeUndefined();
    expect(await auth.countActiveSessions(T0)).toBe(1);

    await users.update(user.id, { isActive: false, updatedAt: T0 });
    expect(await auth.findActiveSession('live', T0)).toBeUndefined();
    expect(await auth.countActiveSessions(T0)).toBe(0);
    await users.update(user.id, { isActive: true, updatedAt: T0 });
    expect(await auth.revokeSession(live, T0)).toBe(true);
    expect(await auth.revokeSession(live, T0)).toBe(false);

    expect(await users.delete(user.id)).toBe(true);
    expect(await users.delete(user.id)).toBe(false);
    const leftover = await database.pool.query(
      'select count(*)::int as n from admin_sessions where user_id = $1',
      [user.id],
    );
    expect(leftover.rows[0]).toEqual({ n: 0 });
  });
});
