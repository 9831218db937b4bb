// Sign-in lock-out is no weapon (OWASP): an attacker's wrong passwords lock their own address out of the account,
// slow the account only for addresses it never signed in from, tell the owner by e-mail, and the owner gets in by a
// reset link sent to their mailbox — while the attacker's address stays locked. The mail goes through the real SMTP
// client to a local SMTP server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@bist/contracts';
import type { TestApp } from '@test/helpers';
import { adminLogin, createAdminTestApp, tokenFor, withToken } from '@test/admin-test-kit';
import { SmtpInbox, resetTokenIn } from '@test/smtp-inbox';
import { ADMIN_RESET_TEXTS } from './admin-reset-realm.ts';
import { ADMIN_MAX_FAILURES_PER_IP } from './admin-auth.service.ts';
import { DEMO_STAFF } from './demo-staff.ts';

const VICTIM = DEMO_STAFF.find((a) => a.role === 'cfo')!;
const ATTACKER_IP = '203.0.113.66';
const VICTIM_IP = '198.51.100.7';

describe('staff lock-out and the reset path', () => {
  let t: TestApp;
  const inbox = new SmtpInbox();
  const post = (url: string, payload: object, ip: string) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

  beforeAll(async () => {
    const smtpUrl = await inbox.start();
    t = await createAdminTestApp({ config: { smtpUrl, publicUrl: 'https://bist.example' } });
  });
  afterAll(async () => {
    await t?.close();
    await inbox.close();
  });

  it('six wrong passwords from one address: that address stays locked, the owner gets a notice and in by a reset link', async () => {
    const oldSession = await tokenFor(t, 'cfo', '192.0.2.1');
    const attempts: number[] = [];
    for (let i = 0; i < 6; i++)
      attempts.push((await adminLogin(t, VICTIM.email, `wrong-password-${i}`, ATTACKER_IP)).statusCode);
    expect(attempts).toEqual([401, 401, 401, 401, 401, 429]);

    // The owner is told, with the way back in (the request page, not a token).
    const notice = await inbox.next((m) => m.to.includes(VICTIM.email) && m.text.includes(ATTACKER_IP));
    expect(notice.text).toContain('https://bist.example/admin/forgot-password');
    expect(notice.text).not.toMatch(/#token=/);

    // The owner asks for a link from a new address and sets a new password with it.
    const requested = await post(
      '/admin/api/auth/password-reset/request',
      { email: VICTIM.email },
      VICTIM_IP,
    );
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({ success: true, message: ADMIN_RESET_TEXTS.requested });
    const mail = await inbox.next((m) => m.to.includes(VICTIM.email) && m.text.includes('#token='));
    expect(mail.text).toContain('https://bist.example/admin/reset-password#token=');
    const token = resetTokenIn(mail);
    const confirmed = await post(
      '/admin/api/auth/password-reset/confirm',
      { token, password: 'victim-new-pass-42' },
      VICTIM_IP,
    );
    expect(confirmed.statusCode).toBe(200);

    // The owner signs in; the attacker's address stays locked even with the new password.
    expect((await adminLogin(t, VICTIM.email, 'victim-new-pass-42', VICTIM_IP)).statusCode).toBe(200);
    expect((await adminLogin(t, VICTIM.email, 'victim-new-pass-42', ATTACKER_IP)).statusCode).toBe(429);
    expect((await adminLogin(t, VICTIM.email, VICTIM.password, VICTIM_IP)).statusCode).toBe(401);
    // The other sessions ended; the link works once.
    const verify = await t.app.inject(
      withToken(oldSession, { method: 'GET', url: '/admin/api/auth/verify' }),
    );
    expect(verify.statusCode).toBe(401);
    const again = await post(
      '/admin/api/auth/password-reset/confirm',
      { token, password: 'another-pass-43' },
      VICTIM_IP,
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().field).toBe('token');

    // Audited as the staff member.
    const superToken = await tokenFor(t, 'super_admin', '192.0.2.9');
    const log = await t.app.inject(
      withToken(superToken, {
        method: 'GET',
        url: `/admin/api/audit-log?action=${AUDIT_ACTIONS.passwordReset}`,
      }),
    );
    expect(log.json().entries).toEqual([
      expect.objectContaining({ user_email: VICTIM.email, ip: VICTIM_IP }),
    ]);
  });

  it('answers a reset request alike for an unknown e-mail, sends it nothing, and throttles requests', async () => {
    const before = inbox.messages.length;
    const unknown = await post(
      '/admin/api/auth/password-reset/request',
      { email: 'nobody@example.com' },
      '198.51.100.20',
    );
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ success: true, message: ADMIN_RESET_TEXTS.requested });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push(
        (
          await post(
            '/admin/api/auth/password-reset/request',
            { email: 'nobody@example.com' },
            '198.51.100.20',
          )
        ).statusCode,
      );
    expect(statuses).toEqual([200, 200, 429]);
    // A known account's request from the same address still goes through, and only it is mailed.
    const ceo = DEMO_STAFF.find((a) => a.role === 'ceo')!;
    expect(
      (await post('/admin/api/auth/password-reset/request', { email: ceo.email }, '198.51.100.20'))
        .statusCode,
    ).toBe(200);
    await inbox.next((m) => m.to.includes(ceo.email));
    expect(inbox.messages.slice(before).flatMap((m) => m.to)).toEqual([ceo.email]);
    // A made-up token.
    const bad = await post(
      '/admin/api/auth/password-reset/confirm',
      { token: 'not-a-real-token', password: 'whatever-pass-1' },
      '198.51.100.20',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('token');
  });

  it('a locked address adds nothing to the accounts it goes on to try', async () => {
    const ip = '203.0.113.99';
    for (let i = 0; i < ADMIN_MAX_FAILURES_PER_IP; i++)
      await adminLogin(t, `guess-${i}@example.com`, 'password-123', ip);
    const risk = DEMO_STAFF.find((a) => a.role === 'risk_manager')!;
    const refused = await Promise.all(
      Array.from({ length: 30 }, (_, i) => adminLogin(t, risk.email, `wrong-${i}-password`, ip)),
    );
    expect(refused.every((r) => r.statusCode === 429)).toBe(true);
    // The account was never counted: its owner signs in from a new address at once.
    expect((await adminLogin(t, risk.email, risk.password, '198.51.100.33')).statusCode).toBe(200);
  });
});
