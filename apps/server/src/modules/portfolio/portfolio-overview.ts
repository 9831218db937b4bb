import type { Holding, PerformanceRange, PortfolioOverview } from '@bist/contracts';
import { roundMoney, roundPercent } from '@/lib/money';
import type { DailyClose, MarketData } from '@/market/market-data';
import { dateAddDays, rangeStartDate } from './dates.ts';
import { positionDayChange } from './day-change.ts';
import type { LedgerTransaction } from './ledger.ts';
import type { CachedLedger } from './ledger-cache.ts';
import {
  performanceDailyValues,
  performanceReturns,
  performanceWithLive,
  type DailyValues,
} from './performance.ts';
import { unitReturns, type UnitSeries } from './unit-returns.ts';

/** The reference series the unit returns read (the reference-series capability), and a version of them. */
export interface ReferenceSeriesReader {
  comparisonSeries(): Promise<UnitSeries>;
  /** Moves when the stored series may have changed (kept answers are then built again). */
  version(): string;
}

const NO_SERIES: UnitSeries = {
  cpi: [],
  cpiSource: null,
  usdTry: [],
  goldTryGram: [],
  depositRate: [],
  depositSource: null,
};

/** The benchmark index of the performance chart. */
export const BENCHMARK_SYMBOL = 'XU100';
/** Closes are fetched from this many days before the range so the anchor day and carry-forward have a price. */
const CLOSES_LOOKBACK_DAYS = 15;

interface RangeCloses {
  today: string;
  fromDate: string;
  closes: Map<string, DailyClose[]>;
  /** Portfolio value per day at the closes (no live point): computed once per ledger, range and day. */
  daily: DailyValues;
}

type ClosesByRange = Map<PerformanceRange, RangeCloses | Promise<RangeCloses>>;

/**
 * Builds the Portfolio page's overview of a replayed ledger: holdings valued at the live quotes, the summary figures
 * and the daily performance against XU100. The closes behind a range's series are fetched once per ledger, range
 * and day, and forgotten with the ledger.
 */
export class PortfolioOverviewBuilder {
  /** Closes per range of each ledger (a promise while they are fetched: concurrent requests share one fetch). */
  private readonly closesByLedger = new WeakMap<CachedLedger, ClosesByRange>();

  constructor(
    private readonly market: MarketData,
    private readonly references: ReferenceSeriesReader | null = null,
  ) {}

  /** The overview of a ledger at the live quotes: summary figures, holdings and the performance series of a range. */
  async build(ledger: CachedLedger, range: PerformanceRange, today: string): Promise<PortfolioOverview> {
    const { state, ordered } = ledger.replay;
    const rangeCloses = await this.rangeCloses(ledger, range, today);

    let totalValueTry = 0;
    let totalCostTry = 0;
    let dailyChangeTry = 0;
    let previousValueTry = 0;
    const livePricesTry = new Map<string, number>();
    const rows: Omit<Holding, 'weight_percent'>[] = [];
    // The transactions of today's session, newest first: a lot bought today is measured from its buy price.
    const sessionTransactions = (sessionDate: string) => {
      const found: LedgerTransaction[] = [];
      for (let i = ordered.length - 1; i >= 0 && ordered[i]!.tradeDate >= sessionDate; i--)
        found.push(ordered[i]!);
      return found;
    };
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
      const day = positionDayChange({
        quantity: position.quantity,
        priceTry,
        previousCloseTry,
        sessionTransactions: sessionTransactions(quote?.date ?? today).filter(
          (tx) => tx.symbol === position.symbol,
        ),
      });
      const dayChangeTry = day.changeTry;
      totalValueTry += marketValueTry;
      totalCostTry += position.costTry;
      dailyChangeTry += dayChangeTry;
      previousValueTry += day.baseTry;
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
        daily_change_percent: day.baseTry > 0 ? roundPercent((dayChangeTry / day.baseTry) * 100) : 0,
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
    const units = unitReturns(series, this.references ? await this.references.comparisonSeries() : NO_SERIES);

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
        is_demo: ledger.isDemo,
        allow_negative_cash: ledger.allowNegativeCash,
      },
      comparisons: units.comparisons,
      holdings,
      performance: series.points.map((point, i) => ({
        date: point.date,
        value: roundMoney(point.valueTry),
        benchmark_value: point.benchmarkValueTry === null ? null : roundMoney(point.benchmarkValueTry),
        net_flow: roundMoney(point.netFlowTry),
        twr_percent: roundPercent(point.twrFraction * 100),
        benchmark_percent:
          point.benchmarkFraction === null ? null : roundPercent(point.benchmarkFraction * 100),
        real_percent: units.portfolio.real[i] ?? null,
        usd_percent: units.portfolio.usd[i] ?? null,
        gold_percent: units.portfolio.gold[i] ?? null,
        benchmark_real_percent: units.benchmark.real[i] ?? null,
        benchmark_usd_percent: units.benchmark.usd[i] ?? null,
        benchmark_gold_percent: units.benchmark.gold[i] ?? null,
      })),
    };
  }

  /** Daily closes of every symbol the ledger ever held and of XU100, fetched once per range and day. */
  private async rangeCloses(
    ledger: CachedLedger,
    range: PerformanceRange,
    today: string,
  ): Promise<RangeCloses> {
    let ranges = this.closesByLedger.get(ledger);
    if (!ranges) {
      ranges = new Map();
      this.closesByLedger.set(ledger, ranges);
    }
    const cached = ranges.get(range);
    if (cached) {
      const resolved = await cached;
      if (resolved.today === today) return resolved;
    }
    const start = rangeStartDate(range, today, ledger.replay.ordered[0]?.tradeDate ?? null);
    const fromDate = dateAddDays(start, -CLOSES_LOOKBACK_DAYS);
    const symbols = [
      ...new Set(
        ledger.replay.ordered.flatMap((tx) =>
          (tx.type === 'buy' || tx.type === 'sell') && tx.symbol ? [tx.symbol] : [],
        ),
      ),
    ];
    const firstDate = ledger.replay.ordered[0]?.tradeDate ?? null;
    const pending = this.market
      .dailyClosesMany([...symbols, BENCHMARK_SYMBOL], fromDate, today)
      .then((closes) => {
        const daily = performanceDailyValues({
          transactions: ledger.replay.ordered,
          dates: seriesDates(closes, range, today, firstDate),
          closes,
          benchmarkCloses: closes.get(BENCHMARK_SYMBOL) ?? [],
        });
        return { today, fromDate, closes, daily };
      });
    ranges.set(range, pending); // concurrent requests share one fetch
    try {
      const resolved = await pending;
      ranges.set(range, resolved);
      return resolved;
    } catch (error) {
      ranges.delete(range);
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
