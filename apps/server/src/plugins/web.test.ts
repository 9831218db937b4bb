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
