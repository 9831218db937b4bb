import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testBackends } from '@test/helpers';
import type { Database } from '@/db/client';
import { AuthRepository } from '@/modules/auth/auth.repository';
import { AlertsRepository } from './alerts.repository.ts';

describe.each(testBackends())('AlertsRepository on %s', (backend) => {
  let database: Database;
  let repo: AlertsRepository;
  let userId: string;
  const t0 = new Date('2026-11-18T10:00:00Z');
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    repo = new AlertsRepository(database.db);
    userId = (await new AuthRepository(database.db).insertUser({
      email: 'a@example.com',
      name: 'A',
      passwordHash: 'h',
      createdByDemoLogin: false,
    }))!.id;
  });
  afterAll(async () => database.close());

  const insert = (symbol: string, direction: string, thresholdTry: number, createdAt = t0) =>
    repo.insert({ userId, symbol, direction, thresholdTry, note: null, createdAt });

  it('finds the untriggered alerts of given symbols and triggers each exactly once, even concurrently', async () => {
    const a = await insert('THYAO', 'above', 300.5);
    await insert('GARAN', 'below', 100);
    expect((await repo.activeForSymbols(['THYAO', 'ASELS'])).map((x) => [x.id, x.thresholdTry])).toEqual([
      [a.id, 300.5],
    ]);
    const wins = await Promise.all([
      repo.trigger(a.id, 301, t0),
      repo.trigger(a.id, 302, t0),
      repo.trigger(a.id, 303, t0),
    ]);
    expect(wins.filter(Boolean)).toHaveLength(1);
    expect(await repo.activeForSymbols(['THYAO'])).toEqual([]);
    const stored = await repo.find(userId, a.id);
    expect(stored?.triggeredAt?.toISOString()).toBe(t0.toISOString());
    expect([301, 302, 303]).toContain(stored?.triggeredPriceTry);
    expect(await repo.activeForSymbols([])).toEqual([]);
  });

  it('counts and marks unread triggered alerts, lists active first', async () => {
    const b = await insert('ASELS', 'above', 1, new Date(t0.getTime() + 1000));
    await repo.trigger(b.id, 2, new Date(t0.getTime() + 2000));
    expect(await repo.unreadCount(userId)).toBe(2);
    expect(await repo.countActive(userId)).toBe(1);
    const list = await repo.list(userId);
    expect(list.map((x) => [x.symbol, x.triggeredAt !== null])).toEqual([
      ['GARAN', false],
      ['ASELS', true],
      ['THYAO', true],
    ]);
    expect(await repo.markRead(userId, t0, b.id)).toBe(1);
    expect(await repo.markRead(userId, t0, b.id)).toBe(0);
    expect(await repo.markRead(userId, t0)).toBe(1);
    expect(await repo.unreadCount(userId)).toBe(0);
    expect(await repo.delete(userId, b.id)).toBe(true);
    expect(await repo.delete(userId, b.id)).toBe(false);
  });
});
