import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import type { DbExecutor } from '@/db/executor';
import {
  adminAuditLog,
  analyticsEvents,
  analyticsSignups,
  complianceViolations,
  customerSessions,
  customerUsers,
  idempotencyKeys,
  kvkkRequests,
  loginThrottle,
  passwordResetTokens,
  payments,
  portfolioAccounts,
  portfolioTransactions,
  priceAlerts,
  subscriptionEvents,
  watchlistItems,
} from '@/db/schema/index';
import { redactText, type KvkkRequestRow } from './kvkk.ts';

export type CustomerUserRow = typeof customerUsers.$inferSelect;

/** What the erasure did, per table (row counts). */
export type ErasureCounts = Record<string, number>;

/** The placeholder that replaces an erased investor's e-mail in staff notes. */
export const ERASED_PLACEHOLDER = '[silinen kullanıcı]';

/** Reads and erases everything stored about one investor (KVKK); records their requests. */
export class PrivacyRepository {
  constructor(private readonly db: Db) {}

  async findUser(userId: string): Promise<CustomerUserRow | undefined> {
    const [row] = await this.db.select().from(customerUsers).where(eq(customerUsers.id, userId)).limit(1);
    return row;
  }

  async insertRequest(row: {
    type: 'access' | 'erasure';
    reference: string;
    userId: string;
    requestedAt: Date;
    deadlineAt: Date;
  }): Promise<KvkkRequestRow> {
    const [inserted] = await this.db
      .insert(kvkkRequests)
      .values({ ...row, status: 'received' })
      .returning();
    if (!inserted) throw new Error('kvkk request insert returned no row');
    return inserted;
  }

  async completeRequest(
    id: string,
    completedAt: Date,
    details: Record<string, unknown>,
    executor: DbExecutor = this.db,
  ): Promise<void> {
    await executor
      .update(kvkkRequests)
      .set({ status: 'completed', completedAt, details })
      .where(eq(kvkkRequests.id, id));
  }

  /** Requests newest first, with the subject's e-mail while the request is still linked to an account. */
  async listRequests(type: string | undefined): Promise<{ row: KvkkRequestRow; email: string | null }[]> {
    const rows = await this.db
      .select({ row: kvkkRequests, email: customerUsers.email })
      .from(kvkkRequests)
      .leftJoin(customerUsers, eq(customerUsers.id, kvkkRequests.userId))
      .where(type ? eq(kvkkRequests.type, type) : undefined)
      .orderBy(desc(kvkkRequests.requestedAt), desc(kvkkRequests.id));
    return rows.map((r) => ({ row: r.row, email: r.email ?? null }));
  }

  /** Everything stored about the investor, table by table (what `KVKK_TABLES` lists). */
  async collect(userId: string) {
    const db = this.db;
    const sessions = await db
      .select({
        createdAt: customerSessions.createdAt,
        expiresAt: customerSessions.expiresAt,
        revokedAt: customerSessions.revokedAt,
      })
      .from(customerSessions)
      .where(eq(customerSessions.userId, userId))
      .orderBy(asc(customerSessions.createdAt));
    const [account] = await db.select().from(portfolioAccounts).where(eq(portfolioAccounts.userId, userId));
    const transactions = await db
      .select()
      .from(portfolioTransactions)
      .where(eq(portfolioTransactions.userId, userId))
      .orderBy(asc(portfolioTransactions.tradeDate), asc(portfolioTransactions.id));
    const watchlist = await db
      .select()
      .from(watchlistItems)
      .where(eq(watchlistItems.userId, userId))
      .orderBy(asc(watchlistItems.createdAt));
    const alerts = await db
      .select()
      .from(priceAlerts)
      .where(eq(priceAlerts.userId, userId))
      .orderBy(asc(priceAlerts.createdAt), asc(priceAlerts.id));
    const events = await db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.userId, userId))
      .orderBy(asc(analyticsEvents.occurredAt), asc(analyticsEvents.id));
    const signups = await db.select().from(analyticsSignups).where(eq(analyticsSignups.userId, userId));
    const subscriptions = await db
      .select()
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.userId, userId))
      .orderBy(asc(subscriptionEvents.occurredAt), asc(subscriptionEvents.id));
    const paid = await db
      .select()
      .from(payments)
      .where(eq(payments.userId, userId))
      .orderBy(asc(payments.occurredAt), asc(payments.id));
    const requests = await db
      .select()
      .from(kvkkRequests)
      .where(eq(kvkkRequests.userId, userId))
      .orderBy(asc(kvkkRequests.requestedAt));
    const audit = await db
      .select()
      .from(adminAuditLog)
      .where(or(eq(adminAuditLog.userId, userId), eq(adminAuditLog.entityId, userId)))
      .orderBy(asc(adminAuditLog.id));
    return {
      sessions,
      account,
      transactions,
      watchlist,
      alerts,
      events,
      signup: signups[0],
      subscriptions,
      payments: paid,
      requests,
      audit,
    };
  }

  /**
   * Erases the investor in one transaction. The ledger rows kept for legal retention (trades, cash movements,
   * subscription events, payments, the sign-up) and the surveillance records are moved to `pseudonymId`, a new random
   * id held by an 'erased' account row that can never sign in; no mapping from the old id is kept. Then the
   * investor's row is deleted, which deletes their sessions, watchlist and price alerts with it (foreign keys).
   */
  async erase(
    user: CustomerUserRow,
    pseudonymId: string,
    requestId: string,
    completedAt: Date,
    extraDetails: Record<string, unknown>,
  ): Promise<ErasureCounts> {
    return this.db.transaction(async (tx) => {
      const counts: ErasureCounts = {};
      const n = (result: { rowCount?: number | null } | unknown[]): number =>
        Array.isArray(result) ? result.length : (result.rowCount ?? 0);
      const id = user.id;
      await tx.insert(customerUsers).values({
        id: pseudonymId,
        // Unique and unusable: '.invalid' is reserved (RFC 2606) and '!' is no password hash.
        email: `erased-${pseudonymId}@kvkk.invalid`,
        name: 'Silinmiş hesap',
        passwordHash: '!',
        role: 'erased',
        createdAt: user.createdAt,
      });
      counts.customer_sessions = n(
        await tx
          .delete(customerSessions)
          .where(eq(customerSessions.userId, id))
          .returning({ id: customerSessions.id }),
      );
      counts.watchlist_items = n(
        await tx
          .delete(watchlistItems)
          .where(eq(watchlistItems.userId, id))
          .returning({ s: watchlistItems.symbol }),
      );
      counts.price_alerts = n(
        await tx.delete(priceAlerts).where(eq(priceAlerts.userId, id)).returning({ id: priceAlerts.id }),
      );
      counts.portfolio_demo_rows_deleted = n(
        await tx
          .delete(portfolioTransactions)
          .where(and(eq(portfolioTransactions.userId, id), eq(portfolioTransactions.isDemo, true)))
          .returning({ id: portfolioTransactions.id }),
      );
      counts.portfolio_accounts = n(
        await tx
          .update(portfolioAccounts)
          .set({ userId: pseudonymId })
          .where(eq(portfolioAccounts.userId, id))
          .returning({ id: portfolioAccounts.userId }),
      );
      counts.portfolio_transactions = n(
        await tx
          .update(portfolioTransactions)
          .set({ userId: pseudonymId })
          .where(eq(portfolioTransactions.userId, id))
          .returning({ id: portfolioTransactions.id }),
      );
      counts.subscription_events = n(
        await tx
          .update(subscriptionEvents)
          .set({ userId: pseudonymId })
          .where(eq(subscriptionEvents.userId, id))
          .returning({ id: subscriptionEvents.id }),
      );
      counts.payments = n(
        await tx
          .update(payments)
          .set({ userId: pseudonymId })
          .where(eq(payments.userId, id))
          .returning({ id: payments.id }),
      );
      counts.analytics_signups = n(
        await tx
          .update(analyticsSignups)
          .set({ userId: pseudonymId })
          .where(eq(analyticsSignups.userId, id))
          .returning({ id: analyticsSignups.userId }),
      );
      counts.analytics_events = n(
        await tx
          .update(analyticsEvents)
          .set({ userId: null })
          .where(eq(analyticsEvents.userId, id))
          .returning({ id: analyticsEvents.id }),
      );
      counts.login_throttle = n(
        await tx
          .delete(loginThrottle)
          .where(
            and(
              or(eq(loginThrottle.realm, 'customer'), eq(loginThrottle.realm, 'customer_reset')),
              or(
                eq(sql`lower(${loginThrottle.key})`, user.email.toLowerCase()),
                // account × address keys: the e-mail, a newline, the address
                eq(
                  sql`left(lower(${loginThrottle.key}), ${user.email.length + 1})`,
                  `${user.email.toLowerCase()}\n`,
                ),
              ),
            ),
          )
          .returning({ key: loginThrottle.key }),
      );
      counts.password_reset_tokens = n(
        await tx
          .delete(passwordResetTokens)
          .where(and(eq(passwordResetTokens.realm, 'customer'), eq(passwordResetTokens.userId, id)))
          .returning({ id: passwordResetTokens.id }),
      );
      counts.idempotency_keys = n(
        await tx
          .delete(idempotencyKeys)
          .where(eq(idempotencyKeys.ownerId, id))
          .returning({ key: idempotencyKeys.key }),
      );
      counts.compliance_violations = await this.pseudonymiseViolations(tx, user, pseudonymId);
      counts.kvkk_requests = n(
        await tx
          .update(kvkkRequests)
          .set({ userId: null })
          .where(eq(kvkkRequests.userId, id))
          .returning({ id: kvkkRequests.id }),
      );
      counts.customer_users = n(
        await tx.delete(customerUsers).where(eq(customerUsers.id, id)).returning({ id: customerUsers.id }),
      );
      await this.completeRequest(requestId, completedAt, { ...extraDetails, ...counts }, tx);
      return counts;
    });
  }

  /** Investor-rule violations: re-keyed to the pseudonym; the e-mail removed from staff notes and history. */
  private async pseudonymiseViolations(
    tx: DbExecutor,
    user: CustomerUserRow,
    pseudonymId: string,
  ): Promise<number> {
    const rows = await tx
      .select()
      .from(complianceViolations)
      .where(
        or(
          and(eq(complianceViolations.entityType, 'investor'), eq(complianceViolations.entityId, user.id)),
          sql`${complianceViolations.history}::text ilike ${`%${user.email}%`}`,
          sql`${complianceViolations.resolutionNotes} ilike ${`%${user.email}%`}`,
          sql`${complianceViolations.evidence}::text like ${`%${user.id}%`}`,
        ),
      );
    for (const row of rows) {
      const swap = (text: string) =>
        redactText(redactText(text, user.email, ERASED_PLACEHOLDER), user.id, pseudonymId);
      await tx
        .update(complianceViolations)
        .set({
          entityId: row.entityId === user.id ? pseudonymId : row.entityId,
          evidence: JSON.parse(swap(JSON.stringify(row.evidence))) as unknown,
          history: JSON.parse(swap(JSON.stringify(row.history))) as unknown,
          resolutionNotes: row.resolutionNotes === null ? null : swap(row.resolutionNotes),
          assignedTo: row.assignedTo === null ? null : swap(row.assignedTo),
        })
        .where(eq(complianceViolations.id, row.id));
    }
    return rows.length;
  }

  /** Audit entries that still carry the e-mail (e.g. typed into the staff sign-in): kept, counted in the request. */
  async auditEntriesWithEmail(email: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(adminAuditLog)
      .where(
        or(
          eq(sql`lower(${adminAuditLog.userEmail})`, email.toLowerCase()),
          sql`coalesce(${adminAuditLog.details}::text, '') ilike ${`%${email}%`}`,
          sql`coalesce(${adminAuditLog.before}::text, '') ilike ${`%${email}%`}`,
          sql`coalesce(${adminAuditLog.after}::text, '') ilike ${`%${email}%`}`,
        ),
      );
    return row?.n ?? 0;
  }
}
