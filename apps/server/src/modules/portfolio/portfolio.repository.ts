import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { portfolioAccounts, portfolioTransactions, splitOfferDismissals } from '@/db/schema/index';

/** Transactions inserted per statement. */
const INSERT_CHUNK_ROWS = 100;

export type TransactionRow = typeof portfolioTransactions.$inferSelect;
export type NewTransactionRow = Omit<
  typeof portfolioTransactions.$inferInsert,
  'id' | 'userId' | 'createdAt'
>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

/** A split offer the investor declined. */
export interface SplitOfferDismissal {
  symbol: string;
  date: string;
  numerator: number;
  denominator: number;
}

/** What the repository read, for the tests that show a write's cost does not grow with the ledger. */
export interface PortfolioReadStats {
  transactionRowsRead: number;
}

export class PortfolioRepository {
  constructor(
    private readonly db: Executor,
    readonly reads: PortfolioReadStats = { transactionRowsRead: 0 },
  ) {}

  /** The whole ledger of one investor in replay order: one indexed query. */
  async listTransactions(userId: string): Promise<TransactionRow[]> {
    const rows = await this.db
      .select()
      .from(portfolioTransactions)
      .where(eq(portfolioTransactions.userId, userId))
      .orderBy(asc(portfolioTransactions.tradeDate), asc(portfolioTransactions.id));
    this.reads.transactionRowsRead += rows.length;
    return rows;
  }

  /** Ledger version and cash rule; version 0 (strict cash) when the investor has no account row yet. */
  async account(userId: string): Promise<{ ledgerVersion: number; allowNegativeCash: boolean }> {
    const rows = await this.db
      .select({
        ledgerVersion: portfolioAccounts.ledgerVersion,
        allowNegativeCash: portfolioAccounts.allowNegativeCash,
      })
      .from(portfolioAccounts)
      .where(eq(portfolioAccounts.userId, userId))
      .limit(1);
    return rows[0] ?? { ledgerVersion: 0, allowNegativeCash: false };
  }

  /** Call under the ledger lock (the account row exists then). */
  async setAllowNegativeCash(userId: string, allow: boolean): Promise<void> {
    await this.db
      .update(portfolioAccounts)
      .set({ allowNegativeCash: allow })
      .where(eq(portfolioAccounts.userId, userId));
  }

  /**
   * Runs `work` in one database transaction holding the investor's account row lock, so ledger writes of one
   * investor (from any server process) validate and save one after another. `work` gets the ledger version it holds;
   * the version is bumped on commit (to that + 1).
   */
  async withLedgerLock<T>(
    userId: string,
    work: (repo: PortfolioRepository, version: number) => Promise<T>,
  ): Promise<T> {
    return (this.db as Db).transaction(async (tx) => {
      await tx
        .insert(portfolioAccounts)
        .values({ userId })
        .onConflictDoNothing({ target: portfolioAccounts.userId });
      const [locked] = await tx
        .select({ version: portfolioAccounts.ledgerVersion })
        .from(portfolioAccounts)
        .where(eq(portfolioAccounts.userId, userId))
        .for('update');
      const result = await work(new PortfolioRepository(tx, this.reads), locked?.version ?? 0);
      await tx
        .update(portfolioAccounts)
        .set({ ledgerVersion: sql`${portfolioAccounts.ledgerVersion} + 1` })
        .where(eq(portfolioAccounts.userId, userId));
      return result;
    });
  }

  async insertTransactions(userId: string, rows: readonly NewTransactionRow[]): Promise<TransactionRow[]> {
    if (rows.length === 0) return [];
    // Insert in chunks in file order so ids (the within-day order) follow it; a chunk's statement is built on the
    // event loop (drizzle's SQL for 500 rows took tens of milliseconds), so chunks are small.
    const inserted: TransactionRow[] = [];
    for (let i = 0; i < rows.length; i += INSERT_CHUNK_ROWS) {
      const chunk = rows.slice(i, i + INSERT_CHUNK_ROWS).map((row) => ({ ...row, userId }));
      const result = await this.db.insert(portfolioTransactions).values(chunk).returning();
      inserted.push(...result.sort((a, b) => a.id - b.id));
    }
    return inserted;
  }

  /** The row as stored after the update, or null when the investor has no such transaction. */
  async updateTransaction(
    userId: string,
    id: number,
    row: NewTransactionRow,
  ): Promise<TransactionRow | null> {
    const result = await this.db
      .update(portfolioTransactions)
      .set(row)
      .where(and(eq(portfolioTransactions.userId, userId), eq(portfolioTransactions.id, id)))
      .returning();
    return result[0] ?? null;
  }

  async deleteTransaction(userId: string, id: number): Promise<boolean> {
    const result = await this.db
      .delete(portfolioTransactions)
      .where(and(eq(portfolioTransactions.userId, userId), eq(portfolioTransactions.id, id)))
      .returning({ id: portfolioTransactions.id });
    return result.length > 0;
  }

  async deleteAllTransactions(userId: string): Promise<number> {
    const result = await this.db
      .delete(portfolioTransactions)
      .where(eq(portfolioTransactions.userId, userId))
      .returning({ id: portfolioTransactions.id });
    return result.length;
  }

  async deleteDemoTransactions(userId: string): Promise<number> {
    const result = await this.db
      .delete(portfolioTransactions)
      .where(and(eq(portfolioTransactions.userId, userId), eq(portfolioTransactions.isDemo, true)))
      .returning({ id: portfolioTransactions.id });
    return result.length;
  }

  /** The split offers the investor declined (stock, date and ratio). */
  async splitOfferDismissals(userId: string): Promise<SplitOfferDismissal[]> {
    const rows = await this.db
      .select({
        symbol: splitOfferDismissals.symbol,
        date: splitOfferDismissals.actionDate,
        numerator: splitOfferDismissals.numerator,
        denominator: splitOfferDismissals.denominator,
      })
      .from(splitOfferDismissals)
      .where(eq(splitOfferDismissals.userId, userId));
    return rows;
  }

  /** Stores a declined split offer (declining it again changes nothing). */
  async dismissSplitOffer(userId: string, offer: SplitOfferDismissal): Promise<void> {
    await this.db
      .insert(splitOfferDismissals)
      .values({
        userId,
        symbol: offer.symbol,
        actionDate: offer.date,
        numerator: offer.numerator,
        denominator: offer.denominator,
      })
      .onConflictDoNothing();
  }

  // ---- what the compliance rules read, through their port

  /** Buys and sells of every investor from a date on. */
  async tradesSince(fromDate: string) {
    return this.db
      .select({
        id: portfolioTransactions.id,
        userId: portfolioTransactions.userId,
        type: portfolioTransactions.type,
        tradeDate: portfolioTransactions.tradeDate,
        symbol: portfolioTransactions.symbol,
        quantity: portfolioTransactions.quantity,
        priceTry: portfolioTransactions.priceTry,
      })
      .from(portfolioTransactions)
      .where(
        and(
          inArray(portfolioTransactions.type, ['buy', 'sell']),
          gte(portfolioTransactions.tradeDate, fromDate),
        ),
      )
      .orderBy(asc(portfolioTransactions.tradeDate), asc(portfolioTransactions.id));
  }

  /** Every investor's net quantity per stock (buys − sells over the whole ledger). */
  async netPositions(): Promise<{ userId: string; symbol: string; quantity: number }[]> {
    const rows = await this.db
      .select({
        userId: portfolioTransactions.userId,
        symbol: portfolioTransactions.symbol,
        quantity: sql<string>`sum(case when ${portfolioTransactions.type} = 'buy' then ${portfolioTransactions.quantity} else -${portfolioTransactions.quantity} end)`,
      })
      .from(portfolioTransactions)
      .where(inArray(portfolioTransactions.type, ['buy', 'sell']))
      .groupBy(portfolioTransactions.userId, portfolioTransactions.symbol);
    return rows
      .map((r) => ({ userId: r.userId, symbol: r.symbol ?? '', quantity: Number(r.quantity) }))
      .filter((r) => r.symbol && r.quantity > 0);
  }
}
