import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWeb } from './web.ts';

const SCRIPT = `export const answer = ${'"forty-two", '.repeat(200)};\n`;
const PAGE = `<!doctype html><html><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;
const LANDING = `<!doctype html><html><body><div id="root"><h1>Landing</h1></div>${' '.repeat(2000)}</body></html>`;
const LOGIN = `<!doctype html><html><body><div id="root"><h1>Giriş</h1></div>${' '.repeat(2000)}</body></html>`;

/**
 * A web build as apps/web's build writes it: hashed assets, index.html and the prerendered pages with their list
 * (prerendered.json), each with its .br and .gz copies; the list also names a file outside dist, never served.
 */
function writeBuild(dir: string): void {
  fs.mkdirSync(path.join(dir, 'assets'));
  const files: Record<string, string> = {
    'index.html': PAGE,
    'landing.html': LANDING,
    'login.html': LOGIN,
    'assets/app-Ab12Cd34.js': SCRIPT,
  };
  for (const [name, body] of Object.entries(files)) {
    fs.writeFileSync(path.join(dir, name), body);
    fs.writeFileSync(path.join(dir, `${name}.br`), zlib.brotliCompressSync(body));
    fs.writeFileSync(path.join(dir, `${name}.gz`), zlib.gzipSync(body));
  }
  fs.writeFileSync(
    path.join(dir, 'prerendered.json'),
    JSON.stringify({ '/': 'landing.html', '/login': 'login.html', '/secret': '../secret.html' }),
  );
  fs.writeFileSync(path.join(dir, '..', 'secret.html'), 'outside dist');
  // A small file the build leaves uncompressed.
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
}

describe(registerWeb.name, () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'web-build-')), 'dist');
    fs.mkdirSync(dir);
    writeBuild(dir);
    app = Fastify();
    await registerWeb(app, dir);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  it('sends a hashed asset as brotli to a browser that accepts it, cached for a year', async () => {
    const res = await app.inject({
      url: '/assets/app-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await app.inject({ url: '/assets/app-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await app.inject({
      url: '/assets/app-Ab12Cd34.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('serves a file without compressed copies as is', async () => {
    const res = await app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a page route with index.html, compressed and never cached', async () => {
    const res = await app.inject({ url: '/dashboard', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(PAGE);
  });

  it('answers the prerendered paths with their pages, query string or not; other pages still get the app', async () => {
    for (const url of ['/', '/?ref=mail']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(LANDING);
    }
    const login = await app.inject({ url: '/login?x=1', headers: { 'accept-encoding': 'identity' } });
    expect(login.body).toBe(LOGIN);
    for (const url of ['/register', '/login/', '/secret']) {
      const other = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(other.body, url).toBe(PAGE);
    }
  });

  it('keeps the JSON 404 for unknown API paths and missing assets', async () => {
    const api = await app.inject({ url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/json/);
    const asset = await app.inject({ url: '/assets/missing-123.js' });
    expect(asset.statusCode).toBe(404);
  });
});

/**
 * A render module as apps/web's build writes it (dist/server/pages.js, app/server-pages.tsx): the dashboard from two
 * API answers, a page whose render throws, one whose data is not there yet. Each render is counted.
 */
const PAGES_MODULE = `
globalThis.renders = 0;
export const serverPages = [
  {
    path: '/dashboard',
    data: ['/api/fake/summary', '/api/fake/status?x=1'],
    render(bodies, updatedAt) {
      globalThis.renders += 1;
      return '<!doctype html><div id="root" data-server-rendered>' + JSON.stringify({ bodies, updatedAt }) + '</div>' + ' '.repeat(2000);
    },
  },
  { path: '/broken', data: ['/api/fake/summary'], render() { throw new Error('secret internals'); } },
  { path: '/waiting', data: ['/api/fake/summary', '/api/fake/down'], render() { globalThis.renders += 1; return 'never'; } },
];
`;

/** A web build in a fresh directory with PAGES_MODULE as its render module. */
function buildWithServerPages(): string {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'web-build-')), 'dist');
  fs.mkdirSync(dir);
  writeBuild(dir);
  fs.mkdirSync(path.join(dir, 'server'));
  fs.writeFileSync(path.join(dir, 'server', 'pages.js'), PAGES_MODULE);
  fs.writeFileSync(path.join(dir, 'server', 'template.html'), PAGE);
  return dir;
}

describe(`${registerWeb.name}: pages the server renders`, () => {
  let dir: string;
  let app: FastifyInstance;
  const renders = () => (globalThis as { renders?: number }).renders;
  const logged: string[] = [];

  beforeAll(async () => {
    dir = buildWithServerPages();
    app = Fastify({
      logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } },
    });
    let summaryCalls = 0;
    app.get('/api/fake/summary', async () => ({ success: true, data: { calls: ++summaryCalls } }));
    app.get('/api/fake/status', async (request) => ({ success: true, data: request.query }));
    app.get('/api/fake/down', async (_request, reply) => reply.status(503).send({ success: false }));
    await registerWeb(app, dir);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  it("renders the page on each request from its data paths' answers, compressed and never cached", async () => {
    const before = Date.now();
    const first = await app.inject({ url: '/dashboard?from=mail', headers: { 'accept-encoding': 'br' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-encoding']).toBe('br');
    const html = zlib.brotliDecompressSync(first.rawPayload).toString();
    const rendered = JSON.parse(/data-server-rendered>(.*)<\/div>/.exec(html)?.[1] ?? '') as {
      bodies: Record<string, unknown>;
      updatedAt: number;
    };
    expect(rendered.bodies).toEqual({
      '/api/fake/summary': { success: true, data: { calls: 1 } },
      '/api/fake/status?x=1': { success: true, data: { x: '1' } },
    });
    expect(rendered.updatedAt).toBeGreaterThanOrEqual(before);
    const second = await app.inject({ url: '/dashboard', headers: { 'accept-encoding': 'identity' } });
    expect(second.body).toContain('{"calls":2}');
    expect(renders()).toBe(2);
  });

  it('sends the app (index.html) when a data path does not answer 200, or the render fails — never its error', async () => {
    const rendersBefore = renders();
    const waiting = await app.inject({ url: '/waiting', headers: { 'accept-encoding': 'identity' } });
    expect(waiting.statusCode).toBe(200);
    expect(waiting.body).toBe(PAGE);
    expect(renders()).toBe(rendersBefore);
    const broken = await app.inject({ url: '/broken', headers: { 'accept-encoding': 'identity' } });
    expect(broken.statusCode).toBe(200);
    expect(broken.body).toBe(PAGE);
    expect(broken.body).not.toContain('secret internals');
    expect(logged.some((line) => line.includes('server page render failed'))).toBe(true);
  });

  it('answers HEAD with the app page without rendering, and never serves the render module or its template', async () => {
    const rendersBefore = renders();
    const head = await app.inject({ method: 'HEAD', url: '/dashboard' });
    expect(head.statusCode).toBe(200);
    expect(renders()).toBe(rendersBefore);
    for (const url of ['/server/pages.js', '/server/template.html']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe(`${registerWeb.name}: pages kept per version of their data`, () => {
  let dir: string;
  let app: FastifyInstance;
  let version = 'v1';
  let summaryCalls = 0;
  const renders = () => (globalThis as { renders?: number }).renders ?? 0;

  beforeAll(async () => {
    dir = buildWithServerPages();
    app = Fastify();
    app.get('/api/fake/summary', async () => ({ success: true, data: { calls: ++summaryCalls } }));
    app.get('/api/fake/status', async (request) => ({ success: true, data: request.query }));
    await registerWeb(app, dir, { pageDataVersion: async () => version, pageRenderIntervalMs: 200 });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  it('renders on the first request, then in the background when the version moves: requests never wait for a render', async () => {
    const rendersBefore = renders();
    const first = await app.inject({ url: '/dashboard', headers: { 'accept-encoding': 'identity' } });
    const second = await app.inject({ url: '/dashboard', headers: { 'accept-encoding': 'br' } });
    expect(first.body).toContain('{"calls":1}');
    expect(zlib.brotliDecompressSync(second.rawPayload).toString()).toBe(first.body);
    expect(renders() - rendersBefore).toBe(1);
    expect(summaryCalls).toBe(1);
    // The data moved (a run ended, a price changed): the requests get the kept page at once, never a render, and
    // the page is rendered in the background within the interval.
    version = 'v2';
    const movedAt = Date.now();
    const third = await app.inject({ url: '/dashboard', headers: { 'accept-encoding': 'identity' } });
    expect(third.body).toContain('{"calls":1}');
    expect(renders() - rendersBefore).toBe(1);
    let fresh = third;
    while (!fresh.body.includes('{"calls":2}') && Date.now() - movedAt < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      fresh = await app.inject({ url: '/dashboard', headers: { 'accept-encoding': 'identity' } });
    }
    expect(fresh.body).toContain('{"calls":2}');
    expect(Date.now() - movedAt).toBeLessThan(1_000);
    expect(renders() - rendersBefore).toBe(2);
    // Sent in each encoding from the one kept render.
    const br = await app.inject({ url: '/dashboard', headers: { 'accept-encoding': 'br' } });
    const gzip = await app.inject({ url: '/dashboard', headers: { 'accept-encoding': 'gzip' } });
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(fresh.body);
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(fresh.body);
    expect(renders() - rendersBefore).toBe(2);
  });
});

describe(`${registerWeb.name}: a render module that cannot be loaded`, () => {
  it('starts anyway and leaves its pages to the app (index.html), saying so in the log', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'web-build-')), 'dist');
    fs.mkdirSync(dir);
    writeBuild(dir);
    fs.mkdirSync(path.join(dir, 'server'));
    fs.writeFileSync(
      path.join(dir, 'server', 'pages.js'),
      'export const serverPages = [{ path: "/dashboard" }];\n',
    );
    const logged: string[] = [];
    const app = Fastify({
      logger: { level: 'warn', stream: { write: (line: string) => void logged.push(line) } },
    });
    try {
      await registerWeb(app, dir);
      const res = await app.inject({ url: '/dashboard', headers: { 'accept-encoding': 'identity' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(PAGE);
      expect(logged.some((line) => line.includes('server pages of the web build could not be loaded'))).toBe(
        true,
      );
    } finally {
      await app.close();
      fs.rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  });
});
