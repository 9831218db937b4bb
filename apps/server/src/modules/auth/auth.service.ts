import {
  PASSWORD_MIN_LENGTH,
  PRIVACY_NOTICE_VERSION,
  type Consents,
  type CustomerUser,
} from '@bist/contracts';
import type { Clock } from '@/lib/clock';
import { AppError, BadRequestError, TooManyRequestsError, UnauthorizedError } from '@/lib/errors';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '@/lib/passwords';
import { SingleFlight } from '@/lib/single-flight';
import { newSessionToken, tokenHash } from '@/lib/tokens';
import {
  lockedOutOwner,
  signInChecks,
  type LoginThrottle,
  type SignInRules,
} from '@/modules/login-throttle/login-throttle';
import type { AuthRepository, CustomerUserRow } from './auth.repository.ts';

/** Failed logins are counted over this window, and the first lock lasts as long. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
/** Failures for one e-mail inside the window before it is locked. */
export const LOGIN_MAX_FAILURES_PER_EMAIL = 10;
/** Failures from one IP inside the window (many e-mails from one address) before it is locked. */
export const LOGIN_MAX_FAILURES_PER_IP = 50;

/** As for staff (see adminThrottleRules): per account and address, per address, per account for new addresses. */
export const CUSTOMER_THROTTLE_RULES: SignInRules = {
  pair: {
    limit: LOGIN_MAX_FAILURES_PER_EMAIL,
    windowMs: LOGIN_FAILURE_WINDOW_MS,
    firstLockMs: LOGIN_FAILURE_WINDOW_MS,
    maxLockMs: 3_600_000,
  },
  ip: {
    limit: LOGIN_MAX_FAILURES_PER_IP,
    windowMs: LOGIN_FAILURE_WINDOW_MS,
    firstLockMs: LOGIN_FAILURE_WINDOW_MS,
    maxLockMs: 24 * 3_600_000,
  },
  account: {
    limit: LOGIN_MAX_FAILURES_PER_EMAIL,
    windowMs: LOGIN_FAILURE_WINDOW_MS,
    firstLockMs: 60_000,
    maxLockMs: LOGIN_FAILURE_WINDOW_MS,
  },
};

export const AUTH_MESSAGES = {
  badCredentials: 'E-posta veya şifre hatalı',
  tooManyAttempts: 'Çok fazla başarısız giriş denemesi. Lütfen daha sonra tekrar deneyin.',
  noSession: 'Oturum bulunamadı. Lütfen giriş yapın.',
  expired: 'Oturumunuzun süresi doldu veya geçersiz. Lütfen tekrar giriş yapın.',
  currentPasswordWrong: 'Mevcut şifreniz doğru değil',
  samePassword: 'Yeni şifre mevcut şifrenizden farklı olmalı',
  passwordChanged: 'Şifreniz değişti. Diğer cihazlardaki oturumlarınız kapatıldı.',
} as const;

/** A wrong current password on the investor's own password change: 403 naming the field. */
export class CurrentPasswordWrongError extends AppError {
  constructor() {
    super(403, AUTH_MESSAGES.currentPasswordWrong, 'current_password');
  }
}

/** What a registration agreed to (KVKK): the notice is always acknowledged; campaign e-mails only when chosen. */
export interface RegistrationConsents {
  marketing: boolean;
}

export interface SessionGrant {
  token: string;
  user: CustomerUser;
  expiresAt: Date;
}

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

export interface AuthServiceOptions {
  demoMode: boolean;
  sessionTtlHours: number;
  /** Called once for every investor account created (registration or a demo login's new account): BI's sign-ups. */
  onSignUp?: (userId: string) => Promise<void>;
  /** Called when failures lock an account (for an address, or for new addresses): the owner's notice. */
  onLockout?: (email: string, ip: string) => Promise<void>;
}

export function toCustomerUser(row: CustomerUserRow): CustomerUser {
  return { id: row.id, email: row.email, name: row.name, role: 'investor', avatar: row.avatarUrl };
}

function consentsOf(row: CustomerUserRow): Consents {
  return {
    privacy_notice_version: row.privacyNoticeVersion,
    privacy_notice_acknowledged_at: row.privacyNoticeAcknowledgedAt?.toISOString() ?? null,
    marketing_consent: row.marketingConsentAt !== null,
    marketing_consent_at: row.marketingConsentAt?.toISOString() ?? null,
  };
}

/** The spec's fallback name: the e-mail's part before '@'. */
export function nameFromEmail(email: string): string {
  return email.split('@')[0] ?? email;
}

/**
 * A validated session is trusted for this long without asking the database again. Logout in this process evicts
 * at once; another process sees a revocation within this time (several API processes behind a balancer).
 */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX_ENTRIES = 50_000;

export class AuthService {
  private readonly sessionCache = new Map<string, { user: CustomerUser; validUntilMs: number }>();
  /** Concurrent requests with the same token share one session lookup. */
  private readonly sessionLookups = new SingleFlight<string, { user: CustomerUser } | null>();
  constructor(
    private readonly repo: AuthRepository,
    private readonly throttle: LoginThrottle,
    private readonly clock: Clock,
    private readonly options: AuthServiceOptions,
  ) {}

  /**
   * Signs an investor in. A known e-mail needs its password. In demo mode an unknown e-mail creates an
   * investor with that password (the login page's 'any e-mail and password work'); otherwise it is a 401
   * that takes as long as a wrong password. Attempts are throttled per e-mail and per IP before the password is
   * checked (see LoginThrottle).
   */
  async login(email: string, password: string, meta: RequestMeta): Promise<SessionGrant> {
    const now = this.clock.now();
    const attempt = await this.throttle.attempt(
      signInChecks(email, meta.ip, CUSTOMER_THROTTLE_RULES, await this.repo.hasSignedInFrom(email, meta.ip)),
    );
    if (!attempt.admitted)
      throw new TooManyRequestsError(AUTH_MESSAGES.tooManyAttempts, attempt.retryAfterSeconds);

    let user = await this.repo.findUserByEmail(email);
    // A demo account needs what registration needs: a password of the minimum length.
    if (!user && this.options.demoMode && password.length >= PASSWORD_MIN_LENGTH) {
      user = await this.createUser(email, password, nameFromEmail(email), true);
      if (!user) user = await this.repo.findUserByEmail(email); // created concurrently: verify below
    }
    const passwordOk = user
      ? await verifyPassword(user.passwordHash, password)
      : await verifyAgainstDummy(password).then(() => false);
    if (!user || !passwordOk) {
      const locked = await attempt.finish.failed();
      if (lockedOutOwner(locked)) await this.options.onLockout?.(email, meta.ip);
      throw new UnauthorizedError(AUTH_MESSAGES.badCredentials);
    }
    await attempt.finish.succeeded();
    await this.repo.touchLastLogin(user.id, now);
    return this.grant(user, meta);
  }

  /**
   * Registers an investor. A taken e-mail changes nothing and is answered exactly like a new one (the password is
   * hashed either way, so the time taken tells nothing either): registration must not reveal who has an account.
   */
  async register(
    email: string,
    password: string,
    name: string | undefined,
    consents: RegistrationConsents = { marketing: false },
  ): Promise<void> {
    const now = this.clock.now();
    await this.createUser(email, password, name ?? nameFromEmail(email), false, {
      privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
      privacyNoticeAcknowledgedAt: now,
      marketingConsentAt: consents.marketing ? now : null,
    });
  }

  /** What the investor agreed to (the notice at registration; campaign e-mails while the açık rıza stands). */
  async consents(userId: string): Promise<Consents> {
    const user = await this.repo.findUserById(userId);
    if (!user) throw new UnauthorizedError(AUTH_MESSAGES.expired);
    return consentsOf(user);
  }

  /** Gives or withdraws the açık rıza for campaign e-mails (KVKK art. 5(1): as easy to withdraw as to give). */
  async setMarketingConsent(userId: string, consent: boolean): Promise<Consents> {
    const user = await this.repo.setMarketingConsent(userId, consent ? this.clock.now() : null);
    if (!user) throw new UnauthorizedError(AUTH_MESSAGES.expired);
    return consentsOf(user);
  }

  /**
   * The signed-in investor changes their password: the current one must verify (403 naming current_password
   * otherwise), the new one must differ; every other session ends, the one asking stays.
   */
  async changePassword(
    userId: string,
    keepTokenHash: string,
    currentPassword: string,
    newPassword: string,
  ): Promise<{ revokedSessions: number }> {
    const user = await this.repo.findUserById(userId);
    if (!user) throw new UnauthorizedError(AUTH_MESSAGES.expired);
    if (!(await verifyPassword(user.passwordHash, currentPassword))) throw new CurrentPasswordWrongError();
    if (currentPassword === newPassword)
      throw new BadRequestError(AUTH_MESSAGES.samePassword, 'new_password');
    const revokedSessions = await this.repo.changePassword(
      userId,
      await hashPassword(newPassword),
      keepTokenHash,
      this.clock.now(),
    );
    this.evictUser(userId);
    return { revokedSessions };
  }

  /** The investor behind a bearer token; 401 when it is missing, unknown, revoked or expired. */
  async authenticate(token: string | null): Promise<{ user: CustomerUser; tokenHash: string }> {
    if (!token) throw new UnauthorizedError(AUTH_MESSAGES.noSession);
    const hash = tokenHash(token);
    const now = this.clock.now().getTime();
    const cached = this.sessionCache.get(hash);
    if (cached && cached.validUntilMs > now) return { user: cached.user, tokenHash: hash };
    const found = await this.sessionLookups.run(hash, async () => {
      const askedAt = this.clock.now();
      const session = await this.repo.findActiveSession(hash, askedAt);
      if (!session) {
        this.sessionCache.delete(hash);
        return null;
      }
      const user = toCustomerUser(session.user);
      if (this.sessionCache.size >= SESSION_CACHE_MAX_ENTRIES) this.sessionCache.clear();
      this.sessionCache.set(hash, {
        user,
        validUntilMs: Math.min(askedAt.getTime() + SESSION_CACHE_MS, session.expiresAt.getTime()),
      });
      return { user };
    });
    if (!found) throw new UnauthorizedError(AUTH_MESSAGES.expired);
    const { user } = found;
    return { user, tokenHash: hash };
  }

  /** Revokes the session on the server; revoking twice is harmless. */
  async logout(hash: string): Promise<void> {
    this.sessionCache.delete(hash);
    await this.repo.revokeSession(hash, this.clock.now());
    // A lookup that was in flight while the session was revoked may have cached it again.
    this.sessionCache.delete(hash);
  }

  /** Forgets every cached session of an investor (their account was erased), so the next request asks the database. */
  evictUser(userId: string): void {
    for (const [hash, entry] of this.sessionCache)
      if (entry.user.id === userId) this.sessionCache.delete(hash);
  }

  private async createUser(
    email: string,
    password: string,
    name: string,
    demo: boolean,
    consents: {
      privacyNoticeVersion?: string;
      privacyNoticeAcknowledgedAt?: Date;
      marketingConsentAt?: Date | null;
    } = {},
  ) {
    const user = await this.repo.insertUser({
      email,
      name,
      passwordHash: await hashPassword(password),
      createdByDemoLogin: demo,
      ...consents,
    });
    // Only a new account is a sign-up (a taken e-mail inserts nothing).
    if (user) await this.options.onSignUp?.(user.id);
    return user;
  }

  private async grant(user: CustomerUserRow, meta: RequestMeta): Promise<SessionGrant> {
    const token = newSessionToken();
    const expiresAt = new Date(this.clock.now().getTime() + this.options.sessionTtlHours * 3_600_000);
    await this.repo.insertSession({
      userId: user.id,
      tokenHash: tokenHash(token),
      expiresAt,
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
    return { token, user: toCustomerUser(user), expiresAt };
  }
}
