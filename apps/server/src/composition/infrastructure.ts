// What a server process is built on: configuration, the database, the clock, the market and (where this process runs
// them) the ML job queue and worker pool. main.ts, worker-main.ts, the CLI and the tests each assemble one and hand it
// to the composition root (services.ts, routes.ts).
import type { AppConfig } from '@/config/env';
import type { Database } from '@/db/client';
import type { Clock } from '@/lib/clock';
import type { MarketData } from '@/market/market-data';
import type { FeedSupervisor } from '@/market/feed-supervisor';
import { ComplianceQueue } from '@/jobs/compliance-queue';
import { MlQueue } from '@/jobs/ml-queue';
import type { WalkForwardSettings } from '@/jobs/ml-protocol';
import { createQueue } from '@/jobs/queue';
import { MlWorkerPool } from '@/jobs/worker-pool';
import type { TimerPort } from '@/modules/compliance/run-triggers';

/** Where services log: pino's and Fastify's loggers both fit. */
export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  child(bindings: Record<string, unknown>): Logger;
}

export interface JobInfrastructure {
  queue: MlQueue;
  /** The compliance rule runs, on the same pg-boss (started by the ML queue). */
  compliance?: ComplianceQueue;
  /** Null in a process that only enqueues. */
  pool: MlWorkerPool | null;
  /** Shorter walk-forward windows (tests); the ML defaults otherwise. */
  walkForward?: WalkForwardSettings;
}

export interface Infrastructure {
  config: AppConfig;
  database: Database;
  clock: Clock;
  /**
   * Quotes and stored bars. In the API process the market engine, whose routes are then served too; tests of other
   * capabilities pass a FakeMarketData.
   */
  market: MarketData;
  /** Chooses and switches the live feed (MARKET_FEED, the admin 'Market feed' setting, 'auto' probes). */
  feed?: FeedSupervisor;
  /** The ML job queue and worker pool, when this process runs them. */
  jobs?: JobInfrastructure;
  /** Timers of debounced background work (compliance's event-driven runs); real ones unless a test holds them. */
  timers?: TimerPort;
}

/** pg-boss on the process's database and `threads` ML worker threads (none: this process only enqueues). */
export function createJobInfrastructure(
  database: Database,
  log: Logger,
  threads: number | null,
): JobInfrastructure {
  const boss = createQueue(database, log.child({ module: 'jobs' }));
  return {
    queue: new MlQueue(boss),
    compliance: new ComplianceQueue(boss),
    pool: threads === null ? null : new MlWorkerPool(threads),
  };
}
