import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { FixedClock } from '@/lib/clock';
import { tokenHash } from '@/lib/tokens';
import { createTestDatabase } from '@test/helpers';
import { LoginThrottle } from '@/modules/login-throttle/login-throttle';
import { LoginThrottleRepository } from '@/modules/login-throttle/login-throttle.repository';
import { AuthRepository } from './auth.repository.ts';
import { AuthService, SESSION_CACHE_MS } from './auth.service.ts';

describe('AuthService session cache', () => {
  let database: Database;
  let repo: AuthRepository;
  let throttle: LoginThrottle;
  const clock = new FixedClock(new Date('2026-11-18T09:00:00Z'));
  beforeAll(async () => {
    database = await createTestDatabase();
    repo = new AuthRepository(database.db);
    throttle = new LoginThrottle(new LoginThrottleRepository(database.db), clock, 'customer');
  });
  afterAll(async () => database.close());

  it('sees a revocation made by another process within the cache window', async () => {
    const auth = new AuthService(repo, throttle, clock, { demoMode: true, sessionTtlHours: 1 });
    const { token } = await auth.login('cache@example.com', 'sifre-12345', {
      ip: '10.1.1.1',
      userAgent: null,
    });
    await auth.authenticate(token);
    // Another process logs the session out: only the database knows.
    await repo.revokeSession(tokenHash(token), clock.now());
    await expect(auth.authenticate(token)).resolves.toBeTruthy();
    clock.advanceMs(SESSION_CACHE_MS + 1);
    await expect(auth.authenticate(token)).rejects.toThrow();
  });

  it('never trusts a cached session past its expiry', async () => {
    const auth = new AuthService(repo, throttle, clock, { demoMode: true, sessionTtlHours: 1 });
    const { token } = await auth.login('expiry@example.com', 'sifre-12345', {
      ip: '10.1.1.2',
      userAgent: null,
    });
    clock.advanceMs(3_600_000 - 1_000);
    await auth.authenticate(token); // cached until expiry, 1 s away
    clock.advanceMs(1_001);
    await expect(auth.authenticate(token)).rejects.toThrow();
  });

  it('lets concurrent requests with one token share a single session lookup', async () => {
    const auth = new AuthService(repo, throttle, clock, { demoMode: true, sessionTtlHours: 1 });
    const { token } = await auth.login('burst@example.com', 'sifre-12345', {
      ip: '10.1.1.3',
      userAgent: null,
    });
    clock.advanceMs(SESSION_CACHE_MS + 1);
    let lookups = 0;
    const find = repo.findActiveSession.bind(repo);
    const counting = Object.assign(Object.create(repo) as AuthRepository, {
      findActiveSession: (...args: Parameters<AuthRepository['findActiveSession']>) => {
        lookups += 1;
        return find(...args);
      },
    });
    const burst = new AuthService(counting, throttle, clock, { demoMode: true, sessionTtlHours: 1 });
    const results = await Promise.all(Array.from({ length: 50 }, () => burst.authenticate(token)));
    expect(results.every((r) => r.user.email === 'burst@example.com')).toBe(true);
    expect(lookups).toBe(1);
  });

  it('does not keep a session that was logged out while its lookup was in flight', async () => {
    const auth = new AuthService(repo, throttle, clock, { demoMode: true, sessionTtlHours: 1 });
    const { token } = await auth.login('race@example.com', 'sifre-12345', {
      ip: '10.1.1.4',
      userAgent: null,
    });
    clock.advanceMs(SESSION_CACHE_MS + 1);
    const lookup = auth.authenticate(token);
    await auth.logout(tokenHash(token));
    await lookup.catch(() => undefined);
    await expect(auth.authenticate(token)).rejects.toThrow();
  });
});
