import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's policy for this app: the SPA loads only its own scripts, styles, fonts and API. No inline script may run
 * (the sessions' tokens live in localStorage, so an injected script must not execute); inline styles stay allowed
 * because the chart and dialog libraries position elements with style attributes.
 */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      workerSrc: ["'self'", 'blob:'],
    },
  },
};

/**
 * The headers helmet sets for our options, computed once by running helmet against a recording response.
 * Helmet's own per-request middleware re-derives the same constant strings on every request (CSP parsing and
 * all); a constant object gives identical headers at a fraction of the cost (bench/results/api.md).
 */
export function computeSecurityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader(name: string) {
      return headers[name.toLowerCase()];
    },
  };
  let called = false;
  helmet(options)({} as never, res as never, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('helmet failed to compute its headers');
    called = true;
  });
  if (!called) throw new Error('helmet did not complete synchronously');
  return headers;
}

/**
 * Headers of JSON API answers (/api, /admin/api, /health), after the OWASP REST Security Cheat Sheet: nothing in
 * them may be framed, sniffed, cached or run as a document. Helmet's page policy (CSP sources for scripts, styles,
 * fonts…) means nothing for JSON and would add a kilobyte to every answer.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** Is this (path, with or without a query) a JSON API path: /api, /admin/api, /health? */
export function isApiPath(url: string): boolean {
  return (
    url.startsWith('/api/') ||
    url.startsWith('/admin/api/') ||
    /^\/(?:api|admin\/api|health)(?:\?|$)/.test(url)
  );
}

/** Swagger UI at /docs bootstraps with an inline script: only its pages may run one. */
export const DOCS_HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      ...(HELMET_OPTIONS.contentSecurityPolicy as { directives: Record<string, string[]> }).directives,
      scriptSrc: ["'self'", "'unsafe-inline'"],
    },
  },
};

function isDocsPath(url: string): boolean {
  return url === '/docs' || url.startsWith('/docs/') || url.startsWith('/docs?');
}

/**
 * One onRequest hook for every response: the security headers (API, docs or page set, each computed once) and the
 * request id, so errors and 404s carry them too.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const pageHeaders = computeSecurityHeaders();
  const docsHeaders = computeSecurityHeaders(DOCS_HELMET_OPTIONS);
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    void reply.headers(isApiPath(url) ? API_SECURITY_HEADERS : isDocsPath(url) ? docsHeaders : pageHeaders);
    void reply.header('x-request-id', request.id);
    done();
  });
}
