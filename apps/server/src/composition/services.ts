// The composition root's first half: every repository and service of the server, created here and nowhere else.
// Modules never construct each other; a service that needs another capability receives it here.
import { STOCKS } from '@bist/market';
import { AUDIT_ACTIONS, type MarketCoverage } from '@bist/contracts';
import { MarketEngine } from '@/market/engine';
import type { FeedSupervisor } from '@/market/feed-supervisor';
import { MarketRepository } from '@/market/market.repository';
import { marketCoverage } from '@/market/coverage';
import { CorporateActionsRepository } from '@/market/corporate-actions';
import { VersionedCache } from '@/lib/versioned-cache';
import { AiAnalyticsRepository } from '@/modules/ai-analytics/ai-analytics.repository';
import type { AiAnalytics } from '@/modules/ai-analytics/ai-analytics.routes';
import { AiAnalyticsSummary } from '@/modules/ai-analytics/ai-analytics-summary';
import { AiMarketAnalyses } from '@/modules/ai-analytics/ai-market-analyses';
import { AiPortfolio } from '@/modules/ai-analytics/ai-portfolio';
import { AiPredictions } from '@/modules/ai-analytics/ai-predictions';
import { AiStocks } from '@/modules/ai-analytics/ai-stocks';
import { AiOperationsRepository } from '@/modules/ai-operations/ai-operations.repository';
import { AiOperationsService } from '@/modules/ai-operations/ai-operations.service';
import { AdminAuthService } from '@/modules/admin-auth/admin-auth.service';
import { adminResetRealm } from '@/modules/admin-auth/admin-reset-realm';
import { AdminDashboardService } from '@/modules/admin-dashboard/admin-dashboard.service';
import type { RoleViewSources } from '@/modules/admin-dashboard/role-views';
import { AdminUsersRepository } from '@/modules/admin-users/admin-users.repository';
import { StaffSessionsRepository } from '@/modules/admin-users/staff-sessions.repository';
import { AdminUsersService } from '@/modules/admin-users/admin-users.service';
import { BiRepository } from '@/modules/bi/bi.repository';
import { BiCapture } from '@/modules/bi/bi-capture';
import { BiDrilldowns } from '@/modules/bi/bi-drilldowns';
import { BiExports } from '@/modules/bi/bi-exports';
import { BiFigures } from '@/modules/bi/bi-figures';
import { BiScope } from '@/modules/bi/bi-scope';
import { PlanGate } from '@/modules/bi/plan-gate';
import { DemoPaymentProvider } from '@/modules/bi/payment-provider';
import { AlertsRepository } from '@/modules/alerts/alerts.repository';
import { AlertsService } from '@/modules/alerts/alerts.service';
import { AuditRepository } from '@/modules/audit/audit.repository';
import { AuditService } from '@/modules/audit/audit.service';
import { AuthRepository } from '@/modules/auth/auth.repository';
import { AuthService } from '@/modules/auth/auth.service';
import { customerResetRealm } from '@/modules/auth/customer-reset-realm';
import { PasswordResetRepository } from '@/modules/password-reset/password-reset.repository';
import { PasswordResetService } from '@/modules/password-reset/password-reset.service';
import { createMailer, type Mailer } from '@/lib/mailer';
import { ComplianceRepository } from '@/modules/compliance/compliance.repository';
import { SubscriptionService } from '@/modules/bi/subscriptions';
import { ComplianceRuns } from '@/modules/compliance/compliance-runs';
import { ComplianceService } from '@/modules/compliance/compliance.service';
import { LoginThrottleRepository } from '@/modules/login-throttle/login-throttle.repository';
import { LoginThrottle } from '@/modules/login-throttle/login-throttle';
import { MarketService } from '@/modules/market/market.service';
import { MarketSourceService } from '@/modules/market/market-source.service';
import { PortfolioRepository } from '@/modules/portfolio/portfolio.repository';
import { PortfolioService } from '@/modules/portfolio/portfolio.service';
import { PrivacyRepository } from '@/modules/privacy/privacy.repository';
import { PrivacyService } from '@/modules/privacy/privacy.service';
import type { ModelRegistryService } from '@/modules/models/registry.service';
import { PredictionsService } from '@/modules/predictions/predictions.service';
import { PredictionsVersion } from '@/modules/predictions/predictions-version';
import { SettingsRepository } from '@/modules/settings/settings.repository';
import { SettingsService } from '@/modules/settings/settings.service';
import { SystemRepository } from '@/modules/system/system.repository';
import { ReferenceSeriesRepository } from '@/modules/reference-series/reference-series.repository';
import { ReferenceSeriesService } from '@/modules/reference-series/reference-series.service';
import { SystemService } from '@/modules/system/system.service';
import { WatchlistRepository } from '@/modules/watchlist/watchlist.repository';
import { WatchlistService } from '@/modules/watchlist/watchlist.service';
import type { RequestMetricsCollector } from '@/plugins/request-metrics';
import type { Infrastructure, Logger } from './infrastructure.ts';
import { createModels, predictionsRepositoryOf, type Models } from './models.ts';

/** The staff realm's core: audit log, settings, staff accounts and their sign-in. Needs no market. */
export interface PlatformServices {
  audit: AuditService;
  settings: SettingsService;
  adminUsers: AdminUsersService;
  adminAuth: AdminAuthService;
  /** Sign-in attempts per account and address, one throttle per realm; and each realm's reset requests. */
  loginThrottles: {
    admin: LoginThrottle;
    customer: LoginThrottle;
    adminReset: LoginThrottle;
    customerReset: LoginThrottle;
  };
  /** Account e-mail (SMTP, or the demo outbox); null when neither is configured. */
  mailer: Mailer | null;
  /** Staff password reset by e-mail, and the lock-out notices that point to it. */
  adminResets: PasswordResetService;
}

export interface Services extends PlatformServices {
  /** The investor views of predictions. */
  predictions: PredictionsService;
  /** The ML models: their registry, the train / predict / evaluate runs and the inputs' drift. */
  models: Models;
  aiOperations: AiOperationsService;
  /** The AI-Powered Analytics page, one service per job. */
  aiAnalytics: AiAnalytics;
  system: SystemService;
  auth: AuthService;
  /** Investor password reset by e-mail (routes ready; the web screens come later). */
  customerResets: PasswordResetService;
  adminDashboard: AdminDashboardService;
  portfolio: PortfolioService;
  /** TÜFE, USD/TRY, EUR/TRY, gram gold and the deposit rate: the series returns are measured against (decision 0063). */
  referenceSeries: ReferenceSeriesService;
  watchlist: WatchlistService;
  alerts: AlertsService;
  /** Compliance casework: violations, alerts, risks, rules' settings. */
  compliance: ComplianceService;
  /** The surveillance runs that find violations (schedule, on demand, on the events the rules read). */
  complianceRuns: ComplianceRuns;
  /** Business intelligence's capture: request metrics, product events, sign-ups, the demo history. */
  bi: BiCapture;
  /** The BI dashboard's figures (and the admin dashboard's revenue and growth sections). */
  biFigures: BiFigures;
  /** The rows behind a BI figure. */
  biDrilldowns: BiDrilldowns;
  /** The BI CSV files, audited. */
  biExports: BiExports;
  /** Investors' plans, plan changes charged once, renewals and the payments ledger. */
  subscriptions: SubscriptionService;
  /** KVKK: the investor's data export and erasure, and the register of their requests. */
  privacy: PrivacyService;
  /** The market API's service, when the market is a running engine. */
  market: MarketService | null;
  /** Where the market's figures come from (GET /api/market/source), when the market is a running engine. */
  marketSource: MarketSourceService | null;
  /**
   * A version of the public answers (market data, the investor views of predictions): the feed (the pages' epoch),
   * the quotes' generation and the stored predictions' version. Equal versions give equal answers but for the clock (the market status's time, the
   * quotes' age): the server-rendered pages are kept per version and rendered again every few seconds.
   */
  publicDataVersion(): Promise<string>;
}

type Base = Pick<Infrastructure, 'config' | 'database' | 'clock'>;

export function createPlatformServices(
  { config, database, clock }: Base,
  log: Logger = SILENT,
): PlatformServices {
  const audit = new AuditService(new AuditRepository(database.db), clock, new PrivacyRepository(database.db));
  const settings = new SettingsService(new SettingsRepository(database.db), audit, clock, {
    market_feed: config.marketFeed,
  });
  const adminUsers = new AdminUsersService(new AdminUsersRepository(database.db), audit, clock);
  const throttles = new LoginThrottleRepository(database.db);
  const loginThrottles = {
    admin: new LoginThrottle(throttles, clock, 'admin'),
    customer: new LoginThrottle(throttles, clock, 'customer'),
    adminReset: new LoginThrottle(throttles, clock, 'admin_reset'),
    customerReset: new LoginThrottle(throttles, clock, 'customer_reset'),
  };
  const mailLog = log.child({ module: 'mail' });
  const mailer = createMailer(config, mailLog);
  const staffSessions = new StaffSessionsRepository(database.db);
  const adminResets = new PasswordResetService({
    repo: new PasswordResetRepository(database.db),
    realm: adminResetRealm(staffSessions, adminUsers),
    mailer,
    requestThrottle: loginThrottles.adminReset,
    loginThrottle: loginThrottles.admin,
    clock,
    log: mailLog,
    publicUrl: config.publicUrl,
  });
  const adminAuth = new AdminAuthService(
    staffSessions,
    loginThrottles.admin,
    adminUsers,
    settings,
    audit,
    clock,
    { demoMode: config.demoMode },
    adminResets,
  );
  return { audit, settings, adminUsers, adminAuth, loginThrottles, mailer, adminResets };
}

/**
 * Investor password reset (the API process passes `evict` to drop cached sessions at once; the CLI's `reset-link`
 * has none to drop).
 */
export function createCustomerResets(
  { config, database, clock }: Base,
  platform: Pick<PlatformServices, 'mailer' | 'loginThrottles'>,
  log: Logger = SILENT,
  evict?: (userId: string) => void,
): PasswordResetService {
  return new PasswordResetService({
    repo: new PasswordResetRepository(database.db),
    realm: customerResetRealm(new AuthRepository(database.db), clock, evict),
    mailer: platform.mailer,
    requestThrottle: platform.loginThrottles.customerReset,
    loginThrottle: platform.loginThrottles.customer,
    clock,
    log: log.child({ module: 'mail' }),
    publicUrl: config.publicUrl,
  });
}

/** A logger that drops everything (the CLI and tests that build the platform alone). */
const SILENT: Logger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  child: () => SILENT,
};

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
  const predictionsReads = predictionsRepositoryOf(db);
  const predictionsVersion = new PredictionsVersion(predictionsReads, clock);
  const predictions = new PredictionsService(
    predictionsReads,
    market,
    clock,
    predictionsVersion,
    new MarketRepository(db),
  );
  const models = createModels(infra, platform, log, predictionsVersion);
  // Business intelligence, one service per job on one repository: capture, figures, drill-downs, exports.
  const biRepo = new BiRepository(db);
  const bi = new BiCapture({ repo: biRepo, clock, requestMetrics, demoSeed: config.marketSeed });
  const biScope = new BiScope({ repo: biRepo, clock });
  const biFigures = new BiFigures({ repo: biRepo, clock, requestMetrics, scope: biScope });
  const biDrilldowns = new BiDrilldowns({ repo: biRepo, clock, scope: biScope });
  const biExports = new BiExports({
    figures: biFigures,
    drilldowns: biDrilldowns,
    scope: biScope,
    audit: platform.audit,
  });
  // What each plan gives (decision 0056), asked of the investor's current subscription.
  const subscriptions = new SubscriptionService({
    repo: new BiRepository(db),
    clock,
    // The demo provider takes no money: it exists only in demo mode.
    paymentProvider: config.demoMode ? new DemoPaymentProvider() : null,
  });
  const plans = new PlanGate(async (userId) => (await subscriptions.subscription(userId)).plan);
  const corporateActions = new CorporateActionsRepository(db);
  const referenceSeries = new ReferenceSeriesService(new ReferenceSeriesRepository(db), clock);
  const portfolio = new PortfolioService(
    new PortfolioRepository(db),
    market,
    clock,
    plans,
    () => corporateActions.splits(),
    referenceSeries,
  );
  const watchlist = new WatchlistService(new WatchlistRepository(db), market, clock, plans);
  const alerts = new AlertsService(
    new AlertsRepository(db),
    market,
    clock,
    log.child({ module: 'alerts' }),
    plans,
  );
  const auth: AuthService = new AuthService(new AuthRepository(db), platform.loginThrottles.customer, clock, {
    demoMode: config.demoMode,
    sessionTtlHours: config.sessionTtlHours,
    onLockout: (email: string, ip: string): Promise<void> => customerResets.notifyLockout(email, ip),
    // Every new investor account is a live sign-up in the BI figures; analytics never fails a registration.
    onSignUp: (userId) =>
      bi
        .recordSignup(userId)
        .catch((error: unknown) => log.warn({ err: error, userId }, 'BI: sign-up not recorded')),
  });

  const customerResets: PasswordResetService = createCustomerResets(infra, platform, log, (userId) =>
    auth.evictUser(userId),
  );

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
  const coverage = new VersionedCache<'coverage', MarketCoverage>(1);
  const adminDashboard = new AdminDashboardService(platform.adminUsers, platform.adminAuth, platform.audit, {
    database,
    components: () => ({ marketFeed: market.health(), jobQueue: models.runs.health() }),
    // Read again when the engine stores a day, switches feeds, or every 10 minutes (an import by the CLI).
    ...(engine
      ? {
          marketData: () =>
            coverage.getAsync(
              'coverage',
              `${engine.providerName}|${engine.storedThrough ?? ''}|${engine.backfill.version}|${Math.floor(clock.now().getTime() / 600_000)}`,
              () => marketCoverage(new MarketRepository(db), engine.providerName, engine.backfill.repo),
            ),
        }
      : {}),
  });

  const complianceDeps = {
    repo: new ComplianceRepository(db),
    bars: new MarketRepository(db),
    ledger: new PortfolioRepository(db),
    audit: platform.audit,
    adminUsers: platform.adminUsers,
    market,
    clock,
    log: log.child({ module: 'compliance' }),
    demoMode: config.demoMode,
    queue: infra.jobs?.compliance ?? null,
    ...(infra.timers ? { timers: infra.timers } : {}),
  };
  const services = {
    ...platform,
    predictions,
    models,
    // The feed is the pages' epoch (server-pages.ts `epochOf`): a switch is never shown as the other feed's page.
    publicDataVersion: async () =>
      `${engine?.providerName ?? ''}#${market.generation}|${await predictionsVersion.current()}`,
    aiOperations: new AiOperationsService({
      registry: models.registry,
      runs: models.runs,
      drift: models.drift,
      settings: platform.settings,
      repo: new AiOperationsRepository(db),
      clock,
      log: log.child({ module: 'ai-operations' }),
    }),
    aiAnalytics: aiAnalytics({
      db,
      predictions,
      registry: models.registry,
      market,
      engine,
      audit: platform.audit,
      clock,
    }),
    system,
    auth,
    customerResets,
    adminDashboard,
    portfolio,
    referenceSeries,
    watchlist,
    alerts,
    compliance: new ComplianceService(complianceDeps),
    complianceRuns: new ComplianceRuns(complianceDeps),
    bi,
    biFigures,
    biDrilldowns,
    biExports,
    subscriptions,
    privacy: new PrivacyService({
      repo: new PrivacyRepository(db),
      audit: platform.audit,
      sessions: auth,
      clock,
    }),
    market: engine ? new MarketService(engine, new MarketRepository(db), clock, referenceSeries) : null,
    marketSource: engine
      ? new MarketSourceService({
          engine,
          repo: new MarketRepository(db),
          clock,
          feed: infra.feed ?? null,
          configuredMode: config.marketFeed,
          refreshIntervalMs: () => platform.settings.current().client_refresh_interval_ms,
          models: () => predictions.modelsTrainingSource(),
        })
      : null,
  };
  adminDashboard.useRoleViews(roleViewSources(services));
  return services;
}

/** The AI-Powered Analytics page's jobs, each with only what it uses, on one repository. */
function aiAnalytics(d: {
  db: Infrastructure['database']['db'];
  predictions: PredictionsService;
  registry: Pick<ModelRegistryService, 'versions'>;
  market: Infrastructure['market'];
  engine: MarketEngine | null;
  audit: AuditService;
  clock: Infrastructure['clock'];
}): AiAnalytics {
  const repo = new AiAnalyticsRepository(d.db);
  const bars = new MarketRepository(d.db);
  const { predictions, market, engine, audit, clock } = d;
  const runs = d.registry;
  return {
    predictions: new AiPredictions({ repo, predictions, runs, market, audit, clock }),
    analyses: new AiMarketAnalyses({ repo, predictions, runs, market, engine, bars, audit, clock }),
    portfolio: new AiPortfolio({ repo, predictions, runs, market, engine, bars, audit, clock }),
    stocks: new AiStocks({ market, engine, audit, clock }),
    summary: new AiAnalyticsSummary({ repo, predictions, market, clock }),
  };
}

/** The admin dashboard's per-role sections, read from the services that own each (decision 0058). */
function roleViewSources(
  s: Pick<Services, 'aiOperations' | 'models' | 'settings' | 'biFigures' | 'compliance'>,
): RoleViewSources {
  return {
    ml: async () => {
      const [{ list, alerts }, runs, active] = await Promise.all([
        s.aiOperations.algorithms(),
        s.models.runs.list(5),
        s.models.runs.activeRuns(),
      ]);
      const count = (h: string | null) => list.filter((a) => a.health === h).length;
      return {
        total_algorithms: list.length,
        active_algorithms: list.filter((a) => a.is_active).length,
        stopped: list
          .filter((a) => a.stopped_at !== null)
          .map((a) => ({
            algorithm_id: a.algorithm_id,
            stopped_by: a.stopped_by,
            stopped_at: a.stopped_at,
            reason: a.stop_reason,
          })),
        health: {
          healthy: count('healthy'),
          warning: count('warning'),
          critical: count('critical'),
          unrated: count(null),
        },
        performance_alerts: alerts.length,
        auto_retrain: s.settings.current().ml_auto_retrain,
        active_runs: active.length,
        recent_runs: runs.map((r) => ({
          id: r.id,
          kind: r.kind,
          status: r.status,
          created_at: r.createdAt.toISOString(),
          finished_at: r.finishedAt?.toISOString() ?? null,
        })),
      };
    },
    revenue: () => s.biFigures.revenueSummary(),
    growth: () => s.biFigures.growthSummary(),
    risk: async () => {
      const [dashboard, open] = await Promise.all([
        s.compliance.dashboard(),
        s.compliance.violations({ status: 'open', days: 30, severity: 'all', limit: 5 }),
      ]);
      return {
        open_violations: dashboard.violation_metrics.open_violations,
        critical_violations: dashboard.violation_metrics.critical_violations,
        active_alerts: dashboard.alert_metrics.active_alerts,
        critical_alerts: dashboard.alert_metrics.critical_alerts,
        overdue_alerts: dashboard.alert_metrics.overdue_alerts,
        recent_violations: open.map((v) => ({
          id: v.violation_id,
          rule_name: v.rule_name,
          severity: v.severity_level,
          status: v.status,
          detected_at: v.detected_at,
        })),
      };
    },
  };
}

/**
 * The live feed follows the admin 'Market feed' setting without a restart, and every switch (the admin's, or 'auto'
 * finding the provider) is audited. A switch to the real feed replaced the simulated history, so the models are
 * retrained on it (train → predict → evaluate); a switch to the simulator changes nothing they learn from (simulated
 * bars are left out while real history exists). Returns the function that stops listening.
 */
export function connectFeedSupervisor(
  feed: FeedSupervisor,
  platform: Pick<Services, 'settings' | 'audit' | 'models'>,
  log: Logger,
): () => void {
  const offSettings = platform.settings.onChange(async (settings, changed) => {
    if (!changed.includes('market_feed')) return;
    try {
      await feed.setMode(settings.market_feed, 'admin setting');
    } catch (error) {
      log.error({ err: error, mode: settings.market_feed }, 'market feed could not be switched');
    }
  });
  const offSwitch = feed.onSwitch(async (change) => {
    await platform.audit.record({
      eventType: 'system_config',
      action: AUDIT_ACTIONS.marketFeedSwitched,
      actor: null,
      target: { type: 'market_feed', id: null },
      before: { feed: change.from },
      after: { feed: change.to },
      details: { mode: change.mode, reason: change.reason },
    });
    if (change.to === 'simulated') return;
    try {
      await platform.models.runs.request('train', { requestedBy: 'feed_switch', chain: true });
    } catch (error) {
      log.warn({ err: error }, 'retraining after the feed switch could not be queued');
    }
  });
  // A change saved through another process reaches this one with the periodic settings refresh (background.ts).
  const timer = setInterval(() => {
    const mode = platform.settings.current().market_feed;
    if (mode !== feed.mode)
      feed
        .setMode(mode, 'admin setting')
        .catch((error: unknown) => log.error({ err: error, mode }, 'market feed could not be switched'));
  }, FEED_SETTING_CHECK_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    offSettings();
    offSwitch();
  };
}

/** How often the saved 'Market feed' setting is compared with the feed in use (changes saved elsewhere). */
const FEED_SETTING_CHECK_MS = 60_000;
