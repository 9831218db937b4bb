// The composition root's first half: every repository and service of the server, created here and nowhere else.
// Modules never construct each other; a service that needs another capability receives it here.
import { STOCKS } from '@bist/market';
import { MarketEngine } from '@/market/engine';
import { MarketRepository } from '@/market/market.repository';
import { AiAnalyticsRepository } from '@/modules/ai-analytics/ai-analytics.repository';
import { AiAnalyticsService } from '@/modules/ai-analytics/ai-analytics.service';
import { AiOperationsRepository } from '@/modules/ai-operations/ai-operations.repository';
import { AiOperationsService } from '@/modules/ai-operations/ai-operations.service';
import { AdminAuthRepository } from '@/modules/admin-auth/admin-auth.repository';
import { AdminAuthService } from '@/modules/admin-auth/admin-auth.service';
import { AdminDashboardService } from '@/modules/admin-dashboard/admin-dashboard.service';
import { AdminUsersRepository } from '@/modules/admin-users/admin-users.repository';
import { AdminUsersService } from '@/modules/admin-users/admin-users.service';
import { BiRepository } from '@/modules/bi/bi.repository';
import { BiService } from '@/modules/bi/bi.service';
import { DemoPaymentProvider } from '@/modules/bi/payment-provider';
import { AlertsRepository } from '@/modules/alerts/alerts.repository';
import { AlertsService } from '@/modules/alerts/alerts.service';
import { AuditRepository } from '@/modules/audit/audit.repository';
import { AuditService } from '@/modules/audit/audit.service';
import { AuthRepository } from '@/modules/auth/auth.repository';
import { AuthService } from '@/modules/auth/auth.service';
import { ComplianceRepository } from '@/modules/compliance/compliance.repository';
import { ComplianceService } from '@/modules/compliance/compliance.service';
import { LoginThrottleRepository } from '@/modules/login-throttle/login-throttle.repository';
import { LoginThrottle } from '@/modules/login-throttle/login-throttle';
import { MarketService } from '@/modules/market/market.service';
import { PortfolioRepository } from '@/modules/portfolio/portfolio.repository';
import { PortfolioService } from '@/modules/portfolio/portfolio.service';
import { PrivacyRepository } from '@/modules/privacy/privacy.repository';
import { PrivacyService } from '@/modules/privacy/privacy.service';
import { PredictionRunsRepository } from '@/modules/predictions/prediction-runs.repository';
import { PredictionRunsService } from '@/modules/predictions/prediction-runs.service';
import { PredictionsRepository } from '@/modules/predictions/predictions.repository';
import { PredictionsService } from '@/modules/predictions/predictions.service';
import { PredictionsVersion } from '@/modules/predictions/predictions-version';
import { SettingsRepository } from '@/modules/settings/settings.repository';
import { SettingsService } from '@/modules/settings/settings.service';
import { SystemRepository } from '@/modules/system/system.repository';
import { SystemService } from '@/modules/system/system.service';
import { WatchlistRepository } from '@/modules/watchlist/watchlist.repository';
import { WatchlistService } from '@/modules/watchlist/watchlist.service';
import type { RequestMetricsCollector } from '@/plugins/request-metrics';
import type { Infrastructure, Logger } from './infrastructure.ts';

/** The staff realm's core: audit log, settings, staff accounts and their sign-in. Needs no market. */
export interface PlatformServices {
  audit: AuditService;
  settings: SettingsService;
  adminUsers: AdminUsersService;
  adminAuth: AdminAuthService;
  /** Sign-in attempts per account and address, one throttle per realm. */
  loginThrottles: { admin: LoginThrottle; customer: LoginThrottle };
}

export interface Services extends PlatformServices {
  /** The predictions capability's read side (investor views) and its runs (train, predict, evaluate). */
  predictions: PredictionsService;
  predictionRuns: PredictionRunsService;
  aiOperations: AiOperationsService;
  aiAnalytics: AiAnalyticsService;
  system: SystemService;
  auth: AuthService;
  adminDashboard: AdminDashboardService;
  portfolio: PortfolioService;
  watchlist: WatchlistService;
  alerts: AlertsService;
  compliance: ComplianceService;
  /** Business intelligence: request metrics, product events, subscriptions and payments, the BI figures. */
  bi: BiService;
  /** KVKK: the investor's data export and erasure, and the register of their requests. */
  privacy: PrivacyService;
  /** The market API's service, when the market is a running engine. */
  market: MarketService | null;
  /**
   * A version of the public answers (market data, the investor views of predictions): the quotes' generation and the
   * stored predictions' version. Equal versions give equal answers but for the clock (the market status's time, the
   * quotes' age): the server-rendered pages are kept per version and rendered again every few seconds.
   */
  publicDataVersion(): Promise<string>;
}

type Base = Pick<Infrastructure, 'config' | 'database' | 'clock'>;

export function createPlatformServices({ config, database, clock }: Base): PlatformServices {
  const audit = new AuditService(new AuditRepository(database.db), clock);
  const settings = new SettingsService(new SettingsRepository(database.db), audit, clock);
  const adminUsers = new AdminUsersService(new AdminUsersRepository(database.db), audit, clock);
  const throttles = new LoginThrottleRepository(database.db);
  const loginThrottles = {
    admin: new LoginThrottle(throttles, clock, 'admin'),
    customer: new LoginThrottle(throttles, clock, 'customer'),
  };
  const adminAuth = new AdminAuthService(
    new AdminAuthRepository(database.db),
    loginThrottles.admin,
    adminUsers,
    settings,
    audit,
    clock,
    {
      demoMode: config.demoMode,
    },
  );
  return { audit, settings, adminUsers, adminAuth, loginThrottles };
}

/** Prediction runs on the infrastructure's job queue and pool; without them runs can be read but not started. */
export function createPredictionRuns(
  infra: Pick<Infrastructure, 'config' | 'database' | 'clock' | 'jobs'>,
  platform: Pick<PlatformServices, 'audit' | 'settings'>,
  log: Logger,
  predictionsVersion?: PredictionsVersion,
): PredictionRunsService {
  return new PredictionRunsService({
    runs: new PredictionRunsRepository(infra.database.db),
    reads: new PredictionsRepository(infra.database.db),
    ...(predictionsVersion ? { onViewsChanged: () => predictionsVersion.changed() } : {}),
    queue: infra.jobs?.queue ?? null,
    pool: infra.jobs?.pool ?? null,
    clock: infra.clock,
    log: log.child({ module: 'ml' }),
    audit: platform.audit,
    // Re-read when the nightly job fires, so a schedule saved through another process applies.
    nightlySchedule: async () => {
      const settings = await platform.settings.refresh();
      return { time: settings.ml_schedule_time, enabled: settings.ml_auto_retrain };
    },
    ...(infra.jobs?.walkForward ? { walkForward: infra.jobs.walkForward } : {}),
    codeVersion: infra.config.codeVersion,
  });
}

/**
 * Every service of an API process. `platform` may be built earlier (main.ts reads the settings before it starts the
 * market engine); `apiEndpoints` counts the routes the app serves, for the landing page; `requestMetrics` holds the
 * process's request counters.
 */
export function createServices(
  infra: Infrastructure,
  platform: PlatformServices,
  log: Logger,
  apiEndpoints: () => number,
  requestMetrics: RequestMetricsCollector,
): Services {
  const { config, database, clock, market } = infra;
  const db = database.db;
  const engine = market instanceof MarketEngine ? market : null;
  // The investor views of predictions are kept per version; this process's runs and staff changes move it at once.
  const predictionsReads = new PredictionsRepository(db);
  const predictionsVersion = new PredictionsVersion(predictionsReads, clock);
  const predictions = new PredictionsService(predictionsReads, market, clock, predictionsVersion);
  const predictionRuns = createPredictionRuns(infra, platform, log, predictionsVersion);
  const portfolio = new PortfolioService(new PortfolioRepository(db), market, clock);
  const watchlist = new WatchlistService(new WatchlistRepository(db), market, clock);
  const alerts = new AlertsService(new AlertsRepository(db), market, clock, log.child({ module: 'alerts' }));

  const bi = new BiService({
    repo: new BiRepository(db),
    clock,
    requestMetrics,
    audit: platform.audit,
    // The demo provider takes no money: it exists only in demo mode.
    paymentProvider: config.demoMode ? new DemoPaymentProvider() : null,
    demoSeed: config.marketSeed,
  });
  const auth = new AuthService(new AuthRepository(db), platform.loginThrottles.customer, clock, {
    demoMode: config.demoMode,
    sessionTtlHours: config.sessionTtlHours,
    // Every new investor account is a live sign-up in the BI figures; analytics never fails a registration.
    onSignUp: (userId) =>
      bi
        .recordSignup(userId)
        .catch((error: unknown) => log.warn({ err: error, userId }, 'BI: sign-up not recorded')),
  });

  const system = new SystemService(
    new SystemRepository(db),
    clock,
    () => database.ping(),
    { demoMode: config.demoMode },
    {
      universe: () => (engine ? { stocks: STOCKS.length, indices: engine.indexDefinitions.length } : null),
      algorithms: async () => (await predictions.activeAlgorithmCount()) || null,
      apiEndpoints,
    },
  );
  const adminDashboard = new AdminDashboardService(platform.adminUsers, platform.adminAuth, platform.audit, {
    database,
    components: () => ({ marketFeed: market.health(), jobQueue: predictionRuns.health() }),
  });

  return {
    ...platform,
    predictions,
    predictionRuns,
    publicDataVersion: async () => `${market.generation}|${await predictionsVersion.current()}`,
    aiOperations: new AiOperationsService({
      runs: predictionRuns,
      settings: platform.settings,
      repo: new AiOperationsRepository(db),
      clock,
      log: log.child({ module: 'ai-operations' }),
    }),
    aiAnalytics: new AiAnalyticsService({
      repo: new AiAnalyticsRepository(db),
      predictions,
      runs: predictionRuns,
      market,
      engine,
      bars: new MarketRepository(db),
      audit: platform.audit,
      clock,
    }),
    system,
    auth,
    adminDashboard,
    portfolio,
    watchlist,
    alerts,
    compliance: new ComplianceService({
      repo: new ComplianceRepository(db),
      audit: platform.audit,
      adminUsers: platform.adminUsers,
      market,
      clock,
      log: log.child({ module: 'compliance' }),
      demoMode: config.demoMode,
      queue: infra.jobs?.compliance ?? null,
    }),
    bi,
    privacy: new PrivacyService({
      repo: new PrivacyRepository(db),
      audit: platform.audit,
      sessions: auth,
      clock,
    }),
    market: engine ? new MarketService(engine, new MarketRepository(db), clock) : null,
  };
}
