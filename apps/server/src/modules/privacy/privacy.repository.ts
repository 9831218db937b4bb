import { and, asc, desc, eq, inArray, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { DbExecutor } from '@/db/executor';
import { rewriteJson } from '@/lib/rewrite-json';
import {
  adminAuditLog,
  adminUsers,
  analyticsEvents,
  analyticsSignups,
  complianceAlerts,
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
  splitOfferDismissals,
  subscriptionEvents,
  watchlistItems,
} from '@/db/schema/index';
import type { KvkkRequestRow } from './kvkk.ts';

export type CustomerUserRow = typeof customerUsers.$inferSelect;

/** What the erasure did, per table (row counts). */
export type ErasureCounts = Record<string, number>;

/** What the erasure changed in the surveillance records, for the audit redaction that follows it. */
export interface ErasedReferences {
  counts: ErasureCounts;
  violationIds: string[];
  alertIds: string[];
}

/** Text (or JSON as text) of any of `columns` contains `needle`, case-insensitive and literally. */
function mentions(columns: SQLWrapper[], needle: string) {
  const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`concat_ws(' ', ${sql.join(columns, sql`, `)}) ilike ${pattern}`;
}

/** Reads and erases everything stored about one investor (KVKK); records their requests. */
/** A request id as stored (anything else never names a request). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class PrivacyRepository {
  constructor(private readonly db: DbExecutor) {}

  /** Runs `work` in one transaction with a repository bound to it (the erasure and its audit redaction together). */
  transaction<T>(work: (repo: PrivacyRepository, tx: DbExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new PrivacyRepository(tx), tx));
  }

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
    const splitDismissals = await db
      .select()
      .from(splitOfferDismissals)
      .where(eq(splitOfferDismissals.userId, userId))
      .orderBy(asc(splitOfferDismissals.createdAt), asc(splitOfferDismissals.symbol));
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
      splitDismissals,
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
   * Erases the investor; call it inside `transaction` (the audit redaction joins the same transaction). The ledger
   * rows kept for legal retention (trades, cash movements, subscription events, payments, the sign-up) and the
   * surveillance records are moved to `pseudonymId`, a new random id held by an 'erased' account row that can never
   * sign in; no mapping from the old id is kept. The free-text notes of their own trades are erased; staff text about
   * them (violations, alerts) gets `rewrite` (e-mail and name → placeholder, id → pseudonym). Then the investor's row
   * is deleted, which deletes their sessions, watchlist and price alerts with it (foreign keys).
   */
  async erase(
    user: CustomerUserRow,
    pseudonymId: string,
    rewrite: (text: string) => string,
  ): Promise<ErasedReferences> {
    const tx = this.db;
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
    counts.split_offer_dismissals = n(
      await tx
        .delete(splitOfferDismissals)
        .where(eq(splitOfferDismissals.userId, id))
        .returning({ s: splitOfferDismissals.symbol }),
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
        .set({ userId: pseudonymId, note: null })
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
    const email = user.email.toLowerCase();
    counts.login_throttle = n(
      await tx
        .delete(loginThrottle)
        .where(
          and(
            or(
              eq(sql`lower(${loginThrottle.key})`, email),
              // account × address keys: the e-mail, a newline, the address
              eq(sql`left(lower(${loginThrottle.key}), ${email.length + 1})`, `${email}\n`),
            ),
            // The e-mail typed into the staff sign-in too, unless it is a staff account's own (its lock stays).
            or(
              inArray(loginThrottle.realm, ['customer', 'customer_reset']),
              sql`not exists (select 1 from ${adminUsers} where lower(${adminUsers.email}) = ${email})`,
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
    const violationIds = await this.pseudonymiseViolations(user, pseudonymId, rewrite);
    counts.compliance_violations = violationIds.length;
    const alertIds = await this.pseudonymiseAlerts(user, violationIds, rewrite);
    counts.compliance_alerts = alertIds.length;
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
    return { counts, violationIds, alertIds };
  }

  /**
   * Investor-rule violations about them, or any violation naming their e-mail or id: re-keyed to the pseudonym, every
   * text field rewritten. Returns the ids of the rows changed.
   */
  private async pseudonymiseViolations(
    user: CustomerUserRow,
    pseudonymId: string,
    rewrite: (text: string) => string,
  ): Promise<string[]> {
    const v = complianceViolations;
    const text = [
      v.entityId,
      v.description,
      sql`${v.evidence}::text`,
      sql`${v.history}::text`,
      v.assignedTo,
      v.resolutionNotes,
    ];
    const rows = await this.db
      .select()
      .from(v)
      .where(
        or(
          and(eq(v.entityType, 'investor'), eq(v.entityId, user.id)),
          mentions(text, user.email),
          mentions(text, user.id),
        ),
      );
    for (const row of rows) {
      await this.db
        .update(v)
        .set({
          entityId: row.entityId === user.id ? pseudonymId : rewrite(row.entityId),
          description: rewrite(row.description),
          evidence: rewriteJson(row.evidence, rewrite),
          history: rewriteJson(row.history, rewrite),
          resolutionNotes: row.resolutionNotes === null ? null : rewrite(row.resolutionNotes),
          assignedTo: row.assignedTo === null ? null : rewrite(row.assignedTo),
        })
        .where(eq(v.id, row.id));
    }
    return rows.map((row) => row.id);
  }

  /** Alerts of those violations, or naming their e-mail or id (a title carries the entity id): text rewritten. */
  private async pseudonymiseAlerts(
    user: CustomerUserRow,
    violationIds: readonly string[],
    rewrite: (text: string) => string,
  ): Promise<string[]> {
    const a = complianceAlerts;
    const text = [a.title, a.description, a.acknowledgedBy];
    const linked = violationIds.length > 0 ? [inArray(a.violationId, [...violationIds])] : [];
    const rows = await this.db
      .select()
      .from(a)
      .where(or(...linked, mentions(text, user.email), mentions(text, user.id)));
    for (const row of rows) {
      await this.db
        .update(a)
        .set({
          title: rewrite(row.title),
          description: rewrite(row.description),
          acknowledgedBy: row.acknowledgedBy === null ? null : rewrite(row.acknowledgedBy),
        })
        .where(eq(a.id, row.id));
    }
    return rows.map((row) => row.id);
  }

  /** The living investor behind each of these KVKK requests (an erased one is no longer linked). */
  async investorsOfKvkkRequests(
    requestIds: readonly string[],
  ): Promise<Map<string, { name: string; email: string }>> {
    const ids = [...new Set(requestIds)].filter((id) => UUID.test(id));
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ requestId: kvkkRequests.id, name: customerUsers.name, email: customerUsers.email })
      .from(kvkkRequests)
      .innerJoin(customerUsers, eq(customerUsers.id, kvkkRequests.userId))
      .where(inArray(kvkkRequests.id, ids));
    return new Map(rows.map((r) => [r.requestId, { name: r.name, email: r.email }]));
  }
}
