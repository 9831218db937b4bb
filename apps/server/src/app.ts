import Fastify, { type FastifyInstance } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from '@/context';
import { requestIdGenerator } from '@/lib/request-id';
import { registerErrorHandler } from '@/plugins/error-handler';
import { registerDocs } from '@/plugins/docs';
import { registerWeb } from '@/plugins/web';
import { registerSecurityHeaders } from '@/plugins/security-headers';
import { AuthRepository } from '@/modules/auth/auth.repository';
import { AuthService } from '@/modules/auth/auth.service';
import { authRoutes } from '@/modules/auth/auth.routes';
import { SystemRepository } from '@/modules/system/system.repository';
import { SystemService } from '@/modules/system/system.service';
import { systemRoutes } from '@/modules/system/system.routes';
import { marketStatusRoutes } from '@/modules/market-status/market-status.routes';
import { createInvestorModules, investorRoutes, type InvestorModules } from '@/modules/portfolio/investor';
import { MarketService } from '@/modules/market/market.service';
import { marketRoutes } from '@/modules/market/market.routes';
import { MarketRepository } from '@/market/market.repository';
import { registerAdminPlatform } from '@/modules/admin-shared/admin-platform';
import { PredictionsRepository } from '@/modules/predictions/predictions.repository';
import { PredictionsService } from '@/modules/predictions/predictions.service';
import { predictionsRoutes } from '@/modules/predictions/predictions.routes';

/** Largest accepted request body; larger ones get 413. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuiltApp {
  app: FastifyInstance;
  services: {
    auth: AuthService;
    system: SystemService;
    investor: InvestorModules;
    predictions: PredictionsService;
  };
}

/** Builds the Fastify app on a context. Tests call it with an in-memory database and drive it with inject. */
export async function buildApp(ctx: AppContext): Promise<BuiltApp> {
  const nextRequestId = requestIdGenerator();
  const app = Fastify({
    logger: {
      level: ctx.config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: ctx.config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: (req) => nextRequestId(req.headers['x-request-id']),
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
  await app.register(fastifyRateLimit, { global: false });
  await registerDocs(app, ctx.config.version);
  // Admin realm first: its RBAC guard covers every /admin/api route registered after it (see admin-access.ts).
  await registerAdminPlatform(app, ctx);

  const investor = createInvestorModules(ctx, app.log);
  const auth = new AuthService(new AuthRepository(ctx.database.db), ctx.clock, {
    demoMode: ctx.config.demoMode,
    sessionTtlHours: ctx.config.sessionTtlHours,
    onDemoUserCreated: (userId) => investor.seedDemoInvestor(userId),
  });
  const system = new SystemService(new SystemRepository(ctx.database.db), ctx.clock, () =>
    ctx.database.ping(),
  );

  await app.register(systemRoutes(ctx, system, () => apiRoutes.size));
  await app.register(authRoutes(auth));
  await app.register(marketStatusRoutes(ctx));
  await app.register(investorRoutes(investor, auth));
  if (ctx.marketEngine) {
    const market = new MarketService(ctx.marketEngine, new MarketRepository(ctx.database.db), ctx.clock);
    await app.register(marketRoutes(market, ctx.marketEngine));
  }

  const predictions = new PredictionsService(
    new PredictionsRepository(ctx.database.db),
    ctx.market,
    ctx.clock,
  );
  await predictions.syncRegistry();
  await app.register(predictionsRoutes(predictions));

  await registerWeb(app, ctx.config.webDist);
  return { app, services: { auth, system, investor, predictions } };
}
