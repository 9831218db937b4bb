import zlib from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  COMPRESS_MIN_BYTES,
  EncodedBody,
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
