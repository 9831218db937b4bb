import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_DEFAULT_LIMIT, type AuditLogResponse } from '@bist/contracts';
import type { TestApp } from '@test/helpers';
import { createAdminTestApp, tokenFor, withToken } from '@test/admin-test-kit';

describe('GET /admin/api/audit-log', () => {
  let t: TestApp;
  let token: string;
  let superId: string;
  beforeAll(async () => {
    t = await createAdminTestApp({ now: new Date('2026-11-18T09:00:00Z') });
    await tokenFor(t, 'ceo');
    t.clock.set(new Date('2026-11-19T09:00:00Z'));
    await tokenFor(t, 'cfo');
    t.clock.set(new Date('2026-11-20T09:00:00Z'));
    token = await tokenFor(t, 'super_admin');
    superId = (await t.app.inject(withToken(token, { method: 'GET', url: '/admin/api/auth/verify' }))).json()
      .user.id;
    for (let i = 0; i < 60; i += 1) {
      await t.services.audit.record({
        eventType: 'data_access',
        action: 'report_viewed',
        actor: { id: null, email: 'bulk@bistai.demo' },
        details: { i },
      });
    }
  });
  afterAll(async () => t.close());

  const list = async (query: string) => {
    const res = await t.app.inject(withToken(token, { method: 'GET', url: `/admin/api/audit-log${query}` }));
    expect(res.statusCode).toBe(200);
    return res.json<AuditLogResponse>();
  };

  it('pages newest first with defaults page 1 and limit 50, and returns the total', async () => {
    const first = await list('');
    expect(first).toMatchObject({ success: true, page: 1, limit: AUDIT_DEFAULT_LIMIT, total: 63 });
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]?.details).toEqual({ i: 59 });
    const second = await list('?page=2&limit=50');
    expect(second.entries).toHaveLength(13);
    expect(second.entries.at(-1)).toMatchObject({
      action: 'login_succeeded',
      user_email: 'ceo@bistai.demo',
      timestamp: '2026-11-18T09:00:00.000Z',
    });
  });

  it('filters by event type, action, user and date range', async () => {
    expect((await list('?event_type=user_login')).total).toBe(3);
    expect((await list('?event_type=data_access&limit=1')).total).toBe(60);
    expect((await list('?action=login_succeeded')).total).toBe(3);
    const mine = await list(`?user_id=${superId}`);
    expect(mine.total).toBe(1);
    expect(mine.entries[0]?.user_id).toBe(superId);
    expect((await list('?user=CEO@')).entries.map((e) => e.user_email)).toEqual(['ceo@bistai.demo']);
    expect((await list('?from=2026-11-19&to=2026-11-19')).entries.map((e) => e.user_email)).toEqual([
      'cfo@bistai.demo',
    ]);
    expect((await list('?to=2026-11-18')).total).toBe(1);
    expect((await list('?from=2026-11-19T10:00:00Z')).total).toBe(61);
    expect((await list('?event_type=user_login&from=2026-11-20')).total).toBe(1);
    expect((await list('?event_type=user_login&from=2026-11-21')).total).toBe(0);
  });

  it('refuses bad filters with the field named', async () => {
    for (const [query, field] of [
      ['?limit=500', 'querystring.limit'],
      ['?page=0', 'querystring.page'],
      ['?event_type=party', 'querystring.event_type'],
      ['?from=yesterday', 'querystring.from'],
      ['?user_id=abc', 'querystring.user_id'],
    ] as const) {
      const res = await t.app.inject(
        withToken(token, { method: 'GET', url: `/admin/api/audit-log${query}` }),
      );
      expect({ query, status: res.statusCode, field: res.json().field }).toEqual({
        query,
        status: 400,
        field,
      });
    }
  });

  it('offers no way to change or remove entries', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      const res = await t.app.inject(withToken(token, { method, url: '/admin/api/audit-log', payload: {} }));
      expect(res.statusCode).toBe(404);
    }
    expect((await list('')).total).toBe(63);
  });
});
