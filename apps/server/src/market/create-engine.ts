import { addCalendarDays, istanbulDate } from '@bist/market';
import type { AppConfig } from '@/config/env';
import type { Database } from '@/db/client';
import type { Clock } from '@/lib/clock';
import { MarketEngine, type EngineLogger } from './engine.ts';
import { MarketRepository } from './market.repository.ts';
import { SimulatedFeed, type PriceAnchor } from './simulated-feed.ts';
import type { FeedProvider } from './feed.ts';
import { createYahooFeed, type YahooFeedTuning } from './yahoo-feed.ts';

/** Years of daily history the simulator writes on first start (the issue asks for at least 3). */
export const SIMULATED_HISTORY_YEARS = 3;

export interface SimulationState {
  seed: number;
  startDate: string;
}

const SIMULATION_KEY = 'simulation';
export const ANCHORS_KEY = 'price_anchors';

/**
 * The simulation's seed and start date are fixed at first start and kept in the database, so every later start
 * (and every process) generates exactly the same history and continues it.
 */
export async function simulationState(
  repo: MarketRepository,
  config: Pick<AppConfig, 'marketSeed'>,
  clock: Clock,
  log: EngineLogger,
): Promise<SimulationState> {
  const stored = await repo.getState<SimulationState>(SIMULATION_KEY);
  if (stored) {
    if (stored.seed !== config.marketSeed) {
      log.warn(
        { stored: stored.seed, configured: config.marketSeed },
        'MARKET_SEED differs from the stored simulation; keeping the stored one',
      );
    }
    return stored;
  }
  const today = istanbulDate(clock.now());
  const state = {
    seed: config.marketSeed,
    startDate: addCalendarDays(today, -Math.ceil(SIMULATED_HISTORY_YEARS * 365.25) - 7),
  };
  await repo.setState(SIMULATION_KEY, state);
  return state;
}

export async function priceAnchors(repo: MarketRepository): Promise<Map<string, PriceAnchor>> {
  return new Map(Object.entries((await repo.getState<Record<string, PriceAnchor>>(ANCHORS_KEY)) ?? {}));
}

/** The provider of one feed: the simulator from its stored seed, or Yahoo at MARKET_PROVIDER_URL (or its own hosts). */
export async function createFeedProvider(
  feed: 'simulated' | 'yahoo',
  repo: MarketRepository,
  config: Pick<AppConfig, 'marketSeed' | 'marketProviderUrl' | 'marketProviderRequestsPerMinute'>,
  clock: Clock,
  log: EngineLogger,
  tuning?: YahooFeedTuning,
): Promise<FeedProvider> {
  if (feed === 'yahoo') {
    const perMinute = config.marketProviderUrl ? config.marketProviderRequestsPerMinute : undefined;
    const tuned: YahooFeedTuning | undefined = perMinute
      ? { ...tuning, settings: { requestsPerMinute: perMinute, ...tuning?.settings } }
      : tuning;
    return await createYahooFeed({
      repo,
      clock,
      log,
      baseUrl: config.marketProviderUrl,
      ...(tuned ? { tuning: tuned } : {}),
    });
  }
  const sim = await simulationState(repo, config, clock, log);
  return new SimulatedFeed(sim.seed, sim.startDate, await priceAnchors(repo));
}

/**
 * The market engine on its first feed (`feed`, default: the configured one, 'auto' → the simulator until the
 * supervisor has heard from the provider).
 */
export async function createMarketEngine(deps: {
  database: Database;
  config: AppConfig;
  clock: Clock;
  log: EngineLogger;
  tickMs?: number | (() => number);
  /** The feed to start on (feed-supervisor.ts `initialFeed`). */
  feed?: 'simulated' | 'yahoo';
}): Promise<MarketEngine> {
  const repo = new MarketRepository(deps.database.db);
  const feed = deps.feed ?? (deps.config.marketFeed === 'yahoo' ? 'yahoo' : 'simulated');
  const provider = await createFeedProvider(feed, repo, deps.config, deps.clock, deps.log);
  return new MarketEngine({
    repo,
    provider,
    clock: deps.clock,
    log: deps.log,
    ...(deps.tickMs ? { tickMs: deps.tickMs } : {}),
  });
}
