import {
  DEFAULT_PERFORMANCE_RANGE,
  type CsvPreview,
  type PerformanceRange,
  type PortfolioOverview,
  type PortfolioTransaction,
  type TransactionInput,
  type TransactionType,
} from '@bist/contracts';
import type { Clock } from '@/lib/clock';
import { roundMoney } from '@/lib/money';
import type { Versioned } from '@/lib/versioned';
import type { MarketData } from '@/market/market-data';
import { csvFormat } from './csv.ts';
import { istanbulToday } from './dates.ts';
import { seedDemoPortfolio, type DemoPlan } from './demo-portfolio.ts';
import { ledgerReplay, type LedgerTransaction } from './ledger.ts';
import { LedgerCache, type CachedLedger } from './ledger-cache.ts';
import { csvImportCheck, csvImportRefusal } from './portfolio-csv-import.ts';
import { PortfolioOverviewBuilder } from './portfolio-overview.ts';
import {
  FutureTradeDateError,
  TradeDateTooOldError,
  TransactionNotFoundError,
  UnknownSymbolError,
  ledgerViolationError,
} from './portfolio.errors.ts';
import type { NewTransactionRow, PortfolioRepository, TransactionRow } from './portfolio.repository.ts';
import { EARLIEST_TRADE_DATE, toLedger, toRow } from './transaction-rows.ts';

// investor.ts seeds demo accounts with these.

/**
 * An investor's portfolio: the ledger of transactions (every write re-validated against the whole ledger under the
 * ledger lock), its overview at the live quotes, CSV import and export, and the demo account's seed.
 */
export class PortfolioService {
  private readonly ledgers: LedgerCache;
  private readonly overviews: PortfolioOverviewBuilder;

  constructor(
    private readonly repo: PortfolioRepository,
    private readonly market: MarketData,
    private readonly clock: Clock,
  ) {
    this.ledgers = new LedgerCache(repo, clock);
    this.overviews = new PortfolioOverviewBuilder(market);
  }

  // ───────────────────────────── reads ─────────────────────────────

  /**
   * The overview of a range with its version: the ledger (its version and this process's load of it), the quotes'
   * generation, the Istanbul day and the range. It changes only with a tick, a write or midnight, so a caller may
   * keep one per version (the page and its 30 s refresh, several tabs, the bell ask the same one).
   */
  async overview(
    userId: string,
    range: PerformanceRange = DEFAULT_PERFORMANCE_RANGE,
  ): Promise<Versioned<Promise<PortfolioOverview>>> {
    const ledger = await this.ledgers.get(userId);
    const today = istanbulToday(this.clock.now());
    return {
      version: `${ledger.version}.${ledger.load}|${this.market.generation}|${today}|${range}`,
      value: () => this.overviews.build(ledger, range, today),
    };
  }

  /** The ledger, newest first, with each transaction's cash effect, realised P/L and the cash after it. */
  async listTransactions(
    userId: string,
    filter: { symbol?: string | undefined; type?: TransactionType | undefined } = {},
  ) {
    const ledger = await this.ledgers.get(userId);
    const result: PortfolioTransaction[] = [];
    for (let i = ledger.rows.length - 1; i >= 0; i--) {
      const row = ledger.rows[i]!;
      if (filter.symbol && row.symbol !== filter.symbol) continue;
      if (filter.type && row.type !== filter.type) continue;
      result.push(this.present(ledger, row));
    }
    return result;
  }

  async exportCsv(userId: string): Promise<{ csv: string; fileName: string }> {
    const ledger = await this.ledgers.get(userId);
    const fileName = `portfoy-islemleri-${istanbulToday(this.clock.now())}.csv`;
    const csv = csvFormat(
      ledger.replay.ordered.map((tx) => ({
        date: tx.tradeDate,
        type: tx.type,
        symbol: tx.symbol,
        quantity: tx.quantity,
        price: tx.priceTry,
        commission: tx.commissionTry,
        amount: tx.amountTry,
        note: tx.note,
      })),
    );
    return { csv, fileName };
  }

  // ───────────────────────────── writes ─────────────────────────────

  async createTransaction(userId: string, input: TransactionInput): Promise<PortfolioTransaction> {
    const row = this.checkInput(input);
    const inserted = await this.repo.withLedgerLock(userId, async (repo) => {
      const existing = await repo.listTransactions(userId);
      const provisionalId = existing.reduce((max, r) => Math.max(max, r.id), 0) + 1;
      this.validate([...existing.map(toLedger), toLedger({ ...row, id: provisionalId })], provisionalId, row);
      const [saved] = await repo.insertTransactions(userId, [row]);
      return saved!;
    });
    return this.presentAfterWrite(userId, inserted.id);
  }

  /** Replaces a transaction (it keeps its id, hence its place among transactions of the same day). */
  async updateTransaction(
    userId: string,
    id: number,
    input: TransactionInput,
  ): Promise<PortfolioTransaction> {
    const row = this.checkInput(input);
    await this.repo.withLedgerLock(userId, async (repo) => {
      const existing = await repo.listTransactions(userId);
      if (!existing.some((r) => r.id === id)) throw new TransactionNotFoundError();
      this.validate(
        existing.map((r) => (r.id === id ? toLedger({ ...row, id }) : toLedger(r))),
        id,
        row,
      );
      await repo.updateTransaction(userId, id, row);
    });
    return this.presentAfterWrite(userId, id);
  }

  async deleteTransaction(userId: string, id: number): Promise<void> {
    await this.repo.withLedgerLock(userId, async (repo) => {
      const existing = await repo.listTransactions(userId);
      if (!existing.some((r) => r.id === id)) throw new TransactionNotFoundError();
      this.validate(existing.filter((r) => r.id !== id).map(toLedger), null, null);
      await repo.deleteTransaction(userId, id);
    });
    this.ledgers.invalidate(userId);
  }

  /** Validates a CSV against the ledger without saving anything. */
  async previewImport(userId: string, csv: string, replace = false): Promise<CsvPreview> {
    const ledger = await this.ledgers.get(userId);
    return this.checkCsv(ledger.rows, csv, replace).preview;
  }

  /** Saves every row of the CSV in one database transaction, or none (400 with the bad lines, 409 for the ledger). */
  async importCsv(
    userId: string,
    csv: string,
    replace = false,
  ): Promise<{ imported: number; replaced: number }> {
    const result = await this.repo.withLedgerLock(userId, async (repo) => {
      const check = this.checkCsv(await repo.listTransactions(userId), csv, replace);
      const refusal = csvImportRefusal(check);
      if (refusal) throw refusal;
      const replaced = replace ? await repo.deleteAllTransactions(userId) : 0;
      const inserted = await repo.insertTransactions(
        userId,
        check.rows.map((r) => r.row),
      );
      return { imported: inserted.length, replaced };
    });
    this.ledgers.invalidate(userId);
    return result;
  }

  /**
   * Seeds a new demo investor once: a deposit six months ago and a few holdings bought at past closes, so the
   * Portfolio page is alive on the first visit. Deterministic: the first DEMO_SYMBOLS the market knows.
   */
  async seedDemoAccount(userId: string, plan: DemoPlan): Promise<boolean> {
    const seeded = await seedDemoPortfolio(
      { repo: this.repo, market: this.market, clock: this.clock },
      userId,
      plan,
    );
    this.ledgers.invalidate(userId);
    return seeded;
  }

  // ───────────────────────────── internals ─────────────────────────────

  /** Input checks that need the market and the clock (zod did the shape): 400 naming the field. */
  private checkInput(input: TransactionInput): NewTransactionRow {
    const row = toRow(input);
    const today = istanbulToday(this.clock.now());
    if (row.tradeDate > today) throw new FutureTradeDateError(today);
    if (row.tradeDate < EARLIEST_TRADE_DATE) throw new TradeDateTooOldError();
    if (row.symbol && !this.market.hasStock(row.symbol)) throw new UnknownSymbolError(row.symbol);
    return row;
  }

  private validate(
    transactions: LedgerTransaction[],
    changedId: number | null,
    changed: NewTransactionRow | null,
  ): void {
    const replay = ledgerReplay(transactions);
    if (replay.ok) return;
    const own = changedId !== null && replay.violation.transactionId === changedId;
    const field =
      own && changed
        ? changed.type === 'buy' || changed.type === 'sell'
          ? 'quantity'
          : 'amount'
        : undefined;
    throw ledgerViolationError(replay.violation, null, field);
  }

  private checkCsv(existing: readonly TransactionRow[], csv: string, replace: boolean) {
    return csvImportCheck(existing, csv, {
      replace,
      today: istanbulToday(this.clock.now()),
      isKnownSymbol: (symbol) => this.market.hasStock(symbol),
    });
  }

  private async presentAfterWrite(userId: string, id: number): Promise<PortfolioTransaction> {
    this.ledgers.invalidate(userId);
    const ledger = await this.ledgers.get(userId);
    const row = ledger.rows.find((r) => r.id === id);
    if (!row) throw new TransactionNotFoundError();
    return this.present(ledger, row);
  }

  private present(ledger: CachedLedger, row: TransactionRow): PortfolioTransaction {
    const effect = ledger.replay.effects.get(row.id);
    return {
      id: row.id,
      type: row.type as TransactionType,
      date: row.tradeDate,
      symbol: row.symbol,
      quantity: row.quantity,
      price: row.priceTry,
      commission: row.commissionTry,
      amount: row.amountTry,
      note: row.note,
      cash_effect: roundMoney(effect?.cashEffectTry ?? 0),
      realized_gain_loss:
        effect?.realizedTry === null || effect?.realizedTry === undefined
          ? null
          : roundMoney(effect.realizedTry),
      cash_after: roundMoney(effect?.cashAfterTry ?? 0),
      created_at: row.createdAt.toISOString(),
    };
  }
}
