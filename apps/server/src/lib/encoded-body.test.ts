import zlib from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  COMPRESS_MIN_BYTES,
  EncodedBody,
  EncodedBodyCache,
  acceptedEncodings,
  encodeBody,
  sendEncoded,
} from './encoded-body.ts';

const schema = z.object({
  success: z.literal(true),
  data: z.array(z.object({ symbol: z.string(), name: z.string() })),
});
const rows = Array.from({ length: 200 }, (_, i) => ({ symbol: `S${i}`, name: 'Türkiye İş Bankası' }));

describe(acceptedEncodings.name, () => {
  it('reads codings with their weights', () => {
    expect([...acceptedEncodings('gzip, deflate, br, zstd')].sort()).toEqual([
      'br',
      'deflate',
      'gzip',
      'zstd',
    ]);
    expect([...acceptedEncodings('br;q=0, gzip;q=0.5')]).toEqual(['gzip']);
    expect([...acceptedEncodings('identity')]).toEqual(['identity']);
    expect([...acceptedEncodings('*')].sort()).toEqual(['br', 'gzip']);
    expect([...acceptedEncodings('gzip;q=0, *')]).toEqual(['br']);
    expect([...acceptedEncodings('*, br;q=0')]).toEqual(['gzip']);
    expect([...acceptedEncodings('')]).toEqual([]);
  });
});

describe(encodeBody.name, () => {
  it('validates and strips like the route serializer', () => {
    const body = encodeBody(schema, { success: true, data: [{ symbol: 'A', name: 'B', extra: 1 } as never] });
    expect(JSON.parse(body.identity.toString('utf8'))).toEqual({
      success: true,
      data: [{ symbol: 'A', name: 'B' }],
    });
    expect(() => encodeBody(schema, { success: true, data: [{ symbol: 1 } as never] })).toThrow();
  });

  it('sends br, then gzip, then identity as the client accepts, each compressed once', () => {
    const body = encodeBody(schema, { success: true, data: rows });
    const br = body.forAcceptEncoding('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.bytes).toString('utf8')).data).toHaveLength(200);
    expect(body.forAcceptEncoding('br').bytes).toBe(br.bytes);
    const gzip = body.forAcceptEncoding('gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(zlib.gunzipSync(gzip.bytes).equals(body.identity)).toBe(true);
    expect(body.forAcceptEncoding(undefined)).toEqual({ bytes: body.identity, encoding: undefined });
    expect(body.forAcceptEncoding('deflate').encoding).toBeUndefined();
  });

  it('compresses both encodings ahead on the thread pool, to the bytes a request would have made', async () => {
    const ahead = encodeBody(schema, { success: true, data: rows });
    const onRequest = encodeBody(schema, { success: true, data: rows });
    let loopTurned = false;
    setImmediate(() => (loopTurned = true));
    await ahead.precompress();
    // The event loop went on while zlib worked (a synchronous compression would have finished first).
    expect(loopTurned).toBe(true);
    expect(ahead.forAcceptEncoding('br').bytes.equals(onRequest.forAcceptEncoding('br').bytes)).toBe(true);
    expect(ahead.forAcceptEncoding('gzip').bytes.equals(onRequest.forAcceptEncoding('gzip').bytes)).toBe(
      true,
    );
  });

  it('leaves small bodies uncompressed', () => {
    const small = new EncodedBody(Buffer.alloc(COMPRESS_MIN_BYTES - 1, 'a'));
    expect(small.forAcceptEncoding('br').encoding).toBeUndefined();
  });
});

describe(sendEncoded.name, () => {
  it('sets content-type, content-encoding and vary', async () => {
    const body = encodeBody(schema, { success: true, data: rows });
    const app = Fastify();
    app.get('/x', async (request, reply) => sendEncoded(request, reply, body));
    const plain = await app.inject({ method: 'GET', url: '/x' });
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.json().data).toHaveLength(200);
    const gz = await app.inject({ method: 'GET', url: '/x', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Number(gz.headers['content-length'])).toBeLessThan(body.identity.length / 4);
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString('utf8')).data).toHaveLength(200);
    await app.close();
  });
});

describe(EncodedBodyCache.name, () => {
  const json = (body: EncodedBody) => JSON.parse(body.identity.toString('utf8')) as unknown;

  it('wraps the fields in the success envelope and encodes them with the schema', () => {
    const cache = new EncodedBodyCache(schema, 10);
    const body = cache.get('a', 'v1', () => ({ data: [{ symbol: 'A', name: 'B', extra: 1 } as never] }));
    expect(json(body)).toEqual({ success: true, data: [{ symbol: 'A', name: 'B' }] });
    expect(() => cache.get('b', 'v1', () => ({ data: [{ symbol: 1 } as never] }))).toThrow();
  });

  it('makes a body once per key and version, and again when the version changes', () => {
    const cache = new EncodedBodyCache(schema, 10);
    let makes = 0;
    const make = (name: string) => () => {
      makes += 1;
      return { data: [{ symbol: 'A', name }] };
    };
    const first = cache.get('a', 'v1', make('one'));
    expect(cache.get('a', 'v1', make('ignored'))).toBe(first);
    expect(cache.get('b', 'v1', make('other key'))).not.toBe(first);
    const second = cache.get('a', 'v2', make('two'));
    expect(json(second)).toEqual({ success: true, data: [{ symbol: 'A', name: 'two' }] });
    expect(cache.get('a', 'v2', make('ignored'))).toBe(second);
    expect(makes).toBe(3);
  });

  it('keeps at most maxEntries keys, dropping the one made longest ago', () => {
    const cache = new EncodedBodyCache(schema, 2);
    const make = () => ({ data: rows.slice(0, 1) });
    cache.get('a', 'v1', make);
    const b = cache.get('b', 'v1', make);
    const a2 = cache.get('a', 'v2', make); // 'a' made again: now 'b' is the oldest
    const c = cache.get('c', 'v1', make);
    expect(cache.size).toBe(2);
    expect(cache.get('a', 'v2', make)).toBe(a2);
    expect(cache.get('c', 'v1', make)).toBe(c);
    expect(cache.get('b', 'v1', make)).not.toBe(b);
  });

  it('shares one asynchronous make between requests for the same key and version', async () => {
    const cache = new EncodedBodyCache(schema, 10);
    let makes = 0;
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const make = async () => {
      makes += 1;
      await gate;
      return { data: rows.slice(0, 2) };
    };
    const together = [cache.getAsync('a', 'v1', make), cache.getAsync('a', 'v1', make)];
    release();
    const [x, y] = await Promise.all(together);
    expect(x).toBe(y);
    expect(makes).toBe(1);
    expect(await cache.getAsync('a', 'v1', make)).toBe(x);
    expect(makes).toBe(1);
  });

  it('keeps nothing when the asynchronous make fails, and tries again on the next request', async () => {
    const cache = new EncodedBodyCache(schema, 10);
    await expect(cache.getAsync('a', 'v1', () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    expect(cache.size).toBe(0);
    const body = await cache.getAsync('a', 'v1', async () => ({ data: rows.slice(0, 1) }));
    expect(json(body)).toMatchObject({ success: true });
    expect(cache.size).toBe(1);
  });

  it('keeps the newest asked version when an older make finishes last', async () => {
    const cache = new EncodedBodyCache(schema, 10);
    let releaseOld = () => undefined as void;
    const oldGate = new Promise<void>((resolve) => (releaseOld = resolve));
    const older = cache.getAsync('a', 'v1', async () => {
      await oldGate;
      return { data: [{ symbol: 'OLD', name: 'x' }] };
    });
    const newer = await cache.getAsync('a', 'v2', async () => ({ data: [{ symbol: 'NEW', name: 'x' }] }));
    releaseOld();
    expect(json(await older)).toMatchObject({ data: [{ symbol: 'OLD' }] });
    expect(await cache.getAsync('a', 'v2', () => Promise.reject(new Error('not asked')))).toBe(newer);
  });
});
