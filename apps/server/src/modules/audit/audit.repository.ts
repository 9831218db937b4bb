import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { adminAuditLog, auditChainHead } from '@/db/schema/index';
import type { DbExecutor } from '@/db/executor';
import {
  entryHash,
  GENESIS_HASH,
  REDACTION_ACTION,
  type ChainAnchor,
  type ChainedContent,
} from './audit-chain.ts';

/** Serialises audit writers so each entry follows the newest one (an arbitrary constant of this table). */
const AUDIT_CHAIN_LOCK_KEY = 7_201_111;

export type AuditRow = typeof adminAuditLog.$inferSelect;
export type NewAuditRow = typeof adminAuditLog.$inferInsert;

/** What a redaction may rewrite in an entry: its content, never its id, time, type, action or chain links. */
export type RedactableContent = Pick<
  ChainedContent,
  'userId' | 'userEmail' | 'entityType' | 'entityId' | 'before' | 'after' | 'details' | 'ip' | 'userAgent'
>;

export interface AuditFilter {
  eventType?: string | undefined;
  action?: string | undefined;
  userId?: string | undefined;
  userEmailContains?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Append-only access to the audit log: insert and read, nothing else (a trigger refuses UPDATE and DELETE). */
export class AuditRepository {
  constructor(private readonly db: DbExecutor) {}

  /** Holds the chain's lock until the caller's transaction ends: writers and redactions take turns. */
  async lockChain(executor: DbExecutor): Promise<void> {
    await executor.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK_KEY})`);
  }

  /**
   * Appends an entry to the hash chain: under a transaction-scoped lock (writers take turns, so the chain never
   * forks) it reads the anchor's head, takes the next id, stores the entry with a random salt and its hash, and moves
   * the anchor to it — all in one transaction, so the entry, the anchor and the change the entry records commit
   * together (inside the caller's transaction when one is given).
   */
  async insert(
    row: Omit<NewAuditRow, 'id' | 'prevHash' | 'hash' | 'salt'>,
    executor: DbExecutor = this.db,
  ): Promise<AuditRow> {
    return executor.transaction(async (tx) => {
      await this.lockChain(tx);
      const anchor = await this.anchor(tx);
      // Without its anchor the chain cannot be extended verifiably: refuse rather than start a new one silently.
      if (!anchor) throw new Error('audit chain head (audit_chain_head) is missing');
      const next = await tx.execute<{ id: string | number }>(
        sql`select nextval(pg_get_serial_sequence('admin_audit_log', 'id')) as id`,
      );
      const id = Number(next.rows[0]!.id);
      const prevHash = anchor.headHash ?? GENESIS_HASH;
      const content: ChainedContent = {
        id,
        eventType: row.eventType,
        action: row.action,
        userId: row.userId ?? null,
        userEmail: row.userEmail ?? null,
        entityType: row.entityType ?? null,
        entityId: row.entityId ?? null,
        before: row.before ?? null,
        after: row.after ?? null,
        details: row.details ?? null,
        ip: row.ip ?? null,
        userAgent: row.userAgent ?? null,
        at: row.at,
        salt: randomBytes(16).toString('hex'),
      };
      const hash = entryHash(prevHash, content);
      const [inserted] = await tx
        .insert(adminAuditLog)
        .values({ ...content, prevHash, hash })
        .returning();
      if (!inserted) throw new Error('audit insert returned no row');
      await tx
        .update(auditChainHead)
        .set({ startId: anchor.startId ?? id, headId: id, headHash: hash })
        .where(eq(auditChainHead.id, 1));
      return inserted;
    });
  }

  /** The chain's anchor (one row), or null when it was removed. */
  async anchor(executor: DbExecutor = this.db): Promise<ChainAnchor | null> {
    const [row] = await executor
      .select({
        startId: auditChainHead.startId,
        headId: auditChainHead.headId,
        headHash: auditChainHead.headHash,
      })
      .from(auditChainHead)
      .where(eq(auditChainHead.id, 1));
    return row ?? null;
  }

  /** Every redaction entry (id and details), in id order. */
  async redactionEntries(): Promise<{ id: number; details: unknown }[]> {
    return this.db
      .select({ id: adminAuditLog.id, details: adminAuditLog.details })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, REDACTION_ACTION))
      .orderBy(asc(adminAuditLog.id));
  }

  /**
   * Entries after `afterId` that mention any of `needles` (case-insensitive, in any text or JSON field) or whose
   * target is one of `entities`, in id order.
   */
  async mentioning(
    executor: DbExecutor,
    needles: readonly string[],
    entities: readonly { type: string; ids: readonly string[] }[],
    afterId = 0,
  ): Promise<AuditRow[]> {
    const t = adminAuditLog;
    const conditions: SQL[] = [];
    for (const needle of needles.filter((n) => n.length > 0)) {
      const pattern = `%${escapeLike(needle)}%`;
      conditions.push(
        sql`concat_ws(' ', ${t.userId}::text, ${t.userEmail}, ${t.entityType}, ${t.entityId}, ${t.before}::text,
          ${t.after}::text, ${t.details}::text, ${t.ip}, ${t.userAgent}) ilike ${pattern}`,
      );
    }
    for (const { type, ids } of entities)
      if (ids.length > 0) conditions.push(and(eq(t.entityType, type), inArray(t.entityId, [...ids]))!);
    if (conditions.length === 0) return [];
    return executor
      .select()
      .from(t)
      .where(and(gt(t.id, afterId), or(...conditions)))
      .orderBy(asc(t.id));
  }

  /** These entries as they are now, in id order. */
  async entries(executor: DbExecutor, ids: readonly number[]): Promise<AuditRow[]> {
    if (ids.length === 0) return [];
    return executor
      .select()
      .from(adminAuditLog)
      .where(inArray(adminAuditLog.id, [...ids]))
      .orderBy(asc(adminAuditLog.id));
  }

  /**
   * Rewrites an entry's content and clears its salt, inside the caller's transaction: the one UPDATE the append-only
   * trigger lets through, and only with the transaction-local redaction flag set (migration 0016).
   */
  async rewrite(executor: DbExecutor, id: number, content: RedactableContent): Promise<void> {
    await executor.execute(sql`select set_config('bist.audit_redaction', 'on', true)`);
    const { userId, userEmail, entityType, entityId, before, after, details, ip, userAgent } = content;
    await executor
      .update(adminAuditLog)
      .set({ userId, userEmail, entityType, entityId, before, after, details, ip, userAgent, salt: null })
      .where(eq(adminAuditLog.id, id));
    await executor.execute(sql`select set_config('bist.audit_redaction', 'off', true)`);
  }

  /** Entries in id order after `afterId`, for checking the chain in batches. */
  async chainBatch(afterId: number, limit: number): Promise<AuditRow[]> {
    return this.db
      .select()
      .from(adminAuditLog)
      .where(gt(adminAuditLog.id, afterId))
      .orderBy(asc(adminAuditLog.id))
      .limit(limit);
  }

  private where(filter: AuditFilter): SQL | undefined {
    const conditions: SQL[] = [];
    if (filter.eventType) conditions.push(eq(adminAuditLog.eventType, filter.eventType));
    if (filter.action) conditions.push(eq(adminAuditLog.action, filter.action));
    if (filter.userId) conditions.push(eq(adminAuditLog.userId, filter.userId));
    if (filter.userEmailContains)
      conditions.push(ilike(adminAuditLog.userEmail, `%${escapeLike(filter.userEmailContains)}%`));
    if (filter.from) conditions.push(gte(adminAuditLog.at, filter.from));
    if (filter.to) conditions.push(lte(adminAuditLog.at, filter.to));
    return conditions.length > 0 ? and(...conditions) : undefined;
  }

  /** A page of entries, newest first, and how many match in total. */
  async list(
    filter: AuditFilter,
    offset: number,
    limit: number,
  ): Promise<{ rows: AuditRow[]; total: number }> {
    const where = this.where(filter);
    const rows = await this.db
      .select()
      .from(adminAuditLog)
      .where(where)
      .orderBy(desc(adminAuditLog.at), desc(adminAuditLog.id))
      .offset(offset)
      .limit(limit);
    const [total] = await this.db.select({ n: count() }).from(adminAuditLog).where(where);
    return { rows, total: total?.n ?? 0 };
  }

  async count(filter: AuditFilter): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(adminAuditLog).where(this.where(filter));
    return row?.n ?? 0;
  }
}
