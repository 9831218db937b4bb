import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@test/helpers';

// An incoming X-Request-Id is echoed in the answer's header and body and written to the logs, so only an id of
// letters, digits, '.', '_' and '-' (at most 64) is kept; anything else gets an id of our own.
describe('X-Request-Id from the client', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const call = (id: string) =>
    t.app.inject({ method: 'GET', url: '/api/nowhere', headers: { 'x-request-id': id } });

  it('keeps a well-formed id, in the header and the error envelope', async () => {
    const res = await call('proxy-7f3a.2_b');
    expect(res.headers['x-request-id']).toBe('proxy-7f3a.2_b');
    expect(res.json()).toMatchObject({ requestId: 'proxy-7f3a.2_b' });
  });

  it('replaces markup, spaces, over-long and empty ids with a generated one', async () => {
    for (const hostile of ['<script>alert(1)</script>', 'a b', 'x'.repeat(65), '"quoted"', '']) {
      const res = await call(hostile);
      const id = res.headers['x-request-id'];
      expect(id, hostile).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
      expect(res.json(), hostile).toMatchObject({ requestId: id });
      expect(res.body, hostile).not.toContain('<script>');
    }
  });
});
