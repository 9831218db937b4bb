import { INDICES, STOCKS, nextTradingDay, type DailyBar } from '@bist/market';
import type { EngineLogger, FeedProvider } from './feed.ts';
import type { MarketRepository } from './market.repository.ts';
import type { BackfillRepository, BackfillKind, BackfillProgress, StagedBar } from './backfill.repository.ts';
import { YahooUnavailableError } from './yahoo/settings.ts';
import { RequestBudgetExhaustedError } from './yahoo/request-budget.ts';

/** market_state key of the backfill: its range and whether its history is installed. */
export const BACKFILL_STATE_KEY = 'history_backfill';

/** Attempts (each with the provider's own retries) before a symbol is left failed until the next backfill. */
export const BACKFILL_MAX_ATTEMPTS = 3;

export interface BackfillState {
  /** 'fetching': bars are being staged; 'installed': in daily_bars, index bars pending; 'complete': done. */
  status: 'fetching' | 'installed' | 'complete';
  from: string;
  to: string;
}

/** The backfill's fetch order: the XU100 members, then the rest of the universe, then the indices. */
export function backfillOrder(): { symbol: string; kind: BackfillKind; priority: number }[] {
  const xu100 = new Set(INDICES.find((i) => i.code === 'XU100')?.members ?? []);
  return [
    ...STOCKS.map((s) => ({
      symbol: s.symbol,
      kind: 'stock' as const,
      priority: xu100.has(s.symbol) ? 0 : 1,
    })),
    ...INDICES.map((i) => ({ symbol: i.code, kind: 'index' as const, priority: 2 })),
  ].sort((a, b) => a.priority - b.priority || a.symbol.localeCompare(b.symbol));
}

export interface BackfillSummary {
  from: string;
  to: string;
  done: number;
  noData: number;
  failed: number;
  pending: number;
  /** Chart requests this run made (one per symbol fetched). */
  fetched: number;
}

/** Whether a failure means the provider as a whole cannot be asked now (stop the run), not this one symbol. */
function isOutage(error: unknown): boolean {
  return (
    error instanceof YahooUnavailableError ||
    (error instanceof RequestBudgetExhaustedError && error.window === 'day') ||
    (error instanceof Error && error.name === 'AbortError')
  );
}

/**
 * The real provider's daily history for the whole universe, resumable (decision 0052): progress is stored per symbol
 * (market_backfill), every symbol's bars are staged with its progress in one transaction (market_backfill_bars, keyed
 * by symbol and date), and a run after a restart or a kill fetches only what is not done: symbols never fetched,
 * symbols failed fewer than BACKFILL_MAX_ATTEMPTS times, and symbols fetched through an earlier day (from the day
 * after). The XU100 members come first, then the rest, then the indices. Requests go through the provider's budget.
 * The engine installs the staged history when nothing is left to fetch.
 */
export class HistoryBackfill {
  readonly repo: BackfillRepository;
  /** Bumped whenever a symbol's progress changes (caches of the admin dashboard key on it). */
  version = 0;

  constructor(
    private readonly deps: {
      market: MarketRepository;
      backfill: BackfillRepository;
      log: EngineLogger;
      /** Symbols fetched at once (the provider's budget paces them further). */
      concurrency?: number;
    },
  ) {
    this.repo = deps.backfill;
  }

  async state(): Promise<BackfillState | undefined> {
    return this.deps.market.getState<BackfillState>(BACKFILL_STATE_KEY);
  }

  async setState(state: BackfillState): Promise<void> {
    await this.deps.market.setState(BACKFILL_STATE_KEY, state);
    this.version += 1;
  }

  /**
   * Fetches what is missing of `from`..`to` from `provider` into the staging table. Resolves with the summary when
   * nothing is left to fetch (failed symbols past their attempts stay failed); throws when the provider is out (circuit
   * open, daily budget spent) or `signal` aborts — the stored progress is where the next run resumes.
   */
  async fetch(
    provider: FeedProvider,
    from: string,
    to: string,
    signal?: AbortSignal,
  ): Promise<BackfillSummary> {
    const historyOf = provider.symbolHistory?.bind(provider);
    if (!historyOf) throw new Error(`the ${provider.name} feed has no per-symbol history`);
    await this.repo.enrol(backfillOrder());
    const previous = await this.state();
    if (previous?.status !== 'fetching' || previous.from !== from || previous.to !== to)
      await this.setState({ status: 'fetching', from, to });
    let fetched = 0;
    const started = Date.now();
    for (let pass = 0; pass < BACKFILL_MAX_ATTEMPTS; pass += 1) {
      const todo = (await this.repo.progress()).filter((row) => needsFetch(row, to));
      if (todo.length === 0) break;
      this.deps.log.info(
        { symbols: todo.length, from, to, pass: pass + 1 },
        'history backfill: fetching the symbols not yet done',
      );
      let next = 0;
      let stop: { error: unknown } | undefined;
      // 'No data' answers are stored in batches (most indices, delisted stocks): a kill only means asking again.
      let noData: string[] = [];
      const flushNoData = async () => {
        const batch = noData;
        noData = [];
        await this.repo.markNoData(batch);
      };
      const worker = async () => {
        while (!stop && next < todo.length) {
          if (signal?.aborted) {
            stop = {
              error:
                signal.reason instanceof Error ? signal.reason : new DOMException('aborted', 'AbortError'),
            };
            return;
          }
          const row = todo[next]!;
          next += 1;
          const start = row.status === 'done' && row.lastDate ? nextTradingDay(row.lastDate) : from;
          try {
            // A cancel (an admin's switch, a test's simulated kill) does not wait for requests in flight: their
            // answers are dropped.
            const bars = await untilAborted(historyOf(row.symbol, row.kind, start, to), signal);
            if (signal?.aborted) continue; // a stopped run stores nothing more
            fetched += 1;
            if (bars === null && row.status !== 'done') {
              noData.push(row.symbol);
              if (noData.length >= 50) await flushNoData();
            } else
              await this.repo.saveFetched(row.symbol, staged(row.symbol, bars?.bars ?? []), to, {
                actions: bars?.actions ?? [],
                fetchedFrom: start,
                source: provider.name,
              });
          } catch (error) {
            if (signal?.aborted || isOutage(error)) {
              stop ??= { error };
              return;
            }
            const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
            await this.repo.markFailed(row.symbol, reason);
            this.deps.log.warn({ symbol: row.symbol, reason }, 'history backfill: symbol failed');
          }
          this.version += 1;
          if (fetched % 100 === 0 && fetched > 0)
            this.deps.log.info({ fetched, of: todo.length }, 'history backfill progress');
        }
      };
      await Promise.all(Array.from({ length: Math.min(this.deps.concurrency ?? 4, todo.length) }, worker));
      await flushNoData();
      if (stop) {
        this.deps.log.warn(
          { err: stop.error, fetched },
          'history backfill interrupted; the next run resumes from the stored progress',
        );
        throw stop.error;
      }
    }
    const summary = summarise(await this.repo.progress(), from, to, fetched);
    this.deps.log.info({ ...summary, ms: Date.now() - started }, 'history backfill fetched');
    return summary;
  }
}

/** `promise`, or a rejection as soon as `signal` aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () =>
      reject(signal.reason instanceof Error ? signal.reason : new DOMException('aborted', 'AbortError'));
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function needsFetch(row: BackfillProgress, to: string): boolean {
  if (row.status === 'pending') return true;
  if (row.status === 'done') return row.lastDate === null || row.lastDate < to;
  if (row.status === 'failed') return row.attempts < BACKFILL_MAX_ATTEMPTS;
  return false;
}

function summarise(
  rows: readonly BackfillProgress[],
  from: string,
  to: string,
  fetched: number,
): BackfillSummary {
  const count = (status: BackfillProgress['status']) => rows.filter((r) => r.status === status).length;
  return {
    from,
    to,
    done: count('done'),
    noData: count('no_data'),
    failed: count('failed'),
    pending: count('pending'),
    fetched,
  };
}

function staged(symbol: string, bars: readonly DailyBar[]): StagedBar[] {
  return bars.map((bar) => ({
    symbol,
    date: bar.date,
    openTry: bar.openTry,
    highTry: bar.highTry,
    lowTry: bar.lowTry,
    closeTry: bar.closeTry,
    volumeShares: bar.volumeShares,
    turnoverTry: Math.round(bar.volumeShares * ((bar.openTry + bar.highTry + bar.lowTry + bar.closeTry) / 4)),
  }));
}
