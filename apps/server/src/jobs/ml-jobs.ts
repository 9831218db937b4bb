/**
 * The ML jobs: train (walk-forward scores + final models), predict (latest close, every enabled algorithm) and
 * evaluate (score matured predictions against stored closes), queued in pg-boss and run in the worker-thread pool.
 * Every process that calls `work()` (the API process and `npm run worker` processes) takes jobs from the same queues.
 *
 * Run lifecycle (ml_runs): queued → running → succeeded | failed | cancelled. A cancel marks the run cancelled and
 * cancels its pg-boss job; the process running it sees the status within CANCEL_POLL_MS and terminates its threads.
 */
import type { PgBoss, Job } from 'pg-boss';
import { ALGORITHMS, HORIZONS, algorithmById, type Horizon } from '@bist/ml';
import { addTradingDays, istanbulDate, isTradingDay, STOCKS } from '@bist/market';
import { DEFAULT_PLATFORM_SETTINGS, TIME_OF_DAY_PATTERN } from '@bist/contracts';
import type { Clock } from '@/lib/clock';
import { AppError, ConflictError, NotFoundError } from '@/lib/errors';
import type {
  PredictionsRepository,
  RunRow,
  NewPrediction,
  SymbolBarArrays,
} from '@/modules/predictions/predictions.repository';
import type { ModelForServing, PanelPayload, WalkForwardSettings } from './ml-protocol.ts';
import { predictOnPool, trainOnPool } from './ml-engine.ts';
import { panelPayloadOf } from './panel-payload.ts';
import { TaskCancelledError, type MlWorkerPool } from './worker-pool.ts';

export type MlRunKind = 'train' | 'predict' | 'evaluate';

export const QUEUES: Record<MlRunKind, string> = {
  train: 'ml-train',
  predict: 'ml-predict',
  evaluate: 'ml-evaluate',
};
export const NIGHTLY_QUEUE = 'ml-nightly';
/** The nightly run without stored settings: the platform defaults (18:30 Istanbul, after the close; on). */
export const NIGHTLY_DEFAULT: NightlySchedule = {
  time: DEFAULT_PLATFORM_SETTINGS.ml_schedule_time,
  enabled: DEFAULT_PLATFORM_SETTINGS.ml_auto_retrain,
};

/** When the nightly train–predict–evaluate runs (Europe/Istanbul 'HH:MM') and whether it runs at all. */
export interface NightlySchedule {
  time: string;
  enabled: boolean;
}

/** 'HH:MM' → the cron of that time on Monday–Friday (the handler also skips holidays with isTradingDay). */
export function nightlyCron(time: string): string {
  if (!TIME_OF_DAY_PATTERN.test(time)) throw new Error(`not a HH:MM time: ${time}`);
  const [hours, minutes] = time.split(':').map(Number);
  return `${minutes} ${hours} * * 1-5`;
}
export const NIGHTLY_TIME_ZONE = 'Europe/Istanbul';
const CANCEL_POLL_MS = 250;
/** Calendar days of bars loaded for a panel (≈ 4 years: a 3-year history and the 252-day momentum look-back). */
const PANEL_CALENDAR_DAYS = 1_500;
const EVALUATE_BATCH = 5_000;

interface JobData {
  runId: string;
  /** train → predict → evaluate when true. */
  chain?: boolean;
}

export interface MlJobsLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface MlJobsOptions {
  repo: PredictionsRepository;
  boss: PgBoss;
  /** Null in a process that only enqueues (it never calls work()). */
  pool: MlWorkerPool | null;
  clock: Clock;
  log: MlJobsLogger;
  /** Walk-forward settings (tests shorten them). */
  walkForward?: WalkForwardSettings;
  horizons?: readonly Horizon[];
  /** pg-boss polling interval of the workers, seconds (≥ 0.5). */
  pollingIntervalSeconds?: number;
  /** The nightly schedule, read when scheduling and when the nightly job fires (admin settings); default 18:30, on. */
  nightlySchedule?: () => Promise<NightlySchedule>;
}

export class RunNotCancellableError extends ConflictError {
  constructor(status: string) {
    super(`Run is already ${status}`);
  }
}

export class NoMarketHistoryError extends AppError {
  constructor() {
    super(409, 'No daily bars stored yet: the market history must be written first');
  }
}

export class NoTrainedModelsError extends AppError {
  constructor() {
    super(409, 'No trained models: run a training first');
  }
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export class MlJobs {
  private readonly controllers = new Map<string, AbortController>();
  private started = false;
  private lastError: string | null = null;

  constructor(private readonly o: MlJobsOptions) {}

  /** Creates the queues (idempotent). Call once before request/work/schedule. */
  async start(): Promise<void> {
    await this.o.boss.start();
    for (const name of [...Object.values(QUEUES), NIGHTLY_QUEUE]) {
      // Heavy jobs are not retried automatically (a failure is recorded on the run); they may run for a while.
      await this.o.boss.createQueue(name, { retryLimit: 0, expireInSeconds: 4 * 3600 });
    }
    this.started = true;
  }

  async stop(): Promise<void> {
    for (const c of this.controllers.values()) c.abort();
    if (this.started) await this.o.boss.stop({ graceful: false, timeout: 5_000 });
    this.started = false;
  }

  health(): { status: 'ok' | 'degraded' | 'down' | 'not_configured'; detail: string } {
    if (!this.started) return { status: 'down', detail: 'Job queue stopped' };
    const pool = this.o.pool;
    const running = this.controllers.size;
    const detail = pool
      ? `pg-boss; ${pool.size} ML worker threads, ${pool.busy} busy, ${running} job(s) running here`
      : 'pg-boss (enqueue only)';
    return this.lastError
      ? { status: 'degraded', detail: `${detail}; last error: ${this.lastError}` }
      : { status: 'ok', detail };
  }

  /** True while a training run is queued or running (in any process). */
  async hasActiveTraining(): Promise<boolean> {
    return (await this.o.repo.activeRuns()).some((r) => r.kind === 'train');
  }

  /**
   * Marks runs left 'running' by a process that died as failed. Only safe when no other process can be running them:
   * the embedded database, which one process owns at a time. Their pg-boss jobs are not retried (retryLimit 0).
   */
  async failInterruptedRuns(): Promise<number> {
    let n = 0;
    for (const run of await this.o.repo.activeRuns()) {
      if (run.status !== 'running' || this.controllers.has(run.id)) continue;
      if (
        await this.o.repo.finishRun(run.id, 'failed', {
          now: this.o.clock.now(),
          error: 'Interrupted: the server stopped during the run',
        })
      )
        n++;
    }
    return n;
  }

  /** Takes jobs from the queues in this process (needs a pool). */
  async work(): Promise<void> {
    const opts = {
      batchSize: 1,
      localConcurrency: 1,
      pollingIntervalSeconds: this.o.pollingIntervalSeconds ?? 2,
    };
    for (const kind of Object.keys(QUEUES) as MlRunKind[]) {
      await this.o.boss.work<JobData>(QUEUES[kind], opts, async (jobs: Job<JobData>[]) => {
        for (const job of jobs) await this.execute(kind, job.data);
      });
    }
    await this.o.boss.work(NIGHTLY_QUEUE, opts, async () => {
      await this.nightly();
    });
  }

  /**
   * The after-close schedule at the admin's ml_schedule_time (stored in pg-boss, so one schedule serves every
   * process; calling it again moves it). Returns the cron it set.
   */
  async schedule(): Promise<string> {
    const cron = nightlyCron((await this.nightlySchedule()).time);
    await this.o.boss.schedule(NIGHTLY_QUEUE, cron, null, { tz: NIGHTLY_TIME_ZONE });
    return cron;
  }

  private async nightlySchedule(): Promise<NightlySchedule> {
    return this.o.nightlySchedule ? this.o.nightlySchedule() : NIGHTLY_DEFAULT;
  }

  /**
   * Nightly: score what matured today, then retrain and predict from today's close. Skips non-trading days, and
   * everything when the admin turned ml_auto_retrain off (runs can still be started by hand).
   */
  async nightly(): Promise<void> {
    if (!(await this.nightlySchedule()).enabled) {
      this.o.log.info({}, 'no ML run: the nightly run is turned off (ml_auto_retrain)');
      return;
    }
    const today = istanbulDate(this.o.clock.now());
    if (!isTradingDay(today)) {
      this.o.log.info({ date: today }, 'no ML run: not a trading day');
      return;
    }
    await this.request('evaluate', { requestedBy: 'schedule' });
    await this.request('train', { requestedBy: 'schedule', chain: true });
  }

  /** Queues a run; `chain` makes a train continue with predict and evaluate. */
  async request(
    kind: MlRunKind,
    options: { requestedBy: string; algorithmIds?: string[] | null; chain?: boolean },
  ): Promise<RunRow> {
    const run = await this.o.repo.createRun({
      kind,
      requestedBy: options.requestedBy,
      algorithmIds: options.algorithmIds ?? null,
      now: this.o.clock.now(),
    });
    const jobId = await this.o.boss.send(QUEUES[kind], {
      runId: run.id,
      chain: options.chain ?? false,
    } satisfies JobData);
    if (jobId) await this.o.repo.updateRun(run.id, { jobId });
    return { ...run, jobId };
  }

  async run(id: string): Promise<RunRow> {
    const run = await this.o.repo.getRun(id);
    if (!run) throw new NotFoundError('Run not found');
    return run;
  }

  /** Cancels a queued or running run; the running process stops its threads within CANCEL_POLL_MS. */
  async cancel(id: string): Promise<RunRow> {
    const run = await this.run(id);
    if (!(await this.o.repo.finishRun(id, 'cancelled', { now: this.o.clock.now(), message: 'Cancelled' }))) {
      throw new RunNotCancellableError(run.status);
    }
    this.controllers.get(id)?.abort();
    if (run.jobId) {
      await this.o.boss
        .cancel(QUEUES[run.kind as MlRunKind], run.jobId)
        .catch((error: unknown) => this.o.log.warn({ err: error, runId: id }, 'pg-boss cancel failed'));
    }
    return this.run(id);
  }

  /** Runs one job: lifecycle bookkeeping around the kind's handler. */
  private async execute(kind: MlRunKind, data: JobData): Promise<void> {
    const { repo, clock, log } = this.o;
    if (!(await repo.startRun(data.runId, clock.now()))) return; // cancelled while queued
    const controller = new AbortController();
    this.controllers.set(data.runId, controller);
    const watcher = setInterval(() => {
      repo
        .runStatus(data.runId)
        .then((status) => {
          if (status === 'cancelled') controller.abort();
        })
        .catch((error: unknown) => log.warn({ err: error }, 'run status poll failed'));
    }, CANCEL_POLL_MS);
    const started = Date.now();
    try {
      const summary = await this.handlers[kind](data.runId, controller.signal);
      if (await repo.finishRun(data.runId, 'succeeded', { now: clock.now(), message: summary })) {
        log.info({ runId: data.runId, kind, ms: Date.now() - started }, `ML ${kind} succeeded: ${summary}`);
        this.lastError = null;
        if (data.chain && kind === 'train')
          await this.request('predict', { requestedBy: 'chain', chain: true });
        if (data.chain && kind === 'predict') await this.request('evaluate', { requestedBy: 'chain' });
      }
    } catch (error) {
      if (error instanceof TaskCancelledError || controller.signal.aborted) {
        log.info({ runId: data.runId, kind }, `ML ${kind} cancelled`);
        await repo.finishRun(data.runId, 'cancelled', { now: clock.now(), message: 'Cancelled' });
      } else {
        this.lastError = message(error);
        log.error({ err: error, runId: data.runId, kind }, `ML ${kind} failed`);
        await repo.finishRun(data.runId, 'failed', { now: clock.now(), error: message(error) });
      }
    } finally {
      clearInterval(watcher);
      this.controllers.delete(data.runId);
    }
  }

  private readonly handlers: Record<MlRunKind, (runId: string, signal: AbortSignal) => Promise<string>> = {
    train: (runId, signal) => this.train(runId, signal),
    predict: (runId, signal) => this.predict(runId, signal),
    evaluate: () => this.evaluate(),
  };

  private poolOrThrow(): MlWorkerPool {
    if (!this.o.pool) throw new Error('This process has no ML worker pool');
    return this.o.pool;
  }

  private async algorithmsOf(runId: string): Promise<string[]> {
    const run = await this.o.repo.getRun(runId);
    const enabled = new Set((await this.o.repo.listAlgorithms()).filter((a) => a.enabled).map((a) => a.id));
    const wanted = run?.algorithmIds ?? ALGORITHMS.map((a) => a.id);
    return wanted.filter((id) => enabled.has(id) && algorithmById(id));
  }

  /** Loads stored bars into a panel: every listed stock and the XU100 as the market. */
  async loadPanel(): Promise<PanelPayload> {
    const latest = await this.o.repo.latestBarDate();
    if (!latest) throw new NoMarketHistoryError();
    const from = new Date(Date.parse(`${latest}T00:00:00Z`) - PANEL_CALENDAR_DAYS * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const bars = await this.o.repo.barsBySymbolFrom(from);
    const sectorOf = new Map(STOCKS.map((s) => [s.symbol, s.sector]));
    const market = bars.find((b) => b.symbol === 'XU100');
    const stocks = bars
      .filter((b) => sectorOf.has(b.symbol))
      .map((b) => ({ ...b, sector: sectorOf.get(b.symbol)! }));
    if (stocks.length === 0) throw new NoMarketHistoryError();
    const empty: SymbolBarArrays = {
      symbol: 'XU100',
      dates: [],
      open: [],
      high: [],
      low: [],
      close: [],
      volume: [],
    };
    return panelPayloadOf(stocks, { ...(market ?? empty), sector: '' });
  }

  private progress(runId: string) {
    let last = 0;
    return (done: number, total: number, algorithmId: string, horizon: number) => {
      const now = Date.now();
      if (now - last < 500 && done < total) return;
      last = now;
      this.o.repo
        .updateRun(runId, {
          progress: done / total,
          message: `${algorithmId} h=${horizon} (${done}/${total})`,
        })
        .catch((error: unknown) => this.o.log.warn({ err: error }, 'progress update failed'));
    };
  }

  private async train(runId: string, signal: AbortSignal): Promise<string> {
    const ids = await this.algorithmsOf(runId);
    const panel = await this.loadPanel();
    const horizons = this.o.horizons ?? HORIZONS;
    const outcomes = await trainOnPool(
      this.poolOrThrow(),
      panel,
      ids,
      horizons,
      this.o.walkForward ?? { seed: 7 },
      { signal, onProgress: this.progress(runId) },
    );
    if (signal.aborted) throw new TaskCancelledError();
    const now = this.o.clock.now();
    const models = outcomes
      .filter((o) => o.stateJson !== null && o.cutoffDate !== null)
      .map((o) => ({
        algorithmId: o.algorithmId,
        horizonDays: o.horizon,
        cutoffDate: o.cutoffDate!,
        stateJson: o.stateJson!,
        metrics: {
          trainRows: o.trainRows,
          walkForwardMs: Math.round(o.walkForwardMs),
          finalFitMs: Math.round(o.finalFitMs),
          error: o.error,
        },
        runId,
        createdAt: now,
      }));
    await this.o.repo.insertModels(models);
    await this.o.repo.insertEvaluations(outcomes.map((o) => evaluationRow(o.evaluation, runId, now)));
    const failed = outcomes.filter((o) => o.error !== null);
    for (const f of failed)
      this.o.log.warn(
        { algorithmId: f.algorithmId, horizon: f.horizon, error: f.error },
        'algorithm error during training',
      );
    return `${models.length} models, ${outcomes.length} walk-forward evaluations${failed.length ? `, ${failed.length} with errors` : ''}`;
  }

  private async predict(runId: string, signal: AbortSignal): Promise<string> {
    const ids = await this.algorithmsOf(runId);
    const stored = await this.o.repo.latestModels(ids);
    if (stored.length === 0) throw new NoTrainedModelsError();
    const hitRates = new Map<string, number | null>();
    for (const h of HORIZONS) {
      for (const e of await this.o.repo.latestEvaluations(h))
        hitRates.set(`${e.algorithmId}:${h}`, e.accuracyPercent === null ? null : e.accuracyPercent / 100);
    }
    const models: ModelForServing[] = stored
      .filter((m) => m.horizonDays === 1 || m.horizonDays === 5)
      .map((m) => ({
        algorithmId: m.algorithmId,
        horizon: m.horizonDays as Horizon,
        stateJson: m.stateJson,
        hitRate: hitRates.get(`${m.algorithmId}:${m.horizonDays}`) ?? null,
      }));
    const panel = await this.loadPanel();
    const served = await predictOnPool(this.poolOrThrow(), panel, models, {
      signal,
      onProgress: this.progress(runId),
    });
    if (signal.aborted) throw new TaskCancelledError();
    const now = this.o.clock.now();
    const rows: NewPrediction[] = [];
    for (const s of served) {
      if (s.error) {
        this.o.log.warn(
          { algorithmId: s.algorithmId, horizon: s.horizon, error: s.error },
          'prediction failed',
        );
        continue;
      }
      const targetDate = addTradingDays(s.asOfDate, s.horizon);
      for (let i = 0; i < s.seriesIndex.length; i++) {
        // A zero expected return (the random walk, a rule without a signal) makes no directional call: not stored.
        const direction = s.direction[i]!;
        const price = s.currentPrice[i]!;
        const er = s.expectedReturn[i]!;
        if (direction === 0 || !Number.isFinite(er) || !(price > 0)) continue;
        rows.push({
          algorithmId: s.algorithmId,
          symbol: panel.symbols[s.seriesIndex[i]!]!,
          horizonDays: s.horizon,
          asOfDate: s.asOfDate,
          targetDate,
          currentPriceTry: price,
          expectedReturn: er,
          direction: direction > 0 ? 'up' : 'down',
          confidence: Math.min(1, Math.max(0, s.confidence[i]!)),
          targetPriceTry: price * (1 + er),
          runId,
          createdAt: now,
        });
      }
    }
    await this.o.repo.upsertPredictions(rows);
    return `${rows.length} predictions from ${served.length} models`;
  }

  /** Scores every matured prediction: hit = predicted up and closed higher, or predicted down and closed at or below. */
  async evaluate(): Promise<string> {
    let total = 0;
    for (;;) {
      const matured = await this.o.repo.maturedPredictions(EVALUATE_BATCH);
      if (matured.length === 0) break;
      const now = this.o.clock.now();
      await this.o.repo.insertPredictionEvaluations(
        matured.map((m) => {
          const realisedReturn = m.realisedPriceTry / m.currentPriceTry - 1;
          return {
            predictionId: m.id,
            realisedPriceTry: m.realisedPriceTry,
            realisedReturn,
            hit: m.direction === 'up' ? realisedReturn > 0 : realisedReturn <= 0,
            evaluatedAt: now,
          };
        }),
      );
      total += matured.length;
      if (matured.length < EVALUATE_BATCH) break;
    }
    return `${total} predictions evaluated`;
  }
}

/** A run in the contracts' shape (mlRunSchema of @bist/contracts), for admin routes and the CLI. */
export function mlRunOf(run: RunRow) {
  return {
    id: run.id,
    kind: run.kind as MlRunKind,
    status: run.status as 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled',
    progress: run.progress,
    message: run.message,
    error: run.error,
    requested_by: run.requestedBy,
    algorithm_ids: run.algorithmIds ?? null,
    created_at: run.createdAt.toISOString(),
    started_at: run.startedAt?.toISOString() ?? null,
    finished_at: run.finishedAt?.toISOString() ?? null,
  };
}

/** The stored columns of an evaluation record (packages/ml evaluationRecord → contracts algorithmEvaluationSchema). */
function evaluationRow(record: Record<string, unknown>, runId: string, now: Date) {
  const r = record as {
    algorithmId: string;
    horizonDays: number;
    source: string;
    accuracyPercent: number | null;
    accuracyCiLowPercent: number;
    accuracyCiHighPercent: number;
    mae: number | null;
    rmse: number | null;
    skillVsRandomWalk: number | null;
    r2: number | null;
    ic: { mean: number | null; icir: number | null };
    rankIc: { mean: number | null; icir: number | null };
    predictionsCount: number;
    evaluatedFrom: string | null;
    evaluatedTo: string | null;
  };
  return {
    algorithmId: r.algorithmId,
    horizonDays: r.horizonDays,
    source: r.source,
    accuracyPercent: r.accuracyPercent,
    accuracyCiLowPercent: r.accuracyCiLowPercent,
    accuracyCiHighPercent: r.accuracyCiHighPercent,
    mae: r.mae,
    rmse: r.rmse,
    skillVsRandomWalk: r.skillVsRandomWalk,
    r2: r.r2,
    icMean: r.ic.mean,
    icIcir: r.ic.icir,
    rankIcMean: r.rankIc.mean,
    rankIcIcir: r.rankIc.icir,
    predictionsCount: r.predictionsCount,
    evaluatedFrom: r.evaluatedFrom,
    evaluatedTo: r.evaluatedTo,
    record: JSON.parse(JSON.stringify(record)) as Record<string, unknown>,
    runId,
    createdAt: now,
  };
}
