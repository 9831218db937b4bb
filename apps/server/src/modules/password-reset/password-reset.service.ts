// Password reset by e-mail for both realms, and the lock-out notice that points a locked-out owner to it: the path
// into an account that an attacker guessing passwords does not hold (decision 0046).
import type { Clock } from '@/lib/clock';
import { BadRequestError, NotFoundError, ServiceUnavailableError, TooManyRequestsError } from '@/lib/errors';
import type { Mailer, MailMessage } from '@/lib/mailer';
import { hashPassword } from '@/lib/passwords';
import { newSessionToken, tokenHash } from '@/lib/tokens';
import type { LoginThrottle, ThrottleCheck } from '@/modules/login-throttle/login-throttle';
import { pairKey } from '@/modules/login-throttle/login-throttle';
import type { PasswordResetRepository, ResetRealmName } from './password-reset.repository.ts';

/** A reset link works this long, once. */
export const RESET_TOKEN_TTL_MS = 30 * 60_000;
/**
 * Reset requests in an hour, before 429: per e-mail from one address, and per address. Per e-mail alone would let
 * anybody block the owner's own requests; instead the links mailed to one account are capped.
 */
export const RESET_REQUESTS_PER_EMAIL_AND_IP = 3;
export const RESET_REQUESTS_PER_IP = 20;
export const RESET_MAILS_PER_ACCOUNT = 5;
const HOUR_MS = 3_600_000;
/** At most one lock-out notice per account in this time (an attacker cannot flood the owner's inbox). */
const NOTICE_INTERVAL_MS = HOUR_MS;

export interface ResetAccount {
  id: string;
  email: string;
}

export interface ResetTexts {
  /** The answer to every request, whether the e-mail has an account or not. */
  requested: string;
  invalidToken: string;
  mailUnavailable: string;
  tooMany: string;
  resetMail(link: string, minutes: number): Pick<MailMessage, 'subject' | 'text'>;
  lockoutMail(ip: string, requestLink: string): Pick<MailMessage, 'subject' | 'text'>;
}

/** What differs between the staff and the investor realm. */
export interface ResetRealm {
  name: ResetRealmName;
  /** Web pages: the one that takes a token (`#token=…`, never sent to a server) and the one that asks for a link. */
  resetPage: string;
  requestPage: string;
  texts: ResetTexts;
  /** An account that may sign in (an inactive one gets no link). */
  findActiveAccount(email: string): Promise<ResetAccount | undefined>;
  /**
   * Sets the new password and ends every session of the account (the staff realm audits it); undefined when the
   * account no longer may sign in.
   */
  setPassword(
    userId: string,
    passwordHash: string,
    meta: ResetMeta,
  ): Promise<{ email: string; revokedSessions: number } | undefined>;
}

export interface ResetMeta {
  ip: string;
  userAgent: string | null;
}

interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface PasswordResetDeps {
  repo: PasswordResetRepository;
  realm: ResetRealm;
  /** Null: no SMTP and demo mode off; requests answer 503 and the operator uses `npm run cli -- reset-link`. */
  mailer: Mailer | null;
  /** Reset requests (the realm's `*_reset` throttle) and the realm's sign-in throttle (a reset ends its lock). */
  requestThrottle: LoginThrottle;
  loginThrottle: LoginThrottle;
  clock: Clock;
  log: Log;
  publicUrl: string;
}

export class PasswordResetService {
  constructor(private readonly deps: PasswordResetDeps) {}

  get texts(): ResetTexts {
    return this.deps.realm.texts;
  }

  /** How a link leaves this server: an e-mail through SMTP, or (demo mode without SMTP) a file in the outbox. */
  get delivery(): 'email' | 'demo_outbox' | null {
    const kind = this.deps.mailer?.kind;
    return kind === 'smtp' ? 'email' : kind === 'outbox' ? 'demo_outbox' : null;
  }

  /**
   * Sends a reset link when the e-mail belongs to an active account. The answer and the work done in the request are
   * the same either way (the mail goes out in the background); throttled per e-mail and per address.
   */
  async request(email: string, ip: string): Promise<void> {
    const { mailer, realm } = this.deps;
    if (!mailer) throw new ServiceUnavailableError(realm.texts.mailUnavailable);
    const checks: ThrottleCheck[] = [
      { scope: 'ip', key: ip, rule: hourly(RESET_REQUESTS_PER_IP), onSuccess: 'uncount' },
      {
        scope: 'pair',
        key: pairKey(email, ip),
        rule: hourly(RESET_REQUESTS_PER_EMAIL_AND_IP),
        onSuccess: 'uncount',
      },
    ];
    const attempt = await this.deps.requestThrottle.attempt(checks);
    if (!attempt.admitted) throw new TooManyRequestsError(realm.texts.tooMany, attempt.retryAfterSeconds);
    await attempt.finish.failed(); // every request counts
    const account = await realm.findActiveAccount(email);
    if (!account) return;
    // However many addresses ask, the owner gets a bounded number of links an hour (the earlier ones still work).
    const mails = await this.deps.requestThrottle.attempt([
      { scope: 'account', key: account.email, rule: hourly(RESET_MAILS_PER_ACCOUNT), onSuccess: 'uncount' },
    ]);
    if (!mails.admitted) return;
    await mails.finish.failed();
    const link = await this.issue(account);
    this.sendInBackground({ to: account.email, ...realm.texts.resetMail(link, RESET_TOKEN_TTL_MS / 60_000) });
  }

  /**
   * Sets a new password with a reset token: the token works once and ends the account's other tokens; every
   * session of the account ends, and so does the sign-in lock of the account and of this address (the attacker's
   * addresses stay locked).
   */
  async confirm(
    token: string,
    password: string,
    meta: { ip: string; userAgent: string | null },
  ): Promise<void> {
    const { realm, repo, clock } = this.deps;
    const passwordHash = await hashPassword(password);
    const now = clock.now();
    const userId = await repo.consume(realm.name, tokenHash(token), now);
    if (!userId) throw new BadRequestError(realm.texts.invalidToken, 'token');
    const changed = await realm.setPassword(userId, passwordHash, meta);
    if (!changed) throw new BadRequestError(realm.texts.invalidToken, 'token');
    await this.deps.loginThrottle.release([
      { scope: 'account', key: changed.email },
      { scope: 'pair', key: pairKey(changed.email, meta.ip) },
    ]);
  }

  /** The operator's path without e-mail (`npm run cli -- reset-link`): a link for an active account. */
  async linkFor(email: string): Promise<string> {
    const account = await this.deps.realm.findActiveAccount(email);
    if (!account) throw new NotFoundError(`No active account with the e-mail ${email}`);
    return this.issue(account);
  }

  /**
   * Tells the owner of an account that sign-in was locked for an address (at most one notice an hour), with the
   * way back in: the reset-link request page. Nothing without a mailer; never waits for the mail.
   */
  async notifyLockout(email: string, ip: string): Promise<void> {
    const { mailer, realm } = this.deps;
    if (!mailer) return;
    try {
      const account = await realm.findActiveAccount(email);
      if (!account) return;
      if (!(await this.deps.loginThrottle.firstInWindow('notice', account.email, NOTICE_INTERVAL_MS))) return;
      this.sendInBackground({
        to: account.email,
        ...realm.texts.lockoutMail(ip, `${this.deps.publicUrl}${realm.requestPage}`),
      });
    } catch (error) {
      // A notice never fails the sign-in answer.
      this.deps.log.warn({ err: error, realm: realm.name }, 'lock-out notice not sent');
    }
  }

  private async issue(account: ResetAccount): Promise<string> {
    const token = newSessionToken();
    const now = this.deps.clock.now();
    await this.deps.repo.insert({
      realm: this.deps.realm.name,
      userId: account.id,
      tokenHash: tokenHash(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    });
    return `${this.deps.publicUrl}${this.deps.realm.resetPage}#token=${token}`;
  }

  private sendInBackground(message: MailMessage): void {
    const mailer = this.deps.mailer;
    if (!mailer) return;
    mailer.send(message).catch((error: unknown) => {
      this.deps.log.warn(
        { err: error, realm: this.deps.realm.name, mailer: mailer.kind },
        'account e-mail not sent',
      );
    });
  }
}

function hourly(limit: number) {
  return { limit, windowMs: HOUR_MS, firstLockMs: HOUR_MS, maxLockMs: 24 * HOUR_MS };
}
