import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { YahooReplay } from '@/market/yahoo/replay-fetch';

/**
 * A local fake of the real market provider over real HTTP: a node:http server on 127.0.0.1 answering the Yahoo
 * client's requests (cookie/crumb handshake, quotes, daily charts) with the recorded responses in
 * test/fixtures/yahoo. The server is pointed at it with MARKET_PROVIDER_URL; tests, e2e and benches use it so that
 * nothing reaches the internet. `replay` controls the answers (`down = 503` for 5xx, `failNext`, the quote
 * recording); `hang` holds every request unanswered (a provider that times out); `close()` leaves the port refusing
 * connections.
 */
export class FakeProvider {
  readonly replay = new YahooReplay();
  /** While true, requests are accepted and never answered (the client's timeout fires). */
  hang = false;
  /** Chart requests answered before every further one hangs (null: no limit): a run frozen in the middle. */
  hangChartsAfter: number | null = null;
  private chartsAnswered = 0;
  /** Each chart answer is sent this long after its request (a provider farther away than 127.0.0.1). */
  chartDelayMs = 0;
  /** Every request path (with its query) in arrival order, handshake included. */
  readonly requests: string[] = [];
  private readonly server: http.Server;
  private readonly sockets = new Set<Socket>();
  private port = 0;

  constructor() {
    this.server = http.createServer((req, res) => this.handle(req, res));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  /** Listens on 127.0.0.1 (`port` 0: any free port); resolves with the base URL for MARKET_PROVIDER_URL. */
  async listen(port = 0): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.address() as AddressInfo).port;
    return this.url;
  }

  get url(): string {
    return `http://127.0.0.1:${String(this.port)}`;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const path = req.url ?? '/';
    this.requests.push(path);
    if (this.hang) return;
    if (path.startsWith('/v8/finance/chart/') && this.hangChartsAfter !== null) {
      if (this.chartsAnswered >= this.hangChartsAfter) return;
      this.chartsAnswered += 1;
    }
    let answer: Response;
    try {
      answer = this.replay.answer(`${this.url}${path}`);
    } catch {
      // A network failure: the connection is reset without an answer.
      req.socket.destroy();
      return;
    }
    if (this.chartDelayMs > 0 && path.startsWith('/v8/finance/chart/'))
      setTimeout(() => void send(answer, res), this.chartDelayMs);
    else void send(answer, res);
  }
}

async function send(answer: Response, res: http.ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  answer.headers.forEach((value, key) => {
    if (key !== 'set-cookie') headers[key] = value;
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  const body = Buffer.from(await answer.arrayBuffer());
  res.writeHead(answer.status, { ...headers, 'content-length': String(body.length) });
  res.end(body);
}

/** Starts a fake provider; the caller closes it. */
export async function startFakeProvider(port = 0): Promise<FakeProvider> {
  const provider = new FakeProvider();
  await provider.listen(port);
  return provider;
}
