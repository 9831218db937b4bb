import {
  AUTO_DEPOSIT_NOTE,
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
import { DEFAULT_DEMO_PLAN, loadDemoPortfolio } from './demo-portfolio.ts';
import { ledgerReplay, ledgerViolationMessage, type LedgerRules, type LedgerTransaction } from './ledger.ts';
import { LedgerCache, type CachedLedger } from './ledger-cache.ts';
import { csvImportRefusal, csvLedgerCheck, csvRowsCheck, type CsvRowsCheck } from './portfolio-csv-import.ts';
import { PortfolioOverviewBuilder } from './portfolio-overview.ts';
import {
  CashShortfallError,
  InsufficientCashError,
  PORTFOLIO_MESSAGES,
  TransactionNotFoundError,
  ledgerViolationError,
  TransactionInputError,
} from './portfolio.errors.ts';
import type { NewTransactionRow, PortfolioRepository, TransactionRow } from './portfolio.repository.ts';
import { toLedger, toRow, transactionProblems } from './transaction-rows.ts';

/**
 * An investor's portfolio: the ledger of transactions (every write re-validated against the whole ledger under the
 * ledger lock), its overview at the live quotes, CSV import and export, the cash rule, and the demo portfolio.
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

  /**
   * Records a transaction. A buy that costs more than the recorded cash is never refused for it once the investor
   * chose a cash rule: `auto_deposit` records a deposit of the shortfall on the buy's date just before it;
   * `allow_negative` switches the account to negative cash. Without a choice the answer is 409 on `cash_rule`.
   */
  async createTransaction(userId: string, input: TransactionInput): Promise<PortfolioTransaction> {
    const row = this.checkInput(input);
    const inserted = await this.repo.withLedgerLock(userId, async (repo) => {
      const existing = (await repo.listTransactions(userId)).map(toLedger);
      const rules = await this.rules(repo, userId);
      if (input.cash_rule === 'allow_negative' && !rules.allowNegativeCash) {
        await repo.setAllowNegativeCash(userId, true);
        rules.allowNegativeCash = true;
      }
      const provisionalId = existing.reduce((max, r) => Math.max(max, r.id), 0) + 1;
      const replay = ledgerReplay([...existing, toLedger({ ...row, id: provisionalId })], rules);
      let rows: NewTransactionRow[] = [row];
      if (!replay.ok) {
        const violation = replay.violation;
        const shortBuy =
          violation.kind === 'insufficient_cash' &&
          violation.buy &&
          violation.transactionId === provisionalId;
        if (!shortBuy) throw ledgerViolationError(violation, null, fieldOf(row));
        const shortfallTry = Math.ceil((violation.neededTry - violation.availableTry) * 100 - 1e-6) / 100;
        if (input.cash_rule !== 'auto_deposit') throw new CashShortfallError(shortfallTry);
        const deposit: NewTransactionRow = {
          type: 'deposit',
          tradeDate: row.tradeDate,
          symbol: null,
          quantity: null,
          priceTry: null,
          commissionTry: 0,
          amountTry: shortfallTry,
          note: AUTO_DEPOSIT_NOTE,
        };
        this.validate(
          [
            ...existing,
            toLedger({ ...deposit, id: provisionalId }),
            toLedger({ ...row, id: provisionalId + 1 }),
          ],
          provisionalId + 1,
          row,
          rules,
        );
        rows = [deposit, row];
      }
      const saved = await repo.insertTransactions(userId, rows);
      return saved[saved.length - 1]!;
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
        await this.rules(repo, userId),
      );
      await repo.updateTransaction(userId, id, row);
    });
    return this.presentAfterWrite(userId, id);
  }

  async deleteTransaction(userId: string, id: number): Promise<void> {
    await this.repo.withLedgerLock(userId, async (repo) => {
      const existing = await repo.listTransactions(userId);
      if (!existing.some((r) => r.id === id)) throw new TransactionNotFoundError();
      this.validate(
        existing.filter((r) => r.id !== id).map(toLedger),
        null,
        null,
        await this.rules(repo, userId),
      );
      await repo.deleteTransaction(userId, id);
    });
    this.ledgers.invalidate(userId);
  }

  /** Validates a CSV against the ledger without saving anything. */
  async previewImport(userId: string, csv: string, replace = false): Promise<CsvPreview> {
    const checked = await this.checkCsvRows(csv);
    const ledger = await this.ledgers.get(userId);
    return csvLedgerCheck(checked, ledger.rows, { replace, allowNegativeCash: ledger.allowNegativeCash })
      .preview;
  }

  /** Saves every row of the CSV in one database transaction, or none (400 with the bad lines, 409 for the ledger). */
  async importCsv(
    userId: string,
    csv: string,
    replace = false,
  ): Promise<{ imported: number; replaced: number }> {
    // The rows on their own first, outside the ledger lock (the slow part, yielding as it goes).
    const checked = await this.checkCsvRows(csv);
    const result = await this.repo.withLedgerLock(userId, async (repo) => {
      const rules = await this.rules(repo, userId);
      const check = csvLedgerCheck(checked, await repo.listTransactions(userId), {
        replace,
        allowNegativeCash: rules.allowNegativeCash,
      });
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

  /** 'Demo portföy yükle': the demo ledger into an empty portfolio (409 otherwise); how many rows were written. */
  async loadDemo(userId: string): Promise<number> {
    const count = await loadDemoPortfolio(
      { repo: this.repo, market: this.market, clock: this.clock },
      userId,
      DEFAULT_DEMO_PLAN,
    );
    this.ledgers.invalidate(userId);
    return count;
  }

  /** Removes every demo transaction in one step (409 when what remains would not be a valid ledger). */
  async removeDemo(userId: string): Promise<number> {
    const removed = await this.repo.withLedgerLock(userId, async (repo) => {
      const existing = await repo.listTransactions(userId);
      const remaining = existing.filter((r) => !r.isDemo).map(toLedger);
      const replay = ledgerReplay(remaining, await this.rules(repo, userId));
      if (!replay.ok)
        throw new InsufficientCashError(
          PORTFOLIO_MESSAGES.demoRemoval(ledgerViolationMessage(replay.violation)),
        );
      return repo.deleteDemoTransactions(userId);
    });
    this.ledgers.invalidate(userId);
    return removed;
  }

  /** The cash rule; switching negative cash off is refused (409) while the ledger goes below zero somewhere. */
  async setAllowNegativeCash(userId: string, allow: boolean): Promise<{ allow_negative_cash: boolean }> {
    await this.repo.withLedgerLock(userId, async (repo) => {
      if (!allow) {
        const replay = ledgerReplay((await repo.listTransactions(userId)).map(toLedger));
        if (!replay.ok)
          throw new InsufficientCashError(
            PORTFOLIO_MESSAGES.negativeCashInUse(ledgerViolationMessage(replay.violation)),
            'allow_negative_cash',
          );
      }
      await repo.setAllowNegativeCash(userId, allow);
    });
    this.ledgers.invalidate(userId);
    return { allow_negative_cash: allow };
  }

  // ───────────────────────────── internals ─────────────────────────────

  /** Input checks that need the market and the clock (zod did the shape): 400 naming the field. */
  private checkInput(input: TransactionInput): NewTransactionRow {
    const row = toRow(input);
    const [problem] = transactionProblems(row, {
      today: istanbulToday(this.clock.now()),
      isKnownSymbol: (symbol) => this.market.hasStock(symbol),
    });
    if (problem) throw new TransactionInputError(problem.message, problem.field);
    return row;
  }

  private async rules(repo: PortfolioRepository, userId: string): Promise<LedgerRules> {
    return { allowNegativeCash: (await repo.account(userId)).allowNegativeCash };
  }

  private validate(
    transactions: LedgerTransaction[],
    changedId: number | null,
    changed: NewTransactionRow | null,
    rules: LedgerRules,
  ): void {
    const replay = ledgerReplay(transactions, rules);
    if (replay.ok) return;
    const own = changedId !== null && replay.violation.transactionId === changedId;
    throw ledgerViolationError(replay.violation, null, own && changed ? fieldOf(changed) : undefined);
  }

  private checkCsvRows(csv: string): Promise<CsvRowsCheck> {
    return csvRowsCheck(csv, {
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
      is_demo: row.isDemo,
      created_at: row.createdAt.toISOString(),
    };
  }
}

/** The input field a refused transaction names: what moves shares, or the amount. */
function fieldOf(row: NewTransactionRow): string {
  return row.type === 'buy' || row.type === 'sell' || row.type === 'split' ? 'quantity' : 'amount';
}
