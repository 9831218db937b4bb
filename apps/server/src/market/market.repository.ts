import { and, asc, eq, gte, inArray, lte, max, sql } from 'drizzle-orm';
import { INDICES } from '@bist/market';
import type { Db } from '@/db/client';
import { dailyBars, marketState, minuteBars } from '@/db/schema/index';

export type BarSource = 'simulated' | 'import' | 'yahoo' | 'computed';

export interface StoredDailyBar {
  symbol: string;
  date: string;
  openTry: number;
  highTry: number;
  lowTry: number;
  closeTry: number;
  volumeShares: number;
  turnoverTry: number;
  source: BarSource;
}

export interface StoredMinuteBar {
  symbol: string;
  minute: Date;
  openTry: number;
  highTry: number;
  lowTry: number;
  closeTry: number;
  volumeShares: number;
}

/** One symbol's daily bars as parallel arrays (ascending dates). */
export interface SymbolBarArrays {
  symbol: string;
  dates: string[];
  open: number[];
  high: number[];
  low: number[];
  close: number[];
  volume: number[];
}

/** Index codes: a provider's index bars are stored like stock bars, and left out where only stocks count. */
const INDEX_CODES = INDICES.map((i) => i.code);

/** Rows per `unnest` batch: large batches are what make bulk loads fast on PGlite (STACK.md). */
const BATCH = 20_000;

/** The database or a transaction on it: repositories run inside either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** Storage of bars and engine state. Only queries: no business rules here. */
export class MarketRepository {
  constructor(private readonly db: DbOrTx) {}

  /** The database this repository runs on (other market repositories share it). */
  get database(): DbOrTx {
    return this.db;
  }

  /** Inserts or replaces daily bars in batches (one statement per batch). */
  async upsertDailyBars(rows: readonly StoredDailyBar[]): Promise<void> {
    for (let start = 0; start < rows.length; start += BATCH) {
      const batch = rows.slice(start, start + BATCH);
      await this.db.execute(sql`
        insert into daily_bars (symbol, date, open_try, high_try, low_try, close_try, volume_shares, turnover_try, source)
        select * from unnest(
          ${sql.param(batch.map((r) => r.symbol))}::text[], ${sql.param(batch.map((r) => r.date))}::date[],
          ${sql.param(batch.map((r) => r.openTry))}::float8[], ${sql.param(batch.map((r) => r.highTry))}::float8[],
          ${sql.param(batch.map((r) => r.lowTry))}::float8[], ${sql.param(batch.map((r) => r.closeTry))}::float8[],
          ${sql.param(batch.map((r) => r.volumeShares))}::float8[], ${sql.param(batch.map((r) => r.turnoverTry))}::float8[],
          ${sql.param(batch.map((r) => r.source))}::text[])
        on conflict (symbol, date) do update set open_try = excluded.open_try, high_try = excluded.high_try,
          low_try = excluded.low_try, close_try = excluded.close_try, volume_shares = excluded.volume_shares,
          turnover_try = excluded.turnover_try, source = excluded.source`);
    }
  }

  /** The newest date with any daily bar, or null for an empty database. */
  async latestDailyDate(): Promise<string | null> {
    const result = await this.db.execute<{ d: string | null }>(
      sql`select max(date)::text as d from daily_bars`,
    );
    return result.rows[0]?.d ?? null;
  }

  /** The last `n` bars of each symbol (newest first), one indexed lookup per symbol. */
  async lastBars(symbols: readonly string[], n: number): Promise<Map<string, StoredDailyBar[]>> {
    const result = await this.db.execute<Record<string, unknown>>(sql`
      select b.symbol, b.date::text as date, b.open_try, b.high_try, b.low_try, b.close_try, b.volume_shares,
             b.turnover_try, b.source
      from unnest(${sql.param([...symbols])}::text[]) as s(symbol)
      cross join lateral (
        select * from daily_bars d where d.symbol = s.symbol order by d.date desc limit ${n}
      ) b`);
    const bySymbol = new Map<string, StoredDailyBar[]>();
    for (const row of result.rows) {
      const bar = rowToBar(row);
      const list = bySymbol.get(bar.symbol);
      if (list) list.push(bar);
      else bySymbol.set(bar.symbol, [bar]);
    }
    for (const list of bySymbol.values()) list.sort((a, b) => b.date.localeCompare(a.date));
    return bySymbol;
  }

  /** Daily bars of some symbols in a date range, ascending by date. */
  async dailyBarsBetween(
    symbols: readonly string[],
    fromDate: string,
    toDate: string,
  ): Promise<StoredDailyBar[]> {
    const rows = await this.db
      .select()
      .from(dailyBars)
      .where(
        and(
          inArray(dailyBars.symbol, [...symbols]),
          gte(dailyBars.date, fromDate),
          lte(dailyBars.date, toDate),
        ),
      )
      .orderBy(asc(dailyBars.symbol), asc(dailyBars.date));
    return rows.map((r) => ({ ...r, source: r.source as BarSource }));
  }

  /** Lowest and highest daily close of every symbol between two dates (the 52-week range of the stock list). */
  async closeRanges(fromDate: string, toDate: string): Promise<Map<string, { low: number; high: number }>> {
    const rows = await this.db
      .select({
        symbol: dailyBars.symbol,
        low: sql<number>`min(${dailyBars.closeTry})`,
        high: sql<number>`max(${dailyBars.closeTry})`,
      })
      .from(dailyBars)
      .where(and(gte(dailyBars.date, fromDate), lte(dailyBars.date, toDate)))
      .groupBy(dailyBars.symbol);
    return new Map(rows.map((r) => [r.symbol, { low: Number(r.low), high: Number(r.high) }]));
  }

  /** Every daily bar of every symbol from `fromDate` (for index recomputation and ML panels). */
  async allDailyBarsFrom(fromDate: string): Promise<StoredDailyBar[]> {
    const rows = await this.db
      .select()
      .from(dailyBars)
      .where(gte(dailyBars.date, fromDate))
      .orderBy(asc(dailyBars.date));
    return rows.map((r) => ({ ...r, source: r.source as BarSource }));
  }

  /** Deletes a symbol's bars of one source after a date (simulated bars about to be regenerated). */
  async deleteDailyBarsAfter(symbol: string, afterDate: string, source: BarSource): Promise<void> {
    await this.db
      .delete(dailyBars)
      .where(
        and(
          eq(dailyBars.symbol, symbol),
          eq(dailyBars.source, source),
          sql`${dailyBars.date} > ${afterDate}`,
        ),
      );
  }

  /** Whether any daily bar of `source` is stored (stops at the first). */
  async hasDailyBarsOf(source: BarSource): Promise<boolean> {
    const result = await this.db.execute<{ found: boolean }>(
      sql`select exists (select 1 from daily_bars where source = ${source}) as found`,
    );
    return result.rows[0]?.found === true;
  }

  /** Deletes every daily bar of these sources (history about to be replaced by another feed's). */
  async deleteDailyBarsOf(sources: readonly BarSource[]): Promise<void> {
    await this.db.delete(dailyBars).where(inArray(dailyBars.source, [...sources]));
  }

  /**
   * The stored stock history (index bars left out): distinct symbols, first and last date, and whether any of it is
   * simulated.
   */
  async stockHistoryCoverage(): Promise<{
    symbols: number;
    firstDate: string | null;
    lastDate: string | null;
    simulated: boolean;
  }> {
    const result = await this.db.execute<{
      symbols: string | number;
      first: string | null;
      last: string | null;
      simulated: boolean | null;
    }>(sql`select count(distinct symbol) as symbols, min(date)::text as first, max(date)::text as last,
             bool_or(source = 'simulated') as simulated
           from daily_bars where source <> 'computed' and symbol <> all(${sql.param(INDEX_CODES)}::text[])`);
    const row = result.rows[0];
    return {
      symbols: Number(row?.symbols ?? 0),
      firstDate: row?.first ?? null,
      lastDate: row?.last ?? null,
      simulated: row?.simulated === true,
    };
  }

  /** Per stored symbol (index bars left out): first and last date, and its stock-days per source. */
  async historyBySymbol(): Promise<
    { symbol: string; first: string; last: string; source: string; bars: number }[]
  > {
    const result = await this.db.execute<{
      symbol: string;
      first: string;
      last: string;
      source: string;
      bars: string | number;
    }>(sql`select symbol, min(date)::text as first, max(date)::text as last, source, count(*) as bars
           from daily_bars where source <> 'computed' group by symbol, source`);
    return result.rows.map((r) => ({ ...r, bars: Number(r.bars) }));
  }

  async upsertMinuteBars(rows: readonly StoredMinuteBar[]): Promise<void> {
    for (let start = 0; start < rows.length; start += BATCH) {
      const batch = rows.slice(start, start + BATCH);
      await this.db.execute(sql`
        insert into minute_bars (symbol, minute, open_try, high_try, low_try, close_try, volume_shares)
        select * from unnest(
          ${sql.param(batch.map((r) => r.symbol))}::text[], ${sql.param(batch.map((r) => r.minute.toISOString()))}::timestamptz[],
          ${sql.param(batch.map((r) => r.openTry))}::float8[], ${sql.param(batch.map((r) => r.highTry))}::float8[],
          ${sql.param(batch.map((r) => r.lowTry))}::float8[], ${sql.param(batch.map((r) => r.closeTry))}::float8[],
          ${sql.param(batch.map((r) => r.volumeShares))}::float8[])
        on conflict (symbol, minute) do update set high_try = excluded.high_try, low_try = excluded.low_try,
          close_try = excluded.close_try, volume_shares = excluded.volume_shares`);
    }
  }

  /** Intraday bars of one symbol rolled up to `bucketMinutes` (1 = raw minute bars), ascending. */
  async intradayBars(
    symbol: string,
    from: Date,
    to: Date,
    bucketMinutes: number,
  ): Promise<StoredMinuteBar[]> {
    const result = await this.db.execute<Record<string, unknown>>(sql`
      select ${symbol} as symbol, bucket as minute,
        (array_agg(open_try order by minute))[1] as open_try, max(high_try) as high_try, min(low_try) as low_try,
        (array_agg(close_try order by minute desc))[1] as close_try, sum(volume_shares) as volume_shares
      from (
        select date_bin(${`${bucketMinutes} minutes`}::interval, minute, timestamptz '2000-01-01 00:00:00+00') as bucket, *
        from minute_bars where symbol = ${symbol} and minute >= ${from.toISOString()}::timestamptz and minute < ${to.toISOString()}::timestamptz
      ) m group by bucket order by bucket`);
    return result.rows.map((row) => ({
      symbol,
      minute: new Date(row.minute as string | Date),
      openTry: Number(row.open_try),
      highTry: Number(row.high_try),
      lowTry: Number(row.low_try),
      closeTry: Number(row.close_try),
      volumeShares: Number(row.volume_shares),
    }));
  }

  /** The newest stored minute of a day range (to resume a session after a restart). */
  async latestMinute(from: Date, to: Date): Promise<Date | null> {
    const result = await this.db.execute<{ m: string | Date | null }>(
      sql`select max(minute) as m from minute_bars where minute >= ${from.toISOString()}::timestamptz and minute < ${to.toISOString()}::timestamptz`,
    );
    const m = result.rows[0]?.m;
    return m ? new Date(m) : null;
  }

  async deleteAllMinuteBars(): Promise<void> {
    await this.db.delete(minuteBars);
  }

  async pruneMinuteBars(before: Date): Promise<void> {
    await this.db.delete(minuteBars).where(sql`${minuteBars.minute} < ${before.toISOString()}::timestamptz`);
  }

  // ---- what the models read (the prediction runs and views, through their port)

  /** Whether any real daily bar (the provider's or imported) is stored. */
  async hasRealDailyBars(): Promise<boolean> {
    const result = await this.db.execute<{ found: boolean }>(
      sql`select exists (select 1 from daily_bars where source in ('yahoo', 'import')) as found`,
    );
    return result.rows[0]?.found === true;
  }

  /**
   * Daily bars of every symbol from `fromDate`, aggregated per symbol (one row each: few rows to parse); `realOnly`
   * leaves simulated bars out.
   */
  async barArraysFrom(fromDate: string, realOnly = false): Promise<SymbolBarArrays[]> {
    const result = await this.db.execute<{
      symbol: string;
      dates: string[];
      o: number[];
      h: number[];
      l: number[];
      c: number[];
      v: number[];
    }>(sql`
      select symbol, array_agg(date::text order by date) as dates, array_agg(open_try order by date) as o,
        array_agg(high_try order by date) as h, array_agg(low_try order by date) as l,
        array_agg(close_try order by date) as c, array_agg(volume_shares order by date) as v
      from daily_bars where date >= ${fromDate}::date ${realOnly ? sql`and source <> 'simulated'` : sql``}
      group by symbol order by symbol`);
    return result.rows.map((r) => ({
      symbol: r.symbol,
      dates: r.dates,
      open: r.o,
      high: r.h,
      low: r.l,
      close: r.c,
      volume: r.v,
    }));
  }

  /**
   * For each (symbol, date): the close of that day, or for a stock without a bar that day the first close after it;
   * keyed `symbol|date`, absent where no close is stored on or after the date.
   */
  async firstClosesOnOrAfter(
    wanted: readonly { symbol: string; date: string }[],
  ): Promise<Map<string, number>> {
    if (wanted.length === 0) return new Map();
    const result = await this.db.execute<{ symbol: string; date: string; close_try: number }>(sql`
      select w.symbol, w.date::text as date, b.close_try
      from unnest(${sql.param(wanted.map((w) => w.symbol))}::text[], ${sql.param(wanted.map((w) => w.date))}::date[])
        as w(symbol, date)
      cross join lateral (
        select close_try from daily_bars d where d.symbol = w.symbol and d.date >= w.date order by d.date limit 1
      ) b`);
    return new Map(result.rows.map((r) => [`${r.symbol}|${r.date}`, Number(r.close_try)]));
  }

  /**
   * Average daily turnover (TRY) over the last `sessions` stored bars up to `asOfDate`, per symbol (only symbols with
   * bars in the 60 calendar days before it).
   */
  async averageTurnover(asOfDate: string, sessions: number): Promise<Map<string, number>> {
    const result = await this.db.execute<{ symbol: string; avg: number }>(sql`
      select symbol, avg(turnover_try)::float8 as avg from (
        select symbol, turnover_try, row_number() over (partition by symbol order by date desc) as rn
        from daily_bars where date <= ${asOfDate}::date and date > ${asOfDate}::date - 60
      ) recent where rn <= ${sessions} group by symbol`);
    return new Map(result.rows.map((r) => [r.symbol, Number(r.avg)]));
  }

  // ---- what other capabilities read (the compliance rules, through their port)

  /** Stored daily bars of stocks (no index, no computed bar) from a date on, ascending per symbol. */
  async stockBarsSince(fromDate: string) {
    return this.db
      .select({
        symbol: dailyBars.symbol,
        date: dailyBars.date,
        openTry: dailyBars.openTry,
        highTry: dailyBars.highTry,
        lowTry: dailyBars.lowTry,
        closeTry: dailyBars.closeTry,
        volumeShares: dailyBars.volumeShares,
        source: dailyBars.source,
      })
      .from(dailyBars)
      .where(and(gte(dailyBars.date, fromDate), stocksOnly()))
      .orderBy(asc(dailyBars.symbol), asc(dailyBars.date));
  }

  /** The newest stored daily bar's date of a stock (no index, no computed bar), or null. */
  async latestStockDailyDate(): Promise<string | null> {
    const [row] = await this.db
      .select({ d: max(dailyBars.date) })
      .from(dailyBars)
      .where(stocksOnly());
    return row?.d ?? null;
  }

  /** The newest stored minute bar's minute, or null. */
  async newestMinute(): Promise<Date | null> {
    const [row] = await this.db.select({ at: max(minuteBars.minute) }).from(minuteBars);
    return row?.at ? new Date(row.at) : null;
  }

  /**
   * The stored minute bars from a minute on (that one included), ascending by minute (then symbol): read along the
   * minute index, so a read of the newest minutes costs those rows, not a pass over the whole table.
   */
  async minuteBarsFrom(from: Date) {
    return this.db
      .select()
      .from(minuteBars)
      .where(gte(minuteBars.minute, from))
      .orderBy(asc(minuteBars.minute), asc(minuteBars.symbol));
  }

  async getState<T>(key: string): Promise<T | undefined> {
    const rows = await this.db.select().from(marketState).where(eq(marketState.key, key)).limit(1);
    return rows[0]?.value as T | undefined;
  }

  async setState(key: string, value: unknown): Promise<void> {
    await this.db
      .insert(marketState)
      .values({ key, value })
      .onConflictDoUpdate({ target: marketState.key, set: { value, updatedAt: sql`now()` } });
  }
}

/** Stock bars only: a provider's index bars and the product's computed ones are stored beside them. */
function stocksOnly() {
  return sql`${dailyBars.source} <> 'computed' and ${dailyBars.symbol} <> all(${sql.param(INDEX_CODES)}::text[])`;
}

function rowToBar(row: Record<string, unknown>): StoredDailyBar {
  return {
    symbol: String(row.symbol),
    date: String(row.date),
    openTry: Number(row.open_try),
    highTry: Number(row.high_try),
    lowTry: Number(row.low_try),
    closeTry: Number(row.close_try),
    volumeShares: Number(row.volume_shares),
    turnoverTry: Number(row.turnover_try),
    source: String(row.source) as BarSource,
  };
}
