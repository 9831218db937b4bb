// Returns measured in something other than nominal lira: against consumer prices (real), in dollars or euros, in
// gram gold, and the deposit benchmark's return. One place for the definitions, each with a worked example in its
// test (real-returns.test.ts). Pure: the series come in as arguments.
//
// Conventions
// - A *unit price* is what one unit costs in lira on a day: USD/TRY, EUR/TRY, gram gold in TRY, or the consumer
//   price index (then the unit is "a basket of consumer goods", and a return in it is the real return).
// - Time-weighted return in a unit: the same daily sub-periods as the lira TWR (flows at the start of their day, so
//   r = V_day / (V_prev + F_day) − 1), with every lira amount divided by that day's unit price:
//   r_u = (V_day / u_day) / (V_prev / u_prev + F_day / u_day) − 1. A flow is converted at its own day's price.
// - The monthly CPI is a month's average price level. A day's CPI is interpolated geometrically between the middles
//   of the months around it (the 15th); after the latest published month it is carried forward (no inflation is
//   assumed for days not yet measured), and the answer says so and names the month it comes from.
// - The deposit benchmark compounds its annual simple rate daily on the actual/365 basis Turkish banks quote:
//   growth = Π over calendar days (1 + rate_day / 365), using the rate in force on each day.

/** One month of a monthly index, `month` as YYYY-MM. */
export interface MonthlyPoint {
  month: string;
  value: number;
}

/** One day of a daily series, `date` as YYYY-MM-DD. */
export interface DailyPoint {
  date: string;
  value: number;
}

/** Real return from a nominal return and the inflation over the same period (fractions): (1 + n) / (1 + i) − 1. */
export function realReturn(nominal: number, inflation: number): number {
  return (1 + nominal) / (1 + inflation) - 1;
}

/** A return in another unit from the lira return and the unit's price change (fractions): (1 + r) / (1 + Δu) − 1. */
export function returnInUnit(nominalTry: number, unitPriceChange: number): number {
  return realReturn(nominalTry, unitPriceChange);
}

const DAY_MS = 86_400_000;

function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}

function monthIndex(month: string): number {
  return Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
}

function monthOf(index: number): string {
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The day a month's average is placed at: its 15th. */
function monthMiddle(month: string): number {
  return dayNumber(`${month}-15`);
}

/** The months missing between the first and the last of a monthly series (each YYYY-MM), in order. */
export function missingMonths(series: readonly MonthlyPoint[]): string[] {
  const have = new Set(series.map((p) => monthIndex(p.month)));
  if (have.size === 0) return [];
  const first = Math.min(...have);
  const last = Math.max(...have);
  const missing: string[] = [];
  for (let m = first; m <= last; m++) if (!have.has(m)) missing.push(monthOf(m));
  return missing;
}

export interface CpiOnDay {
  value: number;
  /** The latest month whose figure the value rests on. */
  month: string;
  /** 'interpolated' between two published months, or 'carried-forward' from the latest one. */
  method: 'interpolated' | 'carried-forward';
}

/**
 * The CPI of a day from the monthly index (sorted or not; a series with missing months is refused: a gap is
 * reported by `missingMonths`, never filled in here). Null before the middle of the first month.
 */
export function cpiOnDay(series: readonly MonthlyPoint[], date: string): CpiOnDay | null {
  if (series.length === 0) return null;
  const gaps = missingMonths(series);
  if (gaps.length > 0) throw new RangeError(`the CPI series misses ${gaps.join(', ')}`);
  const sorted = [...series].sort((a, b) => monthIndex(a.month) - monthIndex(b.month));
  const day = dayNumber(date);
  const last = sorted.at(-1)!;
  if (day >= monthMiddle(last.month))
    return { value: last.value, month: last.month, method: 'carried-forward' };
  if (day < monthMiddle(sorted[0]!.month)) return null;
  let i = 0;
  while (monthMiddle(sorted[i + 1]!.month) <= day) i++;
  const a = sorted[i]!;
  const b = sorted[i + 1]!;
  const t0 = monthMiddle(a.month);
  const w = (day - t0) / (monthMiddle(b.month) - t0);
  if (w === 0) return { value: a.value, month: a.month, method: 'interpolated' };
  return { value: a.value * Math.pow(b.value / a.value, w), month: b.month, method: 'interpolated' };
}

export interface InflationBetween {
  /** CPI change from `from` to `to` as a fraction. */
  inflation: number;
  /** The latest month the figure rests on. */
  month: string;
  /** True when `to` lies after the latest published month's middle (its CPI is carried forward). */
  carriedForward: boolean;
}

/** Inflation between two days from the monthly CPI; null when the series does not reach back to `from`. */
export function inflationBetween(
  series: readonly MonthlyPoint[],
  from: string,
  to: string,
): InflationBetween | null {
  const start = cpiOnDay(series, from);
  const end = cpiOnDay(series, to);
  if (!start || !end) return null;
  return {
    inflation: end.value / start.value - 1,
    month: end.month,
    carriedForward: end.method === 'carried-forward',
  };
}

/**
 * Growth (a fraction) of a deposit from the end of `from` to the end of `to`, compounding each calendar day's annual
 * simple rate (percent) / 365; the rate of a day is the latest published on or before it. Null when no rate is
 * known on the first day.
 */
export function depositGrowth(rates: readonly DailyPoint[], from: string, to: string): number | null {
  const sorted = [...rates].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const first = dayNumber(from) + 1;
  const last = dayNumber(to);
  let growth = 1;
  let i = -1;
  for (let day = first; day <= last; day++) {
    while (i + 1 < sorted.length && dayNumber(sorted[i + 1]!.date) <= day) i++;
    if (i < 0) return null;
    growth *= 1 + sorted[i]!.value / 100 / 365;
  }
  return growth - 1;
}

export interface UnitDay {
  /** The portfolio's value at the day's close, in lira. */
  valueTry: number;
  /** Net external flow dated that day (deposits positive), in lira, counted at the start of the day. */
  flowTry: number;
  /** One unit's price in lira that day (USD/TRY, gram gold, CPI). */
  unitTry: number;
}

/**
 * Time-weighted return measured in a unit over consecutive days; the first day is the anchor (its flow is part of
 * the starting capital). A day without capital (previous value + flow ≤ 0) contributes nothing. Null when no day
 * held capital.
 */
export function timeWeightedReturnInUnit(days: readonly UnitDay[]): number | null {
  return timeWeightedReturnsInUnit(days).at(-1) ?? null;
}

/**
 * The same return from the anchor to each day (index 0, the anchor, is null): the series a chart in that unit
 * draws. A day stays null until some day has held capital.
 */
export function timeWeightedReturnsInUnit(days: readonly UnitDay[]): (number | null)[] {
  const out: (number | null)[] = days.length > 0 ? [null] : [];
  let growth = 1;
  let counted = false;
  for (let d = 1; d < days.length; d++) {
    const prev = days[d - 1]!;
    const day = days[d]!;
    const capital = prev.valueTry / prev.unitTry + day.flowTry / day.unitTry;
    if (capital > 0) {
      growth *= day.valueTry / day.unitTry / capital;
      counted = true;
    }
    out.push(counted ? growth - 1 : null);
  }
  return out;
}

/**
 * A daily series' value on a day: the latest on or before it (a weekend or holiday keeps Friday's), at most
 * `maxAgeDays` old (a series that stopped is not carried on); null before it starts or past that age.
 */
export function dailyValueOn(
  series: readonly DailyPoint[],
  date: string,
  maxAgeDays = Number.POSITIVE_INFINITY,
): number | null {
  let lo = 0;
  let hi = series.length - 1;
  let found: DailyPoint | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (series[mid]!.date <= date) {
      found = series[mid]!;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (!found || dayNumber(date) - dayNumber(found.date) > maxAgeDays) return null;
  return found.value;
}
