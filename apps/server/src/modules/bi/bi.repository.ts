import { and, asc, count, desc, eq, gte, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/executor';
import {
  analyticsEvents,
  idempotencyKeys,
  analyticsSalts,
  analyticsSignups,
  payments,
  requestMetrics,
  subscriptionEvents,
} from '@/db/schema/index';
import { LATENCY_BUCKET_COUNT } from '@/lib/latency-histogram';
import type { RequestCounters, RequestSeries } from '@/plugins/request-metrics';

/** Where a product row comes from: the labelled demo seed or real activity. */
export type RowSource = 'demo' | 'live';

export interface EventRow {
  occurredAt: Date;
  eventType: string;
  page: string | null;
  visitorKey: string;
  sessionKey: string;
  userId: string | null;
  source: RowSource;
}

export interface SubscriptionEventRow {
  userId: string;
  occurredAt: Date;
  kind: 'start' | 'upgrade' | 'downgrade' | 'cancel' | 'renew';
  planId: string;
  billingInterval: string;
  mrrKurus: number;
  source: RowSource;
}

export interface PaymentRow {
  userId: string;
  occurredAt: Date;
  kind: 'charge' | 'refund';
  planId: string;
  amountKurus: number;
  taxKurus: number;
  currency: string;
  provider: string;
  providerRef: string;
  source: RowSource;
}

/** The advisory lock of the subscription renewal pass (any constant; advisory locks are per database). */
const RENEWAL_LOCK_KEY = 7_311_042;
/** With the investor's id hashed as the second key: one investor's plan changes run one at a time. */
const PLAN_CHANGE_LOCK_CLASS = 7_311_043;

const SUBSCRIPTION_COLUMNS = {
  userId: subscriptionEvents.userId,
  occurredAt: subscriptionEvents.occurredAt,
  kind: subscriptionEvents.kind,
  planId: subscriptionEvents.planId,
  billingInterval: subscriptionEvents.billingInterval,
  mrrKurus: subscriptionEvents.mrrKurus,
  source: subscriptionEvents.source,
};

const PAYMENT_COLUMNS = {
  userId: payments.userId,
  occurredAt: payments.occurredAt,
  kind: payments.kind,
  planId: payments.planId,
  amountKurus: payments.amountKurus,
  taxKurus: payments.taxKurus,
  currency: payments.currency,
  provider: payments.provider,
  providerRef: payments.providerRef,
  source: payments.source,
};

/** One owner's idempotency keys of one operation. */
const ownerKeys = (operation: string, ownerId: string) =>
  and(eq(idempotencyKeys.operation, operation), eq(idempotencyKeys.ownerId, ownerId));

const CHUNK = 2_000;
function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

export class BiRepository {
  constructor(private readonly db: DbExecutor) {}

  /**
   * Runs `fn` in a transaction holding the investor's plan-change lock (an advisory transaction lock on the class and
   * a hash of the id: it serialises across processes on PostgreSQL and PGlite alike), with a repository bound to it.
   */
  async planChange<T>(userId: string, fn: (repo: BiRepository) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${PLAN_CHANGE_LOCK_CLASS}, hashtext(${userId}))`);
      return fn(new BiRepository(tx));
    });
  }

  /** The answer kept for an idempotency key, with the hash of the request that produced it. */
  async idempotentAnswer(
    operation: string,
    ownerId: string,
    key: string,
  ): Promise<{ requestHash: string; response: unknown } | undefined> {
    const [row] = await this.db
      .select({ requestHash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
      .from(idempotencyKeys)
      .where(and(ownerKeys(operation, ownerId), eq(idempotencyKeys.key, key)));
    return row;
  }

  /** Forgets an owner's idempotency keys kept before `before` (a key is honoured for a day). */
  async forgetIdempotentAnswers(operation: string, ownerId: string, before: Date): Promise<void> {
    await this.db
      .delete(idempotencyKeys)
      .where(and(ownerKeys(operation, ownerId), lt(idempotencyKeys.createdAt, before)));
  }

  /** Keeps an answer under its idempotency key (the caller holds the owner's lock: no key is written twice). */
  async keepIdempotentAnswer(row: {
    operation: string;
    ownerId: string;
    key: string;
    requestHash: string;
    response: unknown;
    createdAt: Date;
  }): Promise<void> {
    await this.db.insert(idempotencyKeys).values(row);
  }

  /** Stores drained request series, one row each. */
  async insertRequestSeries(series: readonly RequestSeries[]): Promise<void> {
    if (series.length === 0) return;
    await this.db.insert(requestMetrics).values(
      series.map((s) => ({
        minute: s.minute,
        method: s.method,
        route: s.route,
        statusClass: s.statusClass,
        count: s.count,
        sumMs: s.sumMs,
        maxMs: s.maxMs,
        buckets: s.buckets,
      })),
    );
  }

  /** Request series of [from, to) summed per route × method × status class (buckets summed element-wise). */
  async requestTotals(from: Date, to: Date): Promise<RequestCounters[]> {
    const bucketSums = Array.from(
      { length: LATENCY_BUCKET_COUNT },
      (_, i) => sql`coalesce(sum(${requestMetrics.buckets}[${sql.raw(String(i + 1))}]), 0)::bigint`,
    );
    const rows = await this.db
      .select({
        method: requestMetrics.method,
        route: requestMetrics.route,
        statusClass: requestMetrics.statusClass,
        count: sql<string>`sum(${requestMetrics.count})::bigint`,
        sumMs: sql<number>`sum(${requestMetrics.sumMs})`,
        maxMs: sql<number>`max(${requestMetrics.maxMs})`,
        buckets: sql<string[]>`array[${sql.join(bucketSums, sql`, `)}]`,
      })
      .from(requestMetrics)
      .where(and(gte(requestMetrics.minute, from), lt(requestMetrics.minute, to)))
      .groupBy(requestMetrics.method, requestMetrics.route, requestMetrics.statusClass);
    return rows.map((r) => ({
      method: r.method,
      route: r.route,
      statusClass: r.statusClass,
      count: Number(r.count),
      sumMs: Number(r.sumMs),
      maxMs: Number(r.maxMs),
      buckets: r.buckets.map(Number),
    }));
  }

  /** The salt of an Istanbul day, created once (several processes agree on the first one stored); older salts go. */
  async daySalt(day: string, fresh: string): Promise<string> {
    await this.db.insert(analyticsSalts).values({ day, salt: fresh }).onConflictDoNothing();
    await this.db.delete(analyticsSalts).where(lt(analyticsSalts.day, day));
    const [row] = await this.db.select().from(analyticsSalts).where(eq(analyticsSalts.day, day));
    return row!.salt;
  }

  async insertEvents(rows: readonly EventRow[]): Promise<void> {
    for (const part of chunks(rows)) await this.db.insert(analyticsEvents).values(part);
  }

  async insertSignups(
    rows: readonly { userId: string; signedUpAt: Date; source: RowSource }[],
  ): Promise<void> {
    for (const part of chunks(rows))
      await this.db.insert(analyticsSignups).values(part).onConflictDoNothing();
  }

  async insertSubscriptionEvents(rows: readonly SubscriptionEventRow[]): Promise<void> {
    for (const part of chunks(rows)) await this.db.insert(subscriptionEvents).values(part);
  }

  /** Appends to the payments ledger (there is no update or delete: a refund is a negative row). */
  async insertPayments(rows: readonly PaymentRow[]): Promise<void> {
    for (const part of chunks(rows)) await this.db.insert(payments).values(part);
  }

  /** Whether any demo seed rows exist (the seed runs once). */
  async hasDemoSeed(): Promise<boolean> {
    const [row] = await this.db
      .select({ n: count() })
      .from(analyticsSignups)
      .where(eq(analyticsSignups.source, 'demo'));
    return (row?.n ?? 0) > 0;
  }

  async events(from: Date, to: Date): Promise<EventRow[]> {
    return (await this.db
      .select({
        occurredAt: analyticsEvents.occurredAt,
        eventType: analyticsEvents.eventType,
        page: analyticsEvents.page,
        visitorKey: analyticsEvents.visitorKey,
        sessionKey: analyticsEvents.sessionKey,
        userId: analyticsEvents.userId,
        source: analyticsEvents.source,
      })
      .from(analyticsEvents)
      .where(and(gte(analyticsEvents.occurredAt, from), lt(analyticsEvents.occurredAt, to)))) as EventRow[];
  }

  /** Activity of signed-in investors in [from, to). */
  async activity(from: Date, to: Date, source: RowSource): Promise<{ userId: string; at: Date }[]> {
    const rows = await this.db
      .selectDistinct({ userId: analyticsEvents.userId, at: analyticsEvents.occurredAt })
      .from(analyticsEvents)
      .where(
        and(
          isNotNull(analyticsEvents.userId),
          eq(analyticsEvents.source, source),
          gte(analyticsEvents.occurredAt, from),
          lt(analyticsEvents.occurredAt, to),
        ),
      );
    return rows.map((r) => ({ userId: r.userId!, at: r.at }));
  }

  async signups(to: Date): Promise<{ userId: string; at: Date; source: string }[]> {
    const rows = await this.db
      .select()
      .from(analyticsSignups)
      .where(lt(analyticsSignups.signedUpAt, to))
      .orderBy(asc(analyticsSignups.signedUpAt));
    return rows.map((r) => ({ userId: r.userId, at: r.signedUpAt, source: r.source }));
  }

  /** Every subscription change up to `to` (MRR needs the whole history). */
  async subscriptionEvents(to: Date): Promise<SubscriptionEventRow[]> {
    return (await this.db
      .select(SUBSCRIPTION_COLUMNS)
      .from(subscriptionEvents)
      .where(lte(subscriptionEvents.occurredAt, to))
      .orderBy(asc(subscriptionEvents.occurredAt), asc(subscriptionEvents.id))) as SubscriptionEventRow[];
  }

  async payments(from: Date, to: Date): Promise<PaymentRow[]> {
    return (await this.db
      .select(PAYMENT_COLUMNS)
      .from(payments)
      .where(and(gte(payments.occurredAt, from), lt(payments.occurredAt, to)))
      .orderBy(asc(payments.occurredAt), asc(payments.id))) as PaymentRow[];
  }

  /** One investor's payments, newest first. */
  async paymentsOf(userId: string): Promise<PaymentRow[]> {
    return (await this.db
      .select(PAYMENT_COLUMNS)
      .from(payments)
      .where(eq(payments.userId, userId))
      .orderBy(desc(payments.occurredAt), desc(payments.id))) as PaymentRow[];
  }

  /** Sign-ups in [from, to), oldest first. */
  async signupsBetween(from: Date, to: Date): Promise<{ userId: string; at: Date; source: string }[]> {
    const rows = await this.db
      .select()
      .from(analyticsSignups)
      .where(and(gte(analyticsSignups.signedUpAt, from), lt(analyticsSignups.signedUpAt, to)))
      .orderBy(asc(analyticsSignups.signedUpAt), asc(analyticsSignups.userId));
    return rows.map((r) => ({ userId: r.userId, at: r.signedUpAt, source: r.source }));
  }

  /** One investor's subscription history, oldest first. */
  async subscriptionEventsOf(userId: string): Promise<SubscriptionEventRow[]> {
    return (await this.db
      .select(SUBSCRIPTION_COLUMNS)
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.userId, userId))
      .orderBy(asc(subscriptionEvents.occurredAt), asc(subscriptionEvents.id))) as SubscriptionEventRow[];
  }

  /**
   * One renewal pass, serialised across processes by an advisory transaction lock: `renew` gets each live investor's
   * latest subscription change (paid or cancelled) and returns what to append for it; the rows are written in the same
   * transaction, so a second process's pass that waited for the lock sees them and renews nothing twice.
   */
  async renewalPass(
    renew: (
      latest: SubscriptionEventRow,
    ) => Promise<{ events: SubscriptionEventRow[]; payments: PaymentRow[] }>,
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${RENEWAL_LOCK_KEY})`);
      const latest = (await tx
        .selectDistinctOn([subscriptionEvents.userId], SUBSCRIPTION_COLUMNS)
        .from(subscriptionEvents)
        .where(eq(subscriptionEvents.source, 'live'))
        .orderBy(
          subscriptionEvents.userId,
          desc(subscriptionEvents.occurredAt),
          desc(subscriptionEvents.id),
        )) as SubscriptionEventRow[];
      let renewed = 0;
      for (const row of latest) {
        if (row.kind === 'cancel') continue;
        const next = await renew(row);
        if (next.events.length > 0) await tx.insert(subscriptionEvents).values(next.events);
        if (next.payments.length > 0) await tx.insert(payments).values(next.payments);
        renewed += next.events.length;
      }
      return renewed;
    });
  }
}
