import type { HistorySource, MarketFeedMode, MarketSource } from '@bist/contracts';
import type { Clock } from '@/lib/clock';
import type { MarketEngine } from '@/market/engine';
import type { FeedSupervisor } from '@/market/feed-supervisor';
import type { MarketRepository } from '@/market/market.repository';
import { VersionedCache } from '@/lib/versioned-cache';

/** The real provider's name and delay as investors are told them. */
const PROVIDERS = { yahoo: { name: 'Yahoo Finance', delayMinutes: 15 } } as const;
/** Stored history read again at most this often even when the engine wrote nothing (an import by the CLI). */
const HISTORY_TTL_MS = 10 * 60_000;
/** What the served models learned from is read again this often (a training may have finished in any process). */
const MODELS_TTL_MS = 60_000;

export interface MarketSourceDeps {
  engine: MarketEngine;
  repo: MarketRepository;
  clock: Clock;
  /** The feed's supervisor (the API process); without one the configured mode is reported and nothing switches. */
  feed: FeedSupervisor | null;
  configuredMode: MarketFeedMode;
  /** The admin 'Screen refresh interval' (ms). */
  refreshIntervalMs: () => number;
  /** What the served models were trained on (null before the first training). */
  models: () => Promise<MarketSource['models']>;
}

type History = MarketSource['history'];

/**
 * GET /api/market/source: where every figure on an investor's screen comes from (decision 0044). The answer changes
 * with the quotes (as_of, stale), a feed switch, the stored history (read again within 10 minutes of an import), the
 * served models (within a minute of a training) and the admin's refresh interval; `version()` says which, so the
 * route encodes it once per version.
 */
export class MarketSourceService {
  private readonly history = new VersionedCache<'history', History>(1);
  private readonly models = new VersionedCache<'models', MarketSource['models']>(1);

  constructor(private readonly d: MarketSourceDeps) {}

  private historyVersion(): string {
    const { engine, clock } = this.d;
    return `${engine.providerName}|${engine.storedThrough ?? ''}|${Math.floor(clock.now().getTime() / HISTORY_TTL_MS)}`;
  }

  private modelsVersion(): string {
    return `${this.historyVersion()}|${Math.floor(this.d.clock.now().getTime() / MODELS_TTL_MS)}`;
  }

  version(): string {
    const { engine, feed } = this.d;
    return [
      engine.generation,
      engine.providerName,
      engine.isStale(),
      feed?.mode ?? this.d.configuredMode,
      feed?.switchedAt?.getTime() ?? '',
      this.d.refreshIntervalMs(),
      this.modelsVersion(),
    ].join('|');
  }

  async source(): Promise<MarketSource> {
    const { engine, feed, clock } = this.d;
    const [history, models] = await Promise.all([
      this.history.getAsync('history', this.historyVersion(), () => this.storedHistory()),
      this.models.getAsync('models', this.modelsVersion(), () => this.d.models()),
    ]);
    const freshness = engine.freshness(clock.now());
    const provider = engine.providerName === 'simulated' ? null : PROVIDERS[engine.providerName];
    return {
      feed: engine.providerName,
      mode: feed?.mode ?? this.d.configuredMode,
      provider: provider?.name ?? null,
      delay_minutes: provider?.delayMinutes ?? null,
      as_of: freshness.asOf,
      stale: freshness.stale,
      switched_at: feed?.switchedAt?.toISOString() ?? null,
      history,
      models,
      // Indices the real provider publishes are its values; the rest are computed from members (index-levels.ts).
      computed_indices: engine.computedIndexCodes(),
      refresh_interval_ms: this.d.refreshIntervalMs(),
    };
  }

  private async storedHistory(): Promise<History> {
    const coverage = await this.d.repo.stockHistoryCoverage();
    const source: HistorySource = coverage.simulated || coverage.symbols === 0 ? 'simulated' : 'real';
    return {
      source,
      symbols: coverage.symbols,
      first_date: coverage.firstDate,
      last_date: coverage.lastDate,
    };
  }
}
