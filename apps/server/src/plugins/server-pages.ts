import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { EncodedBody } from '@/lib/encoded-body';
import { SingleFlight } from '@/lib/single-flight';

/** Where the web build puts what the server renders pages with (apps/web/build/server-pages.ts). */
export const SERVER_PAGES_DIR = 'server';
const MODULE_FILE = 'pages.js';

/** One page the web build's render module can render (apps/web/src/app/server-pages.tsx `ServerPage`). */
export interface ServerPage {
  path: string;
  data: string[];
  /** The page's whole HTML document, rendered from the bodies of its data paths' answers. */
  render(bodies: Record<string, unknown>, updatedAt: number): string;
}

/**
 * The pages of the web build's render module (dist/server/pages.js) by path; none when the build has no render
 * module (a development build, or an older one): those pages then get index.html like any other.
 */
export async function loadServerPages(webDist: string): Promise<Map<string, ServerPage>> {
  const moduleFile = path.join(webDist, SERVER_PAGES_DIR, MODULE_FILE);
  if (!fs.existsSync(moduleFile)) return new Map();
  const loaded = (await import(pathToFileURL(moduleFile).href)) as { serverPages?: unknown };
  const pages = new Map<string, ServerPage>();
  for (const page of Array.isArray(loaded.serverPages) ? (loaded.serverPages as unknown[]) : []) {
    if (!isServerPage(page)) throw new Error(`${moduleFile} lists a page without path, data or render`);
    pages.set(page.path, page);
  }
  return pages;
}

function isServerPage(value: unknown): value is ServerPage {
  if (typeof value !== 'object' || value === null) return false;
  const page = value as Record<string, unknown>;
  return (
    typeof page.path === 'string' &&
    Array.isArray(page.data) &&
    page.data.every((url) => typeof url === 'string' && url.startsWith('/api/')) &&
    typeof page.render === 'function'
  );
}

/**
 * Renders a server page with the answers of the app's own API, asked in-process with `inject` as the browser would
 * ask them (the same routes, caches and serialisation) but without any of the visitor's headers: a page only ever
 * holds what the API answers to anyone (a path behind a session guard answers 401, and the page is not rendered).
 * The web plugin keeps the documents (`ServerPageDocuments`), so a render (≈ 2 ms, more under load) happens in the
 * background when the data move and every few seconds, not per request. Null when a data path does not answer 200 (the app's page then
 * loads it).
 */
export async function renderServerPage(
  app: FastifyInstance,
  page: ServerPage,
  log: FastifyBaseLogger,
): Promise<EncodedBody | null> {
  const answers = await Promise.all(page.data.map((url) => app.inject({ method: 'GET', url })));
  const failed = answers.findIndex((answer) => answer.statusCode !== 200);
  if (failed >= 0) {
    log.debug(
      { page: page.path, data: page.data[failed], status: answers[failed]?.statusCode },
      'server page not rendered: its data did not answer 200',
    );
    return null;
  }
  const bodies = Object.fromEntries(
    page.data.map((url, i) => [url, JSON.parse(answers[i]?.payload ?? 'null') as unknown]),
  );
  return new EncodedBody(Buffer.from(page.render(bodies, Date.now())));
}

/**
 * How often a page is rendered at most, and how old its kept document may grow before the next request has it rendered
 * again. A render holds the event loop for tens of milliseconds under load (React on the server), wherever it runs:
 * once a second it put bench:load's p99 at 349 ms, every five seconds 53 ms. So a moved version (a price, a finished
 * run) is rendered in the background at this pace, never on a request, and the kept document is sent meanwhile.
 */
export const SERVER_PAGE_MAX_AGE_MS = 5_000;

/** Timers of the background renders (tests fire them by hand). */
export interface RenderTimers {
  set(fire: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: RenderTimers = {
  set: (fire, ms) => setTimeout(fire, ms).unref(),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

interface KeptDocument {
  version: string;
  document: EncodedBody | null;
  renderedAtMs: number;
}

/**
 * Rendered documents, one per page, kept with the version of the data they were rendered from and compressed in
 * both encodings. Only a page's first request waits for a render (concurrent first requests share it); every later
 * one gets the kept document at once. A request that finds the data at another version, or the document
 * `intervalMs` old (the answers also carry the clock: the market status's server time, the quotes' age), arms one
 * background render of the page for `intervalMs` after the kept one was made (at once when that has passed): a burst
 * of versions (every quote tick) is rendered once per interval, and a document is at most an interval and a render
 * behind its data.
 */
export class ServerPageDocuments {
  private readonly kept = new Map<string, KeptDocument>();
  private readonly first = new SingleFlight<string, EncodedBody | null>();
  /** The armed or running background render of each page. */
  private readonly armed = new Map<string, unknown>();
  private stopped = false;
  private readonly nowMs: () => number;
  private readonly timers: RenderTimers;
  private readonly intervalMs: number;

  constructor(
    private readonly log: FastifyBaseLogger,
    options: { nowMs?: () => number; timers?: RenderTimers; intervalMs?: number } = {},
  ) {
    this.nowMs = options.nowMs ?? Date.now;
    this.timers = options.timers ?? realTimers;
    this.intervalMs = options.intervalMs ?? SERVER_PAGE_MAX_AGE_MS;
  }

  /**
   * The page's document: the kept one (arming a background render when `version()` moved or it aged), else the first
   * render's. `render` makes a document of the data as it is when called.
   */
  async get(
    path: string,
    version: () => Promise<string>,
    render: () => Promise<EncodedBody | null>,
  ): Promise<EncodedBody | null> {
    const current = await version();
    const kept = this.kept.get(path);
    // A first visit, or data that moved in a way a visitor must see at once (another epoch: the feed switched), waits
    // for the render as a first request does.
    if (!kept || epochOf(kept.version) !== epochOf(current))
      return this.first.run(path, () => this.render(path, version, render));
    if (kept.version !== current || this.nowMs() - kept.renderedAtMs >= this.intervalMs)
      this.arm(path, kept, version, render);
    return kept.document;
  }

  /** Cancels the armed renders (the server closes). */
  stop(): void {
    this.stopped = true;
    for (const handle of this.armed.values()) if (handle !== RUNNING) this.timers.clear(handle);
    this.armed.clear();
  }

  private arm(
    path: string,
    kept: KeptDocument,
    version: () => Promise<string>,
    render: () => Promise<EncodedBody | null>,
  ): void {
    if (this.stopped || this.armed.has(path)) return;
    const delayMs = Math.max(0, kept.renderedAtMs + this.intervalMs - this.nowMs());
    const handle = this.timers.set(() => {
      if (this.stopped) return;
      this.armed.set(path, RUNNING);
      this.render(path, version, render)
        .catch((error: unknown) =>
          this.log.error(
            { err: error, page: path },
            'server page render failed; the kept page is sent meanwhile',
          ),
        )
        .finally(() => this.armed.delete(path));
    }, delayMs);
    this.armed.set(path, handle);
  }

  /** Renders the page at the data's current version and keeps it, compressed (off the event loop). */
  private async render(
    path: string,
    version: () => Promise<string>,
    render: () => Promise<EncodedBody | null>,
  ): Promise<EncodedBody | null> {
    const renderedAtMs = this.nowMs();
    const renderedVersion = await version();
    const document = await render();
    await document?.precompress();
    this.kept.set(path, { version: renderedVersion, document, renderedAtMs });
    return document;
  }
}

const RUNNING = Symbol('running');

/**
 * A version's epoch: the part before its first '#', '' without one. Versions of one epoch differ in what may reach a
 * page within an interval (a quote, a finished run); another epoch (the market feed switched between the simulator
 * and real data) must not be shown as the old one for even a second, so the kept page is not sent.
 */
export function epochOf(version: string): string {
  const at = version.indexOf('#');
  return at < 0 ? '' : version.slice(0, at);
}
