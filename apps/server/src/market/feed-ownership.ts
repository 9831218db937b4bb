import os from 'node:os';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import type { ComponentHealth } from '@/lib/health';
import type { EngineLogger, MarketEngine } from './engine.ts';
import type { Quote } from './market-data.ts';

/**
 * Feed ownership across API processes on one PostgreSQL database (README 'How it scales out'): one process owns the
 * market feed by holding a session-level advisory lock on a dedicated connection for as long as it lives. The owner
 * runs the engine as a single process does (catch-up, ticks, minute and daily bars) and publishes every batch of
 * quotes to the `market_state` row LIVE_QUOTES_KEY, with a NOTIFY carrying only the generation (payloads are limited
 * to 8,000 bytes). Followers never call the provider or write bars: they load that row on start, on every NOTIFY and,
 * should a notification be missed, on a poll every tick interval, and try the lock every few seconds. When the
 * owner dies its connection closes, PostgreSQL releases the lock and the next follower to try it takes over.
 */

/** The advisory lock's key (any constant bigint; advisory locks are per database). */
export const FEED_LOCK_KEY = 7_305_120_260_101;
export const FEED_CHANNEL = 'bist_market_quotes';
export const LIVE_QUOTES_KEY = 'live_quotes';
/** How often a follower tries to take the feed: a dead owner is replaced within this (plus a tick). */
export const FEED_LOCK_RETRY_MS = 3_000;
/**
 * Lock tries a process sits out after losing the lock's connection: every follower asks at least twice before the old
 * owner, whose connection just failed, may take the feed back.
 */
const FEED_LOCK_HOLD_OFF_TRIES = 3;

/** The row the owner publishes: its quotes, the generation they belong to and its view of the feed. */
export interface PublishedQuotes {
  generation: number;
  owner: string;
  publishedAt: string;
  health: ComponentHealth;
  stale: boolean;
  /** The feed the owner's quotes come from (absent in rows published before it was recorded). */
  feed?: 'simulated' | 'yahoo';
  quotes: PublishedQuote[];
}

type PublishedQuote = Omit<Quote, 'updatedAt'> & { updatedAt: string };

export interface FeedOwnershipOptions {
  engine: MarketEngine;
  db: Db;
  /** The PostgreSQL server (the same database the pool uses): the lock and LISTEN need a connection of their own. */
  connectionString: string;
  log: EngineLogger;
  /** The follower's poll interval (the admin's market_poll_interval_ms). */
  pollMs: () => number;
  lockRetryMs?: number;
  /** How this process is named in logs and the feed health (default host:pid). */
  processName?: string;
}

/** Runs an engine as the feed owner or a follower of it; `start` resolves once the engine serves quotes. */
export class FeedOwnership {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private retryTimer: NodeJS.Timeout | undefined;
  /** Until then this process does not ask for the lock: it just lost it, so a follower in good health goes first. */
  private holdOffUntil = 0;
  private pollTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private appliedGeneration = -1;
  private appliedOwner = '';
  /** Owner: writes the current quotes. Follower: loads the published ones. */
  private readonly publisher = new LatestOnly(
    () => this.writeQuotes(),
    (error) => this.o.log.error({ err: error }, 'could not publish the quotes to the followers'),
  );
  private readonly loader = new LatestOnly(
    () => this.readQuotes(),
    (error) => this.o.log.warn({ err: error }, 'could not load the quotes the feed owner published'),
  );
  private transition: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | null = null;
  readonly processName: string;

  constructor(private readonly o: FeedOwnershipOptions) {
    this.processName = o.processName ?? `${os.hostname()}:${process.pid}`;
  }

  get role(): 'owner' | 'follower' {
    return this.o.engine.feedRole === 'owner' ? 'owner' : 'follower';
  }

  async start(): Promise<void> {
    this.unsubscribe = this.o.engine.onQuotes(() => {
      if (this.o.engine.feedRole === 'owner') void this.publish();
    });
    let owner = false;
    try {
      owner = await this.tryLock();
    } catch (error) {
      this.o.log.error({ err: error }, 'could not ask for the market feed lock; following for now');
    }
    if (owner) await this.becomeOwner();
    else await this.becomeFollower('another process owns the market feed');
    this.scheduleRetry();
    this.schedulePoll();
  }

  /** Resolves when every role change, publication and load started so far has finished (tests, shutdown). */
  async settled(): Promise<void> {
    await this.transition.catch(() => undefined);
    await Promise.all([this.publisher.idle(), this.loader.idle()]);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.publisher.stop();
    this.loader.stop();
    clearTimeout(this.retryTimer);
    clearTimeout(this.pollTimer);
    this.unsubscribe?.();
    await this.settled();
    await this.o.engine.stop();
    const client = this.client;
    this.client = null;
    // Closing the connection releases the lock: a follower takes over at its next try.
    await client?.end().catch(() => undefined);
  }

  // ---------------------------------------------------------------- the lock

  private async connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.o.connectionString });
      const lost = (error?: unknown) => {
        if (this.client !== client) return;
        this.client = null;
        void client.end().catch(() => undefined);
        if (this.stopped) return;
        this.o.log.warn({ err: error }, 'market feed connection lost');
        if (this.o.engine.feedRole === 'owner') {
          this.holdOffUntil =
            Date.now() + FEED_LOCK_HOLD_OFF_TRIES * (this.o.lockRetryMs ?? FEED_LOCK_RETRY_MS);
          void this.becomeFollower('the connection holding the market feed lock was lost');
        }
      };
      client.on('error', lost);
      client.on('end', () => lost());
      client.on('notification', (message) => {
        if (message.channel === FEED_CHANNEL && this.o.engine.feedRole === 'follower') void this.load();
      });
      try {
        await client.connect();
        await client.query(`listen ${FEED_CHANNEL}`);
      } catch (error) {
        await client.end().catch(() => undefined);
        throw error;
      }
      this.client = client;
      return client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async tryLock(): Promise<boolean> {
    const client = await this.connection();
    const result = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      FEED_LOCK_KEY,
    ]);
    return result.rows[0]?.locked === true;
  }

  private scheduleRetry(): void {
    if (this.stopped) return;
    this.retryTimer = setTimeout(() => {
      void this.retry().finally(() => this.scheduleRetry());
    }, this.o.lockRetryMs ?? FEED_LOCK_RETRY_MS);
    this.retryTimer.unref();
  }

  /** A follower tries the lock; on success it becomes the owner. */
  private async retry(): Promise<void> {
    if (this.stopped || this.o.engine.feedRole === 'owner') return;
    try {
      // Holding off: back on a connection (it carries the notifications a follower loads on), without the lock.
      if (Date.now() < this.holdOffUntil) await this.connection();
      else if (await this.tryLock()) await this.becomeOwner();
    } catch (error) {
      this.o.log.warn({ err: error }, 'could not ask for the market feed lock; trying again');
    }
  }

  private becomeOwner(): Promise<void> {
    return this.change(async () => {
      if (this.stopped) return;
      this.o.log.info(
        { process: this.processName, role: 'owner' },
        'market feed ownership taken: this process now polls the provider and publishes quotes',
      );
      // The last published quotes first, so the generation continues from the previous owner's.
      await this.load();
      try {
        await this.o.engine.lead();
      } catch (error) {
        this.o.log.error({ err: error }, 'market feed could not start here; releasing it to another process');
        await this.o.engine.follow();
        await this.client?.query('select pg_advisory_unlock($1)', [FEED_LOCK_KEY]).catch(() => undefined);
        return;
      }
      // Followers learn who owns the feed now even when the first tick changes no quote.
      await this.publish();
    });
  }

  private becomeFollower(reason: string): Promise<void> {
    return this.change(async () => {
      this.o.log.info({ process: this.processName, role: 'follower', reason }, 'market feed: following');
      await this.o.engine.follow();
      await this.load();
    });
  }

  /** Role changes one at a time. */
  private change(step: () => Promise<void>): Promise<void> {
    this.transition = this.transition.then(step, step);
    return this.transition;
  }

  // ---------------------------------------------------------------- owner: publish

  private publish(): Promise<void> {
    return this.publisher.run();
  }

  private async writeQuotes(): Promise<void> {
    const engine = this.o.engine;
    const value: PublishedQuotes = {
      generation: engine.generation,
      owner: this.processName,
      publishedAt: new Date().toISOString(),
      health: engine.feedHealth(),
      stale: engine.isStale(),
      feed: engine.providerName,
      quotes: engine.allQuotes().map((q) => ({ ...q, updatedAt: q.updatedAt.toISOString() })),
    };
    // What is published here need not be loaded here, should this process follow later.
    this.appliedGeneration = value.generation;
    this.appliedOwner = value.owner;
    // One transaction: the notification is delivered only once the row it announces is visible.
    await this.o.db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into market_state (key, value, updated_at) values (${LIVE_QUOTES_KEY}, ${JSON.stringify(value)}::jsonb, now())
        on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`);
      await tx.execute(sql`select pg_notify(${FEED_CHANNEL}, ${String(value.generation)})`);
    });
  }

  // ---------------------------------------------------------------- follower: load

  private schedulePoll(): void {
    if (this.stopped) return;
    this.pollTimer = setTimeout(() => {
      const poll = this.o.engine.feedRole === 'follower' ? this.load() : Promise.resolve();
      void poll.finally(() => this.schedulePoll());
    }, this.o.pollMs());
    this.pollTimer.unref();
  }

  /** Loads the published quotes when their generation or owner changed. */
  private load(): Promise<void> {
    return this.loader.run();
  }

  private async readQuotes(): Promise<void> {
    const head = await this.o.db.execute<{ generation: number | null; owner: string | null }>(sql`
      select (value->>'generation')::int as generation, value->>'owner' as owner
      from market_state where key = ${LIVE_QUOTES_KEY}`);
    const row = head.rows[0];
    if (!row || row.generation === null) return;
    if (row.generation === this.appliedGeneration && row.owner === this.appliedOwner) return;
    const full = await this.o.db.execute<{ value: PublishedQuotes }>(
      sql`select value from market_state where key = ${LIVE_QUOTES_KEY}`,
    );
    const published = full.rows[0]?.value;
    if (!published) return;
    // The owner may have changed while this was read: its own engine is the authority then.
    if (this.o.engine.feedRole === 'owner') return;
    this.appliedGeneration = published.generation;
    this.appliedOwner = published.owner;
    this.o.engine.adoptQuotes(
      published.quotes.map((q) => ({ ...q, updatedAt: new Date(q.updatedAt) })),
      published.generation,
      {
        owner: published.owner,
        health: published.health,
        stale: published.stale,
        ...(published.feed ? { feed: published.feed } : {}),
      },
    );
  }
}

/**
 * Runs a task one at a time, and never more than once more: a call while it runs asks for one more run afterwards
 * (which sees the newest state), however many calls came meanwhile. Failures are reported, not thrown.
 */
class LatestOnly {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly task: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.task();
        } while (this.again && !this.stopped);
      } catch (error) {
        this.onError(error);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Resolves when no run is in progress. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  stop(): void {
    this.stopped = true;
  }
}
