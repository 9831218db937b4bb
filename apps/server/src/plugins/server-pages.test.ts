import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { EncodedBody } from '@/lib/encoded-body';
import { SERVER_PAGE_MAX_AGE_MS, ServerPageDocuments } from './server-pages.ts';

describe(ServerPageDocuments.name, () => {
  it('renders on a new version, and once the kept page is old sends it while one render makes its successor', async () => {
    let nowMs = 0;
    let renders = 0;
    const documents = new ServerPageDocuments(pino({ level: 'silent' }), () => nowMs);
    const render = async () => new EncodedBody(Buffer.from(`render ${++renders}`));
    const text = async (version: string) =>
      (await documents.get('/dashboard', version, render))?.identity.toString();

    expect(await text('v1')).toBe('render 1');
    expect(await text('v1')).toBe('render 1');
    expect(renders).toBe(1);
    // Another version (a run ended, a price moved) is never answered with the kept page.
    expect(await text('v2')).toBe('render 2');
    // Old: the kept page goes out, and a single render in the background replaces it.
    nowMs += SERVER_PAGE_MAX_AGE_MS;
    const [a, b] = await Promise.all([text('v2'), text('v2')]);
    expect([a, b]).toEqual(['render 2', 'render 2']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(renders).toBe(3);
    expect(await text('v2')).toBe('render 3');
  });
});
