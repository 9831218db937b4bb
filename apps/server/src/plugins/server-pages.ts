import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { EncodedBody } from '@/lib/encoded-body';

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
 * The web plugin keeps the document per version of the public data (web.ts `pageDataVersion`: the quotes, the stored
 * predictions and the clock to the second, as the market status carries the server's time), so a render (≈ 2 ms)
 * happens at most once a second and not per request. Null when a data path does not answer 200 (the app's page then
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
