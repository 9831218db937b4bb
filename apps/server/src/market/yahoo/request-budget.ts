import { istanbulDate } from '@bist/market';
import type { Clock } from '@/lib/clock';

export interface RequestBudgetLimits {
  perMinute: number;
  perDay: number;
  /** Named in the refusal's message (default: Yahoo, the market provider). */
  provider?: string;
}

/** Thrown instead of making a request the budget does not allow; the feed keeps serving its last data. */
export class RequestBudgetExhaustedError extends Error {
  constructor(
    readonly window: 'minute' | 'day',
    readonly limit: number,
    provider = 'Yahoo',
  ) {
    super(`${provider} request budget exhausted: ${String(limit)} requests per ${window}`);
    this.name = 'RequestBudgetExhaustedError';
  }
}

/**
 * Counts requests to Yahoo in a fixed one-minute window and per Istanbul calendar day, and refuses those that would
 * exceed either limit. Every HTTP attempt counts, retries included.
 */
export class RequestBudget {
  private minuteStartMs = Number.NEGATIVE_INFINITY;
  private minuteCount = 0;
  private day = '';
  private dayCount = 0;

  constructor(
    readonly limits: RequestBudgetLimits,
    private readonly clock: Clock,
  ) {}

  /** Takes `count` requests from both windows, or none when either would overflow. */
  tryTake(count = 1): boolean {
    return this.refusal(count) === null && this.take(count);
  }

  /** The window that would refuse `count` requests now, or null when they fit. */
  refusal(count = 1): 'minute' | 'day' | null {
    this.roll();
    if (this.dayCount + count > this.limits.perDay) return 'day';
    if (this.minuteCount + count > this.limits.perMinute) return 'minute';
    return null;
  }

  /** Takes one request or throws RequestBudgetExhaustedError naming the window that refused it. */
  takeOrThrow(): void {
    const refused = this.refusal(1);
    if (refused)
      throw new RequestBudgetExhaustedError(
        refused,
        refused === 'day' ? this.limits.perDay : this.limits.perMinute,
        this.limits.provider,
      );
    this.take(1);
  }

  /** Milliseconds until the current minute window ends (0 when no window is open). */
  msUntilMinuteWindowEnds(): number {
    return Math.max(0, this.minuteStartMs + 60_000 - this.clock.now().getTime());
  }

  usage(): { minute: number; day: number } {
    this.roll();
    return { minute: this.minuteCount, day: this.dayCount };
  }

  private take(count: number): boolean {
    this.minuteCount += count;
    this.dayCount += count;
    return true;
  }

  private roll(): void {
    const now = this.clock.now();
    if (now.getTime() >= this.minuteStartMs + 60_000) {
      this.minuteStartMs = now.getTime();
      this.minuteCount = 0;
    }
    const today = istanbulDate(now);
    if (today !== this.day) {
      this.day = today;
      this.dayCount = 0;
    }
  }
}
