import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyRequest } from 'fastify';
import type { EncodedBody } from './encoded-body.ts';
import { accessLineFixed } from './logger.ts';

/** Distinct URLs answered on the hot path (the most used few hundred; odd ones fall back to the router). */
export const HOT_RESPONSES_MAX = 1_000;

/** What the hot path needs of the app's per-request work (request id, access line, request metrics). */
export interface HotResponseHooks {
  /** The app's request id for an incoming X-Request-Id (kept when it looks like an id, else a new one). */
  nextRequestId(incoming: string | string[] | undefined): string;
  /** Headers every API answer carries (the security headers), before the request id. */
  apiHeaders: Readonly<Record<string, string>>;
  /**
   * Writes the access line (none when the log level is above info); `fixed` is `accessLineFixed(method, url,
   * status)` of the answer, made once per kept URL.
   */
  accessLine?(id: string, fixed: string, ms: number): void;
  /** Counts the request into the request metrics by its route template. */
  count?(method: string, route: string, status: number, ms: number): void;
}

/** What goes out for one content-encoding of an entry: its bytes and the whole header list of writeHead. */
interface Variant {
  bytes: Buffer;
  /**
   * [name, value, …] as writeHead takes it flat: the API headers, x-request-id, vary, content-encoding,
   * content-type and content-length, in the order the app's hooks and sendEncoded give them. Only the request id
   * changes between answers: it is written into its slot just before writeHead, which reads the list at once and
   * keeps nothing of it.
   */
  head: string[];
  /** Where the request id goes in `head`. */
  idAt: number;
}

interface Entry {
  /** The route's template (request metrics count by it). */
  route: string;
  /** The version the body was made at, and how to read the current one (synchronous, cheap). */
  version: string;
  currentVersion: () => string;
  body: EncodedBody;
  contentType: string;
  /** The access line's part that is the same for every answer of this URL (method, URL, status). */
  accessFixed: string;
  /** Variants made so far, by content-encoding (which one goes out depends on Accept-Encoding). */
  variants: Partial<Record<'br' | 'gzip' | 'identity', Variant>>;
  /** The Accept-Encoding answered last and its variant: clients of one kind send the same value every time. */
  lastAccept: string | undefined;
  lastVariant: Variant | undefined;
}

/**
 * Encoded answers of public read routes, sent straight from the HTTP server's request handler while the data they
 * were made from keeps its version, without going through Fastify's router, hooks, reply and child logger (decision
 * 0051). Only a URL a route answered through Fastify is kept (`remember`, called by the route's handler after its
 * query passed the input guard and validation), so this path never sees a URL Fastify would refuse; it is keyed by
 * the raw URL, so the same bytes mean the same route, parameters and query. It does what the app's hooks do for
 * these answers — the API security headers, the request id, the access line and the request metrics — and the
 * compressed variant is chosen by Accept-Encoding exactly as `sendEncoded` chooses it. Routes behind a session or a
 * rate limit must not use it: no auth or limit runs here.
 */
export class HotResponses {
  private readonly entries = new Map<string, Entry>();
  private closed = false;

  constructor(
    readonly hooks: HotResponseHooks,
    private readonly maxEntries = HOT_RESPONSES_MAX,
  ) {}

  /**
   * Keeps the answer a route just sent for its request's URL, at the version it was made from: later GETs of the
   * same URL are answered from here until `currentVersion()` differs.
   */
  remember(
    request: FastifyRequest,
    route: string,
    version: string,
    currentVersion: () => string,
    body: EncodedBody,
    contentType = 'application/json; charset=utf-8',
  ): void {
    if (this.closed || request.method !== 'GET') return;
    const url = request.url;
    if (!this.entries.has(url) && this.entries.size >= this.maxEntries) {
      // The one kept longest goes (a Map iterates in insertion order).
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(url, {
      route,
      version,
      currentVersion,
      body,
      contentType,
      accessFixed: accessLineFixed('GET', url, 200),
      variants: {},
      lastAccept: undefined,
      lastVariant: undefined,
    });
  }

  /** Answers the request when its URL is kept at the current version (true); otherwise leaves it to Fastify (false). */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.closed || req.method !== 'GET') return false;
    const url = req.url;
    if (url === undefined) return false;
    const entry = this.entries.get(url);
    if (entry === undefined) return false;
    const headers = req.headers;
    // A GET with a body goes through Fastify (its body limit and timeouts apply there).
    if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
    if (entry.currentVersion() !== entry.version) {
      this.entries.delete(url);
      return false;
    }
    const start = performance.now();
    const id = this.hooks.nextRequestId(headers['x-request-id']);
    const accept = headers['accept-encoding'];
    let variant = entry.lastVariant;
    if (variant === undefined || accept !== entry.lastAccept) {
      variant = this.variant(entry, accept);
      entry.lastAccept = accept;
      entry.lastVariant = variant;
    }
    // Everything but the request id was put together when the variant was made: nothing to assemble per request.
    const head = variant.head;
    head[variant.idAt] = id;
    res.writeHead(200, head);
    res.end(variant.bytes);
    const ms = performance.now() - start;
    this.hooks.count?.('GET', entry.route, 200, ms);
    this.hooks.accessLine?.(id, entry.accessFixed, ms);
    return true;
  }

  /**
   * The variant of an entry for an Accept-Encoding header, chosen exactly as `sendEncoded` chooses it, made the
   * first time it is asked for. The headers are the same, in the same order, as the app's onRequest hook and
   * sendEncoded give, as one flat list (setHeader one by one keeps a second copy of each, which cost ≈ 3 % of the CPU
   * here).
   */
  private variant(entry: Entry, acceptEncoding: string | undefined): Variant {
    const { bytes, encoding } = entry.body.forAcceptEncoding(acceptEncoding);
    const made = entry.variants[encoding ?? 'identity'];
    if (made !== undefined) return made;
    const head = [...Object.entries(this.hooks.apiHeaders).flat(), 'x-request-id'];
    const idAt = head.length;
    head.push(
      '',
      'vary',
      'accept-encoding',
      ...(encoding ? ['content-encoding', encoding] : []),
      'content-type',
      entry.contentType,
      'content-length',
      String(bytes.length),
    );
    const variant = { bytes, head, idAt };
    entry.variants[encoding ?? 'identity'] = variant;
    return variant;
  }

  /** Stops answering (the app is closing: Fastify answers 503 from now on) and forgets every kept answer. */
  close(): void {
    this.closed = true;
    this.entries.clear();
  }

  /** URLs kept (for tests of the bound). */
  get size(): number {
    return this.entries.size;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's hot path (buildApp); absent on apps built without it (route unit tests). */
    hotResponses?: HotResponses;
  }
}
