import type { ComponentHealth } from '@/lib/health';
import type { Clock } from '@/lib/clock';
import type { EngineLogger } from '@/market/engine.ts';
import { RequestBudget, RequestBudgetExhaustedError } from './request-budget.ts';
import { isTransientYahooError, withRetry } from './retry.ts';
import type { YahooFeedSettings } from './settings.ts';
import { YahooUnavailableError } from './settings.ts';

/**
 * Every Yahoo request goes through here: a per-minute and per-day budget, retries with backoff while a failure is
 * transient, and a circuit that pauses calls after repeated failures (doubling its pause up to a maximum). It keeps
 * the failure history the feed's health report gives.
 */
export class YahooCallGuard {
  private readonly budget: RequestBudget;
  /** When any call last succeeded. */
  lastSuccessAt: Date | null = null;
  private consecutiveFailures = 0;
  private failingSince: Date | null = null;
  private lastFailure: string | null = null;
  private circuitOpenUntil: Date | null = null;
  private budgetRefusal: 'minute' | 'day' | null = null;

  constructor(
    private readonly settings: YahooFeedSettings,
    private readonly deps: {
      clock: Clock;
      log: EngineLogger;
      sleep: (durationMs: number) => Promise<void>;
      random: () => number;
      /** When the data being served was fetched, for the failure log. */
      lastGoodDataAt: () => Date | null;
    },
  ) {
    this.budget = new RequestBudget(
      { perMinute: settings.requestsPerMinute, perDay: settings.requestsPerDay },
      deps.clock,
    );
  }

  /** Requests counted in the current minute window and Istanbul day. */
  usage(): { minute: number; day: number } {
    return this.budget.usage();
  }

  /**
   * Refuses `requests` calls up front when the budget could not take them all (noted for the health report), so a
   * batch is never cut off halfway. Returns whether they may go.
   */
  admit(requests: number, operation: string): boolean {
    const refused = this.budget.refusal(requests);
    if (!refused) return true;
    this.noteBudgetRefusal(new RequestBudgetExhaustedError(refused, this.limitOf(refused)), operation);
    return false;
  }

  circuitOpen(now: Date): boolean {
    return this.circuitOpenUntil !== null && now < this.circuitOpenUntil;
  }

  /** Throws YahooUnavailableError while the circuit is open. */
  assertCircuitClosed(now: Date): void {
    if (this.circuitOpen(now)) throw new YahooUnavailableError(this.circuitOpenUntil!, this.lastFailure);
  }

  /** One request through the budget, retried with backoff while the failure is transient. */
  call<T>(request: string, send: () => Promise<T>): Promise<T> {
    return withRetry(
      () => {
        this.budget.takeOrThrow();
        return send();
      },
      {
        policy: this.settings.retry,
        sleep: this.deps.sleep,
        random: this.deps.random,
        isTransient: isTransientYahooError,
        onRetry: (error, attempt, delayMs) =>
          this.deps.log.warn({ err: error, request, attempt, delayMs }, 'Yahoo request failed; retrying'),
      },
    );
  }

  /** Like `call`, but history waits for the next minute window instead of giving up; only the daily limit refuses. */
  async callWithinBudget<T>(request: string, send: () => Promise<T>): Promise<T> {
    for (;;) {
      if (this.budget.refusal(1) === 'minute') {
        await this.deps.sleep(Math.max(1_000, this.budget.msUntilMinuteWindowEnds()));
        continue;
      }
      try {
        return await this.call(request, send);
      } catch (error) {
        if (!(error instanceof RequestBudgetExhaustedError && error.window === 'minute')) throw error;
      }
    }
  }

  private limitOf(window: 'minute' | 'day'): number {
    return window === 'day' ? this.settings.requestsPerDay : this.settings.requestsPerMinute;
  }

  private recordSuccess(now: Date): void {
    if (this.consecutiveFailures >= this.settings.failuresBeforeDegraded) {
      this.deps.log.info(
        { failures: this.consecutiveFailures, failingSince: this.failingSince?.toISOString() },
        'Yahoo Finance answers again; feed healthy',
      );
    }
    this.consecutiveFailures = 0;
    this.failingSince = null;
    this.lastFailure = null;
    this.circuitOpenUntil = null;
    this.budgetRefusal = null;
    this.lastSuccessAt = now;
  }

  private recordFailure(error: unknown, operation: string, now: Date): void {
    this.consecutiveFailures += 1;
    this.failingSince ??= now;
    this.lastFailure = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    let pauseMs: number | undefined;
    if (this.consecutiveFailures >= this.settings.failuresBeforeDegraded) {
      const doublings = this.consecutiveFailures - this.settings.failuresBeforeDegraded;
      pauseMs = Math.min(
        this.settings.maxCircuitCooldownMs,
        this.settings.circuitCooldownMs * 2 ** doublings,
      );
      this.circuitOpenUntil = new Date(now.getTime() + pauseMs);
    }
    this.deps.log.error(
      {
        err: error,
        operation,
        consecutiveFailures: this.consecutiveFailures,
        lastGoodDataAt: this.deps.lastGoodDataAt()?.toISOString() ?? null,
        pauseMs,
      },
      'Yahoo Finance call failed after retries; serving the last good data',
    );
  }

  private noteBudgetRefusal(error: RequestBudgetExhaustedError, operation: string): void {
    if (this.budgetRefusal !== error.window) {
      this.deps.log.warn(
        { operation, window: error.window, limit: error.limit, usage: this.budget.usage() },
        'Yahoo request budget exhausted; serving the last data',
      );
    }
    this.budgetRefusal = error.window;
  }

  /** How the operation ended: a success closes the circuit, a budget refusal is noted, any other failure counts. */
  settle(operation: string, error?: unknown): void {
    const now = this.deps.clock.now();
    if (error === undefined) this.recordSuccess(now);
    else if (error instanceof RequestBudgetExhaustedError) this.noteBudgetRefusal(error, operation);
    else this.recordFailure(error, operation, now);
  }

  /** 'degraded' or 'down' while failing or refused by the budget (with why), otherwise undefined. */
  trouble(dataAt: Date | null, data: string): ComponentHealth | undefined {
    if (this.consecutiveFailures >= this.settings.failuresBeforeDegraded) {
      return {
        status: dataAt ? 'degraded' : 'down',
        detail: `Yahoo Finance failing since ${this.failingSince?.toISOString() ?? '?'} (${String(this.consecutiveFailures)} failed calls; ${this.lastFailure ?? ''}); ${data}`,
      };
    }
    if (this.budgetRefusal) {
      return {
        status: 'degraded',
        detail: `Yahoo request budget exhausted (${String(this.limitOf(this.budgetRefusal))} per ${this.budgetRefusal}); ${data}`,
      };
    }
    return undefined;
  }
}
