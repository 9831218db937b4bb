import { parseDecimal } from '@/lib/parse-decimal';
import type { Holding, PortfolioOverview } from '@bist/contracts';

/** 'Güçlü' above +10 %, 'Zayıf' below −10 %, nothing in between (exactly 10 % gets none). */
export type HoldingBadge = 'strong' | 'weak' | null;

export const BADGE_THRESHOLD_PERCENT = 10;

export function holdingBadge(gainLossPercent: number | null | undefined): HoldingBadge {
  if (typeof gainLossPercent !== 'number' || !Number.isFinite(gainLossPercent)) return null;
  if (Math.abs(gainLossPercent) <= BADGE_THRESHOLD_PERCENT) return null;
  return gainLossPercent > 0 ? 'strong' : 'weak';
}

export interface PieSlice {
  name: string;
  value: number;
  percent: number;
  isCash: boolean;
}

export const CASH_SLICE_NAME = 'Nakit';

/** The allocation pie: one slice per holding with a positive value, plus 'Nakit' when cash > 0. Largest first, cash last. */
export function allocationSlices(
  holdings: readonly Pick<Holding, 'symbol' | 'market_value'>[],
  cashBalance: number,
): PieSlice[] {
  const stocks = holdings
    .filter((h) => h.market_value > 0)
    .map((h) => ({ name: h.symbol, value: h.market_value, isCash: false }))
    .sort((a, b) => b.value - a.value);
  const all =
    cashBalance > 0 ? [...stocks, { name: CASH_SLICE_NAME, value: cashBalance, isCash: true }] : stocks;
  const total = all.reduce((sum, s) => sum + s.value, 0);
  return all.map((s) => ({ ...s, percent: total > 0 ? (s.value / total) * 100 : 0 }));
}

/** True when the server has nothing to show: no holdings, no cash, no history (the page then shows a sample). */
export function isEmptyPortfolio(data: PortfolioOverview | undefined): boolean {
  if (!data) return false;
  return (
    data.holdings.length === 0 &&
    data.overview.cash_balance === 0 &&
    data.performance.every((p) => p.value === 0)
  );
}

/** Today in Europe/Istanbul as YYYY-MM-DD (the ledger's date). */
export function istanbulToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Istanbul',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export interface TradeFormValues {
  symbol: string;
  quantity: string;
  price: string;
  date: string;
  commission: string;
}

export type TradeField = keyof TradeFormValues;
export type TradeErrors = Partial<Record<TradeField, string>>;

/** Client-side checks of the buy/sell form, in Turkish; `maxQuantity` limits a sell to what is held. */
export function validateTradeForm(
  values: TradeFormValues,
  options: { today: string; maxQuantity?: number | undefined },
): TradeErrors {
  const errors: TradeErrors = {};
  if (!values.symbol.trim()) errors.symbol = 'Hisse seçin';

  const quantity = parseDecimal(values.quantity);
  if (values.quantity.trim() === '') errors.quantity = 'Adet gerekli';
  else if (Number.isNaN(quantity)) errors.quantity = 'Adet sayı olmalı';
  else if (!Number.isInteger(quantity)) errors.quantity = 'Adet tam sayı olmalı (1 lot = 1 hisse)';
  else if (quantity <= 0) errors.quantity = 'Adet sıfırdan büyük olmalı';
  else if (options.maxQuantity !== undefined && quantity > options.maxQuantity)
    errors.quantity = `En fazla ${options.maxQuantity} adet satılabilir`;

  const price = parseDecimal(values.price);
  if (values.price.trim() === '') errors.price = 'Fiyat gerekli';
  else if (Number.isNaN(price)) errors.price = 'Fiyat sayı olmalı';
  else if (price <= 0) errors.price = 'Fiyat sıfırdan büyük olmalı';

  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) errors.date = 'Tarih gerekli';
  else if (values.date > options.today) errors.date = 'Tarih bugünden sonra olamaz';

  if (values.commission.trim() !== '') {
    const commission = parseDecimal(values.commission);
    if (Number.isNaN(commission)) errors.commission = 'Komisyon sayı olmalı';
    else if (commission < 0) errors.commission = 'Komisyon negatif olamaz';
  }
  return errors;
}

/** A price for an input field: '123,45' (tr-TR, no grouping). */
export function priceInputText(value: number): string {
  return value.toFixed(2).replace('.', ',');
}

/** The example portfolio shown only while the server has no data, labelled 'Örnek veri'. */
export function samplePortfolio(today: string = istanbulToday()): PortfolioOverview {
  const holdings: Holding[] = [
    sampleHolding('THYAO', 'Türk Hava Yolları', 100, 245.5, 289.75),
    sampleHolding('GARAN', 'Garanti BBVA', 200, 98.2, 104.3),
    sampleHolding('ASELS', 'Aselsan', 150, 62.4, 54.8),
    sampleHolding('BIMAS', 'BİM Birleşik Mağazalar', 40, 410.0, 452.25),
  ];
  const totalValue = holdings.reduce((s, h) => s + h.market_value, 0);
  const totalCost = holdings.reduce((s, h) => s + h.total_cost, 0);
  const cash = 15_000;
  const start = new Date(`${today}T00:00:00Z`);
  const performance = Array.from({ length: 26 }, (_, i) => {
    const date = new Date(start);
    date.setUTCDate(start.getUTCDate() - (25 - i) * 7);
    const base = (totalCost + cash) * (1 + (i / 25) * 0.08 + Math.sin(i / 3) * 0.02);
    const bench = (totalCost + cash) * (1 + (i / 25) * 0.05 + Math.cos(i / 4) * 0.015);
    return {
      date: date.toISOString().slice(0, 10),
      value: Math.round(base * 100) / 100,
      benchmark_value: Math.round(bench * 100) / 100,
      net_flow: 0,
      twr_percent: (base / (totalCost + cash) - 1) * 100,
      benchmark_percent: (bench / (totalCost + cash) - 1) * 100,
    };
  });
  const gain = totalValue - totalCost;
  return {
    overview: {
      total_value: totalValue,
      total_cost: totalCost,
      total_gain_loss: gain,
      total_gain_loss_percent: (gain / totalCost) * 100,
      cash_balance: cash,
      net_worth: totalValue + cash,
      net_contributions: totalCost + cash,
      realized_gain_loss: 0,
      dividends: 0,
      fees: 0,
      total_return: gain,
      daily_change: 0,
      daily_change_percent: 0,
      holdings_count: holdings.length,
      cash_weight_percent: (cash / (totalValue + cash)) * 100,
      range: '6A',
      twr_percent: performance.at(-1)?.twr_percent ?? null,
      benchmark_return_percent: performance.at(-1)?.benchmark_percent ?? null,
      is_demo: false,
      allow_negative_cash: false,
    },
    holdings,
    performance,
  };
}

function sampleHolding(
  symbol: string,
  name: string,
  quantity: number,
  avgCost: number,
  price: number,
): Holding {
  const marketValue = quantity * price;
  const totalCost = quantity * avgCost;
  return {
    symbol,
    quantity,
    avg_cost: avgCost,
    current_price: price,
    market_value: marketValue,
    gain_loss: marketValue - totalCost,
    gain_loss_percent: ((price - avgCost) / avgCost) * 100,
    company_name: name,
    sector: null,
    total_cost: totalCost,
    previous_close: null,
    daily_change: 0,
    daily_change_percent: 0,
    weight_percent: 0,
    realized_gain_loss: 0,
    price_live: false,
  };
}
