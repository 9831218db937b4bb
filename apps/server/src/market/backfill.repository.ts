import { asc, sql } from 'drizzle-orm';
import { marketBackfill } from '@/db/schema/index';
import { recordCorporateActions } from './corporate-actions.ts';
import type { CorporateAction } from './feed.ts';
import type { DbOrTx } from './market.repository.ts';

export type BackfillKind = 'stock' | 'index';
export type BackfillStatus = 'pending' | 'done' | 'no_data' | 'failed';

/** One symbol's backfill progress (a row of market_backfill). */
export interface BackfillProgress {
  symbol: string;
  kind: BackfillKind;
  priority: number;
  status: BackfillStatus;
  lastDate: string | null;
  bars: number;
  attempts: number;
  failure: string | null;
}

/** A fetched bar waiting in market_backfill_bars to be installed into daily_bars. */
export interface StagedBar {
  symbol: string;
  date: string;
  openTry: number;
  highTry: number;
  lowTry: number;
  closeTry: number;
  volumeShares: number;
  turnoverTry: number;
}

/** Storage of the backfill's progress and fetched bars (decision 0052). Only queries. */
export class BackfillRepository {
  constructor(private readonly db: DbOrTx) {}

  /** Adds a pending row for every symbol that has none (existing rows keep their progress). */
  async enrol(rows: readonly { symbol: string; kind: BackfillKind; priority: number }[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.execute(sql`
      insert into market_backfill (symbol, kind, priority, status)
      select s, k, p, 'pending' from unnest(${sql.param(rows.map((r) => r.symbol))}::text[],
        ${sql.param(rows.map((r) => r.kind))}::text[], ${sql.param(rows.map((r) => r.priority))}::int[]) as t(s, k, p)
      on conflict (symbol) do update set kind = excluded.kind, priority = excluded.priority`);
  }

  /** Every symbol's progress in fetch order. */
  async progress(): Promise<BackfillProgress[]> {
    const rows = await this.db
      .select()
      .from(marketBackfill)
      .orderBy(asc(marketBackfill.priority), asc(marketBackfill.symbol));
    return rows.map((r) => ({
      symbol: r.symbol,
      kind: r.kind as BackfillKind,
      priority: r.priority,
      status: r.status as BackfillStatus,
      lastDate: r.lastDate,
      bars: r.bars,
      attempts: r.attempts,
      failure: r.failure,
    }));
  }

  /**
   * Stores one symbol's fetched bars and its progress in one transaction: a process killed at any instant leaves
   * either both or neither, and bars are keyed by symbol and date, so a re-fetch replaces instead of duplicating.
   */
  async saveFetched(
    symbol: string,
    bars: readonly StagedBar[],
    lastDate: string,
    events: { actions: readonly CorporateAction[]; fetchedFrom: string; source: string } = {
      actions: [],
      fetchedFrom: lastDate,
      source: 'yahoo',
    },
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      // A split first heard of now: the provider's bars of this answer are adjusted for it, the ones stored from
      // earlier answers (before `fetchedFrom`, staged or installed) are not — they are adjusted here, once.
      await recordCorporateActions(tx, symbol, events.actions, events);
      if (bars.length > 0)
        await tx.execute(sql`
          insert into market_backfill_bars (symbol, date, open_try, high_try, low_try, close_try, volume_shares, turnover_try)
          select * from unnest(
            ${sql.param(bars.map((r) => r.symbol))}::text[], ${sql.param(bars.map((r) => r.date))}::date[],
            ${sql.param(bars.map((r) => r.openTry))}::float8[], ${sql.param(bars.map((r) => r.highTry))}::float8[],
            ${sql.param(bars.map((r) => r.lowTry))}::float8[], ${sql.param(bars.map((r) => r.closeTry))}::float8[],
            ${sql.param(bars.map((r) => r.volumeShares))}::float8[], ${sql.param(bars.map((r) => r.turnoverTry))}::float8[])
          on conflict (symbol, date) do update set open_try = excluded.open_try, high_try = excluded.high_try,
            low_try = excluded.low_try, close_try = excluded.close_try, volume_shares = excluded.volume_shares,
            turnover_try = excluded.turnover_try`);
      await tx.execute(sql`
        update market_backfill set status = 'done', last_date = ${lastDate}::date,
          bars = (select count(*) from market_backfill_bars where symbol = ${symbol}), failure = null, updated_at = now()
        where symbol = ${symbol}`);
    });
  }

  /** Symbols the provider has no chart for, in one statement (losing it to a kill only means asking again). */
  async markNoData(symbols: readonly string[]): Promise<void> {
    if (symbols.length === 0) return;
    await this.db.execute(sql`
      update market_backfill set status = 'no_data', attempts = attempts + 1, failure = null, updated_at = now()
      where symbol = any(${sql.param([...symbols])}::text[])`);
  }

  async markFailed(symbol: string, reason: string): Promise<void> {
    await this.db.execute(sql`
      update market_backfill set status = 'failed', attempts = attempts + 1, failure = ${reason.slice(0, 500)},
        updated_at = now()
      where symbol = ${symbol}`);
  }

  /** Staged bars of one symbol, ascending (tests and diagnostics). */
  async stagedBars(symbol: string): Promise<StagedBar[]> {
    const result = await this.db.execute<Record<string, unknown>>(sql`
      select symbol, date::text as date, open_try, high_try, low_try, close_try, volume_shares, turnover_try
      from market_backfill_bars where symbol = ${symbol} order by date`);
    return result.rows.map((r) => ({
      symbol: String(r.symbol),
      date: String(r.date),
      openTry: Number(r.open_try),
      highTry: Number(r.high_try),
      lowTry: Number(r.low_try),
      closeTry: Number(r.close_try),
      volumeShares: Number(r.volume_shares),
      turnoverTry: Number(r.turnover_try),
    }));
  }

  /**
   * Installs the staged history in one transaction: the simulated bars and the index bars computed from them go (and
   * any bar of an installed symbol on those days is replaced), the staged bars become `source` bars, the staging is
   * emptied and the market state `stateKey` records the install, so a kill at any instant leaves the old history or
   * the new one, never a mix.
   */
  async install(source: string, stateKey: string, stateValue: unknown): Promise<number> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`delete from daily_bars where source in ('simulated', 'computed')`);
      const inserted = await tx.execute<{ n: string | number }>(sql`
        with moved as (
          insert into daily_bars (symbol, date, open_try, high_try, low_try, close_try, volume_shares, turnover_try, source)
          select symbol, date, open_try, high_try, low_try, close_try, volume_shares, turnover_try, ${source}
          from market_backfill_bars
          on conflict (symbol, date) do update set open_try = excluded.open_try, high_try = excluded.high_try,
            low_try = excluded.low_try, close_try = excluded.close_try, volume_shares = excluded.volume_shares,
            turnover_try = excluded.turnover_try, source = excluded.source
          returning 1)
        select count(*) as n from moved`);
      await tx.execute(sql`delete from market_backfill_bars`);
      await tx.execute(sql`delete from minute_bars`);
      await tx.execute(sql`
        insert into market_state (key, value) values (${stateKey}, ${JSON.stringify(stateValue)}::jsonb)
        on conflict (key) do update set value = excluded.value, updated_at = now()`);
      return Number(inserted.rows[0]?.n ?? 0);
    });
  }
}
