import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Helmet's policy for this app: the SPA loads only its own scripts, styles, fonts and API. */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // The inline no-flash theme script in index.html; Swagger UI's inline bootstrap at /docs.
      scriptSrc: ["'self'", "'unsafe-inline'"],
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

/** Sends helmet's headers on every response. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = computeSecurityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
