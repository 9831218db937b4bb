import { createHash, randomBytes } from 'node:crypto';
import type { EventBatch } from '@bist/contracts';
import { istanbulDate } from '@bist/market';
import type { Clock } from '@/lib/clock';
import type { RequestMetricsCollector } from '@/plugins/request-metrics';
import type { BiRepository, EventRow } from './bi.repository.ts';
import { demoHistory } from './demo-history.ts';

export interface BiCaptureDeps {
  repo: BiRepository;
  clock: Clock;
  /** This process's request counters (drained into the database once a minute). */
  requestMetrics: RequestMetricsCollector;
  /** Seed of the demo history (the market seed: one seed derivation). */
  demoSeed: number;
}

/** Who sent a batch of events: used for the salted hashes, never stored. */
export interface EventSender {
  userId: string | null;
  ip: string;
  userAgent: string;
}

/**
 * What the BI figures count, captured: this process's request counters, product events from the web app, investor
 * sign-ups, and the labelled demo history. Stores only; the figures are BiFigures'.
 */
export class BiCapture {
  private salt: { day: string; value: string } | null = null;

  constructor(private readonly deps: BiCaptureDeps) {}

  /**
   * Stores the request counters of every finished minute (with `includeCurrent`, the running one too: at shutdown).
   * On failure the counters are kept for the next flush.
   */
  async flushRequestMetrics(includeCurrent = false): Promise<number> {
    const series = this.deps.requestMetrics.drain(includeCurrent);
    try {
      await this.deps.repo.insertRequestSeries(series);
    } catch (error) {
      this.deps.requestMetrics.restore(series);
      throw error;
    }
    return series.length;
  }

  /** Seeds the labelled demo history once (demo mode with BI_DEMO_SEED on). Returns whether it seeded. */
  async seedDemoHistory(): Promise<boolean> {
    if (await this.deps.repo.hasDemoSeed()) return false;
    const history = demoHistory(this.deps.demoSeed, this.deps.clock.now());
    await this.deps.repo.insertSubscriptionEvents(history.subscriptionEvents);
    await this.deps.repo.insertPayments(history.payments);
    await this.deps.repo.insertEvents(history.events);
    // Sign-ups last: their presence marks the seed as done.
    await this.deps.repo.insertSignups(history.signups);
    return true;
  }

  /** The visitor and session keys of a sender today: SHA-256 of the day's random salt with the address and agent. */
  private async keys(
    sender: EventSender,
    sessionId: string,
    now: Date,
  ): Promise<{ visitor: string; session: string }> {
    const day = istanbulDate(now);
    if (this.salt?.day !== day)
      this.salt = { day, value: await this.deps.repo.daySalt(day, randomBytes(32).toString('hex')) };
    const hash = (...parts: string[]) =>
      createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 32);
    const visitor =
      sender.ip || sender.userAgent
        ? hash(this.salt.value, sender.ip, sender.userAgent)
        : hash(this.salt.value, 'user', sender.userId ?? '');
    return { visitor, session: hash(this.salt.value, visitor, sessionId) };
  }

  /** Stores a validated batch of product events (live). A signed-in sign_up also records the sign-up. */
  async ingest(batch: EventBatch, sender: EventSender): Promise<number> {
    const now = this.deps.clock.now();
    const { visitor, session } = await this.keys(sender, batch.session_id, now);
    const rows: EventRow[] = batch.events.map((e) => ({
      occurredAt: now,
      eventType: e.type,
      page: e.type === 'page_view' ? (e.page ?? null) : null,
      visitorKey: visitor,
      sessionKey: session,
      userId: sender.userId,
      source: 'live',
    }));
    await this.deps.repo.insertEvents(rows);
    if (sender.userId && batch.events.some((e) => e.type === 'sign_up'))
      await this.deps.repo.insertSignups([{ userId: sender.userId, signedUpAt: now, source: 'live' }]);
    return rows.length;
  }

  /**
   * Records an investor account's creation (registration or a demo login's new account) as a live sign-up and a
   * live `sign_up` event. The event's visitor and session keys are salted hashes of the user id (no request data).
   */
  async recordSignup(userId: string): Promise<void> {
    const now = this.deps.clock.now();
    const { visitor, session } = await this.keys({ userId, ip: '', userAgent: '' }, `signup:${userId}`, now);
    await this.deps.repo.insertSignups([{ userId, signedUpAt: now, source: 'live' }]);
    await this.deps.repo.insertEvents([
      {
        occurredAt: now,
        eventType: 'sign_up',
        page: null,
        visitorKey: visitor,
        sessionKey: session,
        userId,
        source: 'live',
      },
    ]);
  }
}
