/**
 * The ML runs' lifecycle: train, predict and evaluate runs queued in pg-boss (jobs/ml-queue) and computed by the
 * training pipeline in the worker-thread pool (jobs/ml-engine).
 *
 * Run lifecycle (ml_runs): queued → running → succeeded | failed | cancelled. A cancel marks the run cancelled and
 * cancels its pg-boss job; the process running it sees the status within CANCEL_POLL_MS and terminates its threads.
 * A failed or cancelled run can be retried: a new run of the same kind and algorithms. A chained train continues with
 * predict, and that predict with evaluate.
 */
import { AUDIT_ACTIONS, DEFAULT_PLATFORM_SETTINGS, ML_RUN_LOG_MAX, type MlRunKind } from '@bist/contracts';
import { algorithmById } from '@bist/ml';
import { istanbulDate, isTradingDay } from '@bist/market';
import type { AdminActor, RequestMeta } from '@/lib/actor';
import type { Clock } from '@/lib/clock';
import type { DbExecutor } from '@/db/executor';
import type { ComponentHealth } from '@/lib/health';
import { BadRequestError, ConflictError, NotFoundError, ServiceUnavailableError } from '@/lib/errors';
import type { MlJobData, MlQueue } from '@/jobs/ml-queue';
import { TaskCancelledError, type MlWorkerPool } from '@/jobs/worker-pool';
import type { AuditService } from '@/modules/audit/audit.service';
import type { TrainingPipeline } from './pipeline.ts';
import type { RunLogger } from './run-logger.ts';
import type { MlRunsRepository, RunRow } from './runs.repository.ts';

export type { RunRow };
export type { RunLogger };

const CANCEL_POLL_MS = 250;

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

/** A staff member acting through the admin API: recorded in the audit log with the run. */
export interface StaffAction {
  actor: AdminActor;
  meta: RequestMeta;
}

export interface MlRunsOptions {
  runs: MlRunsRepository;
  pipeline: TrainingPipeline;
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
  /**
   * Called when this process stored something the investor views show (a run ended, an algorithm's flag or a
   * champion changed): their kept answers are made again (PredictionsVersion).
   */
  onViewsChanged?: () => void;
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

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** How a cancelled run is finished: its status, message and last log line (who cancelled it, when staff did). */
export function cancelPatch(now: Date, staff?: StaffAction) {
  return {
    now,
    message: 'Cancelled',
    logLine: { line: `Cancelled${staff ? ` by ${staff.actor.email}` : ''}`, max: ML_RUN_LOG_MAX },
  };
}

export class MlRunsService {
  /** Runs executing in this process, by id: aborting one stops its threads. */
  private readonly controllers = new Map<string, AbortController>();
  private lastError: string | null = null;

  constructor(private readonly o: MlRunsOptions) {}

  /** Tells this process's kept investor views that what they are made from changed. */
  viewsChanged(): void {
    this.o.onViewsChanged?.();
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

  /** True when this process can queue runs. */
  get queues(): boolean {
    return this.o.queue !== null;
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
  async stopCancelled(run: RunRow): Promise<void> {
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

  /** Runs one job: lifecycle bookkeeping around the pipeline's stage. */
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
      const algorithmIds = (await runs.getRun(data.runId))?.algorithmIds ?? null;
      const summary = await this.o.pipeline.run(kind, {
        runId: data.runId,
        algorithmIds,
        signal: controller.signal,
        note: (line) => this.log(data.runId, line),
        update: (patch) => runs.updateRun(data.runId, patch),
      });
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
}
