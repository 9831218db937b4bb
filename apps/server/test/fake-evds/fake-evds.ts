import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

const FIXTURES = new URL('../fixtures/evds/', import.meta.url);

/** One request as the fake saw it: its path (with the parameters EVDS reads from it) and the `key` header. */
export interface EvdsRequest {
  path: string;
  series: string;
  key: string | undefined;
}

/**
 * A local fake of TCMB EVDS over real HTTP: a node:http server on 127.0.0.1 answering
 * `/series=<codes>&startDate=dd-mm-yyyy&endDate=dd-mm-yyyy&type=json…` with the recorded-shaped answer in
 * test/fixtures/evds named after `series`, its items cut to the requested dates. A request without the expected `key`
 * header gets 401 — and, unlike EVDS, the fake echoes the key it was sent, so a test can see that the client keeps
 * it out of its errors and logs. `failSeries` answers a status for requests of a series group, `hangSeries` never
 * answers them (the client's timeout fires).
 */
export class FakeEvds {
  readonly requests: EvdsRequest[] = [];
  /** The first code of a group → the status its requests get (e.g. 503). */
  readonly failSeries = new Map<string, number>();
  /** First codes of groups whose requests are held unanswered. */
  readonly hangSeries = new Set<string>();
  private readonly server: http.Server;
  private readonly sockets = new Set<Socket>();
  private port = 0;

  constructor(readonly key: string) {
    this.server = http.createServer((req, res) => this.handle(req, res));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
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
    const params = new Map(
      path
        .replace(/^\//, '')
        .split('&')
        .map((pair) => {
          const at = pair.indexOf('=');
          return [pair.slice(0, at), decodeURIComponent(pair.slice(at + 1))] as const;
        }),
    );
    const series = params.get('series') ?? '';
    const key = typeof req.headers.key === 'string' ? req.headers.key : undefined;
    this.requests.push({ path, series, key });
    const first = series.split('-')[0] ?? '';
    if (this.hangSeries.has(first)) return;
    if (key !== this.key) return text(res, 401, `Invalid API Key (${key ?? 'none'})`);
    const status = this.failSeries.get(first);
    if (status !== undefined) return text(res, status, 'Service Unavailable');
    const from = isoOf(params.get('startDate'));
    const to = isoOf(params.get('endDate'));
    if (!from || !to || params.get('type') !== 'json') return text(res, 400, 'Bad Request');
    let recorded: { items: { Tarih: string }[] };
    try {
      recorded = JSON.parse(
        readFileSync(new URL(`series-${series}.json`, FIXTURES), 'utf8'),
      ) as typeof recorded;
    } catch {
      return text(res, 400, 'Bad Request');
    }
    const items = recorded.items.filter((item) => {
      const day = periodOf(item.Tarih);
      return day >= from.slice(0, day.length === 7 ? 7 : 10) && day <= to;
    });
    const body = JSON.stringify({ totalCount: items.length, items });
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
    });
    res.end(body);
  }
}

function text(res: http.ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/plain', 'content-length': String(Buffer.byteLength(body)) });
  res.end(body);
}

/** dd-mm-yyyy → YYYY-MM-DD. */
function isoOf(dmy: string | undefined): string | null {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(dmy ?? '');
  return m ? `${m[3]!}-${m[2]!}-${m[1]!}` : null;
}

/** A fixture's Tarih as YYYY-MM (a month) or YYYY-MM-DD (a day). */
function periodOf(tarih: string): string {
  const month = /^(\d{4})-(\d{1,2})$/.exec(tarih);
  if (month) return `${month[1]!}-${month[2]!.padStart(2, '0')}`;
  return isoOf(tarih) ?? tarih;
}

export async function startFakeEvds(key: string): Promise<FakeEvds> {
  const fake = new FakeEvds(key);
  await fake.listen();
  return fake;
}
