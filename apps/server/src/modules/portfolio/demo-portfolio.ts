// The demo portfolio ('Demo portföy yükle'): a deposit and a few holdings bought at past closes, every row marked as
// demo so it is labelled and removed in one step.
import type { Clock } from '@/lib/clock';
import type { MarketData } from '@/market/market-data';
import { dateAddDays, dateAddMonths, istanbulToday } from './dates.ts';
import { ledgerReplay, ledgerViolationMessage } from './ledger.ts';
import { DemoNeedsEmptyPortfolioError } from './portfolio.errors.ts';
import type { NewTransactionRow, PortfolioRepository } from './portfolio.repository.ts';
import { toLedger } from './transaction-rows.ts';

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
      isDemo: true,
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
      isDemo: true,
    });
  });
  return rows;
}

/**
 * Loads the demo ledger into an empty portfolio, under the ledger lock (409 when the investor already has
 * transactions: demo figures never mix with real ones). Deterministic: the first DEMO_SYMBOLS the market knows.
 * Returns how many transactions were written.
 */
export async function loadDemoPortfolio(
  deps: { repo: PortfolioRepository; market: MarketData; clock: Clock },
  userId: string,
  plan: DemoPlan,
): Promise<number> {
  const { repo, market, clock } = deps;
  const rows = await buildDemoRows(market, istanbulToday(clock.now()), plan);
  return repo.withLedgerLock(userId, async (locked) => {
    if ((await locked.listTransactions(userId)).length > 0) throw new DemoNeedsEmptyPortfolioError();
    const replay = ledgerReplay(rows.map((row, i) => toLedger({ ...row, id: i + 1 })));
    if (!replay.ok) throw new Error(`demo ledger is invalid: ${ledgerViolationMessage(replay.violation)}`);
    return (await locked.insertTransactions(userId, rows)).length;
  });
}
