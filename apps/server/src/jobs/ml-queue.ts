/**
 * The pg-boss queues of the ML runs (one per kind) and the nightly schedule: plumbing only. What a run does and its
 * lifecycle rules live in modules/models (TrainingPipeline, MlRunsService). Every process that calls `work()` (the API
 * process and `npm run worker` processes) takes jobs from the same queues.
 */
import type { Job, PgBoss } from 'pg-boss';
import { TIME_OF_DAY_PATTERN, mlRunKindSchema, type MlRunKind } from '@bist/contracts';

export const ML_RUN_KINDS: readonly MlRunKind[] = mlRunKindSchema.options;

export const ML_QUEUES: Record<MlRunKind, string> = {
  train: 'ml-train',
  predict: 'ml-predict',
  evaluate: 'ml-evaluate',
};
export const NIGHTLY_QUEUE = 'ml-nightly';
export const NIGHTLY_TIME_ZONE = 'Europe/Istanbul';

/** 'HH:MM' → the cron of that time on Monday–Friday (the nightly handler also skips holidays). */
export function nightlyCron(time: string): string {
  if (!TIME_OF_DAY_PATTERN.test(time)) throw new Error(`not a HH:MM time: ${time}`);
  const [hours, minutes] = time.split(':').map(Number);
  return `${minutes} ${hours} * * 1-5`;
}

/** What a queued ML job carries: the run it executes. */
export interface MlJobData {
  runId: string;
  /** train → predict → evaluate when true. */
  chain?: boolean;
}

export interface MlQueueOptions {
  /** pg-boss polling interval of the workers, seconds (≥ 0.5; tests shorten it). */
  pollingIntervalSeconds?: number;
}

export class MlQueue {
  private running = false;

  constructor(
    private readonly boss: PgBoss,
    private readonly options: MlQueueOptions = {},
  ) {}

  get started(): boolean {
    return this.running;
  }

  /** Starts pg-boss and creates the queues (idempotent). */
  async start(): Promise<void> {
    await this.boss.start();
    for (const name of [...Object.values(ML_QUEUES), NIGHTLY_QUEUE]) {
      // Heavy jobs are not retried automatically (a failure is recorded on the run); they may run for a while.
      await this.boss.createQueue(name, { retryLimit: 0, expireInSeconds: 4 * 3600 });
    }
    this.running = true;
  }

  async stop(): Promise<void> {
    if (this.running) await this.boss.stop({ graceful: false, timeout: 5_000 });
    this.running = false;
  }

  /** Queues a job for a run; resolves with pg-boss's job id (null when pg-boss refused it). */
  async send(kind: MlRunKind, data: MlJobData): Promise<string | null> {
    return this.boss.send(ML_QUEUES[kind], data);
  }

  async cancel(kind: MlRunKind, jobId: string): Promise<void> {
    await this.boss.cancel(ML_QUEUES[kind], jobId);
  }

  /** Takes jobs in this process, one at a time per queue. */
  async work(
    execute: (kind: MlRunKind, data: MlJobData) => Promise<void>,
    nightly: () => Promise<void>,
  ): Promise<void> {
    const opts = {
      batchSize: 1,
      localConcurrency: 1,
      pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2,
    };
    for (const kind of ML_RUN_KINDS) {
      await this.boss.work<MlJobData>(ML_QUEUES[kind], opts, async (jobs: Job<MlJobData>[]) => {
        for (const job of jobs) await execute(kind, job.data);
      });
    }
    await this.boss.work(NIGHTLY_QUEUE, opts, async () => {
      await nightly();
    });
  }

  /**
   * Fires the nightly job at `time` (Istanbul) on weekdays. Stored in pg-boss, so one schedule serves every process;
   * calling it again moves it. Returns the cron it set.
   */
  async scheduleNightly(time: string): Promise<string> {
    const cron = nightlyCron(time);
    await this.boss.schedule(NIGHTLY_QUEUE, cron, null, { tz: NIGHTLY_TIME_ZONE });
    return cron;
  }
}
