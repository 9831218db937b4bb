import { addCalendarDays, istanbulInstant, type DailyBar } from '@bist/market';
import type { EngineLogger } from '@/market/engine.ts';
import type { YahooCallGuard } from './call-guard.ts';
import type { CorporateAction } from '@/market/feed.ts';
import { chartActions, chartRowsToDailyBars, yahooSymbolOf } from './mapping.ts';
import type { YahooClient } from './yahoo-client.ts';

/**
 * Daily history from one chart request per stock, a few in flight at once. The charts already fetched for a range
 * are kept, so a retry after a failure resumes instead of starting over; a symbol Yahoo has no chart for is left
 * out (and logged).
 */
export class ChartHistory {
  private progress: {
    key: string;
    bars: Map<string, DailyBar[]>;
    actions: Map<string, CorporateAction[]>;
  } | null = null;

  constructor(
    private readonly deps: {
      client: YahooClient;
      guard: YahooCallGuard;
      log: EngineLogger;
      /** Chart requests in flight at once. */
      concurrency: number;
    },
  ) {}

  /**
   * Fetches the bars of `symbols` from `fromDate` to `toDate` into `into` (symbols without bars are left out), and the
   * corporate actions the same answers carry into `actionsInto` (no request of its own: the chart asks for events).
   */
  async fetch(
    symbols: readonly string[],
    fromDate: string,
    toDate: string,
    into: Map<string, DailyBar[]>,
    actionsInto?: Map<string, CorporateAction[]>,
  ): Promise<void> {
    const key = `${fromDate}|${toDate}`;
    if (this.progress?.key !== key) this.progress = { key, bars: new Map(), actions: new Map() };
    const progress = this.progress.bars;
    const actions = this.progress.actions;
    const pending = symbols.filter((s) => !progress.has(s));
    const period1 = istanbulInstant(fromDate, 0);
    const period2 = istanbulInstant(addCalendarDays(toDate, 1), 0);
    const noData: string[] = [];
    let skippedRows = 0;
    let failed: { error: unknown } | undefined;
    let next = 0;
    const worker = async () => {
      while (!failed && next < pending.length) {
        const symbol = pending[next]!;
        next += 1;
        try {
          const chart = await this.deps.guard.callWithinBudget(`chart ${symbol}`, () =>
            this.deps.client.dailyChart(yahooSymbolOf(symbol), period1, period2),
          );
          const mapped = chartRowsToDailyBars(chart.rows, fromDate, toDate);
          const events = chartActions(chart, fromDate, toDate);
          if (events.length > 0) actions.set(symbol, events);
          progress.set(symbol, mapped.bars);
          skippedRows += mapped.skippedRows;
          if (progress.size % 100 === 0)
            this.deps.log.info(
              { fetched: progress.size, of: symbols.length, fromDate, toDate },
              'Yahoo history progress',
            );
        } catch (error) {
          if (isNoDataError(error)) {
            progress.set(symbol, []);
            noData.push(symbol);
          } else failed ??= { error };
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.deps.concurrency, pending.length) }, worker));
    if (noData.length > 0)
      this.deps.log.warn(
        { symbols: noData, fromDate, toDate },
        'Yahoo has no daily history for these symbols; left out',
      );
    if (skippedRows > 0)
      this.deps.log.info(
        { skippedRows, fromDate, toDate },
        'Yahoo chart rows skipped (null rows, closed days, duplicates)',
      );
    if (failed) {
      this.deps.log.warn(
        { fetched: progress.size, remaining: symbols.length - progress.size, fromDate, toDate },
        'Yahoo history interrupted; the next attempt resumes',
      );
      throw failed.error;
    }
    for (const symbol of symbols) {
      const list = progress.get(symbol);
      if (list && list.length > 0) into.set(symbol, list);
      const events = actions.get(symbol);
      if (events) actionsInto?.set(symbol, events);
    }
    this.progress = null;
  }
}

/** Yahoo's answer for a symbol it has no chart for (delisted, renamed, never listed there). */
export function isNoDataError(error: unknown): boolean {
  return error instanceof Error && /No data found/i.test(error.message);
}
