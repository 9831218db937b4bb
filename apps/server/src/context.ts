import type { AppConfig } from '@/config/env';
import type { Database } from '@/db/client';
import type { Clock } from '@/lib/clock';
export type { ComponentHealth } from '@/lib/health';
import type { ComponentHealth } from '@/lib/health';
import type { MarketData } from '@/market/market-data';
import type { MarketEngine } from '@/market/engine';
import type { MlJobs } from '@/jobs/ml-jobs';

/** Figures other capabilities contribute to the landing page; null until that capability has data. */
export interface PlatformStatsSources {
  universe(): { stocks: number; indices: number } | null;
  algorithms(): Promise<number | null>;
}

/** Components other than the database whose health the platform reports. */
export interface HealthSources {
  marketFeed(): ComponentHealth;
  jobQueue(): ComponentHealth;
}

export const noHealthSources: HealthSources = {
  marketFeed: () => ({ status: 'not_configured', detail: 'Market engine not started' }),
  jobQueue: () => ({ status: 'not_configured', detail: 'Job queue not started' }),
};

/** Everything a server process shares between its modules. Built in main.ts (or by tests). */
export interface AppContext {
  config: AppConfig;
  database: Database;
  clock: Clock;
  stats: PlatformStatsSources;
  /** Quotes, stocks and daily closes from the market engine. */
  market: MarketData;
  /** The engine behind `market`, when this process runs one (its routes are registered only then). */
  marketEngine?: MarketEngine;
  health: HealthSources;
  /** ML train / predict / evaluate jobs (pg-boss + worker threads), when this process runs the queue (main.ts). */
  mlJobs?: MlJobs;
}

export const noPlatformStats: PlatformStatsSources = {
  universe: () => null,
  algorithms: () => Promise.resolve(null),
};
