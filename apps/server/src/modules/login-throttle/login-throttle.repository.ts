import { and, eq, lt, sql } from 'drizzle-orm';
import { loginThrottle } from '@/db/schema/index';
import type { DbExecutor } from '@/db/executor';

/** Sign-in per realm, and each realm's password-reset requests. */
export type ThrottleRealm = 'customer' | 'admin' | 'customer_reset' | 'admin_reset';
/**
 * 'pair': an account from one address; 'ip': an address across accounts; 'account': an account from addresses it
 * has never signed in from; 'notice': the owner's lock-out e-mails.
 */
export type ThrottleScope = 'account' | 'ip' | 'pair' | 'notice';

export interface ThrottleKey {
  realm: ThrottleRealm;
  scope: ThrottleScope;
  key: string;
}

export interface ThrottleState {
  /** Attempts counted in the current window, this one included (unless the key is locked: then not counted). */
  attempts: number;
  windowStartedAt: Date;
  lockedUntil: Date | null;
  lockLevel: number;
}

const t = loginThrottle;
const whereKey = (k: ThrottleKey) => and(eq(t.realm, k.realm), eq(t.scope, k.scope), eq(t.key, k.key));

/** Sign-in throttle counters; every change is one statement, so concurrent attempts never read a stale count. */
export class LoginThrottleRepository {
  constructor(private readonly db: DbExecutor) {}

  /**
   * Counts an attempt and returns the key's state, in one statement: while locked nothing is counted; after a lock
   * or once the window has passed a new window starts at 1; the lock level is forgotten after `forgetLevelMs`
   * without attempts.
   */
  async count(k: ThrottleKey, now: Date, windowMs: number, forgetLevelMs: number): Promise<ThrottleState> {
    const windowStart = new Date(now.getTime() - windowMs);
    const forgetBefore = new Date(now.getTime() - forgetLevelMs);
    const locked = sql`(${t.lockedUntil} is not null and ${t.lockedUntil} > ${now})`;
    const fresh = sql`(${t.lockedUntil} is not null or ${t.windowStartedAt} <= ${windowStart})`;
    const [row] = await this.db
      .insert(t)
      .values({ ...k, attempts: 1, windowStartedAt: now, lockedUntil: null, lockLevel: 0, updatedAt: now })
      .onConflictDoUpdate({
        target: [t.realm, t.scope, t.key],
        set: {
          attempts: sql`case when ${locked} then ${t.attempts} when ${fresh} then 1 else ${t.attempts} + 1 end`,
          windowStartedAt: sql`case when ${locked} then ${t.windowStartedAt} when ${fresh} then ${now}::timestamptz else ${t.windowStartedAt} end`,
          lockedUntil: sql`case when ${locked} then ${t.lockedUntil} else null end`,
          lockLevel: sql`case when ${t.updatedAt} <= ${forgetBefore} then 0 else ${t.lockLevel} end`,
          updatedAt: now,
        },
      })
      .returning({
        attempts: t.attempts,
        windowStartedAt: t.windowStartedAt,
        lockedUntil: t.lockedUntil,
        lockLevel: t.lockLevel,
      });
    return row!;
  }

  /**
   * Locks the key until `now + lockMs(level)` and raises its level, unless it is already locked. Returns the lock's
   * end, or null when it was locked already.
   */
  async lock(k: ThrottleKey, now: Date, lockMs: (level: number) => number): Promise<Date | null> {
    const [row] = await this.db
      .select({ lockLevel: t.lockLevel, lockedUntil: t.lockedUntil })
      .from(t)
      .where(whereKey(k));
    if (!row || (row.lockedUntil && row.lockedUntil > now)) return null;
    const until = new Date(now.getTime() + lockMs(row.lockLevel));
    const updated = await this.db
      .update(t)
      .set({ lockedUntil: until, lockLevel: sql`${t.lockLevel} + 1`, updatedAt: now })
      .where(
        and(
          whereKey(k),
          eq(t.lockLevel, row.lockLevel),
          sql`(${t.lockedUntil} is null or ${t.lockedUntil} <= ${now})`,
        ),
      )
      .returning({ lockedUntil: t.lockedUntil });
    return updated[0]?.lockedUntil ?? null;
  }

  /** Forgets a key (an account after a successful sign-in). */
  async clear(k: ThrottleKey): Promise<void> {
    await this.db.delete(t).where(whereKey(k));
  }

  /** Takes one attempt back (an address after a successful sign-in: only failures count against it). */
  async uncount(k: ThrottleKey): Promise<void> {
    await this.db
      .update(t)
      .set({ attempts: sql`greatest(${t.attempts} - 1, 0)` })
      .where(whereKey(k));
  }

  /** Drops the realm's keys without attempts since `before` and not locked. */
  async prune(realm: ThrottleRealm, before: Date): Promise<void> {
    await this.db
      .delete(t)
      .where(
        and(
          eq(t.realm, realm),
          lt(t.updatedAt, before),
          sql`(${t.lockedUntil} is null or ${t.lockedUntil} < ${before})`,
        ),
      );
  }
}
