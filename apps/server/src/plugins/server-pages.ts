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
 * The web plugin keeps the documents (`ServerPageDocuments`), so a render (≈ 2 ms, more under load) happens when the
 * data move and every few seconds, not per request. Null when a data path does not answer 200 (the app's page then
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
 * How long a kept document is sent before it is rendered again with the same data version (the clock moved). A render
 * holds the event loop for tens of milliseconds under load (React on the server): once a second it put bench:load's
 * p99 at 349 ms, every five seconds 53 ms. A moved version (a price, a finished run) is rendered at once regardless.
 */
export const SERVER_PAGE_MAX_AGE_MS = 5_000;

/**
 * Rendered documents, one per page, kept with the version of the data they were rendered from. A request at another
 * version waits for a render at its version (a run ended, a price moved: never an older answer than the API's). At
 * the same version, a document older than SERVER_PAGE_MAX_AGE_MS is still sent while one render at a time makes its
 * successor: the answers also carry the clock (the market status's server time, the quotes' age), which moves
 * without the version, and waiting for those renders would stall every request that arrives meanwhile.
 */
export class ServerPageDocuments {
  private readonly kept = new Map<
    string,
    { version: string; document: EncodedBody | null; renderedAtMs: number }
  >();
  private readonly rendering = new SingleFlight<string, EncodedBody | null>();

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly nowMs: () => number = Date.now,
  ) {}

  async get(
    path: string,
    version: string,
    render: () => Promise<EncodedBody | null>,
  ): Promise<EncodedBody | null> {
    const kept = this.kept.get(path);
    if (kept?.version !== version) return this.render(path, version, render);
    if (this.nowMs() - kept.renderedAtMs >= SERVER_PAGE_MAX_AGE_MS) {
      this.render(path, version, render).catch((error: unknown) =>
        this.log.error(
          { err: error, page: path },
          'server page render failed; the kept page is sent meanwhile',
        ),
      );
    }
    return kept.document;
  }

  private render(
    path: string,
    version: string,
    render: () => Promise<EncodedBody | null>,
  ): Promise<EncodedBody | null> {
    return this.rendering.run(`${path}|${version}`, async () => {
      const renderedAtMs = this.nowMs();
      const document = await render();
      const current = this.kept.get(path);
      // A render for a newer version may have finished first: keep the newest rendering only.
      if (!current || current.version !== version || current.renderedAtMs <= renderedAtMs)
        this.kept.set(path, { version, document, renderedAtMs });
      return document;
    });
  }
}
