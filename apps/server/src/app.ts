import http from 'node:http';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { requestIdGenerator } from '@/lib/request-id';
import { systemClock } from '@/lib/clock';
import { registerErrorHandler } from '@/plugins/error-handler';
import { registerDocs } from '@/plugins/docs';
import { registerWeb } from '@/plugins/web';
import { API_SECURITY_HEADERS, registerSecurityHeaders } from '@/plugins/security-headers';
import { HotResponses } from '@/lib/hot-responses';
import { registerInputGuard } from '@/plugins/input-guard';
import { RequestMetricsCollector, registerRequestMetrics } from '@/plugins/request-metrics';
import { asyncStdout, loggerOptions, registerAccessLog } from '@/lib/logger';
import type { AdminRouteRegistry } from '@/plugins/admin-access';
import type { Infrastructure } from '@/composition/infrastructure';
import { registerRoutes } from '@/composition/routes';
import {
  createPlatformServices,
  connectFeedSupervisor,
  createServices,
  type PlatformServices,
  type Services,
} from '@/composition/services';

/** Largest accepted request body; larger ones get 413. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
  adminRoutes: AdminRouteRegistry;
}

/**
 * Builds the Fastify app on an infrastructure: framework plugins, then every service and route from the composition
 * root. Tests call it with an in-memory database and drive it with inject. `platform` is passed when the process
 * built the staff realm's services earlier (main.ts reads the settings before starting the market engine).
 */
export async function buildApp(infra: Infrastructure, platform?: PlatformServices): Promise<BuiltApp> {
  const { config } = infra;
  const nextRequestId = requestIdGenerator();
  // Cached answers of public read routes go out from the server's request handler, before Fastify (decision 0051);
  // its hooks (access line, metrics) are filled in once the app's own are registered.
  const hot = new HotResponses({ nextRequestId, apiHeaders: API_SECURITY_HEADERS });
  const app = Fastify({
    logger: { ...loggerOptions(config.logLevel), stream: asyncStdout() },
    // One compact access line per request (registerAccessLog) instead of Fastify's two full ones.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    // A client that trickles its headers or body (one byte every few seconds) is cut off: the whole request must
    // arrive within requestTimeoutMs, the headers within a third of it; timeouts are checked every second.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.max(100, Math.round(config.requestTimeoutMs / 3)),
      connectionsCheckingInterval: Math.min(1_000, config.requestTimeoutMs),
    },
    trustProxy: config.trustProxy,
    // Fastify would take a requestIdHeader's value verbatim and never call genReqId; we read the header ourselves so
    // an incoming id is kept only when it looks like one (it is echoed in answers and logs).
    requestIdHeader: false,
    genReqId: (req) => nextRequestId(req.headers['x-request-id']),
    // Fastify's own HTTP/1 server, with the hot path in front of its handler.
    serverFactory: (handler, options) => {
      const server = http.createServer((options.http ?? {}) as http.ServerOptions, (req, res) => {
        if (!hot.serve(req, res)) handler(req, res);
      });
      // What Fastify sets on the server it makes itself (its defaults are filled in before the factory runs).
      server.keepAliveTimeout = options.keepAliveTimeout as number;
      server.requestTimeout = options.requestTimeout as number;
      server.setTimeout(options.connectionTimeout as number);
      return server;
    },
  });
  app.decorate('hotResponses', hot);
  app.addHook('preClose', (done) => {
    hot.close();
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const apiRoutes = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') || route.url.startsWith('/admin/api/') || route.url === '/health') {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) if (method !== 'HEAD') apiRoutes.add(`${method} ${route.url}`);
    }
  });
  registerSecurityHeaders(app);
  const accessLog = registerAccessLog(app);
  if (accessLog) hot.hooks.accessLine = (id, fixed, ms) => accessLog.lineFixed(id, fixed, ms);
  const requestMetrics = new RequestMetricsCollector(
    infra.clock === systemClock ? Date.now : () => infra.clock.now().getTime(),
  );
  if (config.requestMetrics) {
    registerRequestMetrics(app, requestMetrics);
    hot.hooks.count = (method, route, status, ms) => requestMetrics.record(method, route, status, ms);
  }
  registerInputGuard(app);
  await app.register(fastifyRateLimit, { global: false });
  await registerDocs(app, config.version);

  const services = createServices(
    infra,
    platform ?? createPlatformServices(infra, app.log),
    app.log,
    () => apiRoutes.size,
    requestMetrics,
  );
  await services.models.registry.syncRegistry();
  const adminRoutes = await registerRoutes(app, services, infra);
  // Price alerts follow the market's quotes while the app is open.
  services.alerts.start();
  app.addHook('onClose', async () => services.alerts.stop());
  if (infra.feed) {
    const disconnect = connectFeedSupervisor(infra.feed, services, app.log);
    app.addHook('onClose', async () => disconnect());
  }
  // The running minute's request counters are stored when the app closes (the database closes after the app).
  app.addHook('onClose', async () => {
    await services.bi.flushRequestMetrics(true).catch((error: unknown) => {
      app.log.warn({ err: error }, 'request metrics could not be stored at close');
    });
  });

  await registerWeb(app, config.webDist, { pageDataVersion: () => services.publicDataVersion() });
  return { app, services, adminRoutes };
}
