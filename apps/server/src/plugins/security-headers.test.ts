import Fastify from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import { describe, expect, it } from 'vitest';
import {
  API_SECURITY_HEADERS,
  HELMET_OPTIONS,
  isApiPath,
  registerSecurityHeaders,
} from './security-headers.ts';

const pick = (h: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(h).filter(
      ([k]) => !['date', 'content-length', 'connection', 'keep-alive', 'x-request-id'].includes(k),
    ),
  );

describe(registerSecurityHeaders.name, () => {
  it('sends pages exactly the headers @fastify/helmet would send', async () => {
    const ours = Fastify();
    registerSecurityHeaders(ours);
    ours.get('/', async () => ({ ok: true }));
    const reference = Fastify();
    await reference.register(fastifyHelmet, HELMET_OPTIONS as never);
    reference.get('/', async () => ({ ok: true }));
    const a = await ours.inject({ method: 'GET', url: '/' });
    const b = await reference.inject({ method: 'GET', url: '/' });
    expect(pick(a.headers)).toEqual(pick(b.headers));
    expect(a.headers['content-security-policy']).toContain("default-src 'self'");
    expect(a.headers['content-security-policy']).toContain("script-src 'self';");
    expect(a.headers['x-content-type-options']).toBe('nosniff');
    await ours.close();
    await reference.close();
  });

  it('lets inline scripts run only on the Swagger UI pages', async () => {
    const app = Fastify();
    registerSecurityHeaders(app);
    app.get('/docs/', async () => 'docs');
    app.get('/dashboard', async () => 'app');
    const docs = await app.inject({ method: 'GET', url: '/docs/' });
    const page = await app.inject({ method: 'GET', url: '/dashboard' });
    expect(docs.headers['content-security-policy']).toContain("script-src 'self' 'unsafe-inline'");
    expect(String(page.headers['content-security-policy']).match(/script-src[^;]*/)?.[0]).toBe(
      "script-src 'self'",
    );
    await app.close();
  });

  it('sends JSON API answers, errors and unknown API paths the API set and the request id', async () => {
    const app = Fastify({ genReqId: () => 'req-1' });
    registerSecurityHeaders(app);
    app.get('/api/ok', async () => ({ ok: true }));
    app.get('/api/fails', async () => {
      throw new Error('boom');
    });
    for (const url of ['/api/ok', '/api/fails', '/api/unknown', '/health']) {
      const res = await app.inject({ method: 'GET', url });
      expect(pick(res.headers), url).toMatchObject(API_SECURITY_HEADERS);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['x-request-id'], url).toBe('req-1');
    }
    await app.close();
  });
});

describe(isApiPath.name, () => {
  it('tells JSON API paths from pages', () => {
    expect(isApiPath('/api/market/summary')).toBe(true);
    expect(isApiPath('/admin/api/users?page=2')).toBe(true);
    expect(isApiPath('/health')).toBe(true);
    expect(isApiPath('/health?full=1')).toBe(true);
    expect(isApiPath('/api')).toBe(true);
    expect(isApiPath('/healthz')).toBe(false);
    expect(isApiPath('/')).toBe(false);
    expect(isApiPath('/admin/users')).toBe(false);
    expect(isApiPath('/apiary')).toBe(false);
    expect(isApiPath('/docs')).toBe(false);
  });
});
