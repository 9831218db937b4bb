import { sql } from 'drizzle-orm';
import type { DbOrTx } from './market.repository.ts';

/** A split or bonus issue as stored from the provider (corporate_actions). */
export interface StoredSplit {
  symbol: string;
  date: string;
  numerator: number;
  denominator: number;
  source: string;
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
