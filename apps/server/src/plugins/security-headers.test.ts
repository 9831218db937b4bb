import Fastify from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import { describe, expect, it } from 'vitest';
import { HELMET_OPTIONS, computeSecurityHeaders, registerSecurityHeaders } from './security-headers.ts';

describe(computeSecurityHeaders.name, () => {
  it('sends exactly the headers @fastify/helmet would send', async () => {
    const ours = Fastify();
    registerSecurityHeaders(ours);
    ours.get('/', async () => ({ ok: true }));
    const reference = Fastify();
    await reference.register(fastifyHelmet, HELMET_OPTIONS as never);
    reference.get('/', async () => ({ ok: true }));
    const a = await ours.inject({ method: 'GET', url: '/' });
    const b = await reference.inject({ method: 'GET', url: '/' });
    const pick = (h: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(h).filter(([k]) => !['date', 'content-length', 'connection', 'keep-alive'].includes(k)));
    expect(pick(a.headers)).toEqual(pick(b.headers));
    expect(a.headers['content-security-policy']).toContain("default-src 'self'");
    expect(a.headers['x-content-type-options']).toBe('nosniff');
    await ours.close();
    await reference.close();
  });
});
