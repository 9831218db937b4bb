import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { customerSessions, customerUsers } from '@/db/schema/index';

export type CustomerUserRow = typeof customerUsers.$inferSelect;

export class AuthRepository {
  constructor(private readonly db: Db) {}

  async findUserByEmail(email: string): Promise<CustomerUserRow | undefined> {
    const rows = await this.db.select().from(customerUsers).where(eq(customerUsers.email, email)).limit(1);
    return rows[0];
  }

  /** Inserts a user; returns undefined when the e-mail is already taken (no exception for the race). */
  async insertUser(user: {
    email: string;
    name: string;
    passwordHash: string;
    createdByDemoLogin: boolean;
    privacyNoticeVersion?: string;
    privacyNoticeAcknowledgedAt?: Date;
    marketingConsentAt?: Date | null;
  }): Promise<CustomerUserRow | undefined> {
    const rows = await this.db
      .insert(customerUsers)
      .values(user)
      .onConflictDoNothing({ target: customerUsers.email })
      .returning();
    return rows[0];
  }

  /** Whether the investor with this e-mail ever opened a session from this address. */
  async hasSignedInFrom(email: string, ip: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: customerSessions.id })
      .from(customerSessions)
      .innerJoin(customerUsers, eq(customerUsers.id, customerSessions.userId))
      .where(and(eq(customerUsers.email, email), eq(customerSessions.ip, ip)))
      .limit(1);
    return rows.length > 0;
  }

  /** Sets a new password hash and revokes every live session of the investor, in one transaction. */
  async setPassword(
    userId: string,
    passwordHash: string,
    at: Date,
  ): Promise<{ email: string; revokedSessions: number } | undefined> {
    return this.db.transaction(async (tx) => {
      const [user] = await tx
        .update(customerUsers)
        .set({ passwordHash })
        .where(eq(customerUsers.id, userId))
        .returning({ email: customerUsers.email });
      if (!user) return undefined;
      const revoked = await tx
        .update(customerSessions)
        .set({ revokedAt: at })
        .where(and(eq(customerSessions.userId, userId), isNull(customerSessions.revokedAt)))
        .returning({ id: customerSessions.id });
      return { email: user.email, revokedSessions: revoked.length };
    });
  }

  /**
   * The investor's own password change: sets the hash and revokes every other live session (the one asking stays
   * signed in), in one transaction. Returns how many sessions ended.
   */
  async changePassword(
    userId: string,
    passwordHash: string,
    keepTokenHash: string,
    at: Date,
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
      await tx.update(customerUsers).set({ passwordHash }).where(eq(customerUsers.id, userId));
      const revoked = await tx
        .update(customerSessions)
        .set({ revokedAt: at })
        .where(
          and(
            eq(customerSessions.userId, userId),
            isNull(customerSessions.revokedAt),
            ne(customerSessions.tokenHash, keepTokenHash),
          ),
        )
        .returning({ id: customerSessions.id });
      return revoked.length;
    });
  }

  /** Gives (at `at`) or withdraws (null) the açık rıza for campaign e-mails. */
  async setMarketingConsent(userId: string, at: Date | null): Promise<CustomerUserRow | undefined> {
    const rows = await this.db
      .update(customerUsers)
      .set({ marketingConsentAt: at })
      .where(eq(customerUsers.id, userId))
      .returning();
    return rows[0];
  }

  async findUserById(userId: string): Promise<CustomerUserRow | undefined> {
    const rows = await this.db.select().from(customerUsers).where(eq(customerUsers.id, userId)).limit(1);
    return rows[0];
  }

  async touchLastLogin(userId: string, at: Date): Promise<void> {
    await this.db.update(customerUsers).set({ lastLoginAt: at }).where(eq(customerUsers.id, userId));
  }

  async insertSession(session: {
    userId: string;
    tokenHash: string;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
  }): Promise<void> {
    await this.db.insert(customerSessions).values(session);
  }

  /** The user of an unrevoked, unexpired session with this token hash. */
  async findActiveSession(
    tokenHash: string,
    now: Date,
  ): Promise<{ sessionId: string; expiresAt: Date; user: CustomerUserRow } | undefined> {
    const rows = await this.db
      .select({ sessionId: customerSessions.id, expiresAt: customerSessions.expiresAt, user: customerUsers })
      .from(customerSessions)
      .innerJoin(customerUsers, eq(customerUsers.id, customerSessions.userId))
      .where(
        and(
          eq(customerSessions.tokenHash, tokenHash),
          isNull(customerSessions.revokedAt),
          gt(customerSessions.expiresAt, now),
        ),
      )
      .limit(1);
    return rows[0];
  }

  async revokeSession(tokenHash: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(customerSessions)
      .set({ revokedAt: at })
      .where(and(eq(customerSessions.tokenHash, tokenHash), isNull(customerSessions.revokedAt)))
      .returning({ id: customerSessions.id });
    return rows.length > 0;
  }
}
