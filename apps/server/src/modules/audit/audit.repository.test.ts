import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testBackends } from '@test/helpers';
import type { Database } from '@/db/client';
import { FixedClock } from '@/lib/clock';
import { AuditRepository } from './audit.repository.ts';
import { PrivacyRepository } from '@/modules/privacy/privacy.repository';
import { AuditService, redactSecrets } from './audit.service.ts';

describe('redactSecrets', () => {
  it('drops passwords, hashes and tokens at any depth and keeps the rest', () => {
    expect(
      redactSecrets({
        name: 'A',
        password: 'x',
        passwordHash: 'h',
        nested: [{ token: 't', token_hash: 'th', keep: 1 }],
        password_changed: true,
      }),
    ).toEqual({ name: 'A', nested: [{ keep: 1 }], password_changed: true });
    expect(redactSecrets(undefined)).toBeNull();
  });
});

describe.each(testBackends())('AuditRepository on %s', (backend) => {
  let database: Database;
  let audit: AuditService;
  const clock = new FixedClock(new Date('2026-11-18T10:00:00Z'));
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    audit = new AuditService(new AuditRepository(database.db), clock, new PrivacyRepository(database.db));
  });
  afterAll(async () => database.close());

  it('records entries with who, what, target, before/after, where and when', async () => {
    const entry = await audit.record({
      eventType: 'system_config',
      action: 'user_updated',
      actor: { id: '11111111-1111-4111-8111-111111111111', email: 'a@bistai.demo' },
      target: { type: 'admin_user', id: 'u1' },
      before: { name: 'Old', password_hash: 'secret' },
      after: { name: 'New' },
      meta: { ip: '10.0.0.9', userAgent: 'vitest' },
    });
    expect(entry).toMatchObject({
      event_type: 'system_config',
      action: 'user_updated',
      user_email: 'a@bistai.demo',
      entity_id: 'u1',
      before: { name: 'Old' },
      after: { name: 'New' },
      ip: '10.0.0.9',
      user_agent: 'vitest',
      timestamp: '2026-11-18T10:00:00.000Z',
    });
    clock.advanceMs(1000);
    await audit.record({ eventType: 'user_login', action: 'login_succeeded', actor: null });
    expect(await audit.countRecent('login_succeeded', 60_000)).toBe(1);
    expect((await audit.recent(5)).map((e) => e.action)).toEqual(['login_succeeded', 'user_updated']);
  });

  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    const refusal = async (statement: ReturnType<typeof sql>) => {
      try {
        await database.db.execute(statement);
        return 'accepted';
      } catch (error) {
        // PGlite's socket server drops the connection after a failed extended-protocol query; the pool reconnects
        // after a query or two (ping absorbs those).
        for (let i = 0; i < 5 && (await database.ping()) === null; i += 1);
        // drizzle wraps the driver's error: the database's message is the cause.
        return String((error as { cause?: { message?: string } }).cause?.message ?? error);
      }
    };
    expect(await refusal(sql`update admin_audit_log set action = ${'tampered'}`)).toMatch(
      /append-only: UPDATE/,
    );
    expect(await refusal(sql`delete from admin_audit_log where id > ${0}`)).toMatch(/append-only: DELETE/);
    expect(await refusal(sql`truncate admin_audit_log`)).toMatch(/append-only: TRUNCATE/);
    expect((await audit.list({ page: 1, limit: 50 })).total).toBe(2);
  });
});
