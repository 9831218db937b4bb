import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testBackends } from '@test/helpers';
import type { Database } from '@/db/client';
import { LoginThrottleRepository, type ThrottleKey } from './login-throttle.repository.ts';

const T0 = new Date('2026-11-18T10:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const WINDOW = 900_000;
const DAY = 86_400_000;

describe.each(testBackends())('LoginThrottleRepository on %s', (backend) => {
  let database: Database;
  let repo: LoginThrottleRepository;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    repo = new LoginThrottleRepository(database.db);
  });
  afterAll(async () => database.close());

  it('counts 40 simultaneous attempts as 1…40, each seeing its own number', async () => {
    const key: ThrottleKey = { realm: 'admin', scope: 'account', key: 'race@bistai.demo' };
    const states = await Promise.all(Array.from({ length: 40 }, () => repo.count(key, T0, WINDOW, DAY)));
    expect(states.map((s) => s.attempts).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });

  it('starts a new window after the old one; counts nothing while locked; escalates the level', async () => {
    const key: ThrottleKey = { realm: 'customer', scope: 'ip', key: '10.0.0.1' };
    expect((await repo.count(key, T0, WINDOW, DAY)).attempts).toBe(1);
    expect((await repo.count(key, at(10), WINDOW, DAY)).attempts).toBe(2);
    expect((await repo.count(key, at(901), WINDOW, DAY)).attempts).toBe(1); // the window passed
    const until = await repo.lock(key, at(902), (level) => (level + 1) * 60_000);
    expect(until).toEqual(at(962));
    expect(await repo.lock(key, at(903), () => 1)).toBeNull(); // already locked
    const locked = await repo.count(key, at(910), WINDOW, DAY);
    expect(locked).toMatchObject({ attempts: 1, lockedUntil: at(962), lockLevel: 1 });
    const after = await repo.count(key, at(970), WINDOW, DAY);
    expect(after).toMatchObject({ attempts: 1, lockedUntil: null, lockLevel: 1 });
    expect(await repo.lock(key, at(971), (level) => (level + 1) * 60_000)).toEqual(at(971 + 120));
    // A day without attempts forgets the level.
    expect((await repo.count(key, at(971 + 120 + DAY / 1000), WINDOW, DAY)).lockLevel).toBe(0);
  });

  it('uncounts one attempt, clears a key, prunes idle keys of one realm', async () => {
    const ip: ThrottleKey = { realm: 'customer', scope: 'ip', key: '10.0.0.2' };
    const account: ThrottleKey = { realm: 'customer', scope: 'account', key: 'a@example.com' };
    const staff: ThrottleKey = { realm: 'admin', scope: 'ip', key: '10.0.0.2' };
    await repo.count(ip, T0, WINDOW, DAY);
    await repo.count(ip, T0, WINDOW, DAY);
    await repo.uncount(ip);
    expect((await repo.count(ip, T0, WINDOW, DAY)).attempts).toBe(2);
    await repo.count(account, T0, WINDOW, DAY);
    await repo.clear(account);
    expect((await repo.count(account, T0, WINDOW, DAY)).attempts).toBe(1);
    await repo.count(staff, T0, WINDOW, DAY);
    await repo.prune('customer', at(1));
    expect((await repo.count(ip, at(2), WINDOW, DAY)).attempts).toBe(1); // pruned: a fresh key
    expect((await repo.count(staff, at(2), WINDOW, DAY)).attempts).toBe(2); // another realm: kept
  });
});
