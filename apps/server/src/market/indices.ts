import type { DailyBar } from '@bist/market';

/**
 * Capitalisation-weighted index arithmetic over STORED data: level = Σ shares_i · price_i / divisor, tolerating
 * members without a price or a bar (imported histories have gaps), which @bist/market's simulator-side helpers
 * (indexLevelFromPrices, indexBarsFromDays) do not need to. The divisor (indexDivisorForLevel) is fixed when an
 * index is first computed and stored, so levels stay continuous across restarts.
 */
export function indexCapitalisation(
  members: readonly string[],
  shares: (symbol: string) => number | undefined,
  price: (symbol: string) => number | undefined,
): number {
  let cap = 0;
  for (const symbol of members) {
    const s = shares(symbol);
    const p = price(symbol);
    if (s !== undefined && p !== undefined) cap += s * p;
  }
  return cap;
}

export interface MemberDay {
  bar: DailyBar | undefined;
  /** Last close before this day, carried forward when the member has no bar that day. */
  lastCloseTry: number | undefined;
  turnoverTry: number;
}

/**
 * An index's daily bar from its members' bars. Open and close are exact cap-weighted levels; high and low are
 * the cap-weighted members' highs and lows, which bound the true intraday extremes (members peak at different times).
 * Members without a bar that day count at their last close (no volume).
 */
export function indexDailyBar(
  date: string,
  members: readonly MemberDay[],
  shares: readonly number[],
  divisor: number,
): (DailyBar & { turnoverTry: number }) | undefined {
  let open = 0;
  let high = 0;
  let low = 0;
  let close = 0;
  let volume = 0;
  let turnover = 0;
  let priced = 0;
  for (let i = 0; i < members.length; i += 1) {
    const m = members[i]!;
    const s = shares[i]!;
    if (m.bar) {
      open += s * m.bar.openTry;
      high += s * m.bar.highTry;
      low += s * m.bar.lowTry;
      close += s * m.bar.closeTry;
      volume += m.bar.volumeShares;
      turnover += m.turnoverTry;
      priced += 1;
    } else if (m.lastCloseTry !== undefined) {
      const c = s * m.lastCloseTry;
      open += c;
      high += c;
      low += c;
      close += c;
    }
  }
  if (priced === 0) return undefined;
  const r = (x: number) => Math.round((x / divisor) * 100) / 100;
  return {
    date,
    openTry: r(open),
    highTry: r(high),
    lowTry: r(low),
    closeTry: r(close),
    volumeShares: volume,
    turnoverTry: turnover,
  };
}
