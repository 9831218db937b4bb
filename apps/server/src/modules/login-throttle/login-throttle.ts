import type { Clock } from '@/lib/clock';
import type { LoginThrottleRepository, ThrottleKey, ThrottleRealm } from './login-throttle.repository.ts';

/** How one kind of key (an account or an address) is throttled. */
export interface ThrottleRule {
  /** Failed attempts allowed inside the window; the attempt that reaches it is still checked. */
  limit: number;
  windowMs: number;
  /** The first lock; each further lock in a row doubles it, up to `maxLockMs`. */
  firstLockMs: number;
  maxLockMs: number;
}

/** A lock level is forgotten after a day without attempts. */
const FORGET_LEVEL_MS = 24 * 3_600_000;

export function lockDurationMs(rule: ThrottleRule, level: number): number {
  return Math.min(rule.maxLockMs, rule.firstLockMs * 2 ** Math.min(level, 30));
}

/** The attempt may go on to the password check; report its outcome with `failed` or `succeeded`. */
export interface AdmittedAttempt {
  admitted: true;
  /** Attempts counted for the account in its window, this one included. */
  accountAttempts: number;
  finish: { failed(): Promise<void>; succeeded(): Promise<void> };
}

export interface RefusedAttempt {
  admitted: false;
  retryAfterSeconds: number;
  accountAttempts: number;
  ipAttempts: number;
}

/**
 * Sign-in throttling per account and per address. An attempt is counted before its password is checked (one atomic
 * statement per key), so any number of simultaneous guesses get at most `limit` checks; the failure that reaches the
 * limit locks the key, and the next lock in a row lasts twice as long. While locked nothing is counted, so a burst
 * from many addresses buys the same first lock as a single guess would, and an address's own lock is separate from
 * the account's.
 */
export class LoginThrottle {
  constructor(
    private readonly repo: LoginThrottleRepository,
    private readonly clock: Clock,
    private readonly realm: ThrottleRealm,
  ) {}

  async attempt(
    account: string,
    ip: string,
    rules: { account: ThrottleRule; ip: ThrottleRule },
  ): Promise<AdmittedAttempt | RefusedAttempt> {
    const now = this.clock.now();
    const accountKey: ThrottleKey = { realm: this.realm, scope: 'account', key: account };
    const ipKey: ThrottleKey = { realm: this.realm, scope: 'ip', key: ip };
    const [a, i] = await Promise.all([
      this.repo.count(accountKey, now, rules.account.windowMs, FORGET_LEVEL_MS),
      this.repo.count(ipKey, now, rules.ip.windowMs, FORGET_LEVEL_MS),
    ]);
    const waitMs = (state: typeof a, rule: ThrottleRule) => {
      if (state.lockedUntil && state.lockedUntil > now) return state.lockedUntil.getTime() - now.getTime();
      // Over the limit while the attempt that reached it is still being checked: wait for its window.
      if (state.attempts > rule.limit)
        return Math.max(1_000, state.windowStartedAt.getTime() + rule.windowMs - now.getTime());
      return 0;
    };
    const wait = Math.max(waitMs(a, rules.account), waitMs(i, rules.ip));
    if (wait > 0)
      return {
        admitted: false,
        retryAfterSeconds: Math.ceil(wait / 1000),
        accountAttempts: a.attempts,
        ipAttempts: i.attempts,
      };
    return {
      admitted: true,
      accountAttempts: a.attempts,
      finish: {
        failed: async () => {
          const at = this.clock.now();
          if (a.attempts >= rules.account.limit)
            await this.repo.lock(accountKey, at, (level) => lockDurationMs(rules.account, level));
          if (i.attempts >= rules.ip.limit)
            await this.repo.lock(ipKey, at, (level) => lockDurationMs(rules.ip, level));
        },
        succeeded: async () => {
          await Promise.all([this.repo.clear(accountKey), this.repo.uncount(ipKey)]);
        },
      },
    };
  }

  /** Drops counters idle for a day. */
  async prune(): Promise<void> {
    await this.repo.prune(this.realm, new Date(this.clock.now().getTime() - FORGET_LEVEL_MS));
  }
}
