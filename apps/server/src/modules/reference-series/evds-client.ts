// The TCMB EVDS client (Elektronik Veri Dağıtım Sistemi, the central bank's data service; decision 0067).
//
//   GET {EVDS_URL}/series=TP.DK.USD.A.YTL-TP.DK.EUR.A.YTL&startDate=01-11-2026&endDate=20-11-2026&type=json
//       &formulas=&frequency=&aggregationTypes=            (the parameters are part of the path: no '?')
//   key: <EVDS_API_KEY>                                    (an HTTP header; a query parameter is no longer accepted)
//
//   { "totalCount": 2, "items": [ { "Tarih": "03-11-2026", "TP_DK_USD_A_YTL": "42.0150", "TP_DK_EUR_A_YTL": null,
//     "UNIXTIME": { "$numberLong": "1793739600" } }, … ] }
//
// A series code comes back with its dots as underscores; `Tarih` is dd-mm-yyyy for a daily or weekly series and
// YYYY-M (or YYYY-MM) for a monthly one; a value is a string with a point for decimals, or null for a period without
// one (a weekend, a month not yet published). Every request goes through a request budget, a timeout and retries of
// transient failures (the market provider's `RequestBudget` and `withRetry`); the key is never put in a URL, a log
// line or an error message.
import type { Clock } from '@/lib/clock';
import type { EngineLogger } from '@/market/engine.ts';
import { RequestBudget, RequestBudgetExhaustedError } from '@/market/yahoo/request-budget';
import { isTransientHttpError, withRetry, type RetryPolicy } from '@/market/yahoo/retry';

/** EVDS's current service (evds2.tcmb.gov.tr/service/evds/ now redirects to the web pages). */
export const EVDS_DEFAULT_URL = 'https://evds3.tcmb.gov.tr/igmevdsms-dis';

/** One period of an answer: its day (a month's first day for a monthly series) and each requested code's value. */
export interface EvdsObservation {
  date: string;
  values: Record<string, number | null>;
}

export interface EvdsClient {
  /** The values of `codes` (all of one frequency) from `from` to `to` (YYYY-MM-DD, both included), oldest first. */
  series(codes: readonly string[], from: string, to: string): Promise<EvdsObservation[]>;
}

/** Why an EVDS request failed: the key refused (401/403), EVDS unavailable (5xx, timeout, network), a bad answer, or the budget. */
export type EvdsFailure = 'key-refused' | 'unavailable' | 'bad-answer' | 'budget';

export class EvdsError extends Error {
  constructor(
    readonly failure: EvdsFailure,
    message: string,
  ) {
    super(message);
    this.name = 'EvdsError';
  }
}

export interface EvdsClientOptions {
  key: string;
  /** EVDS_URL: a local fake in tests, or a proxy; default EVDS's own service. */
  baseUrl?: string | undefined;
  log: EngineLogger;
  clock: Clock;
  fetch?: typeof fetch;
  /** Per attempt (default 20 s). */
  timeoutMs?: number;
  retry?: RetryPolicy;
  /** Requests a minute and a day, retries included (default 10 and 200: a refresh sends three). */
  perMinute?: number;
  perDay?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 3, baseDelayMs: 2_000, maxDelayMs: 10_000 };

/** An HTTP status other than 200, classified like the market provider's (429 and 5xx are retried). */
class EvdsHttpError extends Error {
  constructor(
    readonly code: number,
    detail: string,
  ) {
    super(`TCMB EVDS answered ${String(code)}${detail ? ` (${detail})` : ''}`);
    this.name = 'HTTPError';
  }
}

export function createEvdsClient(options: EvdsClientOptions): EvdsClient {
  const baseUrl = (options.baseUrl ?? EVDS_DEFAULT_URL).replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const budget = new RequestBudget(
    { perMinute: options.perMinute ?? 10, perDay: options.perDay ?? 200, provider: 'TCMB EVDS' },
    options.clock,
  );
  const redact = (text: string) => (options.key ? text.split(options.key).join('***') : text);

  const attempt = async (path: string): Promise<unknown> => {
    budget.takeOrThrow();
    const answer = await doFetch(`${baseUrl}/${path}`, {
      headers: { key: options.key, accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    const text = await answer.text();
    if (answer.status !== 200) throw new EvdsHttpError(answer.status, redact(text.trim().slice(0, 80)));
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new EvdsError('bad-answer', 'TCMB EVDS answered something other than JSON');
    }
  };

  return {
    async series(codes, from, to) {
      const path = `series=${codes.join('-')}&startDate=${dayMonthYear(from)}&endDate=${dayMonthYear(to)}&type=json&formulas=&frequency=&aggregationTypes=`;
      let body: unknown;
      try {
        body = await withRetry(() => attempt(path), {
          policy: options.retry ?? DEFAULT_RETRY,
          sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms).unref())),
          random: options.random ?? Math.random,
          isTransient: isTransientHttpError,
          onRetry: (error, attemptNo, delayMs) =>
            options.log.warn(
              { error: describe(error, redact), series: codes, attempt: attemptNo, delayMs },
              'TCMB EVDS request failed; retrying',
            ),
        });
      } catch (error) {
        throw toEvdsError(error, redact, timeoutMs);
      }
      return parseAnswer(body, codes);
    },
  };
}

function toEvdsError(error: unknown, redact: (text: string) => string, timeoutMs: number): EvdsError {
  if (error instanceof EvdsError) return error;
  if (error instanceof RequestBudgetExhaustedError) return new EvdsError('budget', error.message);
  if (error instanceof EvdsHttpError) {
    if (error.code === 401 || error.code === 403)
      return new EvdsError('key-refused', `${error.message}: the EVDS_API_KEY was refused`);
    return new EvdsError(
      error.code === 429 || error.code >= 500 ? 'unavailable' : 'bad-answer',
      error.message,
    );
  }
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return new EvdsError('unavailable', `TCMB EVDS did not answer within ${String(timeoutMs)} ms`);
  return new EvdsError('unavailable', `TCMB EVDS could not be reached (${describe(error, redact)})`);
}

/** An error's name, message and cause code, with the key taken out. */
function describe(error: unknown, redact: (text: string) => string): string {
  if (!(error instanceof Error)) return redact(String(error));
  const cause = (error.cause as { code?: unknown } | undefined)?.code;
  return redact(`${error.name}: ${error.message}${typeof cause === 'string' ? ` (${cause})` : ''}`);
}

/** YYYY-MM-DD → dd-mm-yyyy, EVDS's date parameters. */
function dayMonthYear(date: string): string {
  return `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;
}

const DMY = /^(\d{1,2})-(\d{1,2})-(\d{4})$/;
const YM = /^(\d{4})-(\d{1,2})$/;

/** An answer's `Tarih` as YYYY-MM-DD (a month as its first day), or null when it is neither shape. */
export function evdsPeriod(tarih: unknown): string | null {
  if (typeof tarih !== 'string') return null;
  const text = tarih.trim();
  const pad = (n: string) => n.padStart(2, '0');
  let iso: string | null = null;
  const dmy = DMY.exec(text);
  if (dmy) iso = `${dmy[3]!}-${pad(dmy[2]!)}-${pad(dmy[1]!)}`;
  const ym = YM.exec(text);
  if (ym) iso = `${ym[1]!}-${pad(ym[2]!)}-01`;
  if (iso === null) return null;
  const day = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === iso ? iso : null;
}

function evdsValue(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  const value = Number(raw.trim());
  return Number.isFinite(value) ? value : null;
}

/** The answer's items as observations; an answer without `items`, or with an unreadable `Tarih`, is refused. */
export function parseAnswer(body: unknown, codes: readonly string[]): EvdsObservation[] {
  const items = (body as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) throw new EvdsError('bad-answer', 'TCMB EVDS answered without an items list');
  const out: EvdsObservation[] = [];
  for (const item of items as unknown[]) {
    const row = (item ?? {}) as Record<string, unknown>;
    const date = evdsPeriod(row.Tarih);
    if (date === null)
      throw new EvdsError(
        'bad-answer',
        `TCMB EVDS answered an unreadable date '${String(row.Tarih).slice(0, 20)}'`,
      );
    const values: Record<string, number | null> = {};
    for (const code of codes) values[code] = evdsValue(row[code.replaceAll('.', '_')]);
    out.push({ date, values });
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
