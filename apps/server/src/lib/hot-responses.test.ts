// The hot path (decision 0051): cached answers of public read routes go out from the HTTP server's request handler
// without Fastify, over real HTTP (inject never reaches the server's handler). Same bytes and headers as the routed
// answer, the request id rule, metrics, a moved version falling back to the router, and nothing kept that the router
// refused.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMarketTestApp, type TestApp } from '@test/helpers';
import type { MarketEngine } from '@/market/engine';
import { RequestMetricsCollector } from '@/plugins/request-metrics';
import { EncodedBody } from './encoded-body.ts';
import { HotResponses } from './hot-responses.ts';

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** Headers that differ between any two answers (Node's own, and the request id). */
const PER_ANSWER = new Set(['date', 'x-request-id', 'keep-alive', 'connection']);
const fixedHeaders = (headers: http.IncomingHttpHeaders | Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !PER_ANSWER.has(name))
      .map(([name, value]) => [name, String(value)]),
  );

/** One request over HTTP, with the body's bytes as sent (fetch would decompress them). */
function request(
  url: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      })
      .on('error', reject)
      .end();
  });
}

describe('hot path', () => {
  let t: TestApp & { engine: MarketEngine };
  let base: string;
  let hot: HotResponses;
  /** Whether each request the server took was answered on the hot path (true) or left to Fastify (false). */
  let served: boolean[];

  beforeAll(async () => {
    t = await createMarketTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
    hot = t.app.hotResponses!;
    const serve = hot.serve.bind(hot);
    vi.spyOn(hot, 'serve').mockImplementation((req, res) => {
      const answered = serve(req, res);
      served.push(answered);
      return answered;
    });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t.close();
  });

  const get = async (path: string, headers: Record<string, string> = BROWSER) => {
    served = [];
    const res = await request(`${base}${path}`, headers);
    return { res, body: res.body, hot: served[0] };
  };

  it('answers a URL the router answered from the hot path, with the same bytes and headers', async () => {
    for (const path of [
      '/api/market/summary',
      '/api/market/live-data?limit=5',
      '/api/stocks/list?sector=Holding&sort_by=change&sort_order=desc&page=2&limit=20',
    ]) {
      const first = await get(path);
      expect(first.res.status, path).toBe(200);
      expect(first.hot, path).toBe(false);
      // Every Accept-Encoding gets from the hot path what the router gives it (inject goes through Fastify alone).
      for (const headers of [BROWSER, { 'accept-encoding': 'gzip' }, {}]) {
        const answer = await get(path, headers);
        const routed = await t.app.inject({ method: 'GET', url: path, headers });
        expect(answer.hot, path).toBe(true);
        expect(answer.body.equals(routed.rawPayload), path).toBe(true);
        expect(fixedHeaders(answer.res.headers), path).toEqual(fixedHeaders(routed.headers));
      }
    }
    const summary = await get('/api/market/summary');
    expect(summary.hot).toBe(true);
    expect(summary.res.headers['content-encoding']).toBe('br');
    expect(summary.res.headers['x-content-type-options']).toBe('nosniff');
    expect(summary.res.headers['cache-control']).toBe('no-store');
  });

  it('keeps an incoming request id only when it looks like one, as the router does', async () => {
    await get('/api/market/summary');
    const kept = await get('/api/market/summary', { ...BROWSER, 'x-request-id': 'proxy-42.a_b' });
    expect(kept.hot).toBe(true);
    expect(kept.res.headers['x-request-id']).toBe('proxy-42.a_b');
    const refused = await get('/api/market/summary', { ...BROWSER, 'x-request-id': '<script>' });
    expect(refused.hot).toBe(true);
    expect(refused.res.headers['x-request-id']).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
  });

  it('counts hot answers in the request metrics under their route', async () => {
    const record = vi.spyOn(RequestMetricsCollector.prototype, 'record');
    await get('/api/market/summary');
    const answer = await get('/api/market/summary');
    expect(answer.hot).toBe(true);
    expect(record).toHaveBeenLastCalledWith('GET', '/api/market/summary', 200, expect.any(Number));
    record.mockRestore();
  });

  it('leaves a URL to the router once its data moved, then keeps the new answer', async () => {
    const before = await get('/api/market/summary');
    expect(before.hot).toBe(true);
    await t.engine.tick();
    t.clock.advanceMs(5_000);
    const moved = await get('/api/market/summary');
    expect(moved.hot).toBe(false);
    expect(moved.body.equals(before.body)).toBe(false);
    const again = await get('/api/market/summary');
    expect(again.hot).toBe(true);
    expect(again.body.equals(moved.body)).toBe(true);
  });

  it('keeps nothing the router refused, and leaves other methods, bodies and sessions to the router', async () => {
    const size = hot.size;
    for (const path of [
      '/api/stocks/list?page=0',
      '/api/stocks/list?search=%00',
      '/api/market/live-data?limit=x',
    ]) {
      expect((await get(path)).res.status, path).toBe(400);
      const again = await get(path);
      expect(again.res.status, path).toBe(400);
      expect(again.hot, path).toBe(false);
    }
    expect(hot.size).toBe(size);
    await get('/api/market/summary');
    served = [];
    const head = await request(`${base}/api/market/summary`, BROWSER, 'HEAD');
    expect(head.status).toBe(200);
    expect(served).toEqual([false]);
    // Routes behind a session never use the hot path.
    expect((await get('/api/portfolio/overview')).res.status).toBe(401);
    expect((await get('/api/portfolio/overview')).hot).toBe(false);
  });
});

describe('HotResponses', () => {
  it('gives each answer its own request id and access line from the headers it keeps per encoding', async () => {
    const ids = ['id-1', 'id-2', 'id-3'];
    const lines: string[] = [];
    const hot = new HotResponses({
      nextRequestId: () => ids.shift() ?? 'none',
      apiHeaders: { 'x-content-type-options': 'nosniff' },
      accessLine: (id, fixed, ms) => lines.push(`${id}${fixed}${ms >= 0 ? 'ms' : ''}`),
    });
    const url = '/a?b=1';
    hot.remember(
      { method: 'GET', url } as never,
      '/a',
      'v',
      () => 'v',
      new EncodedBody(Buffer.alloc(2_000, 'x')),
    );
    const server = http.createServer((req, res) => {
      if (!hot.serve(req, res)) res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const answers = [];
      for (const headers of [BROWSER, {}, BROWSER])
        answers.push(await request(`http://127.0.0.1:${port}${url}`, headers));
      expect(answers.map((a) => a.headers['x-request-id'])).toEqual(['id-1', 'id-2', 'id-3']);
      expect(answers.map((a) => a.headers['content-encoding'])).toEqual(['br', undefined, 'br']);
      expect(answers.map((a) => Number(a.headers['content-length']))).toEqual(
        answers.map((a) => a.body.length),
      );
      expect(answers[0]!.body.equals(answers[2]!.body)).toBe(true);
      expect(answers[1]!.body.length).toBe(2_000);
      expect(answers[0]!.headers['x-content-type-options']).toBe('nosniff');
      expect(lines).toEqual(
        ['id-1', 'id-2', 'id-3'].map((id) => `${id},"method":"GET","url":"/a?b=1","status":200,"ms":ms`),
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('keeps at most its bound of URLs, the one kept longest going first', () => {
    const hot = new HotResponses({ nextRequestId: () => 'id', apiHeaders: {} }, 2);
    const request = (url: string) => ({ method: 'GET', url }) as never;
    const body = new EncodedBody(Buffer.from('{}'));
    for (const url of ['/a', '/b', '/c']) hot.remember(request(url), url, 'v', () => 'v', body);
    expect(hot.size).toBe(2);
    hot.close();
    expect(hot.size).toBe(0);
    hot.remember(request('/d'), '/d', 'v', () => 'v', body);
    expect(hot.size).toBe(0);
  });
});
