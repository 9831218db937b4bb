import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { fileURLToPath } from 'node:url';
import * as schema from './schema/index.ts';
import { EMBEDDED_SOCKET_MAX_CONNECTIONS } from './embedded-limits.ts';

// int8 counts and numeric values as JS numbers (every figure we store fits a double).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export type Db = NodePgDatabase<typeof schema>;
export type DatabaseKind = 'embedded' | 'postgres';

export interface Database {
  kind: DatabaseKind;
  pool: pg.Pool;
  db: Db;
  /** Round-trip time of `select 1` in ms, or null when the database does not answer. */
  ping(): Promise<number | null>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL server; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite's data directory; null keeps the database in memory (tests). */
  dataDir?: string | null;
  /** Run PGlite in a worker thread (default). Tests may keep it on the main thread. */
  inWorker?: boolean;
  /**
   * Start an in-memory PGlite from this dump (`dumpDataDir`) instead of an empty cluster: tests load one migrated
   * template per run, which takes a fraction of creating and migrating a fresh database in every test file.
   */
  loadDataDir?: Blob;
  poolSize?: number;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

export class DatabaseInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid}. Stop it first (or set DATABASE_URL).`,
    );
    this.name = 'DatabaseInUseError';
  }
}

/** Opens the database: node-postgres against DATABASE_URL, or against the embedded PGlite over a socket. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    return wrap('postgres', pool, async () => {
      await pool.end();
    });
  }
  const embedded = await startEmbedded(
    options.dataDir ?? null,
    options.inWorker ?? true,
    options.loadDataDir,
  );
  // PGlite is a single-connection database: one pooled client serialises every query and transaction.
  const pool = new pg.Pool({
    host: embedded.socketDir,
    port: 5432,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    idleTimeoutMillis: 0,
  });
  return wrap('embedded', pool, async () => {
    await pool.end();
    await embedded.stop();
  });
}

function wrap(kind: DatabaseKind, pool: pg.Pool, close: () => Promise<void>): Database {
  // An idle client's error (e.g. the server restarting) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  let closed = false;
  return {
    kind,
    pool,
    db: drizzle(pool, { schema }),
    async ping() {
      const started = performance.now();
      try {
        await pool.query('select 1');
        return Math.round((performance.now() - started) * 100) / 100;
      } catch {
        return null;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await close();
    },
  };
}

/** Applies the drizzle-kit migrations in apps/server/drizzle. */
export async function migrateDatabase(database: Database): Promise<void> {
  await migrate(database.db, { migrationsFolder: MIGRATIONS_FOLDER });
}

interface EmbeddedHandle {
  socketDir: string;
  stop(): Promise<void>;
}

async function startEmbedded(
  dataDir: string | null,
  inWorker: boolean,
  loadDataDir: Blob | undefined,
): Promise<EmbeddedHandle> {
  if (loadDataDir && (inWorker || dataDir))
    throw new Error('loadDataDir needs an in-memory database on this thread');
  const releaseLock = dataDir ? lockDataDir(dataDir) : () => undefined;
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bist-pg-'));
  const socketPath = path.join(socketDir, '.s.PGSQL.5432');
  const cleanup = () => {
    fs.rmSync(socketDir, { recursive: true, force: true });
    releaseLock();
  };
  try {
    if (!inWorker) {
      const { PGlite } = await import('@electric-sql/pglite');
      const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
      const db = loadDataDir
        ? await PGlite.create({ loadDataDir })
        : await PGlite.create(dataDir ?? undefined);
      const server = new PGLiteSocketServer({
        db,
        path: socketPath,
        maxConnections: EMBEDDED_SOCKET_MAX_CONNECTIONS,
      });
      await server.start();
      return {
        socketDir,
        async stop() {
          await server.stop();
          await db.close();
          cleanup();
        },
      };
    }
    const worker = new Worker(new URL('./worker-bootstrap.mjs', import.meta.url), {
      workerData: { entry: new URL('./embedded-worker.ts', import.meta.url).href, dataDir, socketPath },
    });
    await new Promise<void>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('message', (message: { type: string; message?: string }) => {
        if (message.type === 'ready') resolve();
        else reject(new Error(`Embedded database failed to start: ${message.message ?? message.type}`));
      });
    });
    return {
      socketDir,
      async stop() {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 5_000);
          worker.once('message', () => {
            clearTimeout(timer);
            resolve();
          });
          worker.postMessage('close');
        });
        await worker.terminate();
        cleanup();
      },
    };
  } catch (error) {
    cleanup();
    throw error;
  }
}

/** One process at a time may open an embedded data directory: two PGlite instances would corrupt it. */
function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(path.dirname(dataDir), `.${path.basename(dataDir)}.lock`);
  try {
    const pid = Number(fs.readFileSync(lockFile, 'utf8'));
    if (pid && pid !== process.pid && processAlive(pid)) throw new DatabaseInUseError(dataDir, pid);
  } catch (error) {
    if (error instanceof DatabaseInUseError) throw error;
  }
  fs.writeFileSync(lockFile, String(process.pid));
  return () => fs.rmSync(lockFile, { force: true });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
