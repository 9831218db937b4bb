/**
 * pg-boss on the application's database. Embedded PGlite has a single connection (see db/client.ts), so pg-boss
 * shares the application's one-client pool through a `db` adapter; on a real PostgreSQL it opens its own small pool.
 */
import { PgBoss } from 'pg-boss';
import type { Database } from '@/db/client';

export const QUEUE_SCHEMA = 'pgboss';

export interface QueueLogger {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** The IDatabase adapter over a node-postgres pool: parameterless text may hold several statements (simple protocol). */
export function poolAdapter(pool: Database['pool']) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return pool.query(text, values);
      try {
        return await pool.query(text);
      } catch (error) {
        // A failed statement inside BEGIN … COMMIT leaves the single embedded connection in an aborted transaction;
        // roll it back so the next statement (from anyone) does not fail too. Harmless outside a transaction.
        await pool.query('rollback').catch(() => undefined);
        throw error;
      }
    },
  };
}

/** Creates (not starts) pg-boss for this database. */
export function createQueue(database: Database, log: QueueLogger): PgBoss {
  const connectionString =
    database.kind === 'postgres'
      ? (database.pool.options as { connectionString?: string }).connectionString
      : undefined;
  const boss =
    database.kind === 'postgres' && connectionString
      ? new PgBoss({ connectionString, schema: QUEUE_SCHEMA, max: 3, backend: 'postgres' })
      : new PgBoss({ db: poolAdapter(database.pool), schema: QUEUE_SCHEMA, backend: 'pglite' });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  boss.on('warning', (warning) => log.warn({ warning }, 'job queue warning'));
  return boss;
}
