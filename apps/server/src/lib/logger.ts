import type { FastifyInstance } from 'fastify';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

/** Log fields that may hold secrets or credentials, wherever they appear in a log line. */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.password',
  '*.passwordHash',
  '*.password_hash',
  '*.token',
  '*.tokenHash',
];

interface ErrorLike {
  name?: string;
  message?: string;
  stack?: string;
  code?: unknown;
  query?: unknown;
  params?: unknown;
  cause?: unknown;
  [key: string]: unknown;
}

/** Error fields kept in logs: what says what failed and where, never the values a query was run with. */
const KEPT = ['code', 'statusCode', 'constraint', 'table', 'column', 'routine', 'severity', 'field'] as const;

/**
 * Serialises an error for the log by its type, message, code and stack (and its cause, likewise). A failed database
 * query keeps its SQL text but not its bound parameters, which hold password hashes, e-mails and notes; the driver's
 * `detail` (it repeats the offending values) is dropped too.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) && (typeof error !== 'object' || error === null)) return error;
  const e = error as ErrorLike;
  let message = typeof e.message === 'string' ? e.message : String(e.message ?? '');
  let stack = typeof e.stack === 'string' ? e.stack : undefined;
  if ('params' in e && typeof e.query === 'string') {
    const safe = `Failed query: ${e.query}`;
    if (stack) stack = stack.replace(message, safe);
    message = safe;
  }
  const out: Record<string, unknown> = { type: e.name ?? e.constructor?.name ?? 'Error', message };
  for (const key of KEPT) if (e[key] !== undefined) out[key] = e[key];
  if (stack) out.stack = stack;
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** Options for pino and Fastify's logger alike: the level, redaction and the safe error serialiser. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError, error: serializeError, cause: serializeError },
  };
}

let stdout: (DestinationStream & { flushSync(): void; flush(): void }) | undefined;

/**
 * Bytes of log lines gathered before a write: at 20,000 requests a second the access lines are ≈ 3 MB/s, and 4 kB
 * writes (one per ≈ 27 lines) cost ≈ 10 % of the API's CPU (a `--cpu-prof` of bench:api); 64 kB writes cost a
 * sixteenth of that. Lines still wait at most a second (the flush timer).
 */
const LOG_WRITE_MIN_BYTES = 64 * 1024;

/**
 * Standard output written asynchronously in batches (a synchronous write per request line cost the API about 45 % of
 * its throughput at the info level). Flushed every second and when the process exits, so nothing is lost on a clean
 * exit and lines never wait long.
 */
export function asyncStdout(): DestinationStream {
  if (stdout) return stdout;
  const destination = pino.destination({
    dest: 1,
    sync: false,
    minLength: LOG_WRITE_MIN_BYTES,
    maxWrite: 2 * LOG_WRITE_MIN_BYTES,
  });
  stdout = destination;
  const timer = setInterval(() => destination.flush(), 1_000);
  timer.unref();
  process.once('exit', () => {
    try {
      destination.flushSync();
    } catch {
      // Nothing more can be written at exit.
    }
  });
  return destination;
}

/** The process's logger: asynchronous standard output unless a destination is given (tests). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(loggerOptions(level), destination ?? asyncStdout());
}

/**
 * One access line per answered request at the info level — request id, method, URL, status and milliseconds — in
 * the process's log stream, without redaction or serialisers (nothing in it needs them): Fastify's request logging
 * wrote two lines with the headers, and the redaction paths alone cost a large share of the API's throughput.
 */
export function registerAccessLog(
  app: FastifyInstance,
  destination: DestinationStream = asyncStdout(),
): void {
  const level = pino.levels.values[app.log.level] ?? 0;
  if (level > pino.levels.values.info!) return;
  // The line is pino's JSON shape (level 30, time, msg), written directly: five fixed fields need no serialiser,
  // and building the string costs a fraction of a logger call (bench:api's CPU time per request).
  app.addHook('onResponse', (request, reply, done) => {
    destination.write(
      `{"level":30,"time":${Date.now()},"reqId":${JSON.stringify(request.id)},"method":${JSON.stringify(request.method)},"url":${JSON.stringify(request.url)},"status":${reply.statusCode},"ms":${Math.round(reply.elapsedTime * 10) / 10},"msg":"request"}\n`,
    );
    done();
  });
}
