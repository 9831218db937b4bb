import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { apiNotFound } from './error-handler.ts';
import { sendEncoded, type EncodedBody } from '@/lib/encoded-body';
import { isApiPath } from './security-headers.ts';
import {
  loadServerPages,
  renderServerPage,
  SERVER_PAGES_DIR,
  ServerPageDocuments,
  type ServerPage,
} from './server-pages.ts';

export interface WebOptions {
  /**
   * A version of the public data a server page may be rendered from (the quotes, the stored predictions): equal
   * versions give equal answers but for the clock. With it, a page is rendered on its first request, then in the
   * background when the version moves and every few seconds (ServerPageDocuments), and the kept document is sent
   * meanwhile; without it, on every request.
   */
  pageDataVersion?: () => Promise<string>;
  /** How often a kept page is rendered again at most (SERVER_PAGE_MAX_AGE_MS; tests shorten it). */
  pageRenderIntervalMs?: number;
}

/**
 * Serves the web build (hashed assets cached for a year, index.html never cached) with an SPA fallback. The build
 * writes brotli and gzip copies of its text files (apps/web/build/precompress.ts); each file goes out in the best
 * encoding the browser accepts (br, then gzip, else as is) with no compression work per request.
 * Unknown non-API GETs get index.html and the web router decides, except the pages the build prerendered (listed
 * in dist/prerendered.json, e.g. '/' → landing.html, '/login' → login.html) and the pages the server renders with
 * their data (dist/server/pages.js, e.g. '/dashboard': see server-pages.ts); unknown API paths get the JSON 404.
 * dist/server itself is never served.
 */
export async function registerWeb(
  app: FastifyInstance,
  webDist: string,
  options: WebOptions = {},
): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  // The pages prerendered at build time (apps/web/build/prerender-pages.ts): they paint without the app.
  const prerendered = readPrerendered(webDist);
  // The pages rendered here with the API's answers (apps/web/src/app/server-pages.tsx): they paint with their data.
  // A render module that cannot be loaded (a build from another version, a broken file) leaves those pages to the app.
  const serverPages = hasBuild
    ? await loadServerPages(webDist).catch((error: unknown) => {
        app.log.warn(
          { err: error },
          'the server pages of the web build could not be loaded; the app renders those pages',
        );
        return new Map<string, ServerPage>();
      })
    : new Map<string, ServerPage>();
  // One document per page, kept for the version of the data it was rendered from (null: its data did not answer).
  const documents = new ServerPageDocuments(app.log, { intervalMs: options.pageRenderIntervalMs });
  app.addHook('onClose', async () => documents.stop());
  const { pageDataVersion } = options;
  const renderPage = async (page: ServerPage, request: FastifyRequest): Promise<EncodedBody | null> => {
    if (!pageDataVersion) return renderServerPage(app, page, request.log);
    // Background renders outlive the request that armed them: they log to the server's log.
    return documents.get(page.path, pageDataVersion, () => renderServerPage(app, page, app.log));
  };
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The server's render module and its template are not for browsers.
      allowedPath: (pathName) => !pathName.startsWith(`/${SERVER_PAGES_DIR}/`),
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        void reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(url) &&
      !url.startsWith('/docs') &&
      !path.extname(url);
    if (!wantsPage) return apiNotFound(request, reply);
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet. Run `npm start` (it builds it) or `npm run build`.');
    }
    const serverPage = request.method === 'GET' ? serverPages.get(url) : undefined;
    if (serverPage) {
      const document = await renderPage(serverPage, request).catch((error: unknown) => {
        request.log.error({ err: error, page: url }, 'server page render failed; sending the app instead');
        return null;
      });
      if (document) {
        void reply.header('cache-control', 'no-cache');
        return sendEncoded(request, reply, document, 'text/html; charset=utf-8');
      }
    }
    const page = prerendered.get(url) ?? 'index.html';
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile(page);
  });
}

/** path → file of the prerendered pages; none when the build wrote no list (an older or a development build). */
function readPrerendered(webDist: string): Map<string, string> {
  const file = path.join(webDist, 'prerendered.json');
  if (!fs.existsSync(file)) return new Map();
  const list = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  const pages = new Map<string, string>();
  for (const [route, page] of Object.entries(list)) {
    // Only plain .html files in dist itself: the list is ours, but a path out of dist is never served.
    if (typeof page === 'string' && /^[\w-]+\.html$/.test(page) && fs.existsSync(path.join(webDist, page)))
      pages.set(route, page);
  }
  return pages;
}
