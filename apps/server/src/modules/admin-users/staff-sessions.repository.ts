import { and, count, eq, gt, isNull } from 'drizzle-orm';
import { adminSessions, adminUsers } from '@/db/schema/index';
import type { DbExecutor } from '@/db/executor';

import type { AdminUserRow } from './admin-users.repository.ts';

/**
 * Staff accounts as sign-in sees them, and their sessions: the admin-users module owns both tables; the sign-in flow
 * (modules/admin-auth) reaches them through the `StaffSignInStore` port this class implements.
 */
export class StaffSessionsRepository {
  constructor(private readonly db: DbExecutor) {}

  async findUserByEmail(email: string): Promise<AdminUserRow | undefined> {
    const rows = await this.db.select().from(adminUsers).where(eq(adminUsers.email, email)).limit(1);
    return rows[0];
  }

  /** Whether the staff member with this e-mail ever opened a session from this address. */
  async hasSignedInFrom(email: string, ip: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: adminSessions.id })
      .from(adminSessions)
      .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.userId))
      .where(and(eq(adminUsers.email, email), eq(adminSessions.ip, ip)))
      .limit(1);
    return rows.length > 0;
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
}
