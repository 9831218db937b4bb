import type { MarketFeedMode } from '@bist/contracts';
import type { AppConfig } from '@/config/env';
import type { Clock } from '@/lib/clock';
import { createFeedProvider } from './create-engine.ts';
import type { EngineLogger, MarketEngine } from './engine.ts';
import type { MarketRepository } from './market.repository.ts';
import type { YahooFeedTuning } from './yahoo-feed.ts';
import { probeProvider, type ProbeResult } from './yahoo/probe.ts';

/** While 'auto' serves the simulator, the provider is probed again this often. */
export const AUTO_PROBE_INTERVAL_MS = 3 * 60_000;

type FeedName = 'simulated' | 'yahoo';

/** A change of the live feed, for the audit log and the logs. */
export interface FeedSwitch {
  from: FeedName;
  to: FeedName;
  mode: MarketFeedMode;
  /** Why: the admin's setting, or the probe's finding. */
  reason: string;
  at: Date;
}

export interface FeedSupervisorOptions {
  engine: MarketEngine;
  repo: MarketRepository;
  config: Pick<
    AppConfig,
    'marketFeed' | 'marketSeed' | 'marketProviderUrl' | 'marketProviderRequestsPerMinute'
  >;
  clock: Clock;
  log: EngineLogger;
  /** Asks the real provider whether it answers; default: probeProvider at MARKET_PROVIDER_URL. */
  probe?: () => Promise<ProbeResult>;
  probeIntervalMs?: number;
  /** The probe's timeout (default PROBE_TIMEOUT_MS). */
  probeTimeoutMs?: number;
  /** The real feed's budgets and waits, when not the production ones (tests against the local fake provider). */
  yahooTuning?: YahooFeedTuning;
  /** A probe already under way (main.ts starts it while the database opens): the first probe step uses its answer. */
  firstProbe?: Promise<ProbeResult>;
}

/**
 * The feed an engine starts on. 'auto' starts on the real feed only when the provider has already answered
 * (`probe`: the early probe's answer if it came in time, never waited for) and real history is stored: a first real
 * start fetches years of history, which the supervisor does in the background while the simulator serves.
 */
export async function initialFeed(
  mode: MarketFeedMode,
  probe: ProbeResult | undefined,
  repo: Pick<MarketRepository, 'latestDailyDate' | 'hasDailyBarsOf'>,
): Promise<FeedName> {
  if (mode !== 'auto') return mode;
  if (!probe?.reachable) return 'simulated';
  const hasRealHistory = (await repo.latestDailyDate()) !== null && !(await repo.hasDailyBarsOf('simulated'));
  return hasRealHistory ? 'yahoo' : 'simulated';
}

/**
 * Chooses the live feed and switches it at runtime (decision 0044). 'simulated' and 'yahoo' are used as they are;
 * 'auto' serves the real provider whenever it answers: the supervisor probes it (a few seconds' timeout, never
 * holding up the server), switches the engine to it when it answers, and while it does not, keeps the simulator and
 * probes again every few minutes. Once on the real feed, 'auto' stays there: a provider outage is the feed's own
 * business ('Veriler gecikmeli' with the last good data), not a reason to show simulated prices as the market. The
 * mode comes from MARKET_FEED at start and from the admin 'Market feed' setting whenever it is saved.
 */
export class FeedSupervisor {
  private modeNow: MarketFeedMode;
  private switchedAtNow: Date | null = null;
  private timer: NodeJS.Timeout | undefined;
  /** Switches and probes run one at a time, in order. */
  private queue: Promise<void> = Promise.resolve();
  private stopped = false;
  private readonly listeners = new Set<(change: FeedSwitch) => Promise<void>>();

  constructor(private readonly options: FeedSupervisorOptions) {
    this.modeNow = options.config.marketFeed;
  }

  get mode(): MarketFeedMode {
    return this.modeNow;
  }

  /** When the live feed last changed in this process (null: never). */
  get switchedAt(): Date | null {
    return this.switchedAtNow;
  }

  /** Told of every switch after it happened (the composition root writes the audit entry). */
  onSwitch(listener: (change: FeedSwitch) => Promise<void>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts supervising `mode` (the configured one or the admin's saved setting); resolves after the first step. */
  start(mode: MarketFeedMode = this.modeNow): Promise<void> {
    return this.setMode(mode, 'start');
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Applies a mode now: an explicit feed is switched to, 'auto' probes the provider (and keeps probing). */
  setMode(mode: MarketFeedMode, reason: string): Promise<void> {
    // A history backfill under way for the real feed stops at once (its progress stays stored for the next time).
    if (mode === 'simulated') this.options.engine.cancelHistoryFetch();
    return this.enqueue(async () => {
      this.modeNow = mode;
      if (this.timer) clearTimeout(this.timer);
      this.timer = undefined;
      if (mode === 'auto') await this.probeStep();
      else await this.switchTo(mode, reason);
    });
  }

  /** One probe while 'auto' serves the simulator (the timer calls it; tests call it instead of waiting). */
  probeNow(): Promise<void> {
    return this.enqueue(() => this.probeStep());
  }

  private enqueue(step: () => Promise<void>): Promise<void> {
    const run = this.queue.then(step);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async probeStep(): Promise<void> {
    if (this.stopped || this.modeNow !== 'auto' || this.options.engine.providerName === 'yahoo') return;
    const { config, probeTimeoutMs } = this.options;
    const probe =
      this.options.probe ??
      (() => probeProvider(config.marketProviderUrl, probeTimeoutMs ? { timeoutMs: probeTimeoutMs } : {}));
    const early = this.options.firstProbe;
    this.options.firstProbe = undefined;
    const result = await (early ?? probe());
    if (result.reachable) {
      try {
        await this.switchTo('yahoo', 'auto: the real provider answered');
        return;
      } catch (error) {
        this.options.log.warn(
          { err: error },
          'auto: the real provider answered but could not be switched to',
        );
      }
    } else {
      this.options.log.info(
        { reason: result.reason, nextProbeInMs: this.interval() },
        'auto: the real market provider does not answer; serving the simulator',
      );
    }
    this.scheduleProbe();
  }

  private interval(): number {
    return this.options.probeIntervalMs ?? AUTO_PROBE_INTERVAL_MS;
  }

  private scheduleProbe(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.probeNow().catch((error: unknown) =>
        this.options.log.error({ err: error }, 'auto: market provider probe failed'),
      );
    }, this.interval());
    this.timer.unref();
  }

  private async switchTo(to: FeedName, reason: string): Promise<void> {
    const { engine, repo, config, clock, log } = this.options;
    const from = engine.providerName;
    if (from === to) return;
    await engine.useProvider(
      await createFeedProvider(to, repo, config, clock, log, this.options.yahooTuning),
    );
    const change: FeedSwitch = { from, to, mode: this.modeNow, reason, at: clock.now() };
    this.switchedAtNow = change.at;
    log.info({ ...change }, 'market feed switched');
    for (const listener of this.listeners) {
      try {
        await listener(change);
      } catch (error) {
        log.error({ err: error }, 'market feed switch not recorded');
      }
    }
  }
}
