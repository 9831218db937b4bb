import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Quote } from '@/market/market-data';
import { API_SECURITY_HEADERS } from '@/plugins/security-headers';

/** Limits of the live quote stream. */
export interface QuoteStreamLimits {
  /** Open streams in this process. */
  maxConnections: number;
  /** Open streams per client address. */
  maxPerIp: number;
  /** A reader whose unsent bytes pass this is too slow: its stream is closed (the browser reconnects). */
  maxBufferedBytes: number;
  /** Milliseconds between keep-alive comments (proxies close idle streams). */
  keepAliveMs: number;
}

export const DEFAULT_QUOTE_STREAM_LIMITS: QuoteStreamLimits = {
  maxConnections: 2_000,
  maxPerIp: 20,
  maxBufferedBytes: 1024 * 1024,
  keepAliveMs: 15_000,
};

export const STREAM_HEADERS: Readonly<Record<string, string>> = {
  ...API_SECURITY_HEADERS,
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

interface Reader {
  res: ServerResponse;
  ip: string;
  /** Symbols asked for, as a canonical key ('' = every stock). */
  key: string;
  symbols: ReadonlySet<string> | null;
}

/** The `symbols` query (comma-separated, any case) as a set, or null for every stock. */
export function symbolFilterOf(query: unknown): ReadonlySet<string> | null {
  const raw = (query as Record<string, unknown> | undefined)?.symbols;
  if (typeof raw !== 'string') return null;
  const symbols = raw
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter((s) => s.length > 0 && s.length <= 12)
    .slice(0, 50);
  return symbols.length > 0 ? new Set(symbols) : null;
}

/** One `quotes` event of the quotes a reader asked for, or null when none of them changed. */
export function quotesFrame(quotes: readonly Quote[], symbols: ReadonlySet<string> | null): string | null {
  const rows = [];
  for (const q of quotes) {
    if (symbols && !symbols.has(q.symbol)) continue;
    rows.push({
      symbol: q.symbol,
      price: q.priceTry,
      changePercent: q.changePercent,
      volume: q.volume,
      high: q.highTry,
      low: q.lowTry,
      time: q.updatedAt.toISOString(),
    });
  }
  return rows.length > 0 ? `event: quotes\ndata: ${JSON.stringify(rows)}\n\n` : null;
}

/** Distinct symbol filters whose first frame is kept at one generation (a client choosing many cannot grow it). */
const FIRST_FRAMES_MAX = 256;

/**
 * The Server-Sent Events readers of live quotes. Each update is encoded once per distinct symbol filter and the same
 * string written to every reader of that filter; readers are limited in total and per address (429 beyond), and a
 * reader that does not read (its unsent bytes pass a bound) is dropped instead of growing the server's memory.
 */
export class QuoteStream {
  private readonly readers = new Set<Reader>();
  /**
   * The first frame per symbol filter at the quotes' generation it was made at: a thousand readers connecting
   * together share one encoding (all 596 stocks: ≈ 76 kB of JSON) instead of making one each.
   */
  private firstFrames = { generation: NaN, frames: new Map<string, string | null>() };
  private readonly perIp = new Map<string, number>();
  private readonly keepAlive: NodeJS.Timeout;
  dropped = 0;

  constructor(
    private readonly limits: QuoteStreamLimits,
    private readonly initial: (symbols: ReadonlySet<string> | null) => readonly Quote[],
    /** The quotes' generation (changes whenever a quote does); without it, every first frame is made anew. */
    private readonly generation?: () => number,
  ) {
    this.keepAlive = setInterval(() => this.broadcast(': keep-alive\n\n'), limits.keepAliveMs);
    this.keepAlive.unref();
  }

  get size(): number {
    return this.readers.size;
  }

  /** Why a new reader from `ip` is refused, or null. */
  refusal(ip: string): 'total' | 'ip' | null {
    if (this.readers.size >= this.limits.maxConnections) return 'total';
    if ((this.perIp.get(ip) ?? 0) >= this.limits.maxPerIp) return 'ip';
    return null;
  }

  /** Starts a stream on `res` (headers already checked by `refusal`). */
  open(
    req: IncomingMessage,
    res: ServerResponse,
    ip: string,
    symbols: ReadonlySet<string> | null,
    requestId: string,
  ): void {
    res.writeHead(200, { ...STREAM_HEADERS, 'x-request-id': requestId });
    const reader: Reader = { res, ip, symbols, key: symbols ? [...symbols].sort().join(',') : '' };
    this.readers.add(reader);
    this.perIp.set(ip, (this.perIp.get(ip) ?? 0) + 1);
    res.write('retry: 5000\n\n');
    const first = this.firstFrame(reader);
    if (first) res.write(first);
    const close = () => this.remove(reader);
    req.on('close', close);
    res.on('close', close);
  }

  /** Sends an update to every reader: one encoding per distinct filter. */
  publish(quotes: readonly Quote[]): void {
    if (this.readers.size === 0) return;
    const frames = new Map<string, string | null>();
    for (const reader of this.readers) {
      let frame = frames.get(reader.key);
      if (frame === undefined) {
        frame = quotesFrame(quotes, reader.symbols);
        frames.set(reader.key, frame);
      }
      if (frame) this.write(reader, frame);
    }
  }

  private firstFrame(reader: Reader): string | null {
    if (!this.generation) return quotesFrame(this.initial(reader.symbols), reader.symbols);
    const generation = this.generation();
    if (this.firstFrames.generation !== generation || this.firstFrames.frames.size >= FIRST_FRAMES_MAX)
      this.firstFrames = { generation, frames: new Map() };
    let frame = this.firstFrames.frames.get(reader.key);
    if (frame === undefined) {
      frame = quotesFrame(this.initial(reader.symbols), reader.symbols);
      this.firstFrames.frames.set(reader.key, frame);
    }
    return frame;
  }

  close(): void {
    clearInterval(this.keepAlive);
    for (const reader of [...this.readers]) reader.res.destroy();
  }

  private broadcast(text: string): void {
    for (const reader of this.readers) this.write(reader, text);
  }

  private write(reader: Reader, text: string): void {
    if (reader.res.writableLength > this.limits.maxBufferedBytes) {
      this.dropped += 1;
      this.remove(reader);
      reader.res.destroy();
      return;
    }
    reader.res.write(text);
  }

  private remove(reader: Reader): void {
    if (!this.readers.delete(reader)) return;
    const left = (this.perIp.get(reader.ip) ?? 1) - 1;
    if (left <= 0) this.perIp.delete(reader.ip);
    else this.perIp.set(reader.ip, left);
  }
}
