import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLES, DEFAULT_PLATFORM_SETTINGS, ROLE_INFO } from '@bist/contracts';
import { createPlatformServices } from '@/composition/services';
import { createTestApp, type TestApp } from '@test/helpers';
import { adminLogin, createAdminTestApp, tokenFor, withToken } from '@test/admin-test-kit';
import { lockDurationMs } from '@/modules/login-throttle/login-throttle';
import {
  ACCOUNT_SLOWDOWN_MS,
  adminThrottleRules,
  ADMIN_AUTH_MESSAGES,
  ADMIN_LOCKOUT_WINDOW_MS,
  ADMIN_MAX_FAILURES_PER_IP,
} from './admin-auth.service.ts';
import { DEMO_STAFF } from './demo-staff.ts';

const SUPER = DEMO_STAFF[0]!;

describe('admin auth routes (demo mode)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createAdminTestApp();
  });
  afterAll(async () => t.close());

  it('signs a demo super_admin in with token, permissions and role description', async () => {
    const res = await adminLogin(t, 'SuperAdmin@BistAI.demo', SUPER.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      user: {
        email: 'superadmin@bistai.demo',
        role: 'super_admin',
        permissions: ['all'],
        description: ROLE_INFO.super_admin.description,
      },
    });
    expect(body.token).toMatch(/^[\w-]{40,}$/);
    expect(Date.parse(body.expires_at) - t.clock.now().getTime()).toBe(
      DEFAULT_PLATFORM_SETTINGS.admin_session_ttl_hours * 3_600_000,
    );
  });

  it('seeds one demo account per role, idempotently', async () => {
    expect(await t.services.adminAuth.prepareDemoStaff()).toEqual({ created: 0, deactivated: [] });
    for (const role of ADMIN_ROLES) {
      const token = await tokenFor(t, role);
      const verify = await t.app.inject(withToken(token, { method: 'GET', url: '/admin/api/auth/verify' }));
      expect(verify.statusCode).toBe(200);
      expect(verify.json().user).toMatchObject({ role, permissions: [...ROLE_INFO[role].permissions] });
    }
  });

  it('lists the demo accounts with role descriptions, super_admin as the default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/api/auth/demo-accounts' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.default_account).toMatchObject({
      role: 'super_admin',
      email: SUPER.email,
      password: SUPER.password,
    });
    expect(body.accounts.map((a: { role: string }) => a.role)).toEqual([...ADMIN_ROLES]);
    expect(body.accounts[9].description).toBe(ROLE_INFO.data_analyst.description);
  });

  it('verifies a token and refuses no, garbage, revoked and expired tokens with 401', async () => {
    const token = await tokenFor(t, 'ceo');
    expect(
      (await t.app.inject(withToken(token, { method: 'GET', url: '/admin/api/auth/verify' }))).statusCode,
    ).toBe(200);
    const none = await t.app.inject({ method: 'GET', url: '/admin/api/auth/verify' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ success: false, error: ADMIN_AUTH_MESSAGES.noSession });
    const garbage = await t.app.inject(
      withToken('garbage', { method: 'GET', url: '/admin/api/auth/verify' }),
    );
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json().error).toBe(ADMIN_AUTH_MESSAGES.expired);

    const out = await t.app.inject(withToken(token, { method: 'POST', url: '/admin/api/auth/logout' }));
    expect(out.statusCode).toBe(200);
    expect(
      (await t.app.inject(withToken(token, { method: 'GET', url: '/admin/api/auth/verify' }))).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject(withToken(token, { method: 'POST', url: '/admin/api/auth/logout' }))).statusCode,
    ).toBe(401);

    const second = await tokenFor(t, 'ceo');
    t.clock.advanceMs(DEFAULT_PLATFORM_SETTINGS.admin_session_ttl_hours * 3_600_000 + 1);
    expect(
      (await t.app.inject(withToken(second, { method: 'GET', url: '/admin/api/auth/verify' }))).statusCode,
    ).toBe(401);
  });

  it('keeps the realms apart: an admin token is 401 on the customer API, a customer token 401 on the admin API', async () => {
    const adminToken = await tokenFor(t, 'super_admin');
    const onCustomer = await t.app.inject(withToken(adminToken, { method: 'GET', url: '/api/auth/me' }));
    expect(onCustomer.statusCode).toBe(401);

    const customer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'yatirimci@example.com', password: 'sifre-12345' },
    });
    expect(customer.statusCode).toBe(200);
    const customerToken = customer.json().token as string;
    expect(
      (await t.app.inject(withToken(customerToken, { method: 'GET', url: '/api/auth/me' }))).statusCode,
    ).toBe(200);
    for (const url of ['/admin/api/auth/verify', '/admin/api/dashboard/stats', '/admin/api/users']) {
      expect((await t.app.inject(withToken(customerToken, { method: 'GET', url }))).statusCode).toBe(401);
    }
    // Staff e-mails are not customer accounts either: the customer login (demo mode) makes a separate investor.
    const sameEmail = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: SUPER.email, password: 'other-password-1' },
    });
    expect(sameEmail.json().user.role).toBe('investor');
    expect((await adminLogin(t, SUPER.email, 'other-password-1', '10.9.9.9')).statusCode).toBe(401);
  });

  it('answers an unknown e-mail, a wrong password and an inactive account with the same 401 and audits each', async () => {
    const unknown = await adminLogin(t, 'nobody@bistai.demo', 'whatever-123', '10.2.0.1');
    const wrong = await adminLogin(t, 'cfo@bistai.demo', 'wrong-password-1', '10.2.0.1');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json().error).toBe(ADMIN_AUTH_MESSAGES.badCredentials);
    expect(wrong.json().error).toBe(ADMIN_AUTH_MESSAGES.badCredentials);

    // Deactivate the marketing manager: their open session stops working and they cannot sign in.
    const superToken = await tokenFor(t, 'super_admin');
    const marketingToken = await tokenFor(t, 'marketing_manager');
    const users = (
      await t.app.inject(
        withToken(superToken, { method: 'GET', url: '/admin/api/users?role=marketing_manager' }),
      )
    ).json().users;
    const off = await t.app.inject(
      withToken(superToken, {
        method: 'PUT',
        url: `/admin/api/users/${users[0].id}`,
        payload: { is_active: false },
      }),
    );
    expect(off.statusCode).toBe(200);
    expect(
      (await t.app.inject(withToken(marketingToken, { method: 'GET', url: '/admin/api/auth/verify' })))
        .statusCode,
    ).toBe(401);
    const inactive = await adminLogin(t, 'marketing@bistai.demo', 'marketing-demo-2026', '10.2.0.1');
    expect(inactive.statusCode).toBe(401);
    expect(inactive.json().error).toBe(ADMIN_AUTH_MESSAGES.badCredentials);

    const log = (
      await t.app.inject(
        withToken(superToken, { method: 'GET', url: '/admin/api/audit-log?action=login_failed' }),
      )
    ).json();
    const reasons = log.entries.map(
      (e: { user_email: string; details: { reason: string } }) => `${e.user_email}:${e.details.reason}`,
    );
    expect(reasons).toEqual(
      expect.arrayContaining([
        'nobody@bistai.demo:unknown_email',
        'cfo@bistai.demo:bad_password',
        'marketing@bistai.demo:inactive',
      ]),
    );
    const failed = log.entries.find((e: { user_email: string }) => e.user_email === 'cfo@bistai.demo');
    expect(failed).toMatchObject({ event_type: 'user_login', ip: '10.2.0.1' });
    expect(JSON.stringify(log)).not.toMatch(/argon2|wrong-password/);
  });

  it('validates the login body with the field named', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/admin/api/auth/login',
      payload: { email: 'not-an-email', password: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, field: 'email' });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/admin/api/auth/login',
      payload: { email: 'a@b.co' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('password');
  });
});

describe('admin login lockout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createAdminTestApp();
  });
  afterAll(async () => t.close());

  it('after 5 failures from new addresses slows the account for new addresses for a minute, not the owner at a known one', async () => {
    // The owner has signed in from 10.3.9.9 before.
    expect((await adminLogin(t, 'cto@bistai.demo', 'cto-demo-2026', '10.3.9.9')).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push(
        (await adminLogin(t, 'cto@bistai.demo', `wrong-${i}-password`, `10.3.0.${i}`)).statusCode,
      );
      t.clock.advanceMs(1000);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const slowed = await adminLogin(t, 'cto@bistai.demo', 'cto-demo-2026', '10.3.1.1');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().error).toBe(ADMIN_AUTH_MESSAGES.locked);
    // The last failure was 1 s ago: the slow-down lasts a minute from it.
    expect(slowed.headers['retry-after']).toBe(String(ACCOUNT_SLOWDOWN_MS / 1000 - 1));
    // The owner's known address passes; another account is not affected.
    expect((await adminLogin(t, 'cto@bistai.demo', 'cto-demo-2026', '10.3.9.9')).statusCode).toBe(200);
    expect((await adminLogin(t, 'cfo@bistai.demo', 'cfo-demo-2026', '10.3.1.1')).statusCode).toBe(200);

    t.clock.advanceMs(ACCOUNT_SLOWDOWN_MS);
    expect((await adminLogin(t, 'cto@bistai.demo', 'cto-demo-2026', '10.3.1.1')).statusCode).toBe(200);
    // Success clears the failures of the account from that address.
    expect((await adminLogin(t, 'cto@bistai.demo', 'wrong-again-1', '10.3.1.1')).statusCode).toBe(401);
    expect((await adminLogin(t, 'cto@bistai.demo', 'cto-demo-2026', '10.3.1.1')).statusCode).toBe(200);
  });

  it('doubles the lock for each further run of failures (exponential backoff)', async () => {
    t.clock.advanceMs(ADMIN_LOCKOUT_WINDOW_MS);
    const fail = () => adminLogin(t, 'risk@bistai.demo', 'wrong-password-9', '10.5.0.1');
    for (let i = 0; i < 5; i += 1) expect((await fail()).statusCode).toBe(401);
    expect((await fail()).headers['retry-after']).toBe('900');
    t.clock.advanceMs(ADMIN_LOCKOUT_WINDOW_MS);
    for (let i = 0; i < 5; i += 1) expect((await fail()).statusCode).toBe(401);
    const second = await fail();
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe('1800');
    t.clock.advanceMs(ADMIN_LOCKOUT_WINDOW_MS);
    expect((await adminLogin(t, 'risk@bistai.demo', 'risk-demo-2026', '10.5.0.1')).statusCode).toBe(429);
    t.clock.advanceMs(ADMIN_LOCKOUT_WINDOW_MS);
    expect((await adminLogin(t, 'risk@bistai.demo', 'risk-demo-2026', '10.5.0.1')).statusCode).toBe(200);
    const rules = adminThrottleRules(5);
    expect([0, 1, 2, 3, 10].map((level) => lockDurationMs(rules.pair, level))).toEqual([
      ADMIN_LOCKOUT_WINDOW_MS,
      2 * ADMIN_LOCKOUT_WINDOW_MS,
      3_600_000,
      3_600_000,
      3_600_000,
    ]);
    expect([0, 1, 4, 10].map((level) => lockDurationMs(rules.account, level))).toEqual([
      ACCOUNT_SLOWDOWN_MS,
      2 * ACCOUNT_SLOWDOWN_MS,
      ADMIN_LOCKOUT_WINDOW_MS,
      ADMIN_LOCKOUT_WINDOW_MS,
    ]);
    expect(lockDurationMs(rules.ip, 10)).toBe(24 * 3_600_000);
  });

  it('checks at most 5 of 50 simultaneous wrong passwords; after 59 the right one is still refused', async () => {
    t.clock.advanceMs(ADMIN_LOCKOUT_WINDOW_MS);
    const burst = await Promise.all(
      Array.from({ length: 59 }, (_, i) =>
        adminLogin(t, 'marketing@bistai.demo', `wrong-guess-${i}`, `10.6.${i % 3}.1`),
      ),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(54);
    const right = await adminLogin(t, 'marketing@bistai.demo', 'marketing-demo-2026', '10.6.9.9');
    expect(right.statusCode).toBe(429);
  });

  it('50 guesses from 5 addresses buy a one-minute slow-down, not a day', async () => {
    t.clock.advanceMs(ADMIN_LOCKOUT_WINDOW_MS);
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        adminLogin(t, 'success@bistai.demo', `wrong-guess-${i}`, `10.7.${i % 5}.1`),
      ),
    );
    const owner = await adminLogin(t, 'success@bistai.demo', 'success-demo-2026', '10.7.9.9');
    expect(owner.statusCode).toBe(429);
    expect(Number(owner.headers['retry-after'])).toBeLessThanOrEqual(ACCOUNT_SLOWDOWN_MS / 1000);
    t.clock.advanceMs(ACCOUNT_SLOWDOWN_MS);
    expect((await adminLogin(t, 'success@bistai.demo', 'success-demo-2026', '10.7.9.9')).statusCode).toBe(
      200,
    );
  });

  it(`locks an address after ${ADMIN_MAX_FAILURES_PER_IP} failures across e-mails`, async () => {
    t.clock.advanceMs(ADMIN_LOCKOUT_WINDOW_MS);
    for (let i = 0; i < ADMIN_MAX_FAILURES_PER_IP; i += 1) {
      expect((await adminLogin(t, `guess-${i}@bistai.demo`, 'password-123', '10.4.0.1')).statusCode).toBe(
        401,
      );
    }
    const locked = await adminLogin(t, 'ceo@bistai.demo', 'ceo-demo-2026', '10.4.0.1');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await adminLogin(t, 'ceo@bistai.demo', 'ceo-demo-2026', '10.4.0.2')).statusCode).toBe(200);

    const token = (await adminLogin(t, 'superadmin@bistai.demo', SUPER.password, '10.4.0.3')).json()
      .token as string;
    const log = await t.app.inject(
      withToken(token, { method: 'GET', url: '/admin/api/audit-log?action=login_locked' }),
    );
    expect(log.json().total).toBeGreaterThanOrEqual(2);
  });
});

describe('admin auth routes (demo mode off)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { demoMode: false } });
  });
  afterAll(async () => t.close());

  it('has no demo accounts: 404 for the list, 401 for their credentials', async () => {
    expect(await t.services.adminAuth.prepareDemoStaff()).toEqual({ created: 0, deactivated: [] });
    const res = await t.app.inject({ method: 'GET', url: '/admin/api/auth/demo-accounts' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, error: ADMIN_AUTH_MESSAGES.demoOff });
    expect((await adminLogin(t, SUPER.email, SUPER.password)).statusCode).toBe(401);
  });
});

describe('a demo database restarted with demo mode off', () => {
  it('deactivates every demo-flagged account (renamed, re-passworded or not) and any account with a published demo password, and ends their sessions', async () => {
    const t = await createAdminTestApp();
    try {
      const superToken = await tokenFor(t, 'super_admin');
      const put = (id: string, payload: object, token = superToken) =>
        t.app.inject(withToken(token, { method: 'PUT', url: `/admin/api/users/${id}`, payload }));
      const users = await t.app.inject(withToken(superToken, { method: 'GET', url: '/admin/api/users' }));
      const idOf = (email: string) =>
        (users.json().users as { id: string; email: string }[]).find((u) => u.email === email)!.id;
      // The demo super_admin moves to a real-looking e-mail and keeps its published password.
      const superId = idOf(SUPER.email);
      const renamed = await put(superId, {
        email: 'ops-lead@example.com',
        current_password: SUPER.password,
      });
      expect(renamed.statusCode).toBe(200);
      // The demo cto gets a private password: still a demo account (anybody could have set it in demo mode).
      const cto = DEMO_STAFF.find((a) => a.role === 'cto')!;
      expect((await put(idOf(cto.email), { password: 'a-private-password-1' })).statusCode).toBe(200);
      // A staff account created with a published demo password (not flagged).
      const created = await t.app.inject(
        withToken(superToken, {
          method: 'POST',
          url: '/admin/api/users',
          payload: { name: 'Copy Paste', email: 'copy@example.com', role: 'ceo', password: 'ceo-demo-2026' },
        }),
      );
      expect(created.statusCode).toBe(201);
      // And a real account, left alone.
      const real = await t.app.inject(
        withToken(superToken, {
          method: 'POST',
          url: '/admin/api/users',
          payload: {
            name: 'Real Admin',
            email: 'real@example.com',
            role: 'super_admin',
            password: 'a-real-secret-9',
          },
        }),
      );
      expect(real.statusCode).toBe(201);

      const restarted = createPlatformServices({
        config: { ...t.infra.config, demoMode: false },
        database: t.infra.database,
        clock: t.clock,
      });
      const { created: seeded, deactivated } = await restarted.adminAuth.prepareDemoStaff();
      expect(seeded).toBe(0);
      expect(deactivated).toHaveLength(DEMO_STAFF.length + 1);
      expect(deactivated).toEqual(
        expect.arrayContaining(['ops-lead@example.com', cto.email, 'copy@example.com']),
      );
      expect(deactivated).not.toContain('real@example.com');
      expect((await adminLogin(t, 'ops-lead@example.com', SUPER.password, '10.9.0.1')).statusCode).toBe(401);
      expect((await adminLogin(t, cto.email, 'a-private-password-1', '10.9.0.2')).statusCode).toBe(401);
      expect((await adminLogin(t, 'copy@example.com', 'ceo-demo-2026', '10.9.0.3')).statusCode).toBe(401);
      const verify = await t.app.inject(
        withToken(superToken, { method: 'GET', url: '/admin/api/auth/verify' }),
      );
      expect(verify.statusCode).toBe(401);
      expect((await adminLogin(t, 'real@example.com', 'a-real-secret-9', '10.9.0.4')).statusCode).toBe(200);
      expect(await restarted.adminAuth.prepareDemoStaff()).toEqual({ created: 0, deactivated: [] });
    } finally {
      await t.close();
    }
  });
});
