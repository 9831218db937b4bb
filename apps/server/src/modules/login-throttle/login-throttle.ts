import type { Clock } from '@/lib/clock';
import type {
  LoginThrottleRepository,
  ThrottleKey,
  ThrottleRealm,
  ThrottleScope,
  ThrottleState,
} from './login-throttle.repository.ts';

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

/** One key an attempt is counted against, its rule, and what a successful sign-in does to it. */
export interface ThrottleCheck {
  scope: ThrottleScope;
  key: string;
  rule: ThrottleRule;
  /** After a success: forget the key ('clear') or take this attempt back ('uncount': only failures count). */
  onSuccess: 'clear' | 'uncount';
}

/** The attempt may go on to the password check; report its outcome with `failed` or `succeeded`. */
export interface AdmittedAttempt {
  admitted: true;
  /** Attempts counted per scope in its window, this one included. */
  attempts: Partial<Record<ThrottleScope, number>>;
  finish: {
    /** Counts the failure; returns the scopes it locked (none while they were locked already). */
    failed(): Promise<ThrottleScope[]>;
    succeeded(): Promise<void>;
  };
}

export interface RefusedAttempt {
  admitted: false;
  retryAfterSeconds: number;
  attempts: Partial<Record<ThrottleScope, number>>;
}

/**
 * Attempt throttling over a list of keys (an address, an account and address pair, an account). An attempt is
 * counted before its password is checked (one atomic statement per key), so any number of simultaneous guesses get at
 * most `limit` checks per key; the failure that reaches a key's limit locks it, and its next lock in a row lasts twice
 * as long. While locked nothing is counted for that key, so a burst from many addresses buys the same first lock as a
 * single guess would.
 */
export class LoginThrottle {
  constructor(
    private readonly repo: LoginThrottleRepository,
    private readonly clock: Clock,
    private readonly realm: ThrottleRealm,
  ) {}

  /**
   * Counts the attempt against each key in order and stops at the first that refuses it: a locked address (first in
   * the list) adds nothing to the accounts it tries.
   */
  async attempt(checks: readonly ThrottleCheck[]): Promise<AdmittedAttempt | RefusedAttempt> {
    const now = this.clock.now();
    const keyOf = (c: ThrottleCheck): ThrottleKey => ({ realm: this.realm, scope: c.scope, key: c.key });
    const waitMs = (state: ThrottleState, rule: ThrottleRule) => {
      if (state.lockedUntil && state.lockedUntil > now) return state.lockedUntil.getTime() - now.getTime();
      // Over the limit while the attempt that reached it is still being checked: wait for its window.
      if (state.attempts > rule.limit)
        return Math.max(1_000, state.windowStartedAt.getTime() + rule.windowMs - now.getTime());
      return 0;
    };
    const states: ThrottleState[] = [];
    const attempts: Partial<Record<ThrottleScope, number>> = {};
    for (const c of checks) {
      const state = await this.repo.count(keyOf(c), now, c.rule.windowMs, FORGET_LEVEL_MS);
      states.push(state);
      attempts[c.scope] = state.attempts;
      const wait = waitMs(state, c.rule);
      if (wait > 0) return { admitted: false, retryAfterSeconds: Math.ceil(wait / 1000), attempts };
    }
    return {
      admitted: true,
      attempts,
      finish: {
        failed: async () => {
          const at = this.clock.now();
          const locked: ThrottleScope[] = [];
          for (const [i, c] of checks.entries()) {
            if (states[i]!.attempts < c.rule.limit) continue;
            if (await this.repo.lock(keyOf(c), at, (level) => lockDurationMs(c.rule, level)))
              locked.push(c.scope);
          }
          return locked;
        },
        succeeded: async () => {
          await Promise.all(
            checks.map((c) =>
              c.onSuccess === 'clear' ? this.repo.clear(keyOf(c)) : this.repo.uncount(keyOf(c)),
            ),
          );
        },
      },
    };
  }

  /** Counts one event against a key and says whether it is the first in its window (at most one per window). */
  async firstInWindow(scope: ThrottleScope, key: string, windowMs: number): Promise<boolean> {
    const state = await this.repo.count(
      { realm: this.realm, scope, key },
      this.clock.now(),
      windowMs,
      FORGET_LEVEL_MS,
    );
    return state.attempts === 1;
  }

  /** Forgets keys (an account's lock after its owner reset the password). */
  async release(keys: readonly { scope: ThrottleScope; key: string }[]): Promise<void> {
    await Promise.all(keys.map((k) => this.repo.clear({ realm: this.realm, ...k })));
  }

  /** Drops counters idle for a day. */
  async prune(): Promise<void> {
    await this.repo.prune(this.realm, new Date(this.clock.now().getTime() - FORGET_LEVEL_MS));
  }
}

/** The key of an account and address together (OWASP: throttle the pair, so one address cannot lock the owner). */
export function pairKey(account: string, ip: string): string {
  return `${account}\n${ip}`;
}

/** How sign-in is throttled in a realm: per account and address, per address, and per account for new addresses. */
export interface SignInRules {
  pair: ThrottleRule;
  ip: ThrottleRule;
  account: ThrottleRule;
}

/**
 * The keys of one sign-in attempt (OWASP's lock-out guidance): the account from this address (locks that address out
 * of that account only), the address (across accounts), and — only from an address the account has never signed in
 * from — the account as a whole, whose short locks slow a guessing crowd without keeping the owner out: the owner's
 * known addresses pass, and a password reset ends the lock.
 */
export function signInChecks(
  account: string,
  ip: string,
  rules: SignInRules,
  knownAddress: boolean,
): ThrottleCheck[] {
  return [
    { scope: 'ip', key: ip, rule: rules.ip, onSuccess: 'uncount' },
    { scope: 'pair', key: pairKey(account, ip), rule: rules.pair, onSuccess: 'clear' },
    ...(knownAddress
      ? []
      : [{ scope: 'account' as const, key: account, rule: rules.account, onSuccess: 'clear' as const }]),
  ];
}

/** A sign-in failure locked the account for this address or for new addresses: time to tell the owner. */
export function lockedOutOwner(locked: readonly ThrottleScope[]): boolean {
  return locked.includes('pair') || locked.includes('account');
}
