import { and, count, eq, gt, isNull, lt, max, min } from 'drizzle-orm';
import { adminLoginFailures, adminSessions, adminUsers } from '@/db/schema/index';
import type { DbExecutor } from '@/db/executor';

export type AdminUserRow = typeof adminUsers.$inferSelect;

export interface FailureCount {
  count: number;
  /** The oldest and the newest failure inside the window, when there is one. */
  oldest: Date | null;
  newest: Date | null;
}

/** Staff sessions and sign-in failures. */
export class AdminAuthRepository {
  constructor(private readonly db: DbExecutor) {}

  async findUserByEmail(email: string): Promise<AdminUserRow | undefined> {
    const rows = await this.db.select().from(adminUsers).where(eq(adminUsers.email, email)).limit(1);
    return rows[0];
  }

  async touchLastLogin(userId: string, at: Date): Promise<void> {
    await this.db.update(adminUsers).set({ lastLoginAt: at }).where(eq(adminUsers.id, userId));
  }

  async insertSession(session: {
    userId: string;
    tokenHash: string;
    createdAt: Date;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
  }): Promise<string> {
    const [row] = await this.db.insert(adminSessions).values(session).returning({ id: adminSessions.id });
    if (!row) throw new Error('session insert returned no row');
    return row.id;
  }

  /** The active staff member of an unrevoked, unexpired session with this token hash. */
  async findActiveSession(
    tokenHash: string,
    now: Date,
  ): Promise<{ sessionId: string; user: AdminUserRow } | undefined> {
    const rows = await this.db
      .select({ sessionId: adminSessions.id, user: adminUsers })
      .from(adminSessions)
      .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.userId))
      .where(
        and(
          eq(adminSessions.tokenHash, tokenHash),
          isNull(adminSessions.revokedAt),
          gt(adminSessions.expiresAt, now),
          eq(adminUsers.isActive, true),
        ),
      )
      .limit(1);
    return rows[0];
  }

  async revokeSession(sessionId: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(adminSessions)
      .set({ revokedAt: at })
      .where(and(eq(adminSessions.id, sessionId), isNull(adminSessions.revokedAt)))
      .returning({ id: adminSessions.id });
    return rows.length > 0;
  }

  /** Sessions that still work: unrevoked, unexpired, of an active staff member. */
  async countActiveSessions(now: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(adminSessions)
      .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.userId))
      .where(
        and(isNull(adminSessions.revokedAt), gt(adminSessions.expiresAt, now), eq(adminUsers.isActive, true)),
      );
    return row?.n ?? 0;
  }

  async recordLoginFailure(email: string, ip: string, at: Date): Promise<void> {
    await this.db.insert(adminLoginFailures).values({ email, ip, at });
  }

  async countFailuresByEmail(email: string, since: Date): Promise<FailureCount> {
    const [row] = await this.db
      .select({ n: count(), oldest: min(adminLoginFailures.at), newest: max(adminLoginFailures.at) })
      .from(adminLoginFailures)
      .where(and(eq(adminLoginFailures.email, email), gt(adminLoginFailures.at, since)));
    return {
      count: row?.n ?? 0,
      oldest: row?.oldest ? new Date(row.oldest) : null,
      newest: row?.newest ? new Date(row.newest) : null,
    };
  }

  async countFailuresByIp(ip: string, since: Date): Promise<FailureCount> {
    const [row] = await this.db
      .select({ n: count(), oldest: min(adminLoginFailures.at), newest: max(adminLoginFailures.at) })
      .from(adminLoginFailures)
      .where(and(eq(adminLoginFailures.ip, ip), gt(adminLoginFailures.at, since)));
    return {
      count: row?.n ?? 0,
      oldest: row?.oldest ? new Date(row.oldest) : null,
      newest: row?.newest ? new Date(row.newest) : null,
    };
  }

  async clearLoginFailures(email: string): Promise<void> {
    await this.db.delete(adminLoginFailures).where(eq(adminLoginFailures.email, email));
  }

  /** Forgets failures older than the window so the table stays small. */
  async pruneLoginFailures(before: Date): Promise<void> {
    await this.db.delete(adminLoginFailures).where(lt(adminLoginFailures.at, before));
  }
}
