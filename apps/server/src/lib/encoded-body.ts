import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { VersionedCache } from './versioned-cache.ts';

/** Bodies smaller than this go out uncompressed (the headers would eat the saving). */
export const COMPRESS_MIN_BYTES = 1024;
/** Brotli quality for cached bodies: close to the best ratio at a few milliseconds for 100 KB, once per version. */
const BROTLI_QUALITY = 5;
const GZIP_OPTIONS: zlib.ZlibOptions = { level: 6 };
const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A response body checked against its route's zod schema and serialised once, as the route's serializer would
 * (same validation, unknown keys stripped), to be sent many times. Routes whose answer only changes with the quotes
 * or the ledger keep one of these per version instead of re-validating and re-encoding it on every request.
 * Kept as bytes, so Node neither re-encodes the UTF-8 (Turkish names) nor re-measures it for content-length, and
 * compressed at most once per encoding (browsers always accept br or gzip; live-data shrinks from 83 to ~12 KB).
 */
export class EncodedBody {
  private gzipped: Buffer | undefined;
  private brotli: Buffer | undefined;

  constructor(readonly identity: Buffer) {}

  /** The bytes to send for an Accept-Encoding header, and their Content-Encoding (undefined: identity). */
  forAcceptEncoding(acceptEncoding: string | undefined): {
    bytes: Buffer;
    encoding: 'br' | 'gzip' | undefined;
  } {
    if (this.identity.length < COMPRESS_MIN_BYTES || !acceptEncoding)
      return { bytes: this.identity, encoding: undefined };
    const accepted = acceptedEncodingsCached(acceptEncoding);
    if (accepted.has('br')) {
      this.brotli ??= zlib.brotliCompressSync(this.identity, this.brotliOptions());
      return { bytes: this.brotli, encoding: 'br' };
    }
    if (accepted.has('gzip')) {
      this.gzipped ??= zlib.gzipSync(this.identity, GZIP_OPTIONS);
      return { bytes: this.gzipped, encoding: 'gzip' };
    }
    return { bytes: this.identity, encoding: undefined };
  }

  /**
   * Compresses both encodings now, on libuv's thread pool instead of the event loop: a body made in the background
   * (a server-rendered page) is then sent to every browser without compression work on the request path.
   */
  async precompress(): Promise<void> {
    if (this.identity.length < COMPRESS_MIN_BYTES) return;
    const [brotli, gzipped] = await Promise.all([
      this.brotli ?? brotliCompress(this.identity, this.brotliOptions()),
      this.gzipped ?? gzip(this.identity, GZIP_OPTIONS),
    ]);
    this.brotli ??= brotli;
    this.gzipped ??= gzipped;
  }

  private brotliOptions(): zlib.BrotliOptions {
    return {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.identity.length,
      },
    };
  }
}

/** Parsed Accept-Encoding headers (browsers send a handful of distinct values; parsing each time costs 2 % CPU). */
const acceptCache = new Map<string, Set<string>>();
const ACCEPT_CACHE_MAX = 256;

function acceptedEncodingsCached(header: string): Set<string> {
  let accepted = acceptCache.get(header);
  if (!accepted) {
    accepted = acceptedEncodings(header);
    if (acceptCache.size >= ACCEPT_CACHE_MAX) acceptCache.clear();
    acceptCache.set(header, accepted);
  }
  return accepted;
}

/** Content codings an Accept-Encoding header allows (q > 0; '*' stands for br and gzip). */
export function acceptedEncodings(header: string): Set<string> {
  const accepted = new Set<string>();
  const refused = new Set<string>();
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    const names = name === '*' ? ['br', 'gzip'] : [name];
    for (const n of names) {
      if (Number.isFinite(weight) && weight > 0) {
        if (name === '*' && refused.has(n)) continue;
        accepted.add(n);
      } else {
        refused.add(n);
        accepted.delete(n);
      }
    }
  }
  return accepted;
}

export function encodeBody<S extends z.ZodType>(schema: S, value: z.output<S>): EncodedBody {
  return new EncodedBody(Buffer.from(JSON.stringify(z.encode(schema, value))));
}

/** The fields of a successful answer besides `success: true`, which the cache adds. */
export type SuccessFields<S extends z.ZodType<{ success: true }>> = Omit<z.output<S>, 'success'>;

/**
 * A route's encoded 200 answers, each kept under a key with the version of the data it was made from. A request
 * whose data has the same version gets the same bytes (and the same compressed bytes) without validating or
 * serialising again; a new version is encoded once and replaces the old one. The schema is the route's own 200
 * response schema and the cache adds `success: true`, so a route names its schema once and its service never sees
 * the envelope. At most `maxEntries` keys are kept (the one made longest ago goes first), so keys a client can
 * choose (every search prefix, every limit) cannot grow it without bound.
 */
export class EncodedBodyCache<S extends z.ZodType<{ success: true }>, K = string> {
  private readonly bodies: VersionedCache<K, EncodedBody>;

  constructor(
    private readonly schema: S,
    maxEntries: number,
  ) {
    this.bodies = new VersionedCache(maxEntries);
  }

  /** The body of `key` at `version`: the kept one, else `make()`'s fields in the success envelope, encoded. */
  get(key: K, version: string, make: () => SuccessFields<S>): EncodedBody {
    return this.bodies.get(key, version, () => this.encode(make()));
  }

  /** `get` for data that takes a query to make (concurrent requests for a key and version share one `make`). */
  getAsync(key: K, version: string, make: () => Promise<SuccessFields<S>>): Promise<EncodedBody> {
    return this.bodies.getAsync(key, version, async () => this.encode(await make()));
  }

  /** Keys kept (for tests of the bound). */
  get size(): number {
    return this.bodies.size;
  }

  private encode(fields: SuccessFields<S>): EncodedBody {
    return encodeBody(this.schema, { ...fields, success: true } as z.output<S>);
  }
}

/**
 * Sends an encoded body, compressed when accepted: by default JSON made by `encodeBody` (its schema is the route's
 * 200 response schema); the web plugin sends its server-rendered pages the same way as HTML.
 */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  body: EncodedBody,
  contentType = 'application/json; charset=utf-8',
): FastifyReply {
  const { bytes, encoding } = body.forAcceptEncoding(request.headers['accept-encoding']);
  void reply.header('vary', 'accept-encoding');
  if (encoding) void reply.header('content-encoding', encoding);
  return reply.type(contentType).send(bytes);
}

/** Where an answer sent by `sendEncoded` may be kept for the hot path: its route template and data version. */
export interface HotAnswer {
  /** The route's template, as the request metrics name it ('/api/stocks/list'). */
  route: string;
  /** The version the body was made at, and a cheap synchronous read of the current one. */
  version: string;
  currentVersion: () => string;
}

/**
 * `sendEncoded` for a public read route whose answer depends only on its URL and a version: the app's hot path
 * (lib/hot-responses.ts) keeps it and answers the same URL itself until the version moves. Never for routes behind a
 * session or a rate limit.
 */
export function sendEncodedHot(
  request: FastifyRequest,
  reply: FastifyReply,
  body: EncodedBody,
  hot: HotAnswer,
): FastifyReply {
  request.server.hotResponses?.remember(request, hot.route, hot.version, hot.currentVersion, body);
  return sendEncoded(request, reply, body);
}
