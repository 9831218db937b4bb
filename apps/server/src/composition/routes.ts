// The composition root's second half: every module's routes, registered on one app. The admin access guard comes
// first, so it sees (and fails closed on) every /admin/api route registered after it.
import type { FastifyInstance } from 'fastify';
import { MarketEngine } from '@/market/engine';
import { AUDIT_ACTIONS } from '@bist/contracts';
import { describeAccess, registerAdminAccess, type AdminRouteRegistry } from '@/plugins/admin-access';
import { aiAnalyticsRoutes } from '@/modules/ai-analytics/ai-analytics.routes';
import { aiOperationsRoutes } from '@/modules/ai-operations/ai-operations.routes';
import { adminAuthRoutes } from '@/modules/admin-auth/admin-auth.routes';
import { adminDashboardRoutes } from '@/modules/admin-dashboard/admin-dashboard.routes';
import { adminUsersRoutes } from '@/modules/admin-users/admin-users.routes';
import { alertsRoutes } from '@/modules/alerts/alerts.routes';
import { biRoutes } from '@/modules/bi/bi.routes';
import { auditRoutes } from '@/modules/audit/audit.routes';
import { authRoutes } from '@/modules/auth/auth.routes';
import { complianceRoutes } from '@/modules/compliance/compliance.routes';
import { marketRoutes } from '@/modules/market/market.routes';
import { marketSourceRoutes } from '@/modules/market/market-source.routes';
import { DEFAULT_QUOTE_STREAM_LIMITS } from '@/modules/market/quote-stream';
import { marketStatusRoutes } from '@/modules/market-status/market-status.routes';
import { portfolioRoutes } from '@/modules/portfolio/portfolio.routes';
import { privacyRoutes } from '@/modules/privacy/privacy.routes';
import { referenceSeriesRoutes } from '@/modules/reference-series/reference-series.routes';
import { mlRunsRoutes } from '@/modules/models/runs.routes';
import { predictionsRoutes } from '@/modules/predictions/predictions.routes';
import { settingsRoutes } from '@/modules/settings/settings.routes';
import { systemRoutes } from '@/modules/system/system.routes';
import { watchlistRoutes } from '@/modules/watchlist/watchlist.routes';
import type { Infrastructure } from './infrastructure.ts';
import type { Services } from './services.ts';

/** Registers every route; returns the admin routes with their declared access (the matrix test walks them). */
export async function registerRoutes(
  app: FastifyInstance,
  services: Services,
  infra: Pick<Infrastructure, 'clock' | 'market' | 'config'>,
): Promise<AdminRouteRegistry> {
  // A staff member's write refused for their role is audited: an attempt to act beyond it (e.g. a data analyst
  // creating staff or changing settings).
  const adminRoutes = registerAdminAccess(app, services.adminAuth, async (refusal) => {
    await services.audit.record({
      eventType: 'system_config',
      action: AUDIT_ACTIONS.accessRefused,
      actor: { id: refusal.principal.user.id, email: refusal.principal.user.email },
      target: { type: 'admin_route', id: `${refusal.method} ${refusal.route}` },
      details: {
        role: refusal.principal.user.role,
        requires: describeAccess(refusal.access),
        params: refusal.params,
      },
      meta: refusal.meta,
    });
  });
  // Staff realm.
  await app.register(adminAuthRoutes(services.adminAuth, services.adminResets));
  await app.register(adminUsersRoutes(services.adminUsers));
  await app.register(adminDashboardRoutes(services.adminDashboard));
  await app.register(referenceSeriesRoutes(services.referenceSeries));
  await app.register(auditRoutes(services.audit));
  await app.register(settingsRoutes(services.settings));
  await app.register(mlRunsRoutes(services.models.runs));
  await app.register(aiOperationsRoutes(services.aiOperations, services.models.registry));
  await app.register(complianceRoutes(services.compliance, services.complianceRuns));
  await app.register(aiAnalyticsRoutes(services.aiAnalytics));
  await app.register(
    biRoutes(
      {
        capture: services.bi,
        figures: services.biFigures,
        drilldowns: services.biDrilldowns,
        exports: services.biExports,
      },
      services.subscriptions,
      services.auth,
    ),
  );
  await app.register(privacyRoutes(services.privacy, services.auth));
  // Public and investor realm.
  await app.register(systemRoutes(services.system));
  await app.register(authRoutes(services.auth, services.customerResets));
  await app.register(marketStatusRoutes(infra.clock));
  if (services.market && infra.market instanceof MarketEngine) {
    await app.register(
      marketRoutes(services.market, infra.market, {
        ...DEFAULT_QUOTE_STREAM_LIMITS,
        maxConnections: infra.config.streamMaxConnections,
        maxPerIp: infra.config.streamMaxPerIp,
      }),
    );
  }
  if (services.marketSource) await app.register(marketSourceRoutes(services.marketSource));
  await app.register(predictionsRoutes(services.predictions));
  await app.register(portfolioRoutes(services.portfolio, services.auth));
  await app.register(watchlistRoutes(services.watchlist, services.auth));
  await app.register(alertsRoutes(services.alerts, services.auth));
  return adminRoutes;
}
