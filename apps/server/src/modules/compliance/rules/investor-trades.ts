/** One recorded trade of an investor (a buy or sell row of the portfolio ledger). */
export interface InvestorTrade {
  id: number;
  userId: string;
  type: 'buy' | 'sell';
  /** YYYY-MM-DD. */
  tradeDate: string;
  symbol: string;
  quantity: number;
  priceTry: number;
}

export const tradeEvent = (t: InvestorTrade): Record<string, unknown> => ({
  trade_id: t.id,
  type: t.type,
  trade_date: t.tradeDate,
  symbol: t.symbol,
  quantity: t.quantity,
  price_try: t.priceTry,
  value_try: Math.round(t.quantity * t.priceTry * 100) / 100,
});
