import { and, count, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import { adminAuditLog } from '@/db/schema/index';
import type { DbExecutor } from '@/db/executor';

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

  async insert(row: NewAuditRow, executor: DbExecutor = this.db): Promise<AuditRow> {
    const [inserted] = await executor.insert(adminAuditLog).values(row).returning();
    if (!inserted) throw new Error('audit insert returned no row');
    return inserted;
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
