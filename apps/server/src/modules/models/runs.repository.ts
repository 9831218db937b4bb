import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/executor';
import { mlRuns } from '@/db/schema/index';

export type RunRow = typeof mlRuns.$inferSelect;

/** The run's log with one more line (the oldest dropped beyond `max`), as an SQL expression for `set log = …`. */
function logWith(line: string, at: Date, max: number) {
  return sql`(case when jsonb_array_length(log) >= ${max} then log - 0 else log end)
    || jsonb_build_array(jsonb_build_object('at', ${at.toISOString()}::text, 'line', ${line}::text))`;
}

/** The ML runs (ml_runs): their lifecycle, progress and log. Queries only; the rules are in MlRunsService. */
export class MlRunsRepository {
  constructor(private readonly db: DbExecutor) {}

  /** Runs `fn` in one transaction with a repository bound to it (a staff change and its audit row commit together). */
  async transaction<T>(fn: (repo: MlRunsRepository, tx: DbExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => fn(new MlRunsRepository(tx), tx));
  }

  /** The same queries inside a transaction another repository opened. */
  on(tx: DbExecutor): MlRunsRepository {
    return new MlRunsRepository(tx);
  }

  async createRun(run: {
    kind: string;
    requestedBy: string;
    algorithmIds: string[] | null;
    now: Date;
  }): Promise<RunRow> {
    const rows = await this.db
      .insert(mlRuns)
      .values({
        kind: run.kind,
        status: 'queued',
        requestedBy: run.requestedBy,
        algorithmIds: run.algorithmIds,
        createdAt: run.now,
      })
      .returning();
    return rows[0]!;
  }

  async updateRun(
    id: string,
    patch: Partial<
      Pick<
        RunRow,
        'status' | 'progress' | 'message' | 'error' | 'jobId' | 'startedAt' | 'finishedAt' | 'dataSource'
      >
    >,
  ): Promise<void> {
    await this.db.update(mlRuns).set(patch).where(eq(mlRuns.id, id));
  }

  /** Moves a run to a final state unless it already has one (a cancel must not be overwritten by a late success). */
  async finishRun(
    id: string,
    status: 'succeeded' | 'failed' | 'cancelled',
    patch: {
      message?: string | null;
      error?: string | null;
      now: Date;
      /** A last line for the run's log, written with the status (a reader never sees one without the other). */
      logLine?: { line: string; max: number };
    },
  ): Promise<boolean> {
    const rows = await this.db
      .update(mlRuns)
      .set({
        status,
        finishedAt: patch.now,
        ...(patch.logLine ? { log: logWith(patch.logLine.line, patch.now, patch.logLine.max) } : {}),
        ...(patch.message !== undefined ? { message: patch.message } : {}),
        ...(patch.error !== undefined ? { error: patch.error } : {}),
        ...(status === 'succeeded' ? { progress: 1 } : {}),
      })
      .where(and(eq(mlRuns.id, id), inArray(mlRuns.status, ['queued', 'running'])))
      .returning({ id: mlRuns.id });
    return rows.length > 0;
  }

  /** Marks a queued run running (false when it was cancelled meanwhile). */
  async startRun(id: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(mlRuns)
      .set({ status: 'running', startedAt: now })
      .where(and(eq(mlRuns.id, id), eq(mlRuns.status, 'queued')))
      .returning({ id: mlRuns.id });
    return rows.length > 0;
  }

  /** Appends a line to a run's log, dropping the oldest beyond `max`. */
  async appendRunLog(id: string, line: string, at: Date, max: number): Promise<void> {
    await this.db.execute(sql`update ml_runs set log = ${logWith(line, at, max)} where id = ${id}`);
  }

  async getRun(id: string): Promise<RunRow | undefined> {
    const rows = await this.db.select().from(mlRuns).where(eq(mlRuns.id, id)).limit(1);
    return rows[0];
  }

  async runStatus(id: string): Promise<string | undefined> {
    const rows = await this.db
      .select({ status: mlRuns.status })
      .from(mlRuns)
      .where(eq(mlRuns.id, id))
      .limit(1);
    return rows[0]?.status;
  }

  async listRuns(limit: number): Promise<RunRow[]> {
    return this.db.select().from(mlRuns).orderBy(desc(mlRuns.createdAt)).limit(limit);
  }

  /** Runs left 'running' or 'queued' by a process that died (no job will finish them). */
  async activeRuns(): Promise<RunRow[]> {
    return this.db
      .select()
      .from(mlRuns)
      .where(inArray(mlRuns.status, ['queued', 'running']));
  }
}
