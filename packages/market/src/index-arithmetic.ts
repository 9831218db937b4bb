// Capitalisation-weighted index arithmetic with a divisor (the BIST method, without free-float factors).
import { REAL_XU100_REFERENCE } from './data/real-reference.ts';
import type { SimulatedDay, StockModel } from './simulator.ts';

/** Members and market capitalisations (TRY) of one day; caps must cover the members of this and the previous day. */
export interface IndexCapDay {
  date: string;
  members: readonly string[];
  capsTry: ReadonlyMap<string, number>;
}

/** Index level of one day and the divisor it was computed with. */
export interface IndexLevelPoint {
  date: string;
  level: number;
  divisor: number;
  /** Σ member caps, TRY. */
  marketCapTry: number;
}

function sumCaps(members: readonly string[], capsTry: ReadonlyMap<string, number>, date: string): number {
  let total = 0;
  for (const symbol of members) {
    const cap = capsTry.get(symbol);
    if (cap === undefined) throw new RangeError(`no market cap for ${symbol} on ${date}`);
    total += cap;
  }
  return total;
}

const sameMembers = (a: readonly string[], b: readonly string[]) => {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((s) => set.has(s));
};

/** Divisor D with Σcap / D = level. */
export function indexDivisorForLevel(marketCapTry: number, targetLevel: number): number {
  if (!(marketCapTry > 0 && targetLevel > 0)) throw new RangeError('market cap and level must be positive');
  return marketCapTry / targetLevel;
}

/**
 * level_t = Σ_{i∈M_t} cap_{i,t} / D_t with D_0 = Σcap_0 / baseLevel; when membership changes, D_t = D_{t−1} ·
 * Σ_{M_t} cap_{t−1} / Σ_{M_{t−1}} cap_{t−1}, so yesterday's close is the same under the old and the new members.
 */
export function indexLevels(days: readonly IndexCapDay[], baseLevel: number): IndexLevelPoint[] {
  const points: IndexLevelPoint[] = [];
  let divisor = 0;
  let previous: IndexCapDay | undefined;
  for (const day of days) {
    if (!previous) divisor = indexDivisorForLevel(sumCaps(day.members, day.capsTry, day.date), baseLevel);
    else if (!sameMembers(previous.members, day.members)) {
      const oldBasket = sumCaps(previous.members, previous.capsTry, previous.date);
      const newBasket = sumCaps(day.members, previous.capsTry, previous.date);
      divisor *= newBasket / oldBasket;
    }
    const marketCapTry = sumCaps(day.members, day.capsTry, day.date);
    points.push({ date: day.date, level: marketCapTry / divisor, divisor, marketCapTry });
    previous = day;
  }
  return points;
}

/** Live level Σ_{i∈M} shares_i · price_i / divisor, e.g. from intraday prices with the last bar's divisor. */
export function indexLevelFromPrices(
  members: readonly string[],
  priceTryOf: (symbol: string) => number,
  sharesOf: (symbol: string) => number,
  divisor: number,
): number {
  let capTry = 0;
  for (const symbol of members) capTry += sharesOf(symbol) * priceTryOf(symbol);
  return capTry / divisor;
}

/**
 * Rescales the divisor series by one factor so the level on `onDate` (default: the last point; if that date is not in
 * the series, the last point before it) equals targetLevel; returns are unchanged.
 */
export function rescaleIndexLevels(
  points: readonly IndexLevelPoint[],
  targetLevel: number,
  onDate?: string,
): IndexLevelPoint[] {
  const pinned = onDate === undefined ? points.at(-1) : points.filter((p) => p.date <= onDate).at(-1);
  if (!pinned) return [...points];
  const factor = targetLevel / pinned.level;
  return points.map((p) => ({ ...p, level: p.level * factor, divisor: p.divisor / factor }));
}

/** One simulated index bar. Levels in index points; volume is Σ member shares, turnover Σ close × volume in TRY. */
export interface IndexBar {
  date: string;
  openLevel: number;
  highLevel: number;
  lowLevel: number;
  closeLevel: number;
  volumeShares: number;
  turnoverTry: number;
  marketCapTry: number;
  divisor: number;
}

/**
 * Members' highs are not simultaneous, so the index high is max(open, close) plus this share of the cap-weighted
 * member upper wicks (and likewise the low); tuned so the XU100 median daily range is near the real 1.6 %.
 */
export const INDEX_WICK_DIVERSIFICATION = 0.35;

export interface IndexBarOptions {
  /** Level on the first day (default 10,000) unless targetLevel is given. */
  baseLevel?: number;
  /** Level to reach on the last day (or on targetDate); the divisor is chosen accordingly (e.g. XU100's real 14,321.2). */
  targetLevel?: number;
  /**
   * Day on which targetLevel holds. Pin a fixed date (e.g. XU100_TARGET_DATE) when the series keeps growing, so
   * earlier levels do not shift each time a day is added.
   */
  targetDate?: string;
  /** Members on a date, for membership changes; defaults to the constant `members`. */
  membersOn?: (date: string) => readonly string[];
}

/** Cap-weighted OHLC bars of an index from simulated days; caps are shares outstanding × price. */
export function indexBarsFromDays(
  days: readonly SimulatedDay[],
  models: readonly StockModel[],
  members: readonly string[],
  options: IndexBarOptions = {},
): IndexBar[] {
  const shares = new Map(models.map((m) => [m.symbol, m.sharesOutstanding]));
  const membersOn = options.membersOn ?? (() => members);
  const capDays: IndexCapDay[] = days.map((day) => {
    const capsTry = new Map<string, number>();
    for (const bar of day.bars) capsTry.set(bar.symbol, bar.closeTry * (shares.get(bar.symbol) ?? 0));
    return { date: day.date, members: membersOn(day.date).filter((s) => capsTry.has(s)), capsTry };
  });
  let levels = indexLevels(capDays, options.baseLevel ?? 10_000);
  if (options.targetLevel !== undefined)
    levels = rescaleIndexLevels(levels, options.targetLevel, options.targetDate);
  return days.map((day, t) => {
    const point = levels[t];
    const memberSet = new Set(capDays[t]?.members ?? []);
    let open = 0;
    let upWick = 0;
    let downWick = 0;
    let volumeShares = 0;
    let turnoverTry = 0;
    for (const bar of day.bars) {
      if (!memberSet.has(bar.symbol)) continue;
      const n = shares.get(bar.symbol) ?? 0;
      open += n * bar.openTry;
      upWick += n * (bar.highTry - Math.max(bar.openTry, bar.closeTry));
      downWick += n * (Math.min(bar.openTry, bar.closeTry) - bar.lowTry);
      volumeShares += bar.volumeShares;
      turnoverTry += bar.volumeShares * bar.closeTry;
    }
    const divisor = point?.divisor ?? 1;
    const closeLevel = point?.level ?? 0;
    const openLevel = open / divisor;
    return {
      date: day.date,
      openLevel,
      highLevel: Math.max(openLevel, closeLevel) + (INDEX_WICK_DIVERSIFICATION * upWick) / divisor,
      lowLevel: Math.min(openLevel, closeLevel) - (INDEX_WICK_DIVERSIFICATION * downWick) / divisor,
      closeLevel,
      volumeShares,
      turnoverTry,
      marketCapTry: point?.marketCapTry ?? 0,
      divisor,
    };
  });
}

/** XU100's real last close (real_daily/XU100.csv, 2026-07-10): the level the simulated XU100 is pinned to. */
export const XU100_TARGET_LEVEL: number = REAL_XU100_REFERENCE.lastClose;
/** Date of XU100's real last close (2026-07-10). */
export const XU100_TARGET_DATE: string = REAL_XU100_REFERENCE.lastDate;
