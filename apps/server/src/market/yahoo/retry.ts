export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Delay before the first retry; each further retry doubles it. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export interface RetryOptions {
  policy: RetryPolicy;
  sleep: (durationMs: number) => Promise<void>;
  /** Uniform in [0, 1): seeded in tests so the jitter is reproducible. */
  random: () => number;
  isTransient: (error: unknown) => boolean;
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
}

/**
 * Delay before retry number `retry` (1-based): exponential, capped, with "equal jitter" (half fixed, half random) so
 * that many clients failing together do not retry in step, yet no retry comes sooner than half the nominal delay.
 */
export function retryDelayMs(policy: RetryPolicy, retry: number, random: () => number): number {
  const nominal = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.round(nominal / 2 + (nominal / 2) * random());
}

/** Runs `operation`, retrying transient failures with backoff; the last error (or a permanent one) is thrown. */
export async function withRetry<T>(
  operation: (attempt: number) => Promise<T>,
  options: RetryOptions,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await operation(attempt);
    } catch (error) {
      if (attempt >= options.policy.maxAttempts || !options.isTransient(error)) throw error;
      const delayMs = retryDelayMs(options.policy, attempt, options.random);
      options.onRetry?.(error, attempt, delayMs);
      await options.sleep(delayMs);
    }
  }
}

const TRANSIENT_NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/**
 * Whether a failed HTTP call is worth retrying: network errors, timeouts, and an `HTTPError` (its `code` the status)
 * of 429 or 5xx. A 4xx or an answer of the wrong shape would fail the same way again. Shared by the market
 * provider's client and the TCMB EVDS client.
 */
export function isTransientHttpError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'HTTPError') {
    const status = (error as Error & { code?: unknown }).code;
    return typeof status === 'number' && (status === 429 || status >= 500);
  }
  if (error.name === 'AbortError' || error.name === 'TimeoutError') return true;
  if (error instanceof TypeError && error.message === 'fetch failed') return true;
  const code =
    (error as Error & { code?: unknown }).code ?? (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && TRANSIENT_NETWORK_CODES.has(code);
}

/**
 * Whether a failed Yahoo call is worth retrying: what `isTransientHttpError` retries, and a 429 or 5xx that hit the
 * crumb handshake, which yahoo-finance2 reports only in the message. Schema changes, bad requests and 'No data found'
 * would fail the same way again.
 */
export function isTransientYahooError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const crumbStatus = /Failed to get crumb, status (\d{3})/.exec(error.message)?.[1];
  if (crumbStatus && error.name !== 'HTTPError') return crumbStatus === '429' || crumbStatus.startsWith('5');
  return isTransientHttpError(error);
}
