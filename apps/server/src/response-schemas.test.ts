import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@test/helpers';

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>>;
}

// The web app does not parse response bodies again (decision 0034): the serializer's check of each body
// against its route's response schema is the one check, so every JSON route must declare a schema for its success.
describe('response schemas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('every API route declares the schema of its success body (the event stream is not JSON)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    const { paths } = res.json<OpenApiDocument>();
    const operations: string[] = [];
    const withoutSchema: string[] = [];
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const name = `${method.toUpperCase()} ${path}`;
        operations.push(name);
        const success = Object.entries(operation.responses ?? {}).filter(([status]) =>
          status.startsWith('2'),
        );
        if (!success.some(([, response]) => response.content !== undefined)) withoutSchema.push(name);
      }
    }
    // The document lists every route the app serves (the landing page's count of them).
    const stats = await t.app.inject({ method: 'GET', url: '/api/platform/stats' });
    expect(operations).toHaveLength(stats.json<{ data: { apiEndpoints: number } }>().data.apiEndpoints);
    const notJson = new Set(['GET /api/market/stream']); // server-sent events
    expect(withoutSchema.filter((name) => !notJson.has(name))).toEqual([]);
  });
});
