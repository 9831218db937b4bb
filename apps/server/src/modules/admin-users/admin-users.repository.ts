import { and, asc, count, eq, gt, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { adminSessions, adminUsers } from '@/db/schema/index';
import type { DbExecutor } from '@/db/executor';

export type AdminUserRow = typeof adminUsers.$inferSelect;

export interface AdminUserFilter {
  search?: string | undefined;
  role?: string | undefined;
  isActive?: boolean | undefined;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Serialises staff changes across processes: the last-super_admin rule reads and writes under it. */
const USERS_LOCK_KEY = 7_261_001;

export class AdminUsersRepository {
  constructor(private readonly db: DbExecutor) {}

  /** Runs `fn` in a transaction holding the staff-changes lock, with a repository bound to that transaction. */
  async transaction<T>(fn: (repo: AdminUsersRepository, tx: DbExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${USERS_LOCK_KEY})`);
      return fn(new AdminUsersRepository(tx), tx);
    });
  }

  async list(filter: AdminUserFilter): Promise<AdminUserRow[]> {
    const conditions: SQL[] = [];
    if (filter.search) {
      const pattern = `%${escapeLike(filter.search)}%`;
      const match = or(ilike(adminUsers.name, pattern), ilike(adminUsers.email, pattern));
      if (match) conditions.push(match);
    }
    if (filter.role) conditions.push(eq(adminUsers.role, filter.role));
    if (filter.isActive !== undefined) conditions.push(eq(adminUsers.isActive, filter.isActive));
    return this.db
      .select()
      .from(adminUsers)
      .where(conditions.length > 0 ? and(...conditions) : undefined)
      .orderBy(asc(adminUsers.createdAt), asc(adminUsers.email));
  }

  async findById(id: string): Promise<AdminUserRow | undefined> {
    const rows = await this.db.select().from(adminUsers).where(eq(adminUsers.id, id)).limit(1);
    return rows[0];
  }

  async findByEmail(email: string): Promise<AdminUserRow | undefined> {
    const rows = await this.db.select().from(adminUsers).where(eq(adminUsers.email, email)).limit(1);
    return rows[0];
  }

  async emailTakenByOther(email: string, id: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .where(and(eq(adminUsers.email, email), ne(adminUsers.id, id)))
      .limit(1);
    return rows.length > 0;
  }

  /** Inserts a staff member; undefined when the e-mail is taken. */
  async insert(user: {
    name: string;
    email: string;
    role: string;
    passwordHash: string;
    isActive: boolean;
    /** Seeded by demo mode with a published password. */
    isDemo?: boolean;
    createdAt: Date;
  }): Promise<AdminUserRow | undefined> {
    const rows = await this.db
      .insert(adminUsers)
      .values({ ...user, updatedAt: user.createdAt })
      .onConflictDoNothing({ target: adminUsers.email })
      .returning();
    return rows[0];
  }

  async update(
    id: string,
    changes: Partial<Pick<AdminUserRow, 'name' | 'email' | 'role' | 'passwordHash' | 'isActive'>> & {
      updatedAt: Date;
    },
  ): Promise<AdminUserRow | undefined> {
    const rows = await this.db.update(adminUsers).set(changes).where(eq(adminUsers.id, id)).returning();
    return rows[0];
  }

  async delete(id: string): Promise<boolean> {
    const rows = await this.db
      .delete(adminUsers)
      .where(eq(adminUsers.id, id))
      .returning({ id: adminUsers.id });
    return rows.length > 0;
  }

  async countActiveWithRole(role: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(adminUsers)
      .where(and(eq(adminUsers.role, role), eq(adminUsers.isActive, true)));
    return row?.n ?? 0;
  }

  async countByRole(): Promise<{ role: string; count: number }[]> {
    return this.db
      .select({ role: adminUsers.role, count: count() })
      .from(adminUsers)
      .groupBy(adminUsers.role);
  }

  /** Revokes a staff member's live sessions, except `keepSessionId` (the caller's own). */
  async revokeSessions(userId: string, at: Date, keepSessionId?: string): Promise<number> {
    const conditions = [
      eq(adminSessions.userId, userId),
      isNull(adminSessions.revokedAt),
      gt(adminSessions.expiresAt, at),
    ];
    if (keepSessionId) conditions.push(ne(adminSessions.id, keepSessionId));
    const rows = await this.db
      .update(adminSessions)
      .set({ revokedAt: at })
      .where(and(...conditions))
      .returning({ id: adminSessions.id });
    return rows.length;
  }
}
