import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD_RULE_TEXT } from '@bist/contracts';
import type { TestApp } from '@test/helpers';
import { adminLogin, createAdminTestApp, tokenFor, withToken } from '@test/admin-test-kit';
import { ADMIN_USER_MESSAGES } from './admin-users.errors.ts';
import { STAFF_LEVEL_MESSAGES } from './staff-levels.ts';

interface UserBody {
  id: string;
  name: string;
  email: string;
  role: string;
  is_active: boolean;
  last_login: string | null;
  created_at: string;
}

describe('admin user management routes', () => {
  let t: TestApp;
  let superToken: string;
  let ctoToken: string;

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject(withToken(token, { method, url, ...(payload ? { payload } : {}) }));
  const users = async (query = '') =>
    (await call(superToken, 'GET', `/admin/api/users${query}`)).json().users as UserBody[];
  const byEmail = async (email: string) => (await users()).find((u) => u.email === email);

  beforeAll(async () => {
    t = await createAdminTestApp();
    superToken = await tokenFor(t, 'super_admin');
    ctoToken = await tokenFor(t, 'cto');
  });
  afterAll(async () => t.close());

  it('lists staff with the spec fields and never a password', async () => {
    const res = await call(superToken, 'GET', '/admin/api/users');
    expect(res.statusCode).toBe(200);
    const list = res.json().users as UserBody[];
    expect(list).toHaveLength(10);
    const superAdmin = list.find((u) => u.role === 'super_admin');
    expect(superAdmin).toMatchObject({ email: 'superadmin@bistai.demo', is_active: true });
    expect(superAdmin?.last_login).toBe(t.clock.now().toISOString());
    expect(list.find((u) => u.role === 'data_analyst')?.last_login).toBeNull();
    expect(res.body).not.toMatch(/password|argon2/i);
  });

  it('searches by name or e-mail and filters by role and status', async () => {
    expect((await users('?search=risk')).map((u) => u.email)).toEqual(['risk@bistai.demo']);
    expect((await users('?search=Demo%20CFO')).map((u) => u.email)).toEqual(['cfo@bistai.demo']);
    expect((await users('?search=%25')).length).toBe(0);
    expect((await users('?role=cto')).map((u) => u.email)).toEqual(['cto@bistai.demo']);
    expect((await users('?status=inactive')).length).toBe(0);
    expect((await users('?status=active')).length).toBe(10);
    const badRole = await call(superToken, 'GET', '/admin/api/users?role=king');
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().field).toBe('querystring.role');
  });

  it('creates a user (default role data_analyst, active) who can then sign in', async () => {
    const res = await call(superToken, 'POST', '/admin/api/users', {
      name: 'Zeynep Kaya',
      email: 'Zeynep@BistAI.demo',
      password: 'analyst-pass-1',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({
      name: 'Zeynep Kaya',
      email: 'zeynep@bistai.demo',
      role: 'data_analyst',
      is_active: true,
      last_login: null,
    });
    const login = await adminLogin(t, 'zeynep@bistai.demo', 'analyst-pass-1');
    expect(login.statusCode).toBe(200);
    expect(login.json().user.permissions).toEqual(['analytics_data', 'reports_read']);
  });

  it('refuses bad input with the field named and saves nothing', async () => {
    const before = (await users()).length;
    const cases: [object, number, string][] = [
      [{ name: 'Dup', email: 'ceo@bistai.demo', role: 'ceo', password: 'valid-pass-1' }, 409, 'email'],
      [{ name: 'Role', email: 'role@bistai.demo', role: 'emperor', password: 'valid-pass-1' }, 400, 'role'],
      [{ email: 'noname@bistai.demo', role: 'ceo', password: 'valid-pass-1' }, 400, 'name'],
      [{ name: '   ', email: 'blank@bistai.demo', role: 'ceo', password: 'valid-pass-1' }, 400, 'name'],
      [{ name: 'Mail', email: 'not-an-email', role: 'ceo', password: 'valid-pass-1' }, 400, 'email'],
      [{ name: 'Short', email: 'short@bistai.demo', role: 'ceo', password: 'abc1' }, 400, 'password'],
      [
        { name: 'Letters', email: 'letters@bistai.demo', role: 'ceo', password: 'onlyletterspassword' },
        400,
        'password',
      ],
      [
        { name: 'Digits', email: 'digits@bistai.demo', role: 'ceo', password: '12345678901' },
        400,
        'password',
      ],
      [{ name: 'NoPass', email: 'nopass@bistai.demo', role: 'ceo' }, 400, 'password'],
      [
        {
          name: 'Active',
          email: 'active@bistai.demo',
          role: 'ceo',
          password: 'valid-pass-1',
          is_active: 'yes',
        },
        400,
        'is_active',
      ],
    ];
    for (const [payload, status, field] of cases) {
      const res = await call(superToken, 'POST', '/admin/api/users', payload);
      expect({ status: res.statusCode, field: res.json().field }).toEqual({ status, field });
      expect(res.json().success).toBe(false);
    }
    const weak = await call(superToken, 'POST', '/admin/api/users', {
      name: 'W',
      email: 'w@bistai.demo',
      password: 'short',
    });
    expect(weak.json().error).toContain(ADMIN_PASSWORD_RULE_TEXT);
    const dup = await call(superToken, 'POST', '/admin/api/users', {
      name: 'D',
      email: 'CEO@bistai.demo',
      password: 'valid-pass-1',
    });
    expect(dup.json().error).toBe(ADMIN_USER_MESSAGES.emailTaken);
    expect((await users()).length).toBe(before);
  });

  it('refuses a 2 MB body with 413 and saves nothing', async () => {
    const before = (await users()).length;
    const res = await call(superToken, 'POST', '/admin/api/users', {
      name: 'x'.repeat(2 * 1024 * 1024),
      email: 'huge@bistai.demo',
      password: 'valid-pass-1',
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false });
    expect((await users()).length).toBe(before);
  });

  it('edits a user: a blank or missing password keeps the current one, a new one replaces it and ends their sessions', async () => {
    const created = (
      await call(superToken, 'POST', '/admin/api/users', {
        name: 'Ali',
        email: 'ali@bistai.demo',
        role: 'cfo',
        password: 'first-pass-1',
      })
    ).json().user as UserBody;
    const aliToken = (await adminLogin(t, 'ali@bistai.demo', 'first-pass-1')).json().token as string;

    const blank = await call(superToken, 'PUT', `/admin/api/users/${created.id}`, {
      name: 'Ali Demir',
      email: 'ali@bistai.demo',
      role: 'cfo',
      password: '',
      is_active: true,
    });
    expect(blank.statusCode).toBe(200);
    expect(blank.json().user).toMatchObject({ name: 'Ali Demir', role: 'cfo' });
    expect((await adminLogin(t, 'ali@bistai.demo', 'first-pass-1')).statusCode).toBe(200);
    expect((await call(aliToken, 'GET', '/admin/api/auth/verify')).statusCode).toBe(200);

    const roleOnly = await call(superToken, 'PUT', `/admin/api/users/${created.id}`, {
      role: 'risk_manager',
    });
    expect(roleOnly.json().user).toMatchObject({
      name: 'Ali Demir',
      role: 'risk_manager',
      email: 'ali@bistai.demo',
    });
    // The role change applies to the open session at once.
    expect((await call(aliToken, 'GET', '/admin/api/auth/verify')).json().user.permissions).toContain(
      'risk_metrics',
    );

    const weak = await call(superToken, 'PUT', `/admin/api/users/${created.id}`, { password: 'weak' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().field).toBe('password');

    const changed = await call(superToken, 'PUT', `/admin/api/users/${created.id}`, {
      password: 'second-pass-2',
    });
    expect(changed.statusCode).toBe(200);
    expect((await adminLogin(t, 'ali@bistai.demo', 'first-pass-1')).statusCode).toBe(401);
    expect((await adminLogin(t, 'ali@bistai.demo', 'second-pass-2')).statusCode).toBe(200);
    expect((await call(aliToken, 'GET', '/admin/api/auth/verify')).statusCode).toBe(401);

    const taken = await call(superToken, 'PUT', `/admin/api/users/${created.id}`, {
      email: 'cfo@bistai.demo',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().field).toBe('email');
    const badRole = await call(superToken, 'PUT', `/admin/api/users/${created.id}`, { role: 'pharaoh' });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().field).toBe('role');
    expect((await byEmail('ali@bistai.demo'))?.role).toBe('risk_manager');

    const missing = await call(superToken, 'PUT', '/admin/api/users/00000000-0000-4000-8000-000000000000', {
      name: 'X',
    });
    expect(missing.statusCode).toBe(404);
    const badId = await call(superToken, 'PUT', '/admin/api/users/not-a-uuid', { name: 'X' });
    expect(badId.statusCode).toBe(400);
  });

  it('never lets anyone delete or deactivate themself', async () => {
    const me = await byEmail('superadmin@bistai.demo');
    const del = await call(superToken, 'DELETE', `/admin/api/users/${me!.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().error).toBe(ADMIN_USER_MESSAGES.selfDelete);
    const off = await call(superToken, 'PUT', `/admin/api/users/${me!.id}`, { is_active: false });
    expect(off.statusCode).toBe(409);
    expect(off.json().error).toBe(ADMIN_USER_MESSAGES.selfDeactivate);
    const cto = await byEmail('cto@bistai.demo');
    expect((await call(ctoToken, 'DELETE', `/admin/api/users/${cto!.id}`)).statusCode).toBe(409);
    expect((await byEmail('superadmin@bistai.demo'))?.is_active).toBe(true);
  });

  it('keeps the last active super_admin and lets only a super_admin touch super_admin accounts', async () => {
    const me = (await byEmail('superadmin@bistai.demo'))!;
    // Nobody changes their own role, a super_admin included.
    const demote = await call(superToken, 'PUT', `/admin/api/users/${me.id}`, { role: 'ceo' });
    expect(demote.statusCode).toBe(403);
    expect(demote.json()).toMatchObject({ error: STAFF_LEVEL_MESSAGES.ownRole, field: 'role' });

    // A cto has user_management but may not grant or touch full access.
    const grant = await call(ctoToken, 'POST', '/admin/api/users', {
      name: 'Sneaky',
      email: 'sneaky@bistai.demo',
      role: 'super_admin',
      password: 'valid-pass-1',
    });
    expect(grant.statusCode).toBe(403);
    expect(grant.json().error).toBe(ADMIN_USER_MESSAGES.superAdminOnly);
    expect((await call(ctoToken, 'DELETE', `/admin/api/users/${me.id}`)).statusCode).toBe(403);
    expect((await call(ctoToken, 'PUT', `/admin/api/users/${me.id}`, { is_active: false })).statusCode).toBe(
      403,
    );

    // With a second super_admin the first may be stepped down by it, and the second may then neither be deleted nor
    // deactivated.
    const second = (
      await call(superToken, 'POST', '/admin/api/users', {
        name: 'Second',
        email: 'second@bistai.demo',
        role: 'super_admin',
        password: 'second-super-1',
      })
    ).json().user as UserBody;
    const secondToken = (await adminLogin(t, 'second@bistai.demo', 'second-super-1')).json().token as string;
    expect((await call(secondToken, 'PUT', `/admin/api/users/${me.id}`, { role: 'ceo' })).statusCode).toBe(
      200,
    );
    const ceoNow = await tokenFor(t, 'super_admin').catch(() => null);
    expect(ceoNow).toBeTruthy(); // the demo super_admin still signs in, now as a ceo
    const deleteLast = await call(ceoNow!, 'DELETE', `/admin/api/users/${second.id}`);
    expect(deleteLast.statusCode).toBe(403);
    expect((await call(secondToken, 'DELETE', `/admin/api/users/${second.id}`)).statusCode).toBe(409);
    expect(
      (await call(secondToken, 'PUT', `/admin/api/users/${me.id}`, { role: 'super_admin' })).statusCode,
    ).toBe(200);
    const deactivateSecond = await call(secondToken, 'PUT', `/admin/api/users/${second.id}`, {
      is_active: false,
    });
    expect(deactivateSecond.statusCode).toBe(409);
    // Now two active super_admins: the demo one may deactivate the second.
    const off = await call(superToken, 'PUT', `/admin/api/users/${second.id}`, { is_active: false });
    expect(off.statusCode).toBe(200);
    expect((await call(secondToken, 'GET', '/admin/api/auth/verify')).statusCode).toBe(401);
    // The only active super_admin cannot step down: it is their own role.
    const meDemote = await call(superToken, 'PUT', `/admin/api/users/${me.id}`, { role: 'cto' });
    expect(meDemote.statusCode).toBe(403);
    expect((await call(superToken, 'DELETE', `/admin/api/users/${second.id}`)).statusCode).toBe(200);
  });

  it('lets a cto manage only staff below its level: no reset of the ceo password, no promotion of itself', async () => {
    const ceo = (await byEmail('ceo@bistai.demo'))!;
    const cto = (await byEmail('cto@bistai.demo'))!;
    const reset = await call(ctoToken, 'PUT', `/admin/api/users/${ceo.id}`, { password: 'taken-over-123' });
    expect(reset.statusCode).toBe(403);
    expect(reset.json().error).toBe(STAFF_LEVEL_MESSAGES.belowOwnLevel);
    expect((await adminLogin(t, 'ceo@bistai.demo', 'taken-over-123', '10.8.0.1')).statusCode).toBe(401);
    const promote = await call(ctoToken, 'PUT', `/admin/api/users/${cto.id}`, { role: 'ceo' });
    expect(promote.statusCode).toBe(403);
    expect(promote.json()).toMatchObject({ error: STAFF_LEVEL_MESSAGES.ownRole, field: 'role' });
    expect((await byEmail('cto@bistai.demo'))!.role).toBe('cto');

    const analyst = (await byEmail('analyst@bistai.demo'))!;
    const analystReset = await call(ctoToken, 'PUT', `/admin/api/users/${analyst.id}`, {
      password: 'taken-over-123',
    });
    expect(analystReset.statusCode).toBe(403);
    expect(analystReset.json()).toMatchObject({
      error: STAFF_LEVEL_MESSAGES.othersPassword,
      field: 'password',
    });
    const renamed = await call(ctoToken, 'PUT', `/admin/api/users/${analyst.id}`, {
      name: 'Analyst Renamed',
    });
    expect(renamed.statusCode).toBe(200);
    const created = await call(ctoToken, 'POST', '/admin/api/users', {
      name: 'Peer',
      email: 'peer@bistai.demo',
      role: 'cfo',
      password: 'valid-pass-1',
    });
    expect(created.statusCode).toBe(403);
  });

  it("needs the current password for one's own password or e-mail change, and names current_password", async () => {
    const me = (
      await call(superToken, 'POST', '/admin/api/users', {
        name: 'Self Service',
        email: 'self@bistai.demo',
        role: 'super_admin',
        password: 'own-pass-123',
      })
    ).json().user as UserBody;
    const myToken = (await adminLogin(t, 'self@bistai.demo', 'own-pass-123', '10.7.0.1')).json()
      .token as string;
    const own = (payload: object) => call(myToken, 'PUT', `/admin/api/users/${me.id}`, payload);
    // Without it: 400 naming current_password, nothing changed.
    const noCurrent = await own({ password: 'stolen-pass-9' });
    expect(noCurrent.statusCode).toBe(400);
    expect(noCurrent.json()).toMatchObject({ success: false, field: 'current_password' });
    const noCurrentEmail = await own({ email: 'thief@example.com' });
    expect(noCurrentEmail.statusCode).toBe(400);
    expect(noCurrentEmail.json().field).toBe('current_password');
    // A wrong one: 403 naming it.
    const wrong = await own({ password: 'stolen-pass-9', current_password: 'guess-123' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().field).toBe('current_password');
    expect((await adminLogin(t, 'self@bistai.demo', 'own-pass-123', '10.7.0.2')).statusCode).toBe(200);
    expect((await byEmail('self@bistai.demo'))?.email).toBe('self@bistai.demo');
    // The name needs no password; with the right current password the change goes through.
    expect((await own({ name: 'Self Renamed' })).statusCode).toBe(200);
    const ok = await own({ password: 'new-own-pass-4', current_password: 'own-pass-123' });
    expect(ok.statusCode).toBe(200);
    expect((await adminLogin(t, 'self@bistai.demo', 'new-own-pass-4', '10.7.0.3')).statusCode).toBe(200);
  });

  it('writes refused escalation attempts to the audit log', async () => {
    const cto = (await byEmail('cto@bistai.demo'))!;
    const ceo = (await byEmail('ceo@bistai.demo'))!;
    const audit = async () =>
      (await call(superToken, 'GET', '/admin/api/audit-log?action=user_change_refused&limit=200')).json()
        .entries as { user_email: string; entity_id: string | null; details: Record<string, unknown> }[];
    const before = (await audit()).length;
    expect(
      (await call(ctoToken, 'PUT', `/admin/api/users/${cto.id}`, { role: 'super_admin' })).statusCode,
    ).toBe(403);
    expect(
      (await call(ctoToken, 'PUT', `/admin/api/users/${ceo.id}`, { role: 'data_analyst' })).statusCode,
    ).toBe(403);
    expect(
      (
        await call(ctoToken, 'POST', '/admin/api/users', {
          name: 'Shadow',
          email: 'shadow@bistai.demo',
          role: 'super_admin',
          password: 'shadow-pass-1',
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(ctoToken, 'DELETE', `/admin/api/users/${ceo.id}`)).statusCode).toBe(403);
    const entries = (await audit()).slice(0, (await audit()).length - before);
    expect(entries).toHaveLength(4);
    for (const e of entries) expect(e.user_email).toBe('cto@bistai.demo');
    expect(entries.map((e) => e.details.change).sort()).toEqual(['create', 'delete', 'update', 'update']);
    expect(entries.find((e) => e.entity_id === cto.id)?.details).toMatchObject({ new_role: 'super_admin' });
  });

  it('deletes a user with their sessions and audits create, update and delete with before/after but no secrets', async () => {
    const created = (
      await call(superToken, 'POST', '/admin/api/users', {
        name: 'Temp',
        email: 'temp@bistai.demo',
        role: 'customer_success',
        password: 'temp-pass-12',
      })
    ).json().user as UserBody;
    const tempToken = (await adminLogin(t, 'temp@bistai.demo', 'temp-pass-12')).json().token as string;
    await call(superToken, 'PUT', `/admin/api/users/${created.id}`, {
      name: 'Temp Renamed',
      password: 'temp-pass-34',
    });
    const del = await call(superToken, 'DELETE', `/admin/api/users/${created.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().success).toBe(true);
    expect((await call(tempToken, 'GET', '/admin/api/auth/verify')).statusCode).toBe(401);
    expect(await byEmail('temp@bistai.demo')).toBeUndefined();
    expect((await call(superToken, 'DELETE', `/admin/api/users/${created.id}`)).statusCode).toBe(404);

    const log = (await call(superToken, 'GET', `/admin/api/audit-log?limit=200`)).json();
    const mine = log.entries.filter((e: { entity_id: string }) => e.entity_id === created.id);
    expect(mine.map((e: { action: string }) => e.action)).toEqual([
      'user_deleted',
      'user_updated',
      'user_created',
    ]);
    const [deleted, updated, createdEntry] = mine;
    expect(createdEntry).toMatchObject({
      event_type: 'system_config',
      user_email: 'superadmin@bistai.demo',
      entity_type: 'admin_user',
      before: null,
    });
    expect(createdEntry.after).toMatchObject({
      email: 'temp@bistai.demo',
      role: 'customer_success',
      is_active: true,
    });
    expect(updated.before).toMatchObject({ name: 'Temp' });
    expect(updated.after).toMatchObject({ name: 'Temp Renamed' });
    expect(updated.details).toMatchObject({ password_changed: true, revoked_sessions: 1 });
    expect(deleted.before).toMatchObject({ email: 'temp@bistai.demo' });
    expect(deleted.after).toBeNull();
    expect(JSON.stringify(log)).not.toMatch(/argon2|temp-pass|password_hash|passwordHash/);
  });
});
