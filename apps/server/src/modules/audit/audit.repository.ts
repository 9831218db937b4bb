import { and, asc, count, desc, eq, gt, gte, ilike, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import { adminAuditLog } from '@/db/schema/index';
import type { DbExecutor } from '@/db/executor';
import { entryHash, GENESIS_HASH, type ChainedContent } from './audit-chain.ts';

/** Serialises audit writers so each entry follows the newest one (an arbitrary constant of this table). */
const AUDIT_CHAIN_LOCK_KEY = 7_201_111;

export type AuditRow = typeof adminAuditLog.$inferSelect;
export type NewAuditRow = typeof adminAuditLog.$inferInsert;

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

  /**
   * Appends an entry to the hash chain: under a transaction-scoped lock (writers take turns, so the chain never
   * forks) it reads the newest hash, takes the next id and stores the entry with its hash. Inside the caller's
   * transaction when one is given, so the entry and the change it records commit together.
   */
  async insert(
    row: Omit<NewAuditRow, 'id' | 'prevHash' | 'hash'>,
    executor: DbExecutor = this.db,
  ): Promise<AuditRow> {
    return executor.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK_KEY})`);
      const [last] = await tx
        .select({ hash: adminAuditLog.hash })
        .from(adminAuditLog)
        .where(isNotNull(adminAuditLog.hash))
        .orderBy(desc(adminAuditLog.id))
        .limit(1);
      const next = await tx.execute<{ id: string | number }>(
        sql`select nextval(pg_get_serial_sequence('admin_audit_log', 'id')) as id`,
      );
      const id = Number(next.rows[0]!.id);
      const prevHash = last?.hash ?? GENESIS_HASH;
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
      };
      const [inserted] = await tx
        .insert(adminAuditLog)
        .values({ ...content, prevHash, hash: entryHash(prevHash, content) })
        .returning();
      if (!inserted) throw new Error('audit insert returned no row');
      return inserted;
    });
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
