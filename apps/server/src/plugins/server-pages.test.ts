import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { EncodedBody } from '@/lib/encoded-body';
import { SERVER_PAGE_MAX_AGE_MS, ServerPageDocuments, epochOf, type RenderTimers } from './server-pages.ts';

/** Timers fired by hand: what is armed, and for how long. */
function handTimers() {
  const armed: { fire: () => void; ms: number }[] = [];
  const timers: RenderTimers = {
    set: (fire, ms) => {
      const timer = { fire, ms };
      armed.push(timer);
      return timer;
    },
    clear: (handle) => void armed.splice(armed.indexOf(handle as (typeof armed)[number]), 1),
  };
  /** Fires the armed render and waits for it to be kept. */
  const fire = async () => {
    const timer = armed.shift()!;
    timer.fire();
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  };
  return { armed, timers, fire };
}

describe(ServerPageDocuments.name, () => {
  const silent = pino({ level: 'silent' });

  it("renders on the request when the epoch moves (the feed switched): the old feed's page is never sent", async () => {
    let renders = 0;
    let version = 'simulated#1|p1';
    const { armed, timers } = handTimers();
    const documents = new ServerPageDocuments(silent, { nowMs: () => 0, timers });
    const render = async () => new EncodedBody(Buffer.from(`render ${++renders} at ${version}`));
    const text = async () =>
      (await documents.get('/dashboard', async () => version, render))?.identity.toString();

    expect(await text()).toBe('render 1 at simulated#1|p1');
    // A quote in the same epoch: the kept page, a render armed.
    version = 'simulated#2|p1';
    expect(await text()).toBe('render 1 at simulated#1|p1');
    expect(armed).toHaveLength(1);
    // The feed switches: this request waits for the new page, and concurrent ones share its render.
    version = 'yahoo#3|p1';
    expect(await Promise.all([text(), text()])).toEqual(['render 2 at yahoo#3|p1', 'render 2 at yahoo#3|p1']);
    expect(renders).toBe(2);
    expect(epochOf('yahoo#3|p1')).toBe('yahoo');
    expect(epochOf('3|p1')).toBe('');
  });

  it('waits for a render on the first request only; a moved version is rendered in the background, once per interval', async () => {
    let nowMs = 0;
    let renders = 0;
    let version = 'v1';
    const { armed, timers, fire } = handTimers();
    const documents = new ServerPageDocuments(silent, { nowMs: () => nowMs, timers });
    const render = async () => new EncodedBody(Buffer.from(`render ${++renders} at ${version}`));
    const text = async () =>
      (await documents.get('/dashboard', async () => version, render))?.identity.toString();

    // Concurrent first requests share the one render they wait for.
    expect(await Promise.all([text(), text()])).toEqual(['render 1 at v1', 'render 1 at v1']);
    expect(await text()).toBe('render 1 at v1');
    expect(renders).toBe(1);
    expect(armed).toHaveLength(0);
    // A price moves, and moves again: the requests get the kept page at once, and one render is armed for the end of
    // the interval that began with the kept page.
    nowMs += 1_000;
    version = 'v2';
    expect(await text()).toBe('render 1 at v1');
    version = 'v3';
    expect(await text()).toBe('render 1 at v1');
    expect(renders).toBe(1);
    expect(armed.map((t) => t.ms)).toEqual([SERVER_PAGE_MAX_AGE_MS - 1_000]);
    // It renders the data as they are when it fires.
    nowMs += SERVER_PAGE_MAX_AGE_MS;
    await fire();
    expect(renders).toBe(2);
    expect(await text()).toBe('render 2 at v3');
    expect(armed).toHaveLength(0);
    // Same version, but the page has aged (the clock in its answers): rendered again at once, in the background.
    nowMs += SERVER_PAGE_MAX_AGE_MS;
    expect(await text()).toBe('render 2 at v3');
    expect(armed.map((t) => t.ms)).toEqual([0]);
    await fire();
    expect(await text()).toBe('render 3 at v3');
  });

  it('keeps the last page when a background render fails', async () => {
    let nowMs = 0;
    let fail = false;
    const { timers, fire } = handTimers();
    const documents = new ServerPageDocuments(silent, { nowMs: () => nowMs, timers });
    const page = `<html>${'ö'.repeat(4_000)}</html>`;
    const render = async () => {
      if (fail) throw new Error('secret internals');
      return new EncodedBody(Buffer.from(page));
    };
    const first = await documents.get('/dashboard', async () => 'v1', render);
    expect(zlib.brotliDecompressSync(first!.forAcceptEncoding('br').bytes).toString()).toBe(page);
    fail = true;
    nowMs += SERVER_PAGE_MAX_AGE_MS;
    expect(await documents.get('/dashboard', async () => 'v2', render)).toBe(first);
    await fire();
    expect(await documents.get('/dashboard', async () => 'v2', render)).toBe(first);
  });

  it('arms nothing once stopped (the server closes)', async () => {
    const { armed, timers } = handTimers();
    const documents = new ServerPageDocuments(silent, { nowMs: () => 0, timers });
    const render = async () => new EncodedBody(Buffer.from('page'));
    await documents.get('/dashboard', async () => 'v1', render);
    await documents.get('/dashboard', async () => 'v2', render);
    expect(armed).toHaveLength(1);
    documents.stop();
    expect(armed).toHaveLength(0);
    await documents.get('/dashboard', async () => 'v3', render);
    expect(armed).toHaveLength(0);
  });
});
