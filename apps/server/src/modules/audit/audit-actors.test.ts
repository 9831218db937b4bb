// Who the audit log names: a living investor's own action (a KVKK request) shows their name and e-mail — read from the
// account at display time, so an erased investor leaves none; and a staff write refused for the role (403) is
// audited as an attempt, with what it needed.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditLogResponse } from '@bist/contracts';
import type { TestApp } from '@test/helpers';
import { createAdminTestApp, tokenFor, withToken } from '@test/admin-test-kit';
import { investor } from '@test/investor-helpers';

describe('audit log: who acted', () => {
  let t: TestApp;
  let admin = '';
  beforeAll(async () => {
    t = await createAdminTestApp({ now: new Date('2026-11-18T09:00:00Z') });
    admin = await tokenFor(t, 'super_admin');
  });
  afterAll(async () => t.close());

  const entries = async (query: string): Promise<AuditEntry[]> => {
    const res = await t.app.inject(withToken(admin, { method: 'GET', url: `/admin/api/audit-log${query}` }));
    expect(res.statusCode).toBe(200);
    return res.json<AuditLogResponse>().entries;
  };

  it('names a living investor on their own KVKK requests, and no one once they are erased', async () => {
    const email = 'yatirimci.denetim@example.com';
    const inv = await investor(t, { email });
    expect((await inv.post('/api/privacy/export')).statusCode).toBe(200);
    const [request] = await entries('?action=kvkk_access_request_completed');
    expect(request).toMatchObject({ actor_kind: 'investor', user_email: email, user_id: null });
    expect(request!.user_name).toEqual(expect.any(String));
    // Stored without the e-mail: it is the account's, shown while the account lives.
    const stored = await t.infra.database.db.execute<{ user_email: string | null }>(
      sql`select user_email from admin_audit_log where action = 'kvkk_access_request_completed'`,
    );
    expect(stored.rows).toEqual([{ user_email: null }]);

    const erased = await inv.post('/api/privacy/erasure', { password: 'gizli-sifre' });
    expect(erased.statusCode).toBe(200);
    for (const entry of await entries('?limit=200')) {
      expect(JSON.stringify(entry)).not.toContain(email);
      if (entry.entity_type === 'kvkk_request') expect(entry.actor_kind).toBe('anonymous');
    }
  });

  it('tells staff, system and anonymous actors apart', async () => {
    const all = await entries('?limit=200');
    const login = all.find((e) => e.action === 'login_succeeded')!;
    expect(login).toMatchObject({ actor_kind: 'staff', user_name: null });
  });

  it('audits a staff write refused for the role (403): creating staff, changing settings', async () => {
    const analyst = await tokenFor(t, 'data_analyst');
    const create = await t.app.inject(
      withToken(analyst, {
        method: 'POST',
        url: '/admin/api/users',
        payload: {
          name: 'Yükselen',
          email: 'yukselen@bistai.demo',
          role: 'super_admin',
          password: 'abc123def456',
        },
      }),
    );
    expect(create.statusCode).toBe(403);
    const settings = await t.app.inject(
      withToken(analyst, { method: 'PUT', url: '/admin/api/settings', payload: { ml_auto_retrain: false } }),
    );
    expect(settings.statusCode).toBe(403);
    const refused = await entries('?action=access_refused');
    expect(refused.map((e) => e.entity_id)).toEqual(['PUT /admin/api/settings', 'POST /admin/api/users']);
    expect(refused[1]).toMatchObject({
      actor_kind: 'staff',
      user_email: expect.stringContaining('@'),
      details: expect.objectContaining({ role: 'data_analyst', requires: 'permission user_management' }),
    });
    // Nothing of the refused body is kept (the guard never reads it), and a refused read is not an attempt to act.
    expect(JSON.stringify(refused)).not.toContain('abc123def456');
    expect(
      (await t.app.inject(withToken(analyst, { method: 'GET', url: '/admin/api/users' }))).statusCode,
    ).toBe(403);
    expect(await entries('?action=access_refused')).toHaveLength(2);
  });
});
