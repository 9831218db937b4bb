import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { bucketIndex } from '@/lib/latency-histogram';
import { RequestMetricsCollector, UNMATCHED_ROUTE, registerRequestMetrics } from './request-metrics.ts';

describe('RequestMetricsCollector', () => {
  it('aggregates per minute by method, route template and status class, and drains finished minutes only', () => {
    let now = Date.UTC(2026, 10, 25, 10, 0, 5);
    const c = new RequestMetricsCollector(() => now);
    c.record('GET', '/api/stocks/:symbol/profile', 200, 4);
    c.record('GET', '/api/stocks/:symbol/profile', 204, 12);
    c.record('GET', '/api/stocks/:symbol/profile', 404, 2);
    expect(c.drain()).toEqual([]);
    now += 60_000;
    c.record('POST', '/api/auth/login', 500, 700);
    const drained = c.drain();
    expect(drained).toHaveLength(2);
    const ok = drained.find((s) => s.statusClass === 2)!;
    expect(ok).toMatchObject({
      method: 'GET',
      route: '/api/stocks/:symbol/profile',
      count: 2,
      sumMs: 16,
      maxMs: 12,
    });
    expect(ok.minute.toISOString()).toBe('2026-11-25T10:00:00.000Z');
    expect(ok.buckets[bucketIndex(4)]).toBe(1);
    expect(ok.buckets[bucketIndex(12)]).toBe(1);
    expect(c.drain()).toEqual([]);
    expect(c.pending()).toHaveLength(1);
    const last = c.drain(true);
    expect(last).toEqual([expect.objectContaining({ route: '/api/auth/login', statusClass: 5, count: 1 })]);
    c.restore(last);
    expect(c.drain()).toHaveLength(1);
  });
});

describe('registerRequestMetrics', () => {
  it('counts API requests by route template, unmatched API paths as one series, and skips pages', async () => {
    const c = new RequestMetricsCollector();
    const app = Fastify();
    registerRequestMetrics(app, c);
    app.get('/api/stocks/:symbol/profile', async () => ({ ok: true }));
    app.get('/about', async () => 'page');
    await app.inject({ method: 'GET', url: '/api/stocks/THYAO/profile' });
    await app.inject({ method: 'GET', url: '/api/stocks/GARAN/profile?x=1' });
    await app.inject({ method: 'GET', url: '/api/nothing/here/123' });
    await app.inject({ method: 'GET', url: '/about' });
    await app.close();
    const series = c.drain(true);
    expect(series.map((s) => [s.route, s.statusClass, s.count]).sort()).toEqual([
      [UNMATCHED_ROUTE, 4, 1],
      ['/api/stocks/:symbol/profile', 2, 2],
    ]);
  });
});
