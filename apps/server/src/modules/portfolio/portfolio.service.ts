import {
  AUTO_DEPOSIT_NOTE,
  CSV_IMPORT_MAX_ROWS_PER_DAY,
  DEFAULT_PERFORMANCE_RANGE,
  TRANSACTION_LIST_DEFAULT_LIMIT,
  type CsvPreview,
  type PerformanceRange,
  type PortfolioOverview,
  type PortfolioTransaction,
  type SplitOffer,
  type TransactionInput,
  type TransactionListQuery,
  type TransactionType,
} from '@bist/contracts';
import type { Clock } from '@/lib/clock';
import { UNLIMITED_PLAN_GATE, type PlanGate } from '@/modules/bi/plan-gate';
import { roundMoney } from '@/lib/money';
import type { Versioned } from '@/lib/versioned';
import type { MarketData } from '@/market/market-data';
import type { StoredSplit } from '@/market/corporate-actions';
import { csvFormat } from './csv.ts';
import { istanbulDayStart, istanbulToday } from './dates.ts';
import { DEFAULT_DEMO_PLAN, loadDemoPortfolio } from './demo-portfolio.ts';
import {
  ledgerFirstNotBefore,
  ledgerReplay,
  ledgerReplayChange,
  ledgerViolationMessage,
  type LedgerRules,
  type ReplayResult,
  type ValidReplay,
} from './ledger.ts';
import { LedgerCache, type CachedLedger } from './ledger-cache.ts';
import { csvImportRefusal, csvLedgerCheck, csvRowsCheck, type CsvRowsCheck } from './portfolio-csv-import.ts';
import { PortfolioOverviewBuilder, type ReferenceSeriesReader } from './portfolio-overview.ts';
import {
  CashShortfallError,
  CsvImportQuotaError,
  InsufficientCashError,
  PORTFOLIO_MESSAGES,
  SplitOfferNotFoundError,
  TransactionNotFoundError,
  ledgerViolationError,
  TransactionInputError,
} from './portfolio.errors.ts';
import type { NewTransactionRow, PortfolioRepository, TransactionRow } from './portfolio.repository.ts';
import { toLedger, toRow, transactionMarketProblems } from './transaction-rows.ts';

/**
 * An investor's portfolio: the ledger of transactions (every write validated under the ledger lock against the ledger
 * in memory, replaying only what follows the change — see LedgerCache), its overview at the live quotes, CSV import and export, the cash rule, and the demo portfolio.
 */
export class PortfolioService {
  private readonly ledgers: LedgerCache;
  private readonly overviews: PortfolioOverviewBuilder;

  constructor(
    private readonly repo: PortfolioRepository,
    private readonly market: MarketData,
    private readonly clock: Clock,
    private readonly plans: PlanGate = UNLIMITED_PLAN_GATE,
    /** The splits the market data provider reported (none without a real feed's history). */
    private readonly splits: () => Promise<readonly StoredSplit[]> = () => Promise.resolve([]),
    /** The reference series of the real, USD, gold and deposit returns (decision 0063). */
    private readonly references: ReferenceSeriesReader | null = null,
  ) {
    this.ledgers = new LedgerCache(repo, clock);
    this.overviews = new PortfolioOverviewBuilder(market, references);
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
      version: `${ledger.version}.${ledger.load}|${this.market.generation}|${today}|${range}|${this.references?.version() ?? ''}`,
      value: () => this.overviews.build(ledger, range, today),
    };
  }

  /**
   * One page of the ledger, newest first, with each transaction's cash effect, realised P/L and the cash after it;
   * `total` counts the matching transactions of the whole ledger. The cursor is the (date, id) of a page's last
   * transaction, so a page does not shift when transactions are added meanwhile.
   */
  async listTransactions(
    userId: string,
    query: TransactionListQuery = {},
  ): Promise<{ transactions: PortfolioTransaction[]; total: number; next_cursor: string | null }> {
    const ledger = await this.ledgers.get(userId);
    const { rows } = ledger;
    const limit = query.limit ?? TRANSACTION_LIST_DEFAULT_LIMIT;
    const matches = (row: TransactionRow) =>
      (!query.symbol || row.symbol === query.symbol) && (!query.type || row.type === query.type);
    const filtered = Boolean(query.symbol || query.type);
    let start = rows.length - 1;
    if (query.cursor) {
      const [tradeDate = '', id = '0'] = query.cursor.split('_');
      start = ledgerFirstNotBefore(rows, { tradeDate, id: Number(id) }) - 1;
    }
    const transactions: PortfolioTransaction[] = [];
    let i = start;
    for (; i >= 0 && transactions.length < limit; i--)
      if (matches(rows[i]!)) transactions.push(this.present(ledger, i));
    while (i >= 0 && !matches(rows[i]!)) i--;
    const last = transactions.at(-1);
    return {
      transactions,
      total: filtered ? rows.reduce((n, row) => n + (matches(row) ? 1 : 0), 0) : rows.length,
      next_cursor: i >= 0 && last ? `${last.date}_${last.id}` : null,
    };
  }

  /** The ledger as CSV: a paid plan's feature (decision 0056; the KVKK export stays free). */
  async exportCsv(userId: string): Promise<{ csv: string; fileName: string }> {
    await this.plans.requireCsvExport(userId);
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

  /**
   * The splits and reverse splits the provider reported for stocks this investor held the day before them, not yet
   * in the ledger (no 'split' / 'reverse_split' transaction of that stock on that date) and not dismissed: each with
   * the whole shares it leaves (⌊held × numerator / denominator⌋). A reverse split that leaves no whole share is not
   * offered (the holding was paid out in cash: a sell).
   */
  async splitOffers(userId: string): Promise<SplitOffer[]> {
    const splits = await this.splits();
    if (splits.length === 0) return [];
    const { rows } = await this.ledgers.get(userId);
    const dismissed = new Set((await this.repo.splitOfferDismissals(userId)).map((d) => dismissalKey(d)));
    const offers: SplitOffer[] = [];
    for (const split of splits) {
      if (split.numerator === split.denominator) continue;
      if (dismissed.has(dismissalKey(split))) continue;
      const kind = split.numerator > split.denominator ? 'split' : 'reverse_split';
      let held = 0;
      let recorded = false;
      for (const row of rows) {
        if (row.symbol !== split.symbol) continue;
        if (row.type === kind && row.tradeDate === split.date) recorded = true;
        if (row.tradeDate >= split.date) continue;
        const quantity = row.quantity ?? 0;
        if (row.type === 'buy' || row.type === 'split') held += quantity;
        else if (row.type === 'sell' || row.type === 'reverse_split') held -= quantity;
      }
      const exact = (held * split.numerator) / split.denominator;
      const after = Math.floor(exact + 1e-9);
      if (recorded || held <= 0 || after === held || after <= 0) continue;
      offers.push({
        kind,
        symbol: split.symbol,
        date: split.date,
        numerator: split.numerator,
        denominator: split.denominator,
        shares_before: held,
        shares_after: after,
        extra_shares: Math.max(0, after - held),
        removed_shares: Math.max(0, held - after),
        fraction_dropped: kind === 'reverse_split' ? Math.max(0, Math.round((exact - after) * 1e6) / 1e6) : 0,
        source: split.source,
      });
    }
    return offers;
  }

  /**
   * Records an offered split as a 'split' transaction of its extra shares, or a reverse split as a 'reverse_split'
   * of the shares it takes away (404 when no such offer stands).
   */
  async acceptSplitOffer(userId: string, symbol: string, date: string): Promise<PortfolioTransaction> {
    const offer = await this.findSplitOffer(userId, symbol, date);
    const ratio = `${String(offer.numerator)}:${String(offer.denominator)}`;
    return offer.kind === 'split'
      ? this.createTransaction(userId, {
          type: 'split',
          date,
          symbol,
          quantity: offer.extra_shares,
          note: `Bölünme ${ratio} (veri sağlayıcısı)`,
        })
      : this.createTransaction(userId, {
          type: 'reverse_split',
          date,
          symbol,
          quantity: offer.removed_shares,
          note: `Birleşme (ters bölünme) ${ratio} (veri sağlayıcısı)`,
        });
  }

  /** Declines an offered split: stored with its ratio, it is not offered again (404 when no such offer stands). */
  async dismissSplitOffer(userId: string, symbol: string, date: string): Promise<SplitOffer> {
    const offer = await this.findSplitOffer(userId, symbol, date);
    await this.repo.dismissSplitOffer(userId, {
      symbol,
      date,
      numerator: offer.numerator,
      denominator: offer.denominator,
    });
    return offer;
  }

  private async findSplitOffer(userId: string, symbol: string, date: string): Promise<SplitOffer> {
    const offer = (await this.splitOffers(userId)).find((o) => o.symbol === symbol && o.date === date);
    if (!offer) throw new SplitOfferNotFoundError();
    return offer;
  }

  // ───────────────────────────── writes ─────────────────────────────

  /**
   * Records a transaction. A buy that costs more than the recorded cash is never refused for it once the investor
   * chose a cash rule: `auto_deposit` records a deposit of the shortfall on the buy's date just before it;
   * `allow_negative` switches the account to negative cash. Without a choice the answer is 409 on `cash_rule`.
   */
  async createTransaction(userId: string, input: TransactionInput): Promise<PortfolioTransaction> {
    const row = this.checkInput(input);
    const { ledger, id } = await this.repo.withLedgerLock(userId, async (repo, version) => {
      const base = await this.ledgers.atVersion(userId, version, repo);
      const rules: LedgerRules = { allowNegativeCash: base.allowNegativeCash };
      if (input.cash_rule === 'allow_negative' && !rules.allowNegativeCash) {
        await repo.setAllowNegativeCash(userId, true);
        rules.allowNegativeCash = true;
      }
      const provisionalId = base.maxId + 1;
      const replay = ledgerReplayChange(
        base.replay,
        { add: [toLedger({ ...row, id: provisionalId })] },
        rules,
      );
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
        const add = [
          toLedger({ ...deposit, id: provisionalId }),
          toLedger({ ...row, id: provisionalId + 1 }),
        ];
        refuseViolation(ledgerReplayChange(base.replay, { add }, rules), provisionalId + 1, row);
        rows = [deposit, row];
      }
      const saved = await repo.insertTransactions(userId, rows);
      return { ledger: this.ledgers.changed(base, { add: saved, rules }), id: saved[saved.length - 1]!.id };
    });
    this.ledgers.install(userId, ledger);
    return this.presentById(ledger, id);
  }

  /** Replaces a transaction (it keeps its id, hence its place among transactions of the same day). */
  async updateTransaction(
    userId: string,
    id: number,
    input: TransactionInput,
  ): Promise<PortfolioTransaction> {
    const row = this.checkInput(input);
    const ledger = await this.repo.withLedgerLock(userId, async (repo, version) => {
      const base = await this.ledgers.atVersion(userId, version, repo);
      const removeIndex = base.rows.findIndex((r) => r.id === id);
      if (removeIndex < 0) throw new TransactionNotFoundError();
      const add = [toLedger({ ...row, id })];
      const rules = { allowNegativeCash: base.allowNegativeCash };
      const replay = ledgerReplayChange(base.replay, { removeIndex, add }, rules);
      refuseViolation(replay, id, row);
      const updated = await repo.updateTransaction(userId, id, row);
      if (!updated) throw new TransactionNotFoundError();
      // The stored row has the id it was checked with: the checked replay is the new ledger's.
      return this.ledgers.changed(base, { removeIndex, add: [updated], replay });
    });
    this.ledgers.install(userId, ledger);
    return this.presentById(ledger, id);
  }

  async deleteTransaction(userId: string, id: number): Promise<void> {
    const ledger = await this.repo.withLedgerLock(userId, async (repo, version) => {
      const base = await this.ledgers.atVersion(userId, version, repo);
      const removeIndex = base.rows.findIndex((r) => r.id === id);
      if (removeIndex < 0) throw new TransactionNotFoundError();
      const replay = ledgerReplayChange(
        base.replay,
        { removeIndex },
        { allowNegativeCash: base.allowNegativeCash },
      );
      refuseViolation(replay, null, null);
      await repo.deleteTransaction(userId, id);
      return this.ledgers.changed(base, { removeIndex, replay });
    });
    this.ledgers.install(userId, ledger);
  }

  /** Validates a CSV against the ledger without saving anything. */
  async previewImport(userId: string, csv: string, replace = false): Promise<CsvPreview> {
    const checked = await this.checkCsvRows(csv);
    const ledger = await this.ledgers.get(userId);
    const { preview } = csvLedgerCheck(checked, replace ? null : ledger, {
      allowNegativeCash: ledger.allowNegativeCash,
    });
    // What the import would answer 429 for, so `can_import` stays true only when the import would save.
    const quota = this.importQuotaExcess(replace ? [] : ledger.rows, preview.valid_rows);
    if (!quota) return preview;
    return { ...preview, file_errors: [...preview.file_errors, quota.message], can_import: false };
  }

  /**
   * Saves every row of the CSV in one database transaction, or none (400 with the bad lines, 409 for the ledger, 429
   * past CSV_IMPORT_MAX_ROWS_PER_DAY).
   */
  async importCsv(
    userId: string,
    csv: string,
    replace = false,
  ): Promise<{ imported: number; replaced: number }> {
    // The rows on their own first, outside the ledger lock (the slow part, yielding as it goes).
    const checked = await this.checkCsvRows(csv);
    const { result, ledger } = await this.repo.withLedgerLock(userId, async (repo, version) => {
      const base = await this.ledgers.atVersion(userId, version, repo);
      const check = csvLedgerCheck(checked, replace ? null : base, {
        allowNegativeCash: base.allowNegativeCash,
      });
      const refusal = csvImportRefusal(check);
      if (refusal) throw refusal;
      const quota = this.importQuotaExcess(replace ? [] : base.rows, check.rows.length);
      if (quota) throw quota;
      const replaced = replace ? await repo.deleteAllTransactions(userId) : 0;
      const inserted = await repo.insertTransactions(
        userId,
        check.rows.map((r) => r.row),
      );
      return {
        result: { imported: inserted.length, replaced },
        // Appended rows are replayed from the first of their dates on; a replaced ledger is read again when asked.
        ledger: replace ? null : this.ledgers.changed(base, { add: inserted }),
      };
    });
    if (ledger) this.ledgers.install(userId, ledger);
    else this.ledgers.invalidate(userId);
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
    const [problem] = transactionMarketProblems(row, {
      today: istanbulToday(this.clock.now()),
      isKnownSymbol: (symbol) => this.market.hasStock(symbol),
    });
    if (problem) throw new TransactionInputError(problem.message, problem.field);
    return row;
  }

  private async rules(repo: PortfolioRepository, userId: string): Promise<LedgerRules> {
    return { allowNegativeCash: (await repo.account(userId)).allowNegativeCash };
  }

  /**
   * The 429 when `adding` more imported rows would take the transactions recorded today past
   * CSV_IMPORT_MAX_ROWS_PER_DAY, else null (`rows`: the ledger that stays; a scan in memory, no query).
   */
  private importQuotaExcess(rows: readonly TransactionRow[], adding: number): CsvImportQuotaError | null {
    const now = this.clock.now();
    const dayStartMs = istanbulDayStart(now).getTime();
    let today = 0;
    for (const row of rows) if (row.createdAt.getTime() >= dayStartMs) today += 1;
    if (today + adding <= CSV_IMPORT_MAX_ROWS_PER_DAY) return null;
    const retryAfterSeconds = Math.ceil((dayStartMs + 86_400_000 - now.getTime()) / 1000);
    return new CsvImportQuotaError(today, adding, retryAfterSeconds);
  }

  private checkCsvRows(csv: string): Promise<CsvRowsCheck> {
    return csvRowsCheck(csv, {
      today: istanbulToday(this.clock.now()),
      isKnownSymbol: (symbol) => this.market.hasStock(symbol),
    });
  }

  private presentById(ledger: CachedLedger, id: number): PortfolioTransaction {
    const index = ledger.rows.findIndex((r) => r.id === id);
    if (index < 0) throw new TransactionNotFoundError();
    return this.present(ledger, index);
  }

  /** The transaction at `index` of the ledger's replay order. */
  private present(ledger: CachedLedger, index: number): PortfolioTransaction {
    const row = ledger.rows[index]!;
    const effect = ledger.replay.effects[index];
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

/** Throws the 409 of a replay that failed, naming the changed row's field when the failure is that row's own. */
function refuseViolation(
  replay: ReplayResult,
  changedId: number | null,
  changed: NewTransactionRow | null,
): asserts replay is ValidReplay {
  if (replay.ok) return;
  const own = changedId !== null && replay.violation.transactionId === changedId;
  throw ledgerViolationError(replay.violation, null, own && changed ? fieldOf(changed) : undefined);
}

/** The input field a refused transaction names: what moves shares, or the amount. */
/** A split offer's identity: the stock, the date and the ratio (a corrected ratio is offered again). */
function dismissalKey(d: { symbol: string; date: string; numerator: number; denominator: number }): string {
  return `${d.symbol}|${d.date}|${String(d.numerator)}:${String(d.denominator)}`;
}

function fieldOf(row: NewTransactionRow): string {
  return row.type === 'buy' || row.type === 'sell' || row.type === 'split' || row.type === 'reverse_split'
    ? 'quantity'
    : 'amount';
}
