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
import type { AdminUsersService } from '@/modules/admin-users/admin-users.service';
import type { SettingsService } from '@/modules/settings/settings.service';
import type { AdminAuthRepository, AdminUserRow } from './admin-auth.repository.ts';
import { DEMO_STAFF, demoAccountFor } from './demo-staff.ts';

/** The first account lock, and the window over which failures per IP are counted. */
export const ADMIN_LOCKOUT_WINDOW_MS = 15 * 60_000;
/** Account failures are remembered this long (until a successful sign-in clears them) for the backoff. */
export const ADMIN_BACKOFF_HORIZON_MS = 24 * 3_600_000;
/** The longest account lock. */
export const ADMIN_MAX_LOCK_MS = 24 * 3_600_000;

/**
 * Exponential backoff per account: every `max` failures lock the account from the last failure for 15 min, then
 * 30 min, 1 h, … (capped at 24 h). Failures are not recorded while locked, so a locked count is a multiple of `max`;
 * after a lock expires the next `max` attempts are allowed again.
 */
export function accountLockMs(failures: number, max: number): number {
  if (failures < max || failures % max !== 0) return 0;
  return Math.min(ADMIN_MAX_LOCK_MS, ADMIN_LOCKOUT_WINDOW_MS * 2 ** (failures / max - 1));
}
/** Failures from one IP inside the window (across e-mails) before that address is locked out. */
export const ADMIN_MAX_FAILURES_PER_IP = 20;

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

/** Whole seconds from now until `untilMs`, 0 when it has passed. */
function secondsUntil(untilMs: number, now: Date): number {
  return Math.max(0, Math.ceil((untilMs - now.getTime()) / 1000));
}

type FailureReason = 'unknown_email' | 'bad_password' | 'inactive';

/**
 * Staff sign-in (admin realm). Tokens are random and stored only as SHA-256 hashes. Failures lock the account
 * (every settings.admin_max_failed_logins failures, with exponential backoff: see accountLockMs) and the address
 * (20 in 15 min) with 429 and Retry-After; the answer
 * for an unknown e-mail, a wrong password and an inactive account is the same message after the same work.
 */
export class AdminAuthService implements AdminAuthenticator {
  constructor(
    private readonly repo: AdminAuthRepository,
    private readonly users: AdminUsersService,
    private readonly settings: SettingsService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly options: AdminAuthOptions,
  ) {}

  async login(email: string, password: string, meta: RequestMeta): Promise<AdminSessionGrant> {
    const now = this.clock.now();
    const settings = await this.settings.get();
    const ip = meta.ip ?? 'unknown';
    const [byEmail, byIp] = await Promise.all([
      this.repo.countFailuresByEmail(email, new Date(now.getTime() - ADMIN_BACKOFF_HORIZON_MS)),
      this.repo.countFailuresByIp(ip, new Date(now.getTime() - ADMIN_LOCKOUT_WINDOW_MS)),
    ]);
    const accountLock = accountLockMs(byEmail.count, settings.admin_max_failed_logins);
    const retryAfter = Math.max(
      accountLock > 0 && byEmail.newest ? secondsUntil(byEmail.newest.getTime() + accountLock, now) : 0,
      byIp.count >= ADMIN_MAX_FAILURES_PER_IP && byIp.oldest
        ? secondsUntil(byIp.oldest.getTime() + ADMIN_LOCKOUT_WINDOW_MS, now)
        : 0,
    );
    if (retryAfter > 0) {
      await this.audit.record({
        eventType: 'user_login',
        action: AUDIT_ACTIONS.loginLocked,
        actor: { id: null, email },
        details: {
          retry_after_seconds: retryAfter,
          account_failures: byEmail.count,
          ip_failures: byIp.count,
        },
        meta,
      });
      throw new AdminLoginLockedError(retryAfter);
    }

    const user = await this.repo.findUserByEmail(email);
    if (!user) {
      await verifyAgainstDummy(password);
      return this.fail(email, ip, null, 'unknown_email', meta);
    }
    if (!(await verifyPassword(user.passwordHash, password)))
      return this.fail(email, ip, user, 'bad_password', meta);
    if (!user.isActive) return this.fail(email, ip, user, 'inactive', meta);

    if (byEmail.count > 0) await this.repo.clearLoginFailures(email);
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

  /** Seeds the demo staff in demo mode (idempotent); does nothing otherwise. Returns how many were created. */
  async seedDemoStaff(): Promise<number> {
    if (!this.options.demoMode) return 0;
    return this.users.ensureAccounts(DEMO_STAFF);
  }

  async pruneFailures(): Promise<void> {
    await this.repo.pruneLoginFailures(new Date(this.clock.now().getTime() - ADMIN_BACKOFF_HORIZON_MS));
  }

  private async fail(
    email: string,
    ip: string,
    user: AdminUserRow | null,
    reason: FailureReason,
    meta: RequestMeta,
  ): Promise<never> {
    await this.repo.recordLoginFailure(email, ip, this.clock.now());
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
