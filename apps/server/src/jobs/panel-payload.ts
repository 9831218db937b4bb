/** Builds the flat panel the ML workers take from per-symbol bars (database rows, simulator days or CSV files). */
import type { PanelPayload } from './ml-protocol.ts';

/** One instrument's bars on its own ascending dates. */
export interface SymbolBars {
  symbol: string;
  sector: string;
  dates: readonly string[];
  open: ArrayLike<number>;
  high: ArrayLike<number>;
  low: ArrayLike<number>;
  close: ArrayLike<number>;
  volume: ArrayLike<number>;
}

/**
 * Aligns stocks and the market index on the union of their dates. Invariant: every stock array has
 * symbols.length × dates.length values, NaN where a stock has no bar (or a non-positive close).
 */
export function panelPayloadOf(stocks: readonly SymbolBars[], market: SymbolBars): PanelPayload {
  const all = new Set<string>(market.dates);
  for (const s of stocks) for (const d of s.dates) all.add(d);
  const dates = [...all].sort();
  const dayOf = new Map(dates.map((d, i) => [d, i]));
  const nDays = dates.length;
  const n = stocks.length * nDays;
  const make = (len: number) => new Float64Array(len).fill(NaN);
  const p: PanelPayload = {
    dates,
    symbols: stocks.map((s) => s.symbol),
    sectors: stocks.map((s) => s.sector),
    open: make(n),
    high: make(n),
    low: make(n),
    close: make(n),
    volume: make(n),
    marketOpen: make(nDays),
    marketHigh: make(nDays),
    marketLow: make(nDays),
    marketClose: make(nDays),
    marketVolume: make(nDays),
  };
  stocks.forEach((s, i) => {
    const base = i * nDays;
    for (let k = 0; k < s.dates.length; k++) {
      const d = dayOf.get(s.dates[k]!)!;
      if (!(s.close[k]! > 0)) continue;
      p.open[base + d] = s.open[k]!;
      p.high[base + d] = s.high[k]!;
      p.low[base + d] = s.low[k]!;
      p.close[base + d] = s.close[k]!;
      p.volume[base + d] = s.volume[k]!;
    }
  });
  for (let k = 0; k < market.dates.length; k++) {
    const d = dayOf.get(market.dates[k]!)!;
    if (!(market.close[k]! > 0)) continue;
    p.marketOpen[d] = market.open[k]!;
    p.marketHigh[d] = market.high[k]!;
    p.marketLow[d] = market.low[k]!;
    p.marketClose[d] = market.close[k]!;
    p.marketVolume[d] = market.volume[k]!;
  }
  return p;
}
