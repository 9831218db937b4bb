import { providerUrl } from './yahoo-client.ts';

/** How long the probe waits for the provider's answer (a few seconds: it never holds up the server). */
export const PROBE_TIMEOUT_MS = 3_000;

/** One cheap request that needs no cookie or crumb: a day of XU100's chart. */
const PROBE_URL = 'https://query2.finance.yahoo.com/v8/finance/chart/XU100.IS?range=1d&interval=1d';

export type ProbeResult = { reachable: true } | { reachable: false; reason: string };

/**
 * Whether the real provider answers (MARKET_FEED=auto): any HTTP answer but a 5xx or a 429 counts as reachable —
 * the feed's own client handles the rest. Connection refused, DNS failures, a timeout, 5xx and 429 do not.
 */
export async function probeProvider(
  baseUrl: string | undefined,
  options: { timeoutMs?: number; fetch?: typeof fetch } = {},
): Promise<ProbeResult> {
  const timeoutMs = options.timeoutMs ?? PROBE_TIMEOUT_MS;
  try {
    const response = await (options.fetch ?? fetch)(providerUrl(PROBE_URL, baseUrl), {
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    if (response.status >= 500 || response.status === 429)
      return { reachable: false, reason: `HTTP ${String(response.status)}` };
    return { reachable: true };
  } catch (error) {
    return { reachable: false, reason: failureReason(error, timeoutMs) };
  }
}

function failureReason(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `no answer within ${String(timeoutMs)} ms`;
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  if (cause && typeof cause.code === 'string') return cause.code;
  return error instanceof Error ? error.message : String(error);
}
