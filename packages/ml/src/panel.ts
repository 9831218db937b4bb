/**
 * The panel: daily bars of many stocks and the market index on one shared calendar.
 * Every series' arrays are aligned to `Panel.dates`; a missing bar (not listed yet, suspended) is NaN in all fields.
 */

/** OHLCV arrays aligned to a calendar; NaN where the instrument has no bar that day. */
export interface BarArrays {
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}

/** One stock of the panel: identity plus its bars on the panel calendar. */
export interface PanelSeries extends BarArrays {
  symbol: string;
  sector: string;
}

/** Stocks and the market index (XU100) on one ascending calendar of 'YYYY-MM-DD' dates. */
export interface Panel {
  dates: readonly string[];
  series: readonly PanelSeries[];
  market: BarArrays;
}

/** One instrument's bars on its own dates (ascending 'YYYY-MM-DD'), as loaded from storage. */
export interface SeriesBars extends BarArrays {
  dates: readonly string[];
}

/** A stock's bars with its symbol and sector, before alignment. */
export interface StockBars extends SeriesBars {
  symbol: string;
  sector: string;
}

/** Thrown when bars are malformed (unsorted dates, arrays of different lengths). */
export class PanelInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PanelInputError';
  }
}

function checkBars(label: string, bars: SeriesBars): void {
  const n = bars.dates.length;
  for (const key of ['open', 'high', 'low', 'close', 'volume'] as const) {
    if (bars[key].length !== n)
      throw new PanelInputError(`${label}: ${key} has ${bars[key].length} values, dates ${n}`);
  }
  for (let i = 1; i < n; i++) {
    if (bars.dates[i]! <= bars.dates[i - 1]!)
      throw new PanelInputError(`${label}: dates not strictly ascending at ${i}`);
  }
}

function alignBars(bars: SeriesBars, dayOf: ReadonlyMap<string, number>, nDays: number): BarArrays {
  const out: BarArrays = {
    open: new Float64Array(nDays).fill(NaN),
    high: new Float64Array(nDays).fill(NaN),
    low: new Float64Array(nDays).fill(NaN),
    close: new Float64Array(nDays).fill(NaN),
    volume: new Float64Array(nDays).fill(NaN),
  };
  for (let i = 0; i < bars.dates.length; i++) {
    const d = dayOf.get(bars.dates[i]!);
    if (d === undefined) continue;
    const close = bars.close[i]!;
    // A bar without a positive close cannot produce a log return: treat it as missing.
    if (!(close > 0)) continue;
    out.close[d] = close;
    out.open[d] = bars.open[i]!;
    out.high[d] = bars.high[i]!;
    out.low[d] = bars.low[i]!;
    out.volume[d] = bars.volume[i]!;
  }
  return out;
}

/**
 * Aligns stocks and the market onto the union of their dates (sorted ascending).
 * Invariant: every returned array has length `dates.length`; closes are either NaN or > 0.
 */
export function panelFromBars(stocks: readonly StockBars[], market: SeriesBars): Panel {
  checkBars('market', market);
  const all = new Set<string>(market.dates);
  for (const s of stocks) {
    checkBars(s.symbol, s);
    for (const d of s.dates) all.add(d);
  }
  const dates = [...all].sort();
  const dayOf = new Map<string, number>();
  dates.forEach((d, i) => dayOf.set(d, i));
  return {
    dates,
    market: alignBars(market, dayOf, dates.length),
    series: stocks.map((s) => ({ symbol: s.symbol, sector: s.sector, ...alignBars(s, dayOf, dates.length) })),
  };
}
