import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLES, ROLE_INFO, type AdminDashboardStats } from '@bist/contracts';
import type { TestApp } from '@test/helpers';
import type { FakeMarketData } from '@test/fake-market-data';
import type { ComponentHealth } from '@/lib/health';
import { adminLogin, createAdminTestApp, tokenFor, withToken } from '@test/admin-test-kit';
import { DASHBOARD_RECENT_ACTIVITY, systemStatusOf } from './admin-dashboard.service.ts';

const ok: ComponentHealth = { status: 'ok', detail: 'fine' };

describe('systemStatusOf', () => {
  it('is down when the database is down, degraded when any component is, else operational', () => {
    expect(systemStatusOf([ok, ok, ok])).toBe('operational');
    expect(systemStatusOf([ok, { status: 'not_configured', detail: '' }, ok])).toBe('operational');
    expect(systemStatusOf([ok, { status: 'degraded', detail: '' }, ok])).toBe('degraded');
    expect(systemStatusOf([ok, ok, { status: 'down', detail: '' }])).toBe('degraded');
    expect(systemStatusOf([{ status: 'down', detail: '' }, ok, ok])).toBe('down');
  });
});

describe('GET /admin/api/dashboard/stats', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createAdminTestApp();
  });
  afterAll(async () => t.close());

  const stats = async (token: string) => {
    const res = await t.app.inject(withToken(token, { method: 'GET', url: '/admin/api/dashboard/stats' }));
    expect(res.statusCode).toBe(200);
    return res.json<{ stats: AdminDashboardStats }>().stats;
  };

  it('counts staff, live sessions and logins of the last 24 hours from real data', async () => {
    const analyst = await tokenFor(t, 'data_analyst');
    const ceo = await tokenFor(t, 'ceo');
    await adminLogin(t, 'ceo@bistai.demo', 'wrong-password-1'); // a failure is not a login
    let s = await stats(analyst);
    expect(s.total_users).toBe(10);
    expect(s.active_sessions).toBe(2);
    expect(s.recent_logins_24h).toBe(2);
    for (const role of ADMIN_ROLES) {
      expect(s.role_distribution[role]).toEqual({
        count: 1,
        info: { description: ROLE_INFO[role].description, level: ROLE_INFO[role].level },
      });
    }

    await t.app.inject(withToken(ceo, { method: 'POST', url: '/admin/api/auth/logout' }));
    s = await stats(analyst);
    expect(s.active_sessions).toBe(1);

    // A day later the logins fall out of the window and the analyst's session (12 h) has expired.
    t.clock.advanceMs(25 * 3_600_000);
    const fresh = await tokenFor(t, 'cfo');
    s = await stats(fresh);
    expect(s.recent_logins_24h).toBe(1);
    expect(s.active_sessions).toBe(1);
  });

  it('shows recent activity from the audit log, newest first', async () => {
    const token = await tokenFor(t, 'super_admin');
    await t.app.inject(
      withToken(token, {
        method: 'POST',
        url: '/admin/api/users',
        payload: { name: 'New', email: 'new@bistai.demo', password: 'new-pass-123' },
      }),
    );
    const s = await stats(token);
    expect(s.total_users).toBe(11);
    expect(s.role_distribution.data_analyst.count).toBe(2);
    expect(s.recent_activity.length).toBeLessThanOrEqual(DASHBOARD_RECENT_ACTIVITY);
    expect(s.recent_activity[0]).toMatchObject({
      action: 'user_created',
      user_email: 'superadmin@bistai.demo',
      entity_type: 'admin_user',
    });
    expect(s.recent_activity[1]).toMatchObject({
      action: 'login_succeeded',
      user_email: 'superadmin@bistai.demo',
    });
    // Staff who may not read the audit log do not get it through the dashboard either.
    const analystStats = await stats(await tokenFor(t, 'data_analyst'));
    expect(analystStats.recent_activity).toEqual([]);
    expect(analystStats.total_users).toBe(s.total_users);
  });

  it('derives the system status from the database ping and the component health sources', async () => {
    const token = await tokenFor(t, 'technical_lead');
    let s = await stats(token);
    expect(s.system_status).toBe('operational');
    expect(s.components.database.status).toBe('ok');
    expect(typeof s.components.database.latency_ms).toBe('number');
    expect(s.components.market_feed.status).toBe('not_configured');

    const market = t.infra.market as FakeMarketData;
    const before = market.feedHealth;
    market.feedHealth = { status: 'degraded', detail: 'Yahoo feed is late' };
    s = await stats(token);
    expect(s.system_status).toBe('degraded');
    expect(s.components.market_feed).toEqual({ status: 'degraded', detail: 'Yahoo feed is late' });
    market.feedHealth = before;
  });
});
