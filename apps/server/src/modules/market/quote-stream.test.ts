import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMarketTestApp, type TestApp } from '@test/helpers';
import type { Quote } from '@/market/market-data';
import { QuoteStream, quotesFrame, symbolFilterOf } from './quote-stream.ts';

const quote = (symbol: string, price: number): Quote => ({
  symbol,
  priceTry: price,
  previousCloseTry: price,
  openTry: price,
  highTry: price,
  lowTry: price,
  changePercent: 0,
  volume: 1,
  turnoverTry: price,
  date: '2026-11-18',
  updatedAt: new Date('2026-11-18T08:00:00Z'),
});

/** A response that records what was written and can pretend its reader stopped reading. */
function fakeResponse() {
  const res = Object.assign(new EventEmitter(), {
    chunks: [] as string[],
    writableLength: 0,
    destroyed: false,
    writeHead: () => res,
    write(text: string) {
      res.chunks.push(text);
      return true;
    },
    destroy() {
      res.destroyed = true;
      res.emit('close');
    },
  });
  return res;
}

describe(QuoteStream.name, () => {
  const limits = { maxConnections: 3, maxPerIp: 2, maxBufferedBytes: 1_000, keepAliveMs: 60_000 };

  it('makes the first frame once per filter and quote generation, however many readers connect', () => {
    let generation = 1;
    let made = 0;
    const stream = new QuoteStream(
      { ...limits, maxConnections: 10, maxPerIp: 10 },
      () => {
        made += 1;
        return [quote('THYAO', 300 + generation)];
      },
      () => generation,
    );
    const readers = Array.from({ length: 4 }, () => fakeResponse());
    for (const res of readers.slice(0, 3))
      stream.open(new EventEmitter() as never, res as never, '1.1.1.1', null, 'r');
    expect(made).toBe(1);
    expect(readers[1]!.chunks.at(-1)).toBe(readers[0]!.chunks.at(-1));
    // The quotes moved: the next reader gets them, not the kept frame.
    generation = 2;
    stream.open(new EventEmitter() as never, readers[3]! as never, '1.1.1.1', null, 'r');
    expect(made).toBe(2);
    expect(readers[3]!.chunks.at(-1)).toContain('302');
    stream.close();
  });

  it('sends every reader of a filter the same encoded frame, and only the quotes it asked for', () => {
    const stream = new QuoteStream(limits, () => []);
    const a = fakeResponse();
    const b = fakeResponse();
    const c = fakeResponse();
    const open = (res: ReturnType<typeof fakeResponse>, ip: string, symbols: string | undefined) =>
      stream.open(new EventEmitter() as never, res as never, ip, symbolFilterOf({ symbols }), 'r');
    open(a, '1.1.1.1', 'thyao');
    open(b, '1.1.1.2', 'THYAO');
    open(c, '1.1.1.3', undefined);
    stream.publish([quote('THYAO', 300), quote('GARAN', 120)]);
    expect(a.chunks.at(-1)).toBe(b.chunks.at(-1));
    expect(a.chunks.at(-1)).toBe(quotesFrame([quote('THYAO', 300)], new Set(['THYAO'])));
    expect(c.chunks.at(-1)).toContain('GARAN');
    expect(a.chunks.at(-1)).not.toContain('GARAN');
    stream.close();
  });

  it('limits readers in total and per address, and drops a reader that stops reading', () => {
    const stream = new QuoteStream(limits, () => []);
    const first = fakeResponse();
    stream.open(new EventEmitter() as never, first as never, '1.1.1.1', null, 'r');
    stream.open(new EventEmitter() as never, fakeResponse() as never, '1.1.1.1', null, 'r');
    expect(stream.refusal('1.1.1.1')).toBe('ip');
    expect(stream.refusal('2.2.2.2')).toBeNull();
    stream.open(new EventEmitter() as never, fakeResponse() as never, '2.2.2.2', null, 'r');
    expect(stream.refusal('3.3.3.3')).toBe('total');
    first.writableLength = 5_000; // its unsent bytes pass the bound
    stream.publish([quote('THYAO', 301)]);
    expect(first.destroyed).toBe(true);
    expect(stream.size).toBe(2);
    expect(stream.dropped).toBe(1);
    expect(stream.refusal('1.1.1.1')).toBeNull();
    stream.close();
  });
});

describe('GET /api/market/stream', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createMarketTestApp({ config: { streamMaxPerIp: 2 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t.close());

  const get = (method = 'GET') =>
    new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.request({ port, host: '127.0.0.1', path: '/api/market/stream?symbols=THYAO', method });
      req.on('response', resolve);
      req.on('error', reject);
      req.end();
    });

  it('answers HEAD at once with the stream and API security headers', async () => {
    const res = await get('HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/event-stream/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    res.resume();
  });

  it('streams the asked quote, then refuses a third stream from one address with 429', async () => {
    const first = await get();
    const second = await get();
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-frame-options']).toBe('DENY');
    const firstEvent = await new Promise<string>((resolve) => {
      let text = '';
      first.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes('event: quotes')) resolve(text);
      });
    });
    expect(firstEvent).toContain('"symbol":"THYAO"');
    const third = await get();
    expect(third.statusCode).toBe(429);
    third.resume();
    first.destroy();
    second.destroy();
  });
});
