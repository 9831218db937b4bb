import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.ts';
import { ConflictError } from '@/lib/errors';

describe('error handler', () => {
  it('hides internals on 5xx but keeps the request id, and logs the error', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } },
    });
    registerErrorHandler(app);
    app.get('/api/boom', () => {
      throw new Error('connection to 10.1.2.3 failed: password=hunter2');
    });
    app.get('/admin/api/conflict', () => {
      throw new ConflictError('Email already exists', 'email');
    });
    const res = await app.inject({ method: 'GET', url: '/api/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      error: 'Beklenmeyen bir hata oluştu.',
      requestId: expect.any(String),
    });
    expect(res.body).not.toContain('hunter2');
    const logged = lines.map((l) => JSON.parse(l) as { reqId?: string; err?: { message: string } });
    expect(logged.some((l) => l.reqId === res.json().requestId && l.err?.message.includes('hunter2'))).toBe(
      true,
    );

    const conflict = await app.inject({ method: 'GET', url: '/admin/api/conflict' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ success: false, error: 'Email already exists', field: 'email' });
    await app.close();
  });
});
