import { sql } from 'drizzle-orm';
import type { CorporateAction } from './feed.ts';
import type { DbOrTx } from './market.repository.ts';

/** A split or bonus issue as stored from the provider (corporate_actions). */
export interface StoredSplit {
  symbol: string;
  date: string;
  numerator: number;
  denominator: number;
  source: string;
}

/**
 * Stores one symbol's corporate actions from a provider answer and keeps its stored history split-adjusted (decision
 * 0062): a split first heard of now is applied, once, to the bars stored from earlier answers — staged by the
 * backfill or in daily_bars, dated before the split and before `fetchedFrom` (the first day of this answer, whose own
 * bars the provider has already adjusted): prices divided by the ratio, volumes multiplied. A split already stored
 * changes nothing, so the same event heard again (a re-fetch, the next day's chart) never adjusts twice. Runs inside
 * the caller's transaction: the backfill's with its staged bars, the daily update's with its new bars.
 */
export async function recordCorporateActions(
  tx: DbOrTx,
  symbol: string,
  actions: readonly CorporateAction[],
  answer: { fetchedFrom: string; source: string },
): Promise<{ splitsApplied: number }> {
  let splitsApplied = 0;
  for (const action of actions) {
    if (action.kind !== 'split') continue;
    const known = await tx.execute(sql`
      select 1 from corporate_actions where symbol = ${symbol} and date = ${action.date}::date and kind = 'split'`);
    if (known.rows.length > 0) continue;
    const ratio = action.numerator / action.denominator;
    const before = sql`symbol = ${symbol} and date < ${action.date}::date and date < ${answer.fetchedFrom}::date`;
    await tx.execute(sql`
      update market_backfill_bars set open_try = open_try / ${ratio}, high_try = high_try / ${ratio},
        low_try = low_try / ${ratio}, close_try = close_try / ${ratio}, volume_shares = volume_shares * ${ratio}
      where ${before}`);
    await tx.execute(sql`
      update daily_bars set open_try = open_try / ${ratio}, high_try = high_try / ${ratio},
        low_try = low_try / ${ratio}, close_try = close_try / ${ratio}, volume_shares = volume_shares * ${ratio}
      where ${before} and source = ${answer.source}`);
    splitsApplied += 1;
  }
  for (const action of actions)
    await tx.execute(sql`
      insert into corporate_actions (symbol, date, kind, numerator, denominator, amount_try, source)
      values (${symbol}, ${action.date}::date, ${action.kind},
        ${action.kind === 'split' ? action.numerator : null}, ${action.kind === 'split' ? action.denominator : null},
        ${action.kind === 'dividend' ? action.amountTry : null}, ${answer.source})
      on conflict (symbol, date, kind) do nothing`);
  return { splitsApplied };
}

/** Reads the corporate actions the provider reported (written with the backfill's bars: backfill.repository.ts). */
export class CorporateActionsRepository {
  constructor(private readonly db: DbOrTx) {}

  /** Every stored split, oldest first. */
  async splits(): Promise<StoredSplit[]> {
    const result = await this.db.execute<{
      symbol: string;
      date: string;
      numerator: number;
      denominator: number;
      source: string;
    }>(sql`select symbol, date::text as date, numerator, denominator, source from corporate_actions
           where kind = 'split' and numerator > 0 and denominator > 0 order by date, symbol`);
    return result.rows.map((r) => ({
      symbol: r.symbol,
      date: r.date,
      numerator: Number(r.numerator),
      denominator: Number(r.denominator),
      source: r.source,
    }));
  }
}
