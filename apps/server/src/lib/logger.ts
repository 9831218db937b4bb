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

/** Characters a JSON string must escape (and anything outside ASCII, left to JSON.stringify). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what must be escaped
const NEEDS_ESCAPE = /["\\\u0000-\u001f\u007f-\uffff]/;

/** A JSON string literal: quoted as it is when nothing in it needs escaping (request ids, methods, most URLs). */
function jsonString(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/** The part of an access line between its request id and its milliseconds: the method, the URL and the status. */
export function accessLineFixed(method: string, url: string, status: number): string {
  return `,"method":${jsonString(method)},"url":${jsonString(url)},"status":${status},"ms":`;
}

/** Access logs still open: written out at process exit before the log stream's last synchronous flush. */
const beforeExit = new Set<AccessLog>();

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
      for (const log of beforeExit) log.flush();
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

/** Lines gathered before a write to the log stream (a 64 kB string is scanned once, not once per line). */
const ACCESS_BATCH_BYTES = LOG_WRITE_MIN_BYTES;

/**
 * Access lines gathered into one string and written to the log stream in 64 kB batches, at least once a second, when
 * the app closes and when the process exits. Writing each line on its own cost ≈ 8 % of a cached answer's CPU: the
 * log stream measures its whole pending buffer again on every write (a `--cpu-prof` of bench:api, decision 0051).
 * Access lines may therefore reach the log up to a second after other lines of the same moment; each carries its time.
 */
export class AccessLog {
  private pending = '';
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly destination: DestinationStream,
    private readonly batchBytes = ACCESS_BATCH_BYTES,
  ) {
    this.timer = setInterval(() => this.flush(), 1_000);
    this.timer.unref();
    beforeExit.add(this);
  }

  /** One line: pino's JSON shape (level 30, time, msg) with five fixed fields, built without a serialiser. */
  line(id: string, method: string, url: string, status: number, ms: number): void {
    this.lineFixed(id, accessLineFixed(method, url, status), ms);
  }

  /**
   * `line` with its method, URL and status given as `accessLineFixed` made them (the hot path makes that part once
   * per URL it keeps, not once per answer).
   */
  lineFixed(id: string, fixed: string, ms: number): void {
    this.pending += `{"level":30,"time":${Date.now()},"reqId":${jsonString(id)}${fixed}${Math.round(ms * 10) / 10},"msg":"request"}\n`;
    if (this.pending.length >= this.batchBytes) this.flush();
  }

  flush(): void {
    if (this.pending === '') return;
    const text = this.pending;
    this.pending = '';
    this.destination.write(text);
  }

  close(): void {
    this.flush();
    clearInterval(this.timer);
    beforeExit.delete(this);
  }
}

/**
 * One access line per answered request at the info level — request id, method, URL, status and milliseconds — in
 * the process's log stream, without redaction or serialisers (nothing in it needs them): Fastify's request logging
 * wrote two lines with the headers, and the redaction paths alone cost a large share of the API's throughput.
 * Returns the access log (undefined above the info level), which the hot path (lib/hot-responses.ts) writes to too.
 */
export function registerAccessLog(
  app: FastifyInstance,
  destination: DestinationStream = asyncStdout(),
): AccessLog | undefined {
  const level = pino.levels.values[app.log.level] ?? 0;
  if (level > pino.levels.values.info!) return undefined;
  const log = new AccessLog(destination);
  app.addHook('onResponse', (request, reply, done) => {
    log.line(request.id, request.method, request.url, reply.statusCode, reply.elapsedTime);
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    log.close();
    done();
  });
  return log;
}
