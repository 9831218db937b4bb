// Opening an account with KVKK consent (the aydınlatma metni acknowledged, campaign e-mails only when chosen) and the
// investor's own password change (current password required, other sessions end, this one stays).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_NOTICE_VERSION } from '@bist/contracts';
import { customerSessions, customerUsers } from '@/db/schema/index';
import { createTestApp, type TestApp } from '@test/helpers';
import { AUTH_MESSAGES } from './auth.service.ts';

describe('registration consent and password change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { demoMode: false } });
  });
  afterAll(async () => t.close());

  const register = (payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/register', payload });
  const login = async (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const userRow = async (email: string) =>
    (await t.infra.database.db.select().from(customerUsers).where(eq(customerUsers.email, email)))[0];

  it('refuses a registration without the aydınlatma metni acknowledged, naming the field', async () => {
    for (const consent of [undefined, false]) {
      const res = await register({
        email: 'rizasiz@example.com',
        password: 'uzun-bir-sifre',
        ...(consent === undefined ? {} : { privacy_notice_acknowledged: consent }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        field: 'privacy_notice_acknowledged',
        details: [
          {
            field: 'privacy_notice_acknowledged',
            message: 'Kayıt için aydınlatma metnini okuduğunuzu onaylayın',
          },
        ],
      });
    }
    expect(await userRow('rizasiz@example.com')).toBeUndefined();
  });

  it('stores the notice version and time, and the campaign consent only when given', async () => {
    await register({
      email: 'riza-yok@example.com',
      password: 'uzun-bir-sifre',
      privacy_notice_acknowledged: true,
    });
    await register({
      email: 'riza-var@example.com',
      password: 'uzun-bir-sifre',
      privacy_notice_acknowledged: true,
      marketing_consent: true,
    });
    const without = await userRow('riza-yok@example.com');
    const withConsent = await userRow('riza-var@example.com');
    expect(without).toMatchObject({ privacyNoticeVersion: PRIVACY_NOTICE_VERSION, marketingConsentAt: null });
    expect(without?.privacyNoticeAcknowledgedAt).toEqual(t.clock.now());
    expect(withConsent?.marketingConsentAt).toEqual(t.clock.now());
    const bad = await register({
      email: 'x@example.com',
      password: 'uzun-bir-sifre',
      privacy_notice_acknowledged: true,
      marketing_consent: 'evet',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('marketing_consent');
  });

  it('shows the consents and lets the campaign e-mails be withdrawn and given again', async () => {
    const email = 'riza-geri@example.com';
    await register({
      email,
      password: 'uzun-bir-sifre',
      privacy_notice_acknowledged: true,
      marketing_consent: true,
    });
    const token = (await login(email, 'uzun-bir-sifre')).json().token as string;
    const call = (method: 'GET' | 'PUT', payload?: object) =>
      t.app.inject({
        method,
        url: '/api/auth/consents',
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/consents' })).statusCode).toBe(401);
    expect((await call('GET')).json().data).toEqual({
      privacy_notice_version: PRIVACY_NOTICE_VERSION,
      privacy_notice_acknowledged_at: t.clock.now().toISOString(),
      marketing_consent: true,
      marketing_consent_at: t.clock.now().toISOString(),
    });
    const withdrawn = await call('PUT', { marketing_consent: false });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().data).toMatchObject({ marketing_consent: false, marketing_consent_at: null });
    expect((await userRow(email))?.marketingConsentAt).toBeNull();
    expect((await call('PUT', { marketing_consent: true })).json().data.marketing_consent).toBe(true);
    const bad = await call('PUT', {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('marketing_consent');
  });

  it('changes the password with the current one; other sessions end, this one stays; the old password fails', async () => {
    const email = 'degistir@example.com';
    await register({ email, password: 'eski-sifre-1', privacy_notice_acknowledged: true });
    const first = (await login(email, 'eski-sifre-1')).json().token as string;
    const other = (await login(email, 'eski-sifre-1')).json().token as string;
    const change = (token: string | null, payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/auth/password',
        headers: token ? { authorization: `Bearer ${token}` } : {},
        payload,
      });

    expect(
      (await change(null, { current_password: 'eski-sifre-1', new_password: 'yeni-sifre-1' })).statusCode,
    ).toBe(401);
    const missing = await change(first, { new_password: 'yeni-sifre-1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('current_password');
    const wrong = await change(first, { current_password: 'yanlis-sifre', new_password: 'yeni-sifre-1' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({
      field: 'current_password',
      error: AUTH_MESSAGES.currentPasswordWrong,
    });
    const short = await change(first, { current_password: 'eski-sifre-1', new_password: 'kisa' });
    expect(short.statusCode).toBe(400);
    expect(short.json().field).toBe('new_password');
    const same = await change(first, { current_password: 'eski-sifre-1', new_password: 'eski-sifre-1' });
    expect(same.statusCode).toBe(400);
    expect(same.json().field).toBe('new_password');

    const ok = await change(first, { current_password: 'eski-sifre-1', new_password: 'yeni-sifre-1' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: AUTH_MESSAGES.passwordChanged });

    const me = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect((await me(first)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(email, 'eski-sifre-1')).statusCode).toBe(401);
    expect((await login(email, 'yeni-sifre-1')).statusCode).toBe(200);
    const user = await userRow(email);
    const live = await t.infra.database.db
      .select()
      .from(customerSessions)
      .where(eq(customerSessions.userId, user!.id));
    // first (kept), other (revoked), and the sign-in with the new password.
    expect(live.filter((s) => s.revokedAt === null)).toHaveLength(2);
  });
});

describe('reset request in demo mode without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { demoMode: true, smtpUrl: undefined } });
  });
  afterAll(async () => t.close());

  it("says the link goes to the server's outbox (the page tells the investor so)", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/request',
      payload: { email: 'demo@example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, delivery: 'demo_outbox' });
  });
});
