import {
  AUDIT_ACTIONS,
  ROLE_INFO,
  permissionsOf,
  type AdminDemoAccount,
  type AdminRole,
  type AdminSessionUser,
} from '@bist/contracts';
import type { Clock } from '@/lib/clock';
import { NotFoundError, TooManyRequestsError, UnauthorizedError } from '@/lib/errors';
import { verifyAgainstDummy, verifyPassword } from '@/lib/passwords';
import { newSessionToken, tokenHash } from '@/lib/tokens';
import type { AdminAuthenticator, AdminPrincipal } from '@/plugins/admin-access';
import type { AdminActor, RequestMeta } from '@/lib/actor';
import type { AuditService } from '@/modules/audit/audit.service';
import type { AdminUserRow, AdminUsersService } from '@/modules/admin-users/admin-users.service';
import type { SettingsService } from '@/modules/settings/settings.service';

/** What sign-in reads and writes of staff accounts and their sessions (the admin-users module implements it). */
export interface StaffSignInStore {
  findUserByEmail(email: string): Promise<AdminUserRow | undefined>;
  hasSignedInFrom(email: string, ip: string): Promise<boolean>;
  touchLastLogin(userId: string, at: Date): Promise<void>;
  insertSession(session: {
    userId: string;
    tokenHash: string;
    createdAt: Date;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
  }): Promise<string>;
  findActiveSession(
    tokenHash: string,
    now: Date,
  ): Promise<{ sessionId: string; user: AdminUserRow } | undefined>;
  revokeSession(sessionId: string, at: Date): Promise<boolean>;
  countActiveSessions(now: Date): Promise<number>;
}
import {
  lockedOutOwner,
  signInChecks,
  type AdmittedAttempt,
  type LoginThrottle,
  type SignInRules,
} from '@/modules/login-throttle/login-throttle';
import type { PasswordResetService } from '@/modules/password-reset/password-reset.service';
import { DEMO_STAFF, demoAccountFor } from './demo-staff.ts';

/** Failures are counted over this window, and the first lock lasts as long. */
export const ADMIN_LOCKOUT_WINDOW_MS = 15 * 60_000;
/** Failures from one IP inside the window (across e-mails) before that address is locked out. */
export const ADMIN_MAX_FAILURES_PER_IP = 20;
/** The first lock of an account for addresses it never signed in from: a slow-down, not a lock-out. */
export const ACCOUNT_SLOWDOWN_MS = 60_000;

/**
 * An account locks for one address after `maxFailedLogins` failures from it (15 min, doubling up to an hour); an
 * address after 20 failures across accounts (doubling up to a day); and the account for addresses it never signed in
 * from after `maxFailedLogins` failures from any of them (1 minute, doubling up to 15): a crowd of addresses gets as
 * few guesses as one, while the owner's known addresses pass and a reset link ends the lock.
 */
export function adminThrottleRules(maxFailedLogins: number): SignInRules {
  return {
    pair: {
      limit: maxFailedLogins,
      windowMs: ADMIN_LOCKOUT_WINDOW_MS,
      firstLockMs: ADMIN_LOCKOUT_WINDOW_MS,
      maxLockMs: 3_600_000,
    },
    ip: {
      limit: ADMIN_MAX_FAILURES_PER_IP,
      windowMs: ADMIN_LOCKOUT_WINDOW_MS,
      firstLockMs: ADMIN_LOCKOUT_WINDOW_MS,
      maxLockMs: 24 * 3_600_000,
    },
    account: {
      limit: maxFailedLogins,
      windowMs: ADMIN_LOCKOUT_WINDOW_MS,
      firstLockMs: ACCOUNT_SLOWDOWN_MS,
      maxLockMs: ADMIN_LOCKOUT_WINDOW_MS,
    },
  };
}

export const ADMIN_AUTH_MESSAGES = {
  badCredentials: 'Invalid email or password',
  locked: 'Too many failed login attempts. Please try again later.',
  noSession: 'Authentication required',
  expired: 'Session expired or invalid. Please sign in again.',
  demoOff: 'Demo accounts are only available in demo mode',
} as const;

export class AdminLoginLockedError extends TooManyRequestsError {
  constructor(retryAfterSeconds: number) {
    super(ADMIN_AUTH_MESSAGES.locked, retryAfterSeconds);
  }
}

export class AdminInvalidCredentialsError extends UnauthorizedError {
  constructor() {
    super(ADMIN_AUTH_MESSAGES.badCredentials);
  }
}

export function toSessionUser(row: AdminUserRow): AdminSessionUser {
  const role = row.role as AdminRole;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role,
    permissions: [...permissionsOf(role)],
    description: ROLE_INFO[role].description,
  };
}

export interface AdminSessionGrant {
  token: string;
  user: AdminSessionUser;
  expiresAt: Date;
}

export interface AdminAuthOptions {
  demoMode: boolean;
}

type FailureReason = 'unknown_email' | 'bad_password' | 'inactive';

/**
 * Staff sign-in (admin realm). Tokens are random and stored only as SHA-256 hashes. Attempts are throttled per
 * account and address (settings.admin_max_failed_logins), per address (20 in 15 min) and per account from new
 * addresses before the password is checked (see signInChecks), refused with 429 and Retry-After; a lock tells the
 * owner by e-mail, whose way back in is a reset link (PasswordResetService). The answer
 * for an unknown e-mail, a wrong password and an inactive account is the same message after the same work.
 */
export class AdminAuthService implements AdminAuthenticator {
  constructor(
    private readonly repo: StaffSignInStore,
    private readonly throttle: LoginThrottle,
    private readonly users: AdminUsersService,
    private readonly settings: SettingsService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly options: AdminAuthOptions,
    private readonly resets: PasswordResetService,
  ) {}

  async login(email: string, password: string, meta: RequestMeta): Promise<AdminSessionGrant> {
    const now = this.clock.now();
    const settings = await this.settings.get();
    const ip = meta.ip ?? 'unknown';
    const attempt = await this.throttle.attempt(
      signInChecks(
        email,
        ip,
        adminThrottleRules(settings.admin_max_failed_logins),
        await this.repo.hasSignedInFrom(email, ip),
      ),
    );
    if (!attempt.admitted) {
      await this.audit.record({
        eventType: 'user_login',
        action: AUDIT_ACTIONS.loginLocked,
        actor: { id: null, email },
        details: {
          retry_after_seconds: attempt.retryAfterSeconds,
          account_failures: attempt.attempts.account ?? null,
          address_account_failures: attempt.attempts.pair ?? null,
          ip_failures: attempt.attempts.ip ?? null,
        },
        meta,
      });
      throw new AdminLoginLockedError(attempt.retryAfterSeconds);
    }

    const user = await this.repo.findUserByEmail(email);
    if (!user) {
      await verifyAgainstDummy(password);
      return this.fail(attempt, email, null, 'unknown_email', meta);
    }
    if (!(await verifyPassword(user.passwordHash, password)))
      return this.fail(attempt, email, user, 'bad_password', meta);
    if (!user.isActive) return this.fail(attempt, email, user, 'inactive', meta);

    await attempt.finish.succeeded();
    await this.repo.touchLastLogin(user.id, now);
    const token = newSessionToken();
    const expiresAt = new Date(now.getTime() + settings.admin_session_ttl_hours * 3_600_000);
    const sessionId = await this.repo.insertSession({
      userId: user.id,
      tokenHash: tokenHash(token),
      createdAt: now,
      expiresAt,
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
    await this.audit.record({
      eventType: 'user_login',
      action: AUDIT_ACTIONS.loginSucceeded,
      actor: { id: user.id, email: user.email },
      target: { type: 'admin_session', id: sessionId },
      details: { role: user.role },
      meta,
    });
    return { token, user: toSessionUser(user), expiresAt };
  }

  /** The staff member behind a bearer token: 401 when missing, unknown, revoked, expired or the account is inactive. */
  async authenticate(token: string | null): Promise<AdminPrincipal> {
    if (!token) throw new UnauthorizedError(ADMIN_AUTH_MESSAGES.noSession);
    const hash = tokenHash(token);
    const session = await this.repo.findActiveSession(hash, this.clock.now());
    if (!session) throw new UnauthorizedError(ADMIN_AUTH_MESSAGES.expired);
    return { user: toSessionUser(session.user), sessionId: session.sessionId, tokenHash: hash };
  }

  async logout(actor: AdminActor, meta: RequestMeta): Promise<void> {
    if (!actor.sessionId) return;
    await this.repo.revokeSession(actor.sessionId, this.clock.now());
    await this.audit.record({
      eventType: 'user_login',
      action: AUDIT_ACTIONS.logout,
      actor,
      target: { type: 'admin_session', id: actor.sessionId },
      meta,
    });
  }

  async countActiveSessions(): Promise<number> {
    return this.repo.countActiveSessions(this.clock.now());
  }

  /** The demo staff for the login page; 404 outside demo mode. */
  demoAccounts(): { defaultAccount: AdminDemoAccount; accounts: AdminDemoAccount[] } {
    if (!this.options.demoMode) throw new NotFoundError(ADMIN_AUTH_MESSAGES.demoOff);
    const view = (account: (typeof DEMO_STAFF)[number]): AdminDemoAccount => ({
      role: account.role,
      email: account.email,
      password: account.password,
      description: ROLE_INFO[account.role].description,
    });
    return { defaultAccount: view(demoAccountFor('super_admin')), accounts: DEMO_STAFF.map(view) };
  }

  /**
   * At start: in demo mode, seeds the demo staff (idempotent, flagged as demo); outside it, deactivates every
   * demo-flagged account and every account whose password is a published demo password (a database filled in demo
   * mode, restarted with DEMO_MODE=false, must not keep a super_admin anyone could sign in as, renamed or not).
   */
  async prepareDemoStaff(): Promise<{ created: number; deactivated: string[] }> {
    if (this.options.demoMode)
      return { created: await this.users.ensureDemoAccounts(DEMO_STAFF), deactivated: [] };
    return {
      created: 0,
      deactivated: await this.users.deactivateDemoAccounts(DEMO_STAFF.map((account) => account.password)),
    };
  }

  private async fail(
    attempt: AdmittedAttempt,
    email: string,
    user: AdminUserRow | null,
    reason: FailureReason,
    meta: RequestMeta,
  ): Promise<never> {
    const locked = await attempt.finish.failed();
    if (lockedOutOwner(locked)) await this.resets.notifyLockout(email, meta.ip ?? 'unknown');
    await this.audit.record({
      eventType: 'user_login',
      action: AUDIT_ACTIONS.loginFailed,
      actor: { id: user?.id ?? null, email },
      details: { reason },
      meta,
    });
    throw new AdminInvalidCredentialsError();
  }
}
