import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@test/helpers';

/** Sends `head`, then one byte of body every `everyMs`; resolves with what the server answered when it closed. */
function trickle(port: number, head: string, everyMs: number): Promise<{ answer: string; afterMs: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    const timer = setInterval(() => {
      if (!socket.destroyed) socket.write('a');
    }, everyMs);
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, afterMs: Date.now() - started });
    });
  });
}

describe('request timeouts', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ config: { requestTimeoutMs: 1_000 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => t.close());

  it('closes a connection whose body trickles in past the request timeout, with 408', async () => {
    const head =
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n';
    const { answer, afterMs } = await trickle(port, head, 200);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    // Cut off near the timeout (checked every second), not after the whole body's 200 s.
    expect(afterMs).toBeLessThan(10_000);
  });

  it('closes a connection whose headers never end', async () => {
    const { afterMs } = await trickle(port, 'GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: ', 200);
    expect(afterMs).toBeLessThan(10_000);
  });
});
