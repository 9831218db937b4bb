// What an API process does besides answering requests: heartbeats for the uptime figure, pruning idle sign-in throttle counters,
// re-reading the platform settings (a change saved through another process applies here within a minute), storing the
// minute's request counters, moving
// the nightly ML schedule when its time changes, renewing paid subscriptions whose period ended, and the ML job queue.
import type { ComplianceQueue } from '@/jobs/compliance-queue';
import type { MarketData } from '@/market/market-data';
import type { YahooClient } from '@/market/yahoo/yahoo-client';
import type { EvdsClient } from '@/modules/reference-series/evds-client';
import { initialTrainingPhases, runFirstTraining } from '@/jobs/first-training';
import type { Logger } from './infrastructure.ts';
import type { InitialTraining } from '@/config/env';
import type { Services } from './services.ts';

const HEARTBEAT_INTERVAL_MS = 60_000;
const PRUNE_INTERVAL_MS = 15 * 60_000;
/** Platform settings are re-read this often, so a change saved through another process applies here too. */
const SETTINGS_REFRESH_MS = 60_000;
/** Finished minutes of request counters go to the database this often (no row per request). */
const REQUEST_METRICS_FLUSH_MS = 60_000;
/** Paid subscriptions whose period has ended are renewed (charged) this often; every process may run the pass. */
const RENEWAL_INTERVAL_MS = 15 * 60_000;

/** Starts the periodic tasks (the first heartbeat is awaited); the returned function stops them. */
export async function startBackground(services: Services, log: Logger): Promise<() => void> {
  const every = (ms: number, what: string, task: () => Promise<unknown>) => {
    const timer = setInterval(() => {
      task().catch((error: unknown) => log.warn({ err: error }, `${what} failed`));
    }, ms);
    timer.unref();
    return timer;
  };
  await services.system.recordHeartbeat();
  const timers = [
    every(HEARTBEAT_INTERVAL_MS, 'heartbeat', () => services.system.recordHeartbeat()),
    every(PRUNE_INTERVAL_MS, 'login throttle prune', () => services.loginThrottles.customer.prune()),
    every(PRUNE_INTERVAL_MS, 'staff login throttle prune', () => services.loginThrottles.admin.prune()),
    every(SETTINGS_REFRESH_MS, 'settings refresh', () => services.settings.refresh()),
    every(REQUEST_METRICS_FLUSH_MS, 'request metrics flush', () => services.bi.flushRequestMetrics()),
    every(RENEWAL_INTERVAL_MS, 'subscription renewals', () => services.subscriptions.renewDue()),
  ];
  services.subscriptions
    .renewDue()
    .catch((error: unknown) => log.warn({ err: error }, 'subscription renewals failed'));
  const stopSampling = services.aiOperations.startSampling();
  const unsubscribe = services.settings.onChange(async (_settings, changed) => {
    if (!changed.includes('ml_schedule_time')) return;
    try {
      log.info({ cron: await services.models.runs.schedule() }, 'nightly ML run moved');
    } catch (error) {
      log.error({ err: error }, 'could not move the nightly ML run');
    }
  });
  return () => {
    for (const timer of timers) clearInterval(timer);
    stopSampling();
    unsubscribe();
  };
}

/**
 * The compliance rules: stores the rule catalogue (and demo risks), then runs through pg-boss every 5 minutes, on
 * demand, on the audit events the platform rules read and after each closed minute bar. Called after the ML queue started pg-boss; without a queue (a failure starting it) it runs once in-process.
 * Failures are logged: the API keeps answering.
 */
export async function startComplianceJobs(
  services: Pick<Services, 'compliance' | 'complianceRuns' | 'audit'>,
  queue: ComplianceQueue | undefined,
  log: Logger,
  market?: MarketData,
): Promise<void> {
  try {
    await services.compliance.prepare();
    // Event-driven runs besides the schedule: platform rules on the audit entries they read, market rules after
    // each closed minute bar; each debounced (one run per burst) and never holding up the request or the tick.
    services.audit.onRecorded((entry) => services.complianceRuns.noteAuditEvent(entry.action));
    market?.onMinuteBars?.(() => services.complianceRuns.noteMinuteBar());
    if (queue) {
      await queue.start();
      await queue.work(async (data) => {
        await services.complianceRuns.run(data.trigger);
      });
      await queue.send('start');
    } else {
      await services.complianceRuns.run('start');
    }
  } catch (error) {
    log.error({ err: error }, 'compliance rules failed to start');
  }
}

/**
 * Starts the ML queue in this process: its workers, the after-close schedule and, with no trained model yet, the
 * initial train → predict → evaluate — the previously best models first, the rest once their predictions are stored
 * (jobs/first-training.ts). Failures are logged: the API keeps answering without predictions.
 */
export async function startMlJobs(
  services: Pick<Services, 'models' | 'predictions'>,
  options: {
    ownsDatabase: boolean;
    /** ML_INITIAL_TRAINING: every phase of the first training, only its first, or none. */
    initialTraining: InitialTraining;
    /** False with ML_WORKERS=0: this process only enqueues, `npm run worker` processes run the jobs. */
    runsJobs: boolean;
  },
  log: Logger,
): Promise<void> {
  const runs = services.models.runs;
  try {
    await runs.start();
    // The embedded database has one process: a run still 'running' was cut off by the last stop.
    if (options.ownsDatabase) await runs.failInterruptedRuns();
    if (options.runsJobs) await runs.work();
    await runs.schedule();
    if (
      options.initialTraining !== 'none' &&
      !(await services.models.registry.hasTrainedModels()) &&
      !(await runs.hasActiveTraining())
    ) {
      const phases = initialTrainingPhases(
        await services.predictions.enabledAlgorithmIds(),
        options.initialTraining,
      );
      log.info(
        { phases: phases.map((p) => p.length) },
        'no trained models yet: initial training queued (train → predict → evaluate), previously best models first',
      );
      void runFirstTraining(phases, {
        requestChain: async (algorithmIds) =>
          (await runs.request('train', { requestedBy: 'first_start', algorithmIds, chain: true })).id,
        runStatus: async (id) => (await runs.run(id)).status,
        hasPredictions: () => services.predictions.hasPredictions(),
        sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref()),
        stopped: () => false,
      }).then(
        (ids) => log.info({ runIds: ids }, 'initial training: every phase queued'),
        (error: unknown) => log.error({ err: error }, 'initial training could not be queued'),
      );
    }
  } catch (error) {
    log.error({ err: error }, 'ML job queue failed to start');
  }
}

/** The provider's FX and gold charts are read again this often (daily series; three requests each time). */
const REFERENCE_SERIES_REFRESH_MS = 6 * 60 * 60_000;
/**
 * How often the reference series look whether a refresh is due: a server that starts on the simulator and moves to
 * the real feed later (MARKET_FEED=auto) fills them within this, not six hours after the move.
 */
const REFERENCE_SERIES_TICK_MS = 10 * 60_000;

/**
 * The reference series (decision 0063): the shipped TÜFE history on a fresh install, then gold (and USD/TRY and
 * EUR/TRY when TCMB EVDS is not configured) from the real provider at start and every six hours while the feed is
 * the real one, and with an EVDS key TÜFE, USD/TRY, EUR/TRY and the deposit rate from TCMB EVDS at start and every
 * six hours whatever the feed (decision 0067). Each source is filled on its own: a failure of one is logged (and an
 * EVDS failure shown in its series' status) and tried again at the next tick, the other goes on.
 */
export async function startReferenceSeries(
  services: Pick<Services, 'referenceSeries'>,
  provider: { active: () => boolean; client: YahooClient },
  log: Logger,
  timing: { refreshMs?: number; tickMs?: number; now?: () => number } = {},
  evds: EvdsClient | null = null,
): Promise<() => void> {
  const refreshMs = timing.refreshMs ?? REFERENCE_SERIES_REFRESH_MS;
  const now = timing.now ?? Date.now;
  try {
    const months = await services.referenceSeries.ensureShippedHistory();
    if (months > 0) log.info({ months }, 'reference series: shipped TÜFE history (TÜİK, 2003=100) loaded');
  } catch (error) {
    log.error({ err: error }, 'reference series: could not load the shipped TÜFE history');
  }
  /** One source's refresh: at most one at a time, again after the refresh period once it succeeded. */
  const source = (due: () => boolean, fill: () => Promise<void>, failure: string) => {
    let lastRefresh: number | null = null;
    let running = false;
    return async () => {
      if (running || !due()) return;
      if (lastRefresh !== null && now() - lastRefresh < refreshMs) return;
      running = true;
      try {
        await fill();
        lastRefresh = now();
      } catch (error) {
        log.warn({ err: error }, failure);
      } finally {
        running = false;
      }
    };
  };
  const fromProvider = source(
    provider.active,
    async () => {
      const written = await services.referenceSeries.refreshFromProvider(
        provider.client,
        evds ? { fx: false } : {},
      );
      log.info(
        { written },
        evds ? 'reference series: gold from the provider' : 'reference series: FX and gold from the provider',
      );
    },
    'reference series refresh failed',
  );
  const fromEvds = evds
    ? source(
        () => true,
        async () => {
          const fill = await services.referenceSeries.fillFromEvds(evds);
          if (fill.problems.length > 0)
            log.warn(
              { written: fill.written, problems: fill.problems },
              'reference series: TCMB EVDS answered in part',
            );
          else
            log.info(
              { written: fill.written },
              'reference series: TÜFE, FX and the deposit rate from TCMB EVDS',
            );
          if (fill.missingMonths.length > 0)
            log.warn(
              { missingMonths: fill.missingMonths },
              'reference series: TÜFE has missing months (not filled in)',
            );
          // EVDS unavailable (5xx, timeout, network) is asked again at the next tick; a refused key, a bad answer or
          // the spent budget waits for the refresh period.
          if (fill.problems.some((p) => p.failure === 'unavailable'))
            throw new Error('TCMB EVDS unavailable for some series');
        },
        'reference series: TCMB EVDS refresh incomplete; tried again at the next tick',
      )
    : null;
  const tick = () => {
    void fromProvider();
    if (fromEvds) void fromEvds();
  };
  tick();
  const timer = setInterval(tick, timing.tickMs ?? REFERENCE_SERIES_TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
