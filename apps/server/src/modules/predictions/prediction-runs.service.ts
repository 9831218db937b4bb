/**
 * The write side of predictions: train (walk-forward scores + final models), predict (latest close, every enabled
 * algorithm) and evaluate (score matured predictions against stored closes) runs, queued in pg-boss (jobs/ml-queue)
 * and computed in the worker-thread pool (jobs/ml-engine).
 *
 * Run lifecycle (ml_runs): queued → running → succeeded | failed | cancelled. A cancel marks the run cancelled and
 * cancels its pg-boss job; the process running it sees the status within CANCEL_POLL_MS and terminates its threads.
 * A failed or cancelled run can be retried: a new run of the same kind and algorithms.
 */
import { createHash } from 'node:crypto';
import {
  AUDIT_ACTIONS,
  DRIFT_RECENT_DAYS,
  ML_RUN_LOG_MAX,
  isNotWorseWalkForward,
  DEFAULT_PLATFORM_SETTINGS,
  algorithmEvaluationSchema,
  PREDICTION_HORIZONS,
  directionalHit,
  isPredictionHorizon,
  type ModelVersion,
  type MlRun,
  type MlRunKind,
  type MlRunStatus,
  type HistorySource,
  type PredictionHorizon,
} from '@bist/contracts';
import {
  ALGORITHMS,
  algorithmById,
  FACTOR_LADDER,
  latestFactorScores,
  listAlgorithms,
  panelFromBars,
  type SeriesBars,
} from '@bist/ml';
import { addTradingDays, istanbulDate, isTradingDay, STOCKS } from '@bist/market';
import type { AdminActor, RequestMeta } from '@/lib/actor';
import type { Clock } from '@/lib/clock';
import type { DbExecutor } from '@/db/executor';
import type { ComponentHealth } from '@/lib/health';
import {
  AppError,
  BadRequestError,
  ConflictError,
  NotFoundError,
  ServiceUnavailableError,
} from '@/lib/errors';
import {
  payloadOfPanel,
  type FeatureDrift,
  type ModelForServing,
  type PanelPayload,
  type WalkForwardSettings,
} from '@/jobs/ml-protocol';
import { predictOnPool, trainOnPool } from '@/jobs/ml-engine';
import { panelOfPayload } from '@/jobs/ml-tasks';
import type { MlJobData, MlQueue } from '@/jobs/ml-queue';
import { runInOwnThread, TaskCancelledError, type MlWorkerPool } from '@/jobs/worker-pool';
import type { MarketRepository, SymbolBarArrays } from '@/market/market.repository';
import type { AuditService } from '@/modules/audit/audit.service';
import type {
  AlgorithmRow,
  EvaluationRow,
  NewPrediction,
  PredictionsRepository,
  RealisedScores,
} from './predictions.repository.ts';
import {
  evaluationRow,
  type ModelVersionRow,
  type PredictionRunsRepository,
  type RunRow,
} from './prediction-runs.repository.ts';

export type { RunRow };

const CANCEL_POLL_MS = 250;
/** Calendar days of bars loaded for a panel (≈ 4 years: a 3-year history and the 252-day momentum look-back). */
const PANEL_CALENDAR_DAYS = 1_500;
const EVALUATE_BATCH = 5_000;

/** When the nightly train–predict–evaluate runs (Europe/Istanbul 'HH:MM') and whether it runs at all. */
export interface NightlySchedule {
  time: string;
  enabled: boolean;
}

/** The nightly run without stored settings: the platform defaults (18:30 Istanbul, after the close; on). */
export const NIGHTLY_DEFAULT: NightlySchedule = {
  time: DEFAULT_PLATFORM_SETTINGS.ml_schedule_time,
  enabled: DEFAULT_PLATFORM_SETTINGS.ml_auto_retrain,
};

export interface RunLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What the runs read of the market's stored daily bars (the market engine's repository implements it). */
export type PredictionBarReads = Pick<
  MarketRepository,
  'latestDailyDate' | 'hasRealDailyBars' | 'barArraysFrom' | 'firstClosesOnOrAfter'
>;

export interface PredictionRunsOptions {
  runs: PredictionRunsRepository;
  reads: PredictionsRepository;
  bars: PredictionBarReads;
  /** Null in a process without the job queue (runs can be read, not started). */
  queue: MlQueue | null;
  /** Null in a process that only enqueues (it never calls work()). */
  pool: MlWorkerPool | null;
  clock: Clock;
  log: RunLogger;
  /** The admin's nightly schedule, read when scheduling and when the nightly job fires; default 18:30, on. */
  nightlySchedule?: () => Promise<NightlySchedule>;
  /** Where staff actions on runs are recorded (absent in processes without the admin realm). */
  audit?: Pick<AuditService, 'record'>;
  /** Walk-forward settings (tests shorten them). */
  walkForward?: WalkForwardSettings;
  horizons?: readonly PredictionHorizon[];
  /** Package version and git commit of this build, stored with every model version. */
  codeVersion?: string;
  /**
   * Called when this process stored something the investor views show (a run ended, an algorithm's flag or a
   * champion changed): their kept answers are made again (PredictionsVersion).
   */
  onViewsChanged?: () => void;
}

/** A panel with what the registry records about it: the bars' SHA-256 and its first and last date. */
export interface LoadedPanel {
  panel: PanelPayload;
  fingerprint: string;
  from: string | null;
  to: string | null;
  /** 'real' when real history is stored (simulated bars are then left out: never a mix), else 'simulated'. */
  dataSource: HistorySource;
}

export class RunNotCancellableError extends ConflictError {
  constructor(status: string) {
    super(`Run is already ${status}`);
  }
}

export class RunNotRetriableError extends ConflictError {
  constructor(status: string) {
    super(`Only a failed or cancelled run can be retried; this one is ${status}`);
  }
}

export class NoJobQueueError extends ServiceUnavailableError {
  constructor() {
    super('The ML job queue is not running in this process');
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

/** How a cancelled run is finished: its status, message and last log line (who cancelled it, when staff did). */
function cancelPatch(now: Date, staff?: StaffAction) {
  return {
    now,
    message: 'Cancelled',
    logLine: { line: `Cancelled${staff ? ` by ${staff.actor.email}` : ''}`, max: ML_RUN_LOG_MAX },
  };
}

/** A staff member acting through the admin API: recorded in the audit log with the run. */
export interface StaffAction {
  actor: AdminActor;
  meta: RequestMeta;
}

/** A run in the contracts' shape (mlRunSchema), for routes and the CLI. */
export function mlRunOf(run: RunRow, now: Date = new Date()): MlRun {
  return {
    id: run.id,
    kind: run.kind as MlRunKind,
    status: run.status as MlRunStatus,
    progress: run.progress,
    message: run.message,
    error: run.error,
    requested_by: run.requestedBy,
    algorithm_ids: run.algorithmIds ?? null,
    created_at: run.createdAt.toISOString(),
    started_at: run.startedAt?.toISOString() ?? null,
    finished_at: run.finishedAt?.toISOString() ?? null,
    log: run.log ?? [],
    duration_ms: run.startedAt ? (run.finishedAt ?? now).getTime() - run.startedAt.getTime() : null,
  };
}

const numberOrNull = (v: number | string | null | undefined) => (typeof v === 'number' ? v : null);

/** A registry version in the contracts' shape (modelVersionSchema). */
export function modelVersionOf(m: ModelVersionRow): ModelVersion {
  const wf = numberOrNull(m.metrics.walkForwardMs);
  const fit = numberOrNull(m.metrics.finalFitMs);
  return {
    id: m.id,
    algorithm_id: m.algorithmId,
    horizon_days: m.horizonDays,
    version: m.version,
    champion: m.champion,
    train_from: m.trainFrom,
    train_to: m.cutoffDate,
    data_fingerprint: m.dataFingerprint,
    code_version: m.codeVersion,
    size_bytes: m.sizeBytes,
    duration_ms: wf === null && fit === null ? null : (wf ?? 0) + (fit ?? 0),
    train_rows: numberOrNull(m.metrics.trainRows),
    started_by: m.requestedBy,
    run_id: m.runId,
    created_at: m.createdAt.toISOString(),
    walk_forward: {
      accuracy_percent: m.accuracyPercent,
      r2: m.r2,
      skill_vs_random_walk: m.skillVsRandomWalk,
      rank_ic_mean: m.rankIcMean,
      predictions_count: m.predictionsCount,
    },
  };
}

function barsOf(row: SymbolBarArrays): SeriesBars {
  return {
    dates: row.dates,
    open: Float64Array.from(row.open),
    high: Float64Array.from(row.high),
    low: Float64Array.from(row.low),
    close: Float64Array.from(row.close),
    volume: Float64Array.from(row.volume),
  };
}

/** Everything the operations centre grades an algorithm on, read in one go. */
export interface OperationsSnapshot {
  algorithms: AlgorithmRow[];
  /** Newest walk-forward per algorithm at the horizon (the serving model's run or later). */
  evaluations: EvaluationRow[];
  realised: Map<string, RealisedScores>;
  lastTrainedAt: Map<string, Date>;
  liveCounts: Map<string, number>;
  modelVersions: number;
}

export type { FeatureDrift } from '@/jobs/ml-protocol';

export class PredictionRunsService {
  /** Runs executing in this process, by id: aborting one stops its threads. */
  private readonly controllers = new Map<string, AbortController>();
  private driftCache: FeatureDrift | null = null;
  private driftRunning: Promise<void> | null = null;
  private lastError: string | null = null;

  constructor(private readonly o: PredictionRunsOptions) {}

  // ------------------------------------------------------------------ registry and flags

  /** Registers the registry's algorithms (new ones enabled); metadata follows the registry, enabled flags stay. */
  async syncRegistry(): Promise<void> {
    await this.o.runs.syncAlgorithms(
      listAlgorithms().map((a, position) => ({ ...a, position })),
      this.o.clock.now(),
    );
    this.viewsChanged();
  }

  private viewsChanged(): void {
    this.o.onViewsChanged?.();
  }

  /**
   * Enables or disables an algorithm: a disabled one is neither trained nor served, and leaves investor pages at
   * once. Enabling clears an emergency stop. A staff change is audited.
   */
  async setEnabled(algorithmId: string, enabled: boolean, staff?: StaffAction): Promise<void> {
    await this.o.runs.transaction(async (runs, tx) => {
      const changed = await runs.setAlgorithmEnabled(algorithmId, enabled, this.o.clock.now());
      if (changed.length === 0) throw new NotFoundError('Algorithm not found');
      if (!staff) return;
      await this.o.audit?.record(
        {
          eventType: 'system_config',
          action: enabled ? AUDIT_ACTIONS.algorithmEnabled : AUDIT_ACTIONS.algorithmDisabled,
          actor: staff.actor,
          target: { type: 'ml_algorithm', id: algorithmId },
          after: { enabled },
          meta: staff.meta,
        },
        tx,
      );
    });
    this.viewsChanged();
  }

  /**
   * Emergency stop of one algorithm (`algorithmId`) or of every one (null): cancels the queued and running runs
   * started for it (alone or with other named algorithms), disables it with who stopped it and why, and writes the
   * audit log — the flags, the cancels and the audit row in one transaction, so a stop is never left unaudited. The
   * threads and queued jobs of the cancelled runs are stopped after the commit; a running process elsewhere sees the
   * cancel within CANCEL_POLL_MS. A run over every algorithm (the nightly one) is not cancelled for one algorithm: it
   * stores nothing of a disabled one.
   */
  async emergencyStop(
    algorithmId: string | null,
    reason: string,
    staff: StaffAction,
  ): Promise<{ algorithms: string[]; cancelledRuns: string[] }> {
    if (algorithmId !== null && !algorithmById(algorithmId)) throw new NotFoundError('Algorithm not found');
    // A run over every algorithm keeps going for the others; it drops the stopped one's results (enabledOnly).
    const covered = (await this.o.runs.activeRuns()).filter(
      (r) => algorithmId === null || (r.algorithmIds?.includes(algorithmId) ?? false),
    );
    const { algorithms, cancelled } = await this.o.runs.transaction(async (runs, tx) => {
      const now = this.o.clock.now();
      const algorithms = await runs.setAlgorithmEnabled(algorithmId, false, now, {
        by: staff.actor.email,
        reason,
      });
      if (algorithmId !== null && algorithms.length === 0) throw new NotFoundError('Algorithm not found');
      const cancelled: RunRow[] = [];
      // A run that finished meanwhile is left as it ended.
      for (const run of covered)
        if (await runs.finishRun(run.id, 'cancelled', cancelPatch(now))) cancelled.push(run);
      await this.o.audit?.record(
        {
          eventType: 'system_config',
          action: algorithmId === null ? AUDIT_ACTIONS.emergencyStopAll : AUDIT_ACTIONS.emergencyStop,
          actor: staff.actor,
          target: { type: 'ml_algorithm', id: algorithmId ?? 'all' },
          after: { enabled: false },
          details: { reason, cancelled_runs: cancelled.map((r) => r.id), algorithms: algorithms.length },
          meta: staff.meta,
        },
        tx,
      );
      return { algorithms, cancelled };
    });
    for (const run of cancelled) await this.stopCancelled(run);
    this.viewsChanged();
    return { algorithms, cancelledRuns: cancelled.map((r) => r.id) };
  }

  // ------------------------------------------------------------------ operations read model

  async operationsSnapshot(horizon: PredictionHorizon): Promise<OperationsSnapshot> {
    const r = this.o.reads;
    const [algorithms, evaluations, realised, lastTrainedAt, liveCounts, modelVersions] = await Promise.all([
      r.listAlgorithms(),
      r.latestEvaluations(horizon),
      r.realisedByAlgorithm(horizon),
      r.lastTrainedAt(),
      r.predictionCountsByAlgorithm(),
      r.countModels(),
    ]);
    return { algorithms, evaluations, realised, lastTrainedAt, liveCounts, modelVersions };
  }

  /**
   * Drift of every model input (raw feature values of all stocks): PSI of the last DRIFT_RECENT_DAYS trading days
   * against the stored window before them, which the models were trained on. Measured once per new bar date, in the
   * background: until the first measurement ends (and while a new one runs) the last one is returned, or null.
   */
  async featureDrift(): Promise<FeatureDrift | null> {
    const latest = await this.o.bars.latestDailyDate();
    if (!latest) return null;
    if (this.driftCache?.asOf !== latest && !this.driftRunning) {
      this.driftRunning = this.measureDrift(latest)
        .then((d) => {
          this.driftCache = d;
        })
        .catch((error: unknown) => this.o.log.warn({ err: error }, 'feature drift not measured'))
        .finally(() => {
          this.driftRunning = null;
        });
    }
    return this.driftCache;
  }

  /** Waits for a drift measurement in progress (tests). */
  async settleDrift(): Promise<void> {
    await this.driftRunning;
  }

  /** Loads the panel here and computes the drift in a thread of its own (a few seconds of CPU, not on the API's loop). */
  private async measureDrift(asOf: string): Promise<FeatureDrift> {
    const { panel } = await this.loadFingerprintedPanel();
    const result = await runInOwnThread({ kind: 'drift', panel, recentDays: DRIFT_RECENT_DAYS, asOf });
    if (result.kind !== 'drift') throw new Error(`drift task returned a ${result.kind} result`);
    return result.drift;
  }

  /** Queued and running runs (any process). */
  async activeRuns(): Promise<RunRow[]> {
    return this.o.runs.activeRuns();
  }

  /** Pool and queue figures of this process. */
  poolStats(): { threads: number; busy: number; queuedTasks: number; runningHere: number } | null {
    const pool = this.o.pool;
    return pool
      ? { threads: pool.size, busy: pool.busy, queuedTasks: pool.queued, runningHere: this.controllers.size }
      : null;
  }

  // ------------------------------------------------------------------ model registry

  /** Every version of an algorithm, per horizon, newest first. */
  async versions(algorithmId: string): Promise<ModelVersionRow[]> {
    if (!algorithmById(algorithmId)) throw new NotFoundError('Algorithm not found');
    return this.o.runs.modelVersions(algorithmId);
  }

  /**
   * Makes a version the champion of its algorithm × horizon (a promotion, or a rollback to an earlier one), audited
   * with the reason; then queues a predict run of the algorithm so investors see the champion's predictions.
   */
  async promote(
    algorithmId: string,
    versionId: string,
    reason: string,
    staff: StaffAction,
  ): Promise<{ version: ModelVersionRow; run: RunRow | null }> {
    const all = await this.versions(algorithmId);
    const target = all.find((v) => v.id === versionId);
    if (!target) throw new NotFoundError('Model version not found');
    const previous = all.find((v) => v.champion && v.horizonDays === target.horizonDays) ?? null;
    await this.o.runs.transaction(async (runs, tx) => {
      await runs.setChampion(versionId);
      await this.o.audit?.record(
        {
          eventType: 'system_config',
          action: AUDIT_ACTIONS.modelPromoted,
          actor: staff.actor,
          target: { type: 'ml_model', id: versionId },
          before: previous ? { champion_id: previous.id, version: previous.version } : null,
          after: { champion_id: target.id, version: target.version },
          details: { algorithm_id: algorithmId, horizon_days: target.horizonDays, reason },
          meta: staff.meta,
        },
        tx,
      );
    });
    this.viewsChanged();
    const run = this.o.queue
      ? await this.request('predict', {
          requestedBy: staff.actor.id ?? staff.actor.email,
          algorithmIds: [algorithmId],
        })
      : null;
    const version = (await this.o.runs.modelVersions(algorithmId)).find((v) => v.id === versionId)!;
    return { version, run };
  }

  // ------------------------------------------------------------------ queue lifecycle (this process)

  /** Starts the queue (creating its queues). */
  async start(): Promise<void> {
    await this.queueOrThrow().start();
  }

  async stop(): Promise<void> {
    for (const c of this.controllers.values()) c.abort();
    await this.o.queue?.stop();
  }

  /** Takes jobs from the queues in this process (needs a pool). */
  async work(): Promise<void> {
    await this.queueOrThrow().work(
      (kind, data) => this.execute(kind, data),
      () => this.nightly(),
    );
  }

  /** The after-close schedule at the admin's ml_schedule_time (one schedule for every process). */
  async schedule(): Promise<string> {
    return this.queueOrThrow().scheduleNightly((await this.nightlySchedule()).time);
  }

  health(): ComponentHealth {
    const queue = this.o.queue;
    if (!queue) return { status: 'not_configured', detail: 'Job queue not started' };
    if (!queue.started) return { status: 'down', detail: 'Job queue stopped' };
    const pool = this.o.pool;
    const detail = pool
      ? `pg-boss; ${pool.size} ML worker threads, ${pool.busy} busy, ${this.controllers.size} job(s) running here`
      : 'pg-boss (enqueue only)';
    return this.lastError
      ? { status: 'degraded', detail: `${detail}; last error: ${this.lastError}` }
      : { status: 'ok', detail };
  }

  private queueOrThrow(): MlQueue {
    if (!this.o.queue) throw new NoJobQueueError();
    return this.o.queue;
  }

  private async nightlySchedule(): Promise<NightlySchedule> {
    return this.o.nightlySchedule ? this.o.nightlySchedule() : NIGHTLY_DEFAULT;
  }

  // ------------------------------------------------------------------ runs

  /** True while a training run is queued or running (in any process). */
  async hasActiveTraining(): Promise<boolean> {
    return (await this.o.runs.activeRuns()).some((r) => r.kind === 'train');
  }

  async hasTrainedModels(): Promise<boolean> {
    return (await this.o.reads.countModels()) > 0;
  }

  /**
   * Marks runs left 'running' by a process that died as failed. Only safe when no other process can be running them:
   * the embedded database, which one process owns at a time. Their pg-boss jobs are not retried (retryLimit 0).
   */
  async failInterruptedRuns(): Promise<number> {
    let n = 0;
    for (const run of await this.o.runs.activeRuns()) {
      if (run.status !== 'running' || this.controllers.has(run.id)) continue;
      const failed = await this.o.runs.finishRun(run.id, 'failed', {
        now: this.o.clock.now(),
        error: 'Interrupted: the server stopped during the run',
      });
      if (failed) n++;
    }
    if (n > 0) this.viewsChanged();
    return n;
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

  /** Queues a run; `chain` makes a train continue with predict and evaluate. A staff request is audited. */
  async request(
    kind: MlRunKind,
    options: {
      requestedBy: string;
      algorithmIds?: string[] | null;
      chain?: boolean;
      staff?: StaffAction;
      /** Recorded with the staff action (its reason, the symbols asked for). */
      details?: Record<string, unknown>;
    },
  ): Promise<RunRow> {
    const queue = this.queueOrThrow();
    const unknown = (options.algorithmIds ?? []).filter((id) => !algorithmById(id));
    if (unknown.length > 0) {
      throw new BadRequestError(`Unknown algorithm id(s): ${unknown.join(', ')}`, 'algorithm_ids');
    }
    const run = await this.o.runs.transaction(async (runs, tx) => {
      const created = await runs.createRun({
        kind,
        requestedBy: options.requestedBy,
        algorithmIds: options.algorithmIds ?? null,
        now: this.o.clock.now(),
      });
      if (options.staff)
        await this.audit(AUDIT_ACTIONS.mlRunRequested, created, options.staff, options.details, tx);
      return created;
    });
    await this.log(run.id, `Queued by ${options.staff?.actor.email ?? options.requestedBy}`);
    const jobId = await queue.send(kind, { runId: run.id, chain: options.chain ?? false });
    if (jobId) await this.o.runs.updateRun(run.id, { jobId });
    return { ...run, jobId };
  }

  /** Adds a line to the run's log; a failure to write it never fails the run. */
  private async log(runId: string, line: string): Promise<void> {
    await this.o.runs
      .appendRunLog(runId, line, this.o.clock.now(), ML_RUN_LOG_MAX)
      .catch((error: unknown) => this.o.log.warn({ err: error, runId }, 'run log write failed'));
  }

  private async audit(
    action: string,
    run: RunRow,
    staff: StaffAction,
    details: Record<string, unknown> = {},
    executor?: DbExecutor,
  ): Promise<void> {
    await this.o.audit?.record(
      {
        eventType: 'system_config',
        action,
        actor: staff.actor,
        target: { type: 'ml_run', id: run.id },
        details: { kind: run.kind, algorithm_ids: run.algorithmIds ?? null, ...details },
        meta: staff.meta,
      },
      executor,
    );
  }

  async run(id: string): Promise<RunRow> {
    const run = await this.o.runs.getRun(id);
    if (!run) throw new NotFoundError('Run not found');
    return run;
  }

  /** The newest runs first. */
  async list(limit: number): Promise<RunRow[]> {
    return this.o.runs.listRuns(limit);
  }

  /** Cancels a queued or running run; the running process stops its threads within CANCEL_POLL_MS. */
  async cancel(id: string, staff?: StaffAction): Promise<RunRow> {
    const run = await this.run(id);
    const cancelled = await this.o.runs.transaction(async (runs, tx) => {
      if (!(await runs.finishRun(id, 'cancelled', cancelPatch(this.o.clock.now(), staff)))) return false;
      if (staff) await this.audit(AUDIT_ACTIONS.mlRunCancelled, run, staff, {}, tx);
      return true;
    });
    if (!cancelled) throw new RunNotCancellableError(run.status);
    this.viewsChanged();
    await this.stopCancelled(run);
    return this.run(id);
  }

  /** After a cancel is committed: stops the run's threads here and its queued job (a failure there is only logged). */
  private async stopCancelled(run: RunRow): Promise<void> {
    this.controllers.get(run.id)?.abort();
    if (run.jobId && this.o.queue) {
      await this.o.queue
        .cancel(run.kind as MlRunKind, run.jobId)
        .catch((error: unknown) => this.o.log.warn({ err: error, runId: run.id }, 'pg-boss cancel failed'));
    }
  }

  /** Queues a new run of the same kind and algorithms as a failed or cancelled one. */
  async retry(id: string, staff: StaffAction): Promise<RunRow> {
    const run = await this.run(id);
    if (run.status !== 'failed' && run.status !== 'cancelled') throw new RunNotRetriableError(run.status);
    return this.request(run.kind as MlRunKind, {
      requestedBy: staff.actor.id ?? staff.actor.email,
      algorithmIds: run.algorithmIds ?? null,
      chain: run.kind === 'train',
      staff,
    });
  }

  /**
   * After a chained training: queues the predictions of the same algorithms (then their evaluation), so a training
   * ends with its models' predictions served; the training's log says which run serves them, or why none was queued.
   */
  private async servePredictionsOf(trainRunId: string): Promise<void> {
    const trained = await this.o.runs.getRun(trainRunId);
    try {
      const predict = await this.request('predict', {
        requestedBy: 'chain',
        algorithmIds: trained?.algorithmIds ?? null,
        chain: true,
      });
      await this.log(trainRunId, `Predictions follow: run ${predict.id} queued`);
    } catch (error) {
      await this.log(trainRunId, `Predictions not queued: ${message(error)}`);
      this.o.log.warn({ err: error, runId: trainRunId }, 'predictions after a training not queued');
    }
  }

  /** Runs one job: lifecycle bookkeeping around the kind's handler. */
  private async execute(kind: MlRunKind, data: MlJobData): Promise<void> {
    const { runs, clock, log } = this.o;
    if (!(await runs.startRun(data.runId, clock.now()))) return; // cancelled while queued
    await this.log(data.runId, `Started (${kind})`);
    const controller = new AbortController();
    this.controllers.set(data.runId, controller);
    const watcher = setInterval(() => {
      runs
        .runStatus(data.runId)
        .then((status) => {
          if (status === 'cancelled') controller.abort();
        })
        .catch((error: unknown) => log.warn({ err: error }, 'run status poll failed'));
    }, CANCEL_POLL_MS);
    const started = Date.now();
    try {
      const summary = await this.handlers[kind](data.runId, controller.signal);
      if (
        await runs.finishRun(data.runId, 'succeeded', {
          now: clock.now(),
          message: summary,
          logLine: { line: `Succeeded: ${summary}`, max: ML_RUN_LOG_MAX },
        })
      ) {
        this.viewsChanged();
        log.info({ runId: data.runId, kind, ms: Date.now() - started }, `ML ${kind} succeeded: ${summary}`);
        this.lastError = null;
        if (data.chain && kind === 'train') await this.servePredictionsOf(data.runId);
        if (data.chain && kind === 'predict') await this.request('evaluate', { requestedBy: 'chain' });
      }
    } catch (error) {
      if (error instanceof TaskCancelledError || controller.signal.aborted) {
        log.info({ runId: data.runId, kind }, `ML ${kind} cancelled`);
        await runs.finishRun(data.runId, 'cancelled', { now: clock.now(), message: 'Cancelled' });
      } else {
        this.lastError = message(error);
        log.error({ err: error, runId: data.runId, kind }, `ML ${kind} failed`);
        await runs.finishRun(data.runId, 'failed', {
          now: clock.now(),
          error: message(error),
          logLine: { line: `Failed: ${message(error)}`, max: ML_RUN_LOG_MAX },
        });
      }
    } finally {
      // Whatever the run stored before it ended (a failed or cancelled one may have stored some) shows now.
      this.viewsChanged();
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

  private async enabledIds(): Promise<Set<string>> {
    return new Set((await this.o.reads.listAlgorithms()).filter((a) => a.enabled).map((a) => a.id));
  }

  private async algorithmsOf(runId: string): Promise<string[]> {
    const run = await this.o.runs.getRun(runId);
    const enabled = await this.enabledIds();
    const wanted = run?.algorithmIds ?? ALGORITHMS.map((a) => a.id);
    return wanted.filter((id) => enabled.has(id) && algorithmById(id));
  }

  /** Stored bars as a panel (every listed stock, the XU100 as the market), aligned and checked by @bist/ml. */
  async loadPanel(): Promise<PanelPayload> {
    return (await this.loadFingerprintedPanel()).panel;
  }

  /**
   * The models learn from real history whenever any is stored, and then from it alone (decision 0044): simulated
   * bars are left out so that no model ever learns from a mix of real and simulated prices.
   */
  private async panelSource(): Promise<HistorySource> {
    return (await this.o.bars.hasRealDailyBars()) ? 'real' : 'simulated';
  }

  /** The panel and the SHA-256 of every bar in it (symbols, dates and OHLCV of stocks and market). */
  async loadFingerprintedPanel(): Promise<LoadedPanel> {
    const latest = await this.o.bars.latestDailyDate();
    if (!latest) throw new NoMarketHistoryError();
    const from = new Date(Date.parse(`${latest}T00:00:00Z`) - PANEL_CALENDAR_DAYS * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const dataSource = await this.panelSource();
    const rows = await this.o.bars.barArraysFrom(from, dataSource === 'real');
    const sectorOf = new Map(STOCKS.map((s) => [s.symbol, s.sector]));
    const market = rows.find((r) => r.symbol === 'XU100');
    const stocks = rows
      .filter((r) => sectorOf.has(r.symbol))
      .map((r) => ({ symbol: r.symbol, sector: sectorOf.get(r.symbol)!, ...barsOf(r) }));
    if (stocks.length === 0) throw new NoMarketHistoryError();
    const noMarket: SymbolBarArrays = {
      symbol: 'XU100',
      dates: [],
      open: [],
      high: [],
      low: [],
      close: [],
      volume: [],
    };
    const panel = payloadOfPanel(panelFromBars(stocks, barsOf(market ?? noMarket)));
    const hash = createHash('sha256');
    hash.update(panel.symbols.join(','));
    hash.update(panel.dates.join(','));
    for (const a of [
      panel.open,
      panel.high,
      panel.low,
      panel.close,
      panel.volume,
      panel.marketOpen,
      panel.marketHigh,
      panel.marketLow,
      panel.marketClose,
      panel.marketVolume,
    ]) {
      hash.update(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
    }
    return {
      panel,
      fingerprint: hash.digest('hex'),
      from: panel.dates[0] ?? null,
      to: panel.dates.at(-1) ?? null,
      dataSource,
    };
  }

  private progress(runId: string) {
    let last = 0;
    let lastStage = '';
    return (done: number, total: number, algorithmId: string, horizon: number) => {
      const stage = `${algorithmId} h=${horizon}`;
      if (stage !== lastStage) {
        lastStage = stage;
        void this.log(runId, `${stage} done (${done}/${total})`);
      }
      const now = Date.now();
      if (now - last < 500 && done < total) return;
      last = now;
      this.o.runs
        .updateRun(runId, {
          progress: done / total,
          message: `${algorithmId} h=${horizon} (${done}/${total})`,
        })
        .catch((error: unknown) => this.o.log.warn({ err: error }, 'progress update failed'));
    };
  }

  private async train(runId: string, signal: AbortSignal): Promise<string> {
    const ids = await this.algorithmsOf(runId);
    if (ids.length === 0) throw new Error('No enabled algorithm to train (disabled or stopped)');
    const loaded = await this.loadFingerprintedPanel();
    await this.o.runs.updateRun(runId, { dataSource: loaded.dataSource });
    const panel = loaded.panel;
    const horizons = this.o.horizons ?? PREDICTION_HORIZONS;
    let outcomes = await trainOnPool(
      this.poolOrThrow(),
      panel,
      ids,
      horizons,
      this.o.walkForward ?? { seed: 7 },
      {
        signal,
        onProgress: this.progress(runId),
      },
    );
    if (signal.aborted) throw new TaskCancelledError();
    const enabled = await this.enabledIds();
    outcomes = outcomes.filter((o) => enabled.has(o.algorithmId));
    const now = this.o.clock.now();
    const heads = new Map(
      (await this.o.runs.registryHeads(ids)).map((h) => [`${h.algorithmId}:${h.horizonDays}`, h]),
    );
    const models = outcomes.flatMap((o) => {
      if (o.stateJson === null || o.cutoffDate === null) return [];
      const head = heads.get(`${o.algorithmId}:${o.horizon}`);
      const champion =
        head?.championId && (head.championRankIc !== null || head.championAccuracy !== null)
          ? { rankIcMean: head.championRankIc, accuracyPercent: head.championAccuracy }
          : null;
      return [
        {
          algorithmId: o.algorithmId,
          horizonDays: o.horizon,
          version: (head?.maxVersion ?? 0) + 1,
          // A version that learned from real history replaces one that did not, whatever their scores.
          champion:
            (loaded.dataSource === 'real' && head?.championId != null && head.championSource !== 'real') ||
            isNotWorseWalkForward(
              { rankIcMean: o.evaluation.rankIc.mean, accuracyPercent: o.evaluation.accuracyPercent },
              champion,
            ),
          trainFrom: loaded.from,
          cutoffDate: o.cutoffDate,
          dataFingerprint: loaded.fingerprint,
          dataSource: loaded.dataSource,
          codeVersion: this.o.codeVersion ?? null,
          stateJson: o.stateJson,
          metrics: {
            trainRows: o.trainRows,
            walkForwardMs: Math.round(o.walkForwardMs),
            finalFitMs: Math.round(o.finalFitMs),
            error: o.error,
          },
          runId,
          createdAt: now,
        },
      ];
    });
    await this.o.runs.insertModels(models);
    await this.o.runs.insertEvaluations(
      outcomes.map(({ evaluation }) =>
        evaluationRow(evaluation, { runId, createdAt: now, dataSource: loaded.dataSource }),
      ),
    );
    const failed = outcomes.filter((o) => o.error !== null);
    for (const f of failed) {
      this.o.log.warn(
        { algorithmId: f.algorithmId, horizon: f.horizon, error: f.error },
        'algorithm error during training',
      );
    }
    const champions = models.filter((m) => m.champion).length;
    return `${models.length} model versions (${champions} new champions), ${outcomes.length} walk-forward evaluations${failed.length ? `, ${failed.length} with errors` : ''}`;
  }

  private async predict(runId: string, signal: AbortSignal): Promise<string> {
    const ids = await this.algorithmsOf(runId);
    const stored = await this.o.runs.championModels(ids);
    if (stored.length === 0) throw new NoTrainedModelsError();
    const hitRates = new Map<string, number | null>();
    const calibrations = new Map<string, { a: number; b: number } | null>();
    for (const h of PREDICTION_HORIZONS) {
      for (const e of await this.o.reads.latestEvaluations(h)) {
        hitRates.set(`${e.algorithmId}:${h}`, e.accuracyPercent === null ? null : e.accuracyPercent / 100);
        // Records stored before calibration existed parse with calibration null (the uncalibrated rules apply).
        const record = algorithmEvaluationSchema.safeParse(e.record);
        const c = record.success ? record.data.calibration : null;
        calibrations.set(`${e.algorithmId}:${h}`, c ? { a: c.a, b: c.b } : null);
      }
    }
    const models: ModelForServing[] = stored.flatMap((m) =>
      isPredictionHorizon(m.horizonDays)
        ? [
            {
              algorithmId: m.algorithmId,
              horizon: m.horizonDays,
              stateJson: m.stateJson,
              hitRate: hitRates.get(`${m.algorithmId}:${m.horizonDays}`) ?? null,
              calibration: calibrations.get(`${m.algorithmId}:${m.horizonDays}`) ?? null,
            },
          ]
        : [],
    );
    const loaded = await this.loadFingerprintedPanel();
    const panel = loaded.panel;
    await this.o.runs.updateRun(runId, { dataSource: loaded.dataSource });
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
          dataSource: loaded.dataSource,
          runId,
          createdAt: now,
        });
      }
    }
    // An algorithm stopped while the run was computing stores nothing.
    const enabled = await this.enabledIds();
    const kept = rows.filter((r) => enabled.has(r.algorithmId));
    await this.o.runs.upsertPredictions(kept);
    // The simple factors' ranking of the same close: the production call where no model beats it (decision 0054).
    const asOfDate = panel.dates[panel.dates.length - 1];
    const panelView = panelOfPayload(panel);
    const factorRows = asOfDate
      ? FACTOR_LADDER.flatMap((f) =>
          latestFactorScores(panelView, f.id).map((x) => ({
            factorId: f.id,
            symbol: panel.symbols[x.seriesIndex]!,
            asOfDate,
            score: x.score,
            currentPriceTry: x.close,
            runId,
            createdAt: now,
          })),
        )
      : [];
    await this.o.runs.upsertFactorScores(factorRows);
    return `${kept.length} predictions from ${served.length} models, ${factorRows.length} factor scores`;
  }

  /**
   * Scores every matured prediction by contracts' directionalHit: hit when the close moved in the predicted direction,
   * miss when it moved the other way, null (excluded from every hit rate) when it closed exactly at the prediction's price.
   */
  async evaluate(): Promise<string> {
    const through = await this.o.bars.latestDailyDate();
    if (!through) return '0 predictions evaluated';
    let total = 0;
    let after: { targetDate: string; id: string } | null = null;
    for (;;) {
      const due = await this.o.runs.duePredictions(through, EVALUATE_BATCH, after);
      if (due.length === 0) break;
      const closes = await this.o.bars.firstClosesOnOrAfter(
        due.map((p) => ({ symbol: p.symbol, date: p.targetDate })),
      );
      const now = this.o.clock.now();
      const matured = due.flatMap((p) => {
        const realisedPriceTry = closes.get(`${p.symbol}|${p.targetDate}`);
        return realisedPriceTry === undefined ? [] : [{ ...p, realisedPriceTry }];
      });
      await this.o.runs.insertPredictionEvaluations(
        matured.map((m) => {
          const realisedReturn = m.realisedPriceTry / m.currentPriceTry - 1;
          return {
            predictionId: m.id,
            realisedPriceTry: m.realisedPriceTry,
            realisedReturn,
            hit: directionalHit(m.direction === 'up' ? 1 : -1, realisedReturn),
            evaluatedAt: now,
          };
        }),
      );
      total += matured.length;
      if (due.length < EVALUATE_BATCH) break;
      const last = due[due.length - 1]!;
      after = { targetDate: last.targetDate, id: last.id };
    }
    return `${total} predictions evaluated`;
  }
}
