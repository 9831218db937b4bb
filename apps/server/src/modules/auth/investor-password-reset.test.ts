// The investor's password reset (server side; the 'Şifremi unuttum' screens come later): the same answer for every
// e-mail, a link by e-mail through the real SMTP client, used once, every session ended; and a lock-out notice to
// the owner whose account is being guessed.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR, NO_REQUEST } from '@/lib/actor';
import { createTestApp, type TestApp } from '@test/helpers';
import { investor } from '@test/investor-helpers';
import { SmtpInbox, resetTokenIn } from '@test/smtp-inbox';
import { CUSTOMER_RESET_TEXTS } from './customer-reset-realm.ts';
import { LOGIN_MAX_FAILURES_PER_EMAIL } from './auth.service.ts';

describe('investor password reset', () => {
  let t: TestApp;
  const inbox = new SmtpInbox();
  const post = (url: string, payload: object, ip = '198.51.100.40') =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

  beforeAll(async () => {
    const smtpUrl = await inbox.start();
    t = await createTestApp({ config: { demoMode: false, smtpUrl, publicUrl: 'https://bist.example' } });
  });
  afterAll(async () => {
    await t?.close();
    await inbox.close();
  });

  it('mails a one-time link that sets a new password and ends every session', async () => {
    const email = 'sifre@example.com';
    const inv = await investor(t, { email });
    const unknown = await post('/api/auth/password-reset/request', { email: 'kimse@example.com' });
    const known = await post('/api/auth/password-reset/request', { email });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(CUSTOMER_RESET_TEXTS.requested);
    expect(known.json().delivery).toBe('email');

    const mail = await inbox.next((m) => m.to.includes(email));
    expect(mail.text).toContain('https://bist.example/sifre-sifirla#token=');
    const token = resetTokenIn(mail);
    const short = await post('/api/auth/password-reset/confirm', { token, password: 'kisa' });
    expect(short.statusCode).toBe(400);
    expect(short.json().field).toBe('password');
    expect(
      (await post('/api/auth/password-reset/confirm', { token, password: 'yeni-sifre-77' })).statusCode,
    ).toBe(200);
    expect(
      (await post('/api/auth/password-reset/confirm', { token, password: 'yeni-sifre-78' })).statusCode,
    ).toBe(400);

    expect((await inv.get('/api/auth/me')).statusCode).toBe(401);
    const login = (password: string) => post('/api/auth/login', { email, password });
    expect((await login('gizli-sifre')).statusCode).toBe(401);
    expect((await login('yeni-sifre-77')).statusCode).toBe(200);
    expect(inbox.messages.flatMap((m) => m.to)).not.toContain('kimse@example.com');
  });

  it('an erasure leaves no reset token, throttle key with the e-mail, or idempotency key of the investor', async () => {
    const email = 'silinecek@example.com';
    const inv = await investor(t, { email });
    await post('/api/auth/login', { email, password: 'yanlis-sifre-1' }, '203.0.113.77');
    await post('/api/auth/password-reset/request', { email }, '203.0.113.78');
    await inbox.next((m) => m.to.includes(email));
    await t.app.inject({
      method: 'PUT',
      url: '/api/subscription',
      headers: { authorization: inv.authorization, 'idempotency-key': 'kvkk-1' },
      payload: { plan: 'free', interval: 'monthly' },
    });
    expect((await inv.post('/api/privacy/erasure', { password: 'gizli-sifre' })).statusCode).toBe(200);
    const db = t.infra.database.db;
    const left = await db.execute<{ n: number }>(sql`
      select (select count(*) from login_throttle where key like ${`%${email}%`})
        + (select count(*) from password_reset_tokens where user_id = ${inv.userId})
        + (select count(*) from idempotency_keys where owner_id = ${inv.userId}) as n`);
    expect(Number(left.rows[0]!.n)).toBe(0);
  });

  it('tells the owner when an address is locked out of the account', async () => {
    const email = 'hedef@example.com';
    await investor(t, { email });
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_EMAIL; i++)
      await post('/api/auth/login', { email, password: `yanlis-sifre-${i}` }, '203.0.113.5');
    const notice = await inbox.next((m) => m.to.includes(email) && m.text.includes('203.0.113.5'));
    expect(notice.text).toContain('https://bist.example/sifremi-unuttum');
  });
});

describe('password reset without e-mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { demoMode: false, smtpUrl: undefined } });
  });
  afterAll(async () => t?.close());

  it("gives the operator a one-time link instead (the CLI's reset-link)", async () => {
    await t.services.adminUsers.create(
      { name: 'Ops', email: 'ops@example.com', role: 'cto', password: 'ops-pass-123', is_active: true },
      CLI_ACTOR,
      NO_REQUEST,
    );
    const link = await t.services.adminResets.linkFor('ops@example.com');
    expect(link).toMatch(/^http:\/\/localhost:\d+\/admin\/reset-password#token=/);
    const token = link.split('#token=')[1]!;
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/admin/api/auth/password-reset/confirm',
      payload: { token, password: 'ops-new-pass-456' },
    });
    expect(confirm.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/admin/api/auth/login',
      payload: { email: 'ops@example.com', password: 'ops-new-pass-456' },
    });
    expect(login.statusCode).toBe(200);
    await expect(t.services.adminResets.linkFor('ghost@example.com')).rejects.toThrow(/No active account/);
  });

  it('answers 503 when demo mode is off and no SMTP server is configured', async () => {
    for (const url of ['/api/auth/password-reset/request', '/admin/api/auth/password-reset/request']) {
      const res = await t.app.inject({ method: 'POST', url, payload: { email: 'a@example.com' } });
      expect(res.statusCode).toBe(503);
      expect(res.json().success).toBe(false);
    }
  });
});
