import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@test/helpers';
import { REGISTER_ACCEPTED_MESSAGE } from '@bist/contracts';
import { AUTH_MESSAGES } from './auth.service.ts';

async function login(t: TestApp, body: unknown, ip = '10.0.0.1') {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: body as object, remoteAddress: ip });
}

describe('customer auth routes (demo mode)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { demoMode: true } });
  });
  afterAll(async () => t.close());

  it('creates an investor on first login with an unknown e-mail, then requires that password', async () => {
    const first = await login(t, { email: 'Ayse.Yilmaz@Example.com', password: 'gizli-sifre' });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({
      success: true,
      redirect: '/dashboard',
      user: { email: 'ayse.yilmaz@example.com', name: 'ayse.yilmaz', role: 'investor', avatar: null },
    });
    expect(body.token).toMatch(/^[\w-]{40,}$/);

    const again = await login(t, { email: 'ayse.yilmaz@example.com', password: 'gizli-sifre' });
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).toBe(body.user.id);

    const wrong = await login(t, { email: 'ayse.yilmaz@example.com', password: 'baska' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ success: false, error: AUTH_MESSAGES.badCredentials });
    expect(wrong.json().requestId).toBeTruthy();
  });

  it('does not create a demo investor with a password shorter than registration allows', async () => {
    const short = await login(t, { email: 'kisa@example.com', password: 'x' }, '10.0.2.1');
    expect(short.statusCode).toBe(401);
    expect(short.json()).toMatchObject({ success: false, error: AUTH_MESSAGES.badCredentials });
    const rows = await t.infra.database.pool.query(
      'select count(*)::int as n from customer_users where email = $1',
      ['kisa@example.com'],
    );
    expect(rows.rows[0]).toEqual({ n: 0 });
    expect(
      (await login(t, { email: 'kisa@example.com', password: 'yeterince-uzun' }, '10.0.2.1')).statusCode,
    ).toBe(200);
  });

  it('names the field for a malformed e-mail and for an empty password', async () => {
    const badEmail = await login(t, { email: 'not-an-email', password: 'x' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({ success: false, field: 'email' });
    expect(badEmail.json().error).toContain('email');

    const emptyPassword = await login(t, { email: 'a@b.co', password: '' });
    expect(emptyPassword.statusCode).toBe(400);
    expect(emptyPassword.json()).toMatchObject({ success: false, field: 'password' });

    const missing = await login(t, {});
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['email', 'password']);
  });

  it('answers malformed JSON and a wrong content type with a 4xx envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hi',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().field).toBe('body');
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ success: false });
  });

  it('refuses a 2 MB body with 413', async () => {
    const res = await login(t, { email: 'big@example.com', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('checks at most 10 of 60 simultaneous wrong passwords; the right one is refused after them', async () => {
    await login(t, { email: 'yaris@example.com', password: 'dogru-sifre' }, '10.0.1.1');
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        login(t, { email: 'yaris@example.com', password: `yanlis-${i}` }, `10.0.1.${2 + (i % 4)}`),
      ),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50);
    const right = await login(t, { email: 'yaris@example.com', password: 'dogru-sifre' }, '10.0.1.9');
    expect(right.statusCode).toBe(429);
    t.clock.advanceMs(15 * 60_000 + 1000);
  });

  it('throttles 20 quick wrong logins for one account with 429', async () => {
    await login(t, { email: 'hedef@example.com', password: 'dogru-sifre' }, '10.0.0.2');
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      statuses.push(
        (await login(t, { email: 'hedef@example.com', password: `yanlis-${i}` }, '10.0.0.2')).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    // The right password is throttled too while the window lasts: guessing cannot be confirmed.
    const right = await login(t, { email: 'hedef@example.com', password: 'dogru-sifre' }, '10.0.0.2');
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBe('900');
    // After the window the account works again.
    t.clock.advanceMs(15 * 60_000 + 1000);
    expect(
      (await login(t, { email: 'hedef@example.com', password: 'dogru-sifre' }, '10.0.0.2')).statusCode,
    ).toBe(200);
  });

  it('returns the investor for a valid token and 401 for garbage, revoked and expired tokens', async () => {
    const { token } = (await login(t, { email: 'mehmet@example.com', password: 'sifre123' })).json();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe('mehmet@example.com');

    const none = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toBe(AUTH_MESSAGES.noSession);

    const garbage = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(garbage.statusCode).toBe(401);
    const scheme = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Basic ${token}` },
    });
    expect(scheme.statusCode).toBe(401);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(401);

    const second = (await login(t, { email: 'mehmet@example.com', password: 'sifre123' })).json()
      .token as string;
    t.clock.advanceMs(t.infra.config.sessionTtlHours * 3_600_000 + 1);
    const expired = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${second}` },
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error).toBe(AUTH_MESSAGES.expired);
  });

  it('answers a new and a taken e-mail alike (202, no token), then the new investor signs in', async () => {
    const register = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { privacy_notice_acknowledged: true, ...payload },
      });
    const created = await register({
      email: 'yeni@example.com',
      password: 'uzun-bir-sifre',
      name: 'Yeni Yatırımcı',
    });
    const taken = await register({ email: 'YENI@example.com', password: 'baska-bir-sifre' });
    for (const res of [created, taken]) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ success: true, message: REGISTER_ACCEPTED_MESSAGE });
    }
    const signedIn = await login(t, { email: 'yeni@example.com', password: 'uzun-bir-sifre' }, '10.0.3.1');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.name).toBe('Yeni Yatırımcı');
    // The taken e-mail's attempt changed nothing.
    expect(
      (await login(t, { email: 'yeni@example.com', password: 'baska-bir-sifre' }, '10.0.3.1')).statusCode,
    ).toBe(401);
    const short = await register({ email: 'k@example.com', password: 'kisa' });
    expect(short.statusCode).toBe(400);
    expect(short.json().field).toBe('password');
  });

  it('answers unknown API paths with a JSON 404 and echoes the request id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/yok',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, requestId: 'abc-123' });
    expect(res.headers['x-request-id']).toBe('abc-123');
  });
});

describe('customer auth routes (demo mode off)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { demoMode: false } });
  });
  afterAll(async () => t.close());

  it('refuses an unknown e-mail with 401 and signs in a registered one', async () => {
    const unknown = await login(t, { email: 'kimse@example.com', password: 'sifre12345' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toBe(AUTH_MESSAGES.badCredentials);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'kimse@example.com', password: 'sifre12345', privacy_notice_acknowledged: true },
    });
    expect((await login(t, { email: 'kimse@example.com', password: 'sifre12345' })).statusCode).toBe(200);
  });
});
