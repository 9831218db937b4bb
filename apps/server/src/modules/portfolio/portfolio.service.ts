import {
  DEFAULT_PERFORMANCE_RANGE,
  transactionInputSchema,
  type CsvPreview,
  type Holding,
  type PerformanceRange,
  type PortfolioOverview,
  type PortfolioTransaction,
  type TransactionInput,
  type TransactionType,
} from '@bist/contracts';
import type { Clock } from '@/lib/clock';
import { SingleFlight } from '@/lib/single-flight';
import type { Versioned } from '@/lib/versioned';
import type { DailyClose, MarketData } from '@/market/market-data';
import { csvFormat, csvParse, csvRecordToCandidate } from './csv.ts';
import { dateAddDays, dateAddMonths, istanbulToday, rangeStartDate } from './dates.ts';
import {
  ledgerReplay,
  ledgerViolationMessage,
  type LedgerTransaction,
  type LedgerViolation,
  type ReplayResult,
} from './ledger.ts';
import { roundMoney, roundPercent } from '@/lib/money';
import {
  performanceDailyValues,
  performanceReturns,
  performanceWithLive,
  type DailyValues,
} from './performance.ts';
import {
  CsvImportInvalidError,
  FutureTradeDateError,
  InsufficientCashError,
  InsufficientSharesError,
  PORTFOLIO_MESSAGES,
  TradeDateTooOldError,
  TransactionNotFoundError,
  UnknownSymbolError,
} from './portfolio.errors.ts';
import type { NewTransactionRow, PortfolioRepository, TransactionRow } from './portfolio.repository.ts';

/** The benchmark index of the performance chart. */
export const BENCHMARK_SYMBOL = 'XU100';
/** Cached ledgers are re-checked against the database version at most this often (other server processes). */
export const LEDGER_VERSION_CHECK_MS = 1_000;
/** Investors whose replay is kept in memory (least recently loaded are dropped first). */
export const LEDGER_CACHE_MAX_INVESTORS = 5_000;
/** Closes are fetched from this many days before the range so the anchor day and carry-forward have a price. */
const CLOSES_LOOKBACK_DAYS = 15;
const EARLIEST_TRADE_DATE = '2000-01-01';

type ValidReplay = Extract<ReplayResult, { ok: true }>;

interface RangeCloses {
  today: string;
  fromDate: string;
  closes: Map<string, DailyClose[]>;
  /** Portfolio value per day at the closes (no live point): computed once per ledger version, range and day. */
  daily: DailyValues;
}

/**
 * One investor's ledger in memory: rows, their replay and the closes fetched per range. Rebuilt from the
 * database whenever this process writes the ledger, and when the database's ledger version moved (a write by
 * another process), which is checked at most every LEDGER_VERSION_CHECK_MS — so another process's write shows
 * here within about a second; this process's own writes show at once.
 */
interface LedgerCacheEntry {
  version: number;
  /**
   * This process's number for this load of the ledger. Two loads of one version may hold different rows (the version
   * is read before the rows, so a write in between lands in the rows only): what is derived from an entry is
   * versioned by version and load together.
   */
  load: number;
  checkedAtMs: number;
  isDemo: boolean;
  rows: TransactionRow[];
  replay: ValidReplay;
  ranges: Map<PerformanceRange, RangeCloses | Promise<RangeCloses>>;
}

export interface ValidatedRow {
  line: number;
  row: NewTransactionRow;
}

function toLedger(row: TransactionRow | (NewTransactionRow & { id: number })): LedgerTransaction {
  return {
    id: row.id,
    type: row.type as TransactionType,
    tradeDate: row.tradeDate,
    symbol: row.symbol ?? null,
    quantity: row.quantity ?? null,
    priceTry: row.priceTry ?? null,
    commissionTry: row.commissionTry ?? 0,
    amountTry: row.amountTry ?? null,
    note: row.note ?? null,
  };
}

/** Keeps only the fields a type uses, so a stray amount on a buy cannot change the cash. */
function toRow(input: TransactionInput): NewTransactionRow {
  const trade = input.type === 'buy' || input.type === 'sell';
  const usesSymbol = trade || input.type === 'dividend' || input.type === 'fee';
  return {
    type: input.type,
    tradeDate: input.date,
    symbol: usesSymbol ? (input.symbol ?? null) : null,
    quantity: trade ? (input.quantity ?? null) : null,
    priceTry: trade ? (input.price ?? null) : null,
    commissionTry: trade ? (input.commission ?? 0) : 0,
    amountTry: trade ? null : (input.amount ?? null),
    note: input.note ? input.note : null,
  };
}

export class PortfolioService {
  private readonly cache = new Map<string, LedgerCacheEntry>();
  private readonly ledgerLoads = new SingleFlight<string, LedgerCacheEntry>();
  private invalidations = 0;
  private loads = 0;

  constructor(
    private readonly repo: PortfolioRepository,
    private readonly market: MarketData,
    private readonly clock: Clock,
  ) {}

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
    const entry = await this.ledger(userId);
    const today = istanbulToday(this.clock.now());
    return {
      version: `${entry.version}.${entry.load}|${this.market.generation}|${today}|${range}`,
      value: () => this.overviewOf(entry, range, today),
    };
  }

  private async overviewOf(
    entry: LedgerCacheEntry,
    range: PerformanceRange,
    today: string,
  ): Promise<PortfolioOverview> {
    const { state, ordered } = entry.replay;
    const rangeCloses = await this.rangeCloses(entry, range, today);

    let totalValueTry = 0;
    let totalCostTry = 0;
    let dailyChangeTry = 0;
    let previousValueTry = 0;
    const livePricesTry = new Map<string, number>();
    const rows: Omit<Holding, 'weight_percent'>[] = [];
    for (const position of state.positions.values()) {
      const quote = this.market.quote(position.symbol);
      const closes = rangeCloses.closes.get(position.symbol);
      const lastCloseTry = closes && closes.length > 0 ? closes[closes.length - 1]!.closeTry : undefined;
      const avgCostTry = position.costTry / position.quantity;
      const priceTry = quote?.priceTry ?? lastCloseTry ?? avgCostTry;
      if (quote) livePricesTry.set(position.symbol, quote.priceTry);
      const marketValueTry = position.quantity * priceTry;
      const gainTry = marketValueTry - position.costTry;
      const previousCloseTry = quote?.previousCloseTry ?? null;
      const dayChangeTry = previousCloseTry === null ? 0 : position.quantity * (priceTry - previousCloseTry);
      totalValueTry += marketValueTry;
      totalCostTry += position.costTry;
      dailyChangeTry += dayChangeTry;
      previousValueTry += previousCloseTry === null ? marketValueTry : position.quantity * previousCloseTry;
      const info = this.market.stock(position.symbol);
      rows.push({
        symbol: position.symbol,
        quantity: position.quantity,
        avg_cost: roundMoney(avgCostTry),
        current_price: roundMoney(priceTry),
        market_value: roundMoney(marketValueTry),
        gain_loss: roundMoney(gainTry),
        gain_loss_percent: position.costTry > 0 ? roundPercent((gainTry / position.costTry) * 100) : 0,
        company_name: info?.name ?? null,
        sector: info?.sector ?? null,
        total_cost: roundMoney(position.costTry),
        previous_close: previousCloseTry === null ? null : roundMoney(previousCloseTry),
        daily_change: roundMoney(dayChangeTry),
        daily_change_percent: previousCloseTry
          ? roundPercent(((priceTry - previousCloseTry) / previousCloseTry) * 100)
          : 0,
        realized_gain_loss: roundMoney(state.realizedBySymbolTry.get(position.symbol) ?? 0),
        price_live: quote !== undefined,
      });
    }
    const netWorthTry = totalValueTry + state.cashTry;
    const weight = (valueTry: number) => (netWorthTry > 0 ? roundPercent((valueTry / netWorthTry) * 100) : 0);
    const holdings: Holding[] = rows
      .map((row) => ({
        ...row,
        weight_percent: weight(row.quantity * (livePricesTry.get(row.symbol) ?? row.current_price)),
      }))
      .sort((a, b) => b.market_value - a.market_value || a.symbol.localeCompare(b.symbol));

    // Today's point at live prices on top of the cached daily values; flows dated after the last close day
    // (e.g. a deposit today) belong to it.
    const lastDay = rangeCloses.daily.days[rangeCloses.daily.days.length - 1] ?? today;
    let flowAfterTry = 0;
    for (let i = ordered.length - 1; i >= 0 && ordered[i]!.tradeDate > lastDay; i--) {
      const tx = ordered[i]!;
      if (tx.type === 'deposit') flowAfterTry += tx.amountTry ?? 0;
      if (tx.type === 'withdraw') flowAfterTry -= tx.amountTry ?? 0;
    }
    // On a day without a session (weekend, holiday) the index quote still carries the last trading day: then the
    // live point replaces that day instead of adding a flat copy dated today.
    const benchmarkQuote = this.market.quote(BENCHMARK_SYMBOL);
    const sessionClosed = benchmarkQuote !== undefined && benchmarkQuote.date <= lastDay;
    const liveDate =
      sessionClosed && (ordered[ordered.length - 1]?.tradeDate ?? lastDay) <= lastDay ? lastDay : today;
    const series = performanceReturns(
      performanceWithLive(rangeCloses.daily, {
        date: liveDate,
        valueTry: netWorthTry,
        flowTry: flowAfterTry,
        benchmarkTry: benchmarkQuote?.priceTry ?? null,
      }),
    );
    const netContributionsTry = state.depositsTry - state.withdrawalsTry;

    return {
      overview: {
        total_value: roundMoney(totalValueTry),
        total_cost: roundMoney(totalCostTry),
        total_gain_loss: roundMoney(totalValueTry - totalCostTry),
        total_gain_loss_percent:
          totalCostTry > 0 ? roundPercent(((totalValueTry - totalCostTry) / totalCostTry) * 100) : 0,
        cash_balance: roundMoney(state.cashTry),
        net_worth: roundMoney(netWorthTry),
        net_contributions: roundMoney(netContributionsTry),
        realized_gain_loss: roundMoney(state.realizedTry),
        dividends: roundMoney(state.dividendsTry),
        fees: roundMoney(state.feesTry),
        total_return: roundMoney(netWorthTry - netContributionsTry),
        daily_change: roundMoney(dailyChangeTry),
        daily_change_percent:
          previousValueTry > 0 ? roundPercent((dailyChangeTry / previousValueTry) * 100) : 0,
        holdings_count: holdings.length,
        cash_weight_percent: weight(state.cashTry),
        range,
        twr_percent: series.twrFraction === null ? null : roundPercent(series.twrFraction * 100),
        benchmark_return_percent:
          series.benchmarkFraction === null ? null : roundPercent(series.benchmarkFraction * 100),
        is_demo: entry.isDemo,
      },
      holdings,
      performance: series.points.map((point) => ({
        date: point.date,
        value: roundMoney(point.valueTry),
        benchmark_value: point.benchmarkValueTry === null ? null : roundMoney(point.benchmarkValueTry),
        net_flow: roundMoney(point.netFlowTry),
        twr_percent: roundPercent(point.twrFraction * 100),
        benchmark_percent:
          point.benchmarkFraction === null ? null : roundPercent(point.benchmarkFraction * 100),
      })),
    };
  }

  /** The ledger, newest first, with each transaction's cash effect, realised P/L and the cash after it. */
  async listTransactions(
    userId: string,
    filter: { symbol?: string | undefined; type?: TransactionType | undefined } = {},
  ) {
    const entry = await this.ledger(userId);
    const result: PortfolioTransaction[] = [];
    for (let i = entry.rows.length - 1; i >= 0; i--) {
      const row = entry.rows[i]!;
      if (filter.symbol && row.symbol !== filter.symbol) continue;
      if (filter.type && row.type !== filter.type) continue;
      result.push(this.present(entry, row));
    }
    return result;
  }

  async exportCsv(userId: string): Promise<{ csv: string; fileName: string }> {
    const entry = await this.ledger(userId);
    const fileName = `portfoy-islemleri-${istanbulToday(this.clock.now())}.csv`;
    const csv = csvFormat(
      entry.replay.ordered.map((tx) => ({
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
    this.invalidate(userId);
  }

  /** Validates a CSV against the ledger without saving anything. */
  async previewImport(userId: string, csv: string, replace = false): Promise<CsvPreview> {
    const entry = await this.ledger(userId);
    return this.buildPreview(entry.rows, csv, replace).preview;
  }

  /** Saves every row of the CSV in one database transaction, or none (400 with the bad lines, 409 for the ledger). */
  async importCsv(
    userId: string,
    csv: string,
    replace = false,
  ): Promise<{ imported: number; replaced: number }> {
    const result = await this.repo.withLedgerLock(userId, async (repo) => {
      const existing = await repo.listTransactions(userId);
      const { preview, rows, violation } = this.buildPreview(existing, csv, replace);
      if (preview.file_errors.length > 0)
        throw new CsvImportInvalidError(PORTFOLIO_MESSAGES.csvFile(preview.file_errors.join(' ')), 'csv');
      if (preview.invalid_rows > 0) {
        const bad = preview.rows.filter((r) => !r.ok);
        const sample = bad
          .slice(0, 5)
          .map((r) => `Satır ${r.line}: ${r.errors.map((e) => `${e.field}: ${e.message}`).join(', ')}`)
          .join('; ');
        throw new CsvImportInvalidError(PORTFOLIO_MESSAGES.csvInvalid(bad.length, sample), 'csv');
      }
      if (violation) throw this.violationError(violation.violation, violation.line);
      const replaced = replace ? await repo.deleteAllTransactions(userId) : 0;
      const inserted = await repo.insertTransactions(
        userId,
        rows.map((r) => r.row),
      );
      return { imported: inserted.length, replaced };
    });
    this.invalidate(userId);
    return result;
  }

  /**
   * Seeds a new demo investor once: a deposit six months ago and a few holdings bought at past closes, so the
   * Portfolio page is alive on the first visit. Deterministic: the first DEMO_SYMBOLS the market knows.
   */
  async seedDemoAccount(userId: string, plan: DemoPlan): Promise<boolean> {
    const today = istanbulToday(this.clock.now());
    const rows = await buildDemoRows(this.market, today, plan);
    const seeded = await this.repo.withLedgerLock(userId, async (repo) => {
      if (!(await repo.markDemoSeeded(userId, this.clock.now()))) return false;
      if ((await repo.listTransactions(userId)).length > 0) return true;
      const replay = ledgerReplay(rows.map((row, i) => toLedger({ ...row, id: i + 1 })));
      if (!replay.ok) throw new Error(`demo ledger is invalid: ${ledgerViolationMessage(replay.violation)}`);
      await repo.insertTransactions(userId, rows);
      return true;
    });
    this.invalidate(userId);
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
    throw this.violationError(replay.violation, null, field);
  }

  private violationError(violation: LedgerViolation, line: number | null, field?: string): Error {
    const message = (line === null ? '' : `Satır ${line}: `) + ledgerViolationMessage(violation);
    return violation.kind === 'insufficient_shares'
      ? new InsufficientSharesError(message, field)
      : new InsufficientCashError(message, field);
  }

  private buildPreview(existing: readonly TransactionRow[], csv: string, replace: boolean) {
    const table = csvParse(csv);
    const today = istanbulToday(this.clock.now());
    const rows: ValidatedRow[] = [];
    const previewRows: CsvPreview['rows'] = [];
    for (const record of table.records) {
      const parsed = transactionInputSchema.safeParse(csvRecordToCandidate(record, table.delimiter));
      const errors: { field: string; message: string }[] = [];
      let row: NewTransactionRow | null = null;
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          errors.push({ field: issue.path.join('.') || 'row', message: issue.message });
      } else {
        row = toRow(parsed.data);
        if (row.tradeDate > today)
          errors.push({ field: 'date', message: PORTFOLIO_MESSAGES.futureDate(today) });
        if (row.tradeDate < EARLIEST_TRADE_DATE)
          errors.push({ field: 'date', message: PORTFOLIO_MESSAGES.tooOld });
        if (row.symbol && !this.market.hasStock(row.symbol))
          errors.push({ field: 'symbol', message: PORTFOLIO_MESSAGES.unknownSymbol(row.symbol) });
      }
      const ok = errors.length === 0 && row !== null;
      if (ok && row) rows.push({ line: record.line, row });
      previewRows.push({
        line: record.line,
        ok,
        errors,
        transaction:
          ok && row
            ? {
                type: row.type as TransactionType,
                date: row.tradeDate,
                symbol: row.symbol ?? null,
                quantity: row.quantity ?? null,
                price: row.priceTry ?? null,
                commission: row.commissionTry ?? 0,
                amount: row.amountTry ?? null,
                note: row.note ?? null,
              }
            : null,
      });
    }
    const invalid = previewRows.length - rows.length;
    let violation: { violation: LedgerViolation; line: number | null } | null = null;
    if (invalid === 0 && table.fileErrors.length === 0) {
      const base = replace ? [] : existing.map(toLedger);
      const firstId = existing.reduce((max, r) => Math.max(max, r.id), 0) + 1;
      const lineById = new Map<number, number>();
      const candidates = rows.map((r, i) => {
        lineById.set(firstId + i, r.line);
        return toLedger({ ...r.row, id: firstId + i });
      });
      const replay = ledgerReplay([...base, ...candidates]);
      if (!replay.ok)
        violation = {
          violation: replay.violation,
          line: lineById.get(replay.violation.transactionId) ?? null,
        };
    }
    const preview: CsvPreview = {
      rows: previewRows,
      total_rows: previewRows.length,
      valid_rows: rows.length,
      invalid_rows: invalid,
      ledger_error: violation
        ? { line: violation.line, message: ledgerViolationMessage(violation.violation) }
        : null,
      file_errors: table.fileErrors,
      can_import: table.fileErrors.length === 0 && invalid === 0 && violation === null,
    };
    return { preview, rows, violation };
  }

  private async presentAfterWrite(userId: string, id: number): Promise<PortfolioTransaction> {
    this.invalidate(userId);
    const entry = await this.ledger(userId);
    const row = entry.rows.find((r) => r.id === id);
    if (!row) throw new TransactionNotFoundError();
    return this.present(entry, row);
  }

  private present(entry: LedgerCacheEntry, row: TransactionRow): PortfolioTransaction {
    const effect = entry.replay.effects.get(row.id);
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

  /** The investor's replayed ledger: from memory, or one version query plus one ledger query. */
  private async ledger(userId: string): Promise<LedgerCacheEntry> {
    const cached = this.cache.get(userId);
    if (cached && this.clock.now().getTime() - cached.checkedAtMs < LEDGER_VERSION_CHECK_MS) return cached;
    // Requests arriving together after the check went stale share one version check (and one reload).
    return this.ledgerLoads.run(userId, () => this.loadLedger(userId));
  }

  /** After this process wrote a ledger: the next read reloads it, and a load already in flight is not kept. */
  private invalidate(userId: string): void {
    this.cache.delete(userId);
    this.ledgerLoads.forget(userId);
    this.invalidations += 1;
  }

  private async loadLedger(userId: string): Promise<LedgerCacheEntry> {
    const nowMs = this.clock.now().getTime();
    const invalidationsAtStart = this.invalidations;
    const cached = this.cache.get(userId);
    // Version first, rows second: a write in between makes the entry look older than it is (reloaded next time),
    // never newer.
    const account = await this.repo.account(userId);
    if (cached && cached.version === account.ledgerVersion && this.cache.get(userId) === cached) {
      cached.checkedAtMs = nowMs;
      return cached;
    }
    const rows = await this.repo.listTransactions(userId);
    const replay = ledgerReplay(rows.map(toLedger));
    if (!replay.ok)
      throw new Error(`stored ledger of ${userId} is invalid: ${ledgerViolationMessage(replay.violation)}`);
    this.loads += 1;
    const entry: LedgerCacheEntry = {
      version: account.ledgerVersion,
      load: this.loads,
      checkedAtMs: nowMs,
      isDemo: account.demoSeededAt !== null,
      rows,
      replay,
      ranges: new Map(),
    };
    // A write during the load may not be in these rows: serve them to the callers that asked before it, keep none.
    if (this.invalidations !== invalidationsAtStart) return entry;
    this.cache.delete(userId);
    this.cache.set(userId, entry);
    if (this.cache.size > LEDGER_CACHE_MAX_INVESTORS) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    return entry;
  }

  /** Daily closes of every symbol the ledger ever held and of XU100, fetched once per range and day. */
  private async rangeCloses(
    entry: LedgerCacheEntry,
    range: PerformanceRange,
    today: string,
  ): Promise<RangeCloses> {
    const cached = entry.ranges.get(range);
    if (cached) {
      const resolved = await cached;
      if (resolved.today === today) return resolved;
    }
    const start = rangeStartDate(range, today, entry.replay.ordered[0]?.tradeDate ?? null);
    const fromDate = dateAddDays(start, -CLOSES_LOOKBACK_DAYS);
    const symbols = [
      ...new Set(
        entry.replay.ordered.flatMap((tx) =>
          (tx.type === 'buy' || tx.type === 'sell') && tx.symbol ? [tx.symbol] : [],
        ),
      ),
    ];
    const firstDate = entry.replay.ordered[0]?.tradeDate ?? null;
    const pending = this.market
      .dailyClosesMany([...symbols, BENCHMARK_SYMBOL], fromDate, today)
      .then((closes) => {
        const daily = performanceDailyValues({
          transactions: entry.replay.ordered,
          dates: seriesDates(closes, range, today, firstDate),
          closes,
          benchmarkCloses: closes.get(BENCHMARK_SYMBOL) ?? [],
        });
        return { today, fromDate, closes, daily };
      });
    entry.ranges.set(range, pending); // concurrent requests share one fetch
    try {
      const resolved = await pending;
      entry.ranges.set(range, resolved);
      return resolved;
    } catch (error) {
      entry.ranges.delete(range);
      throw error;
    }
  }
}

/** Trading days of the range (the index's close days, else any symbol's), preceded by the anchor day before it. */
function seriesDates(
  closes: ReadonlyMap<string, readonly DailyClose[]>,
  range: PerformanceRange,
  today: string,
  firstDate: string | null,
): string[] {
  const start = rangeStartDate(range, today, firstDate);
  const benchmark = closes.get(BENCHMARK_SYMBOL) ?? [];
  const source = benchmark.length > 0 ? [benchmark] : [...closes.values()];
  const all = new Set<string>();
  for (const list of source) for (const close of list) if (close.date <= today) all.add(close.date);
  const sorted = [...all].sort();
  const before = sorted.filter((d) => d < start);
  const anchor = before.length > 0 ? before[before.length - 1]! : dateAddDays(start, -1);
  return [anchor, ...sorted.filter((d) => d >= start)];
}

// ───────────────────────────── demo seeding ─────────────────────────────

export interface DemoPlan {
  /** Deposit at the start, TRY. */
  depositTry: number;
  /** Budget per holding, TRY. */
  budgetPerHoldingTry: number;
  /** How many holdings to buy. */
  holdings: number;
  /** How many months ago the deposit is dated. */
  monthsAgo: number;
  /** Commission rate of the demo buys (fraction of the trade value). */
  commissionRate: number;
}

/** Liquid BIST 30 names, in the order demo accounts pick them (the first the market knows are used). */
export const DEMO_SYMBOLS = [
  'THYAO',
  'GARAN',
  'ASELS',
  'BIMAS',
  'KCHOL',
  'TUPRS',
  'EREGL',
  'AKBNK',
  'SISE',
  'FROTO',
  'YKBNK',
  'SAHOL',
] as const;
export const DEMO_DEPOSIT_NOTE = 'Demo hesabı başlangıç bakiyesi';
export const DEMO_BUY_NOTE = 'Demo hesabı örnek alım';
export const DEFAULT_DEMO_PLAN: DemoPlan = {
  depositTry: 1_000_000,
  budgetPerHoldingTry: 150_000,
  holdings: 5,
  monthsAgo: 6,
  commissionRate: 0.002,
};

/**
 * The demo ledger: the deposit `monthsAgo` months back, then one buy per symbol at its first close on or after
 * deposit day + 7 × i days (staggered, so the chart shows the money going in), quantity = ⌊budget / close⌋.
 * A symbol without closes is bought today at its live price; one without either is skipped.
 */
export async function buildDemoRows(
  market: MarketData,
  today: string,
  plan: DemoPlan,
): Promise<NewTransactionRow[]> {
  const depositDate = dateAddMonths(today, -plan.monthsAgo);
  const symbols = DEMO_SYMBOLS.filter((s) => market.hasStock(s)).slice(0, plan.holdings);
  const closes = await market.dailyClosesMany(symbols, depositDate, today);
  const rows: NewTransactionRow[] = [
    {
      type: 'deposit',
      tradeDate: depositDate,
      amountTry: plan.depositTry,
      commissionTry: 0,
      note: DEMO_DEPOSIT_NOTE,
    },
  ];
  let cashTry = plan.depositTry;
  symbols.forEach((symbol, i) => {
    const target = dateAddDays(depositDate, 7 * i);
    const close = (closes.get(symbol) ?? []).find((c) => c.date >= target && c.date <= today);
    const priceTry = close?.closeTry ?? market.quote(symbol)?.priceTry;
    if (!priceTry || priceTry <= 0) return;
    const quantity = Math.floor(plan.budgetPerHoldingTry / priceTry);
    const commissionTry = Math.round(quantity * priceTry * plan.commissionRate * 100) / 100;
    if (quantity <= 0 || quantity * priceTry + commissionTry > cashTry) return;
    cashTry -= quantity * priceTry + commissionTry;
    rows.push({
      type: 'buy',
      tradeDate: close?.date ?? today,
      symbol,
      quantity,
      priceTry,
      commissionTry,
      amountTry: null,
      note: DEMO_BUY_NOTE,
    });
  });
  return rows;
}
