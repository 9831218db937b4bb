// Runs PGlite in a worker thread (PGlite blocks its event loop while a query runs) and serves it over a
// Unix socket speaking the PostgreSQL wire protocol, so the main thread uses node-postgres exactly as it
// does against a real PostgreSQL server.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { EMBEDDED_SOCKET_MAX_CONNECTIONS } from './embedded-limits.ts';

interface EmbeddedWorkerData {
  dataDir: string | null;
  socketPath: string;
}

const { dataDir, socketPath } = workerData as EmbeddedWorkerData;
const port = parentPort;
if (!port) throw new Error('embedded-worker must run in a worker thread');

try {
  const db = await PGlite.create(dataDir ?? undefined);
  const server = new PGLiteSocketServer({
    db,
    path: socketPath,
    maxConnections: EMBEDDED_SOCKET_MAX_CONNECTIONS,
  });
  await server.start();
  port.on('message', (message: unknown) => {
    if (message !== 'close') return;
    void (async () => {
      await server.stop();
      await db.close();
      port.postMessage({ type: 'closed' });
    })();
  });
  port.postMessage({ type: 'ready' });
} catch (error) {
  port.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) });
}
