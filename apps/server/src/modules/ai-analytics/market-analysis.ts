import type {
  CallMode,
  MomentumAnalysisFigures,
  SectorAnalysisFigures,
  SectorFigures,
} from '@bist/contracts';

/**
 * The market analyses' computations (pure: bars in, figures and template sentences out). Returns are simple returns
 * on closes, fractions; a stock enters a figure only when it has every close the figure needs, ending on the
 * analysis date (a stock without a bar on that day is left out of the day's breadth and returns).
 */

export interface AnalysisBar {
  date: string;
  closeTry: number;
  volumeShares: number;
}

export interface AnalysisStock {
  symbol: string;
  sector: string;
  /** Shares outstanding (for capitalisation weights); null when unknown (left out of cap-weighted figures). */
  sharesOutstanding: number | null;
  /** Ascending by date. */
  bars: readonly AnalysisBar[];
}

export interface ModelCall {
  symbol: string;
  /** Calibrated probability of the upper side (above the day's median for a relative call), fraction. */
  probabilityUp: number;
}

export const RETURN_WINDOWS = [1, 5, 20] as const;
export const SMA_DAYS = 50;
export const MOMENTUM_LONG_DAYS = 252;
export const MOMENTUM_SKIP_DAYS = 21;
export const MOMENTUM_SHORT_DAYS = 20;
export const HIGH_LOW_DAYS = 252;
export const VOLUME_AVERAGE_DAYS = 20;
export const VOLUME_SURGE_RATIO = 2;
const LEADERS = 3;
const LIST_SIZE = 10;

/** The stock's closes ending on `asOfDate` (empty when it has no bar that day). */
function closesTo(stock: AnalysisStock, asOfDate: string): AnalysisBar[] {
  const end = stock.bars.findLastIndex((b) => b.date <= asOfDate);
  if (end < 0 || stock.bars[end]!.date !== asOfDate) return [];
  return stock.bars.slice(0, end + 1);
}

/** close[t] / close[t − n] − 1 on a series ending at t, or null without n + 1 closes. */
export function periodReturn(bars: readonly { closeTry: number }[], n: number, skip = 0): number | null {
  const end = bars.length - 1 - skip;
  const start = end - n;
  if (start < 0 || end < 0) return null;
  const from = bars[start]!.closeTry;
  return from > 0 ? bars[end]!.closeTry / from - 1 : null;
}

function smaOfLast(bars: readonly AnalysisBar[], n: number): number | null {
  if (bars.length < n) return null;
  let sum = 0;
  for (let i = bars.length - n; i < bars.length; i++) sum += bars[i]!.closeTry;
  return sum / n;
}

const mean = (values: readonly number[]): number | null =>
  values.length > 0 ? values.reduce((s, v) => s + v, 0) / values.length : null;

interface Breadth {
  advancers: number;
  decliners: number;
  unchanged: number;
  aboveSma: number;
  withSma: number;
}

function breadthOf(series: readonly AnalysisBar[][]): Breadth {
  const b: Breadth = { advancers: 0, decliners: 0, unchanged: 0, aboveSma: 0, withSma: 0 };
  for (const bars of series) {
    const r = periodReturn(bars, 1);
    if (r !== null) {
      if (r > 0) b.advancers++;
      else if (r < 0) b.decliners++;
      else b.unchanged++;
    }
    const sma = smaOfLast(bars, SMA_DAYS);
    if (sma !== null) {
      b.withSma++;
      if (bars[bars.length - 1]!.closeTry > sma) b.aboveSma++;
    }
  }
  return b;
}

/**
 * Equal-weighted mean of the members' n-day returns, and the capitalisation-weighted one with weights
 * shares × close at the start of the period (members without a share count are left out of the latter).
 */
function sectorReturns(
  members: readonly { stock: AnalysisStock; bars: AnalysisBar[] }[],
  n: number,
): { equal: number | null; cap: number | null } {
  const equal: number[] = [];
  let capSum = 0;
  let weighted = 0;
  for (const { stock, bars } of members) {
    const r = periodReturn(bars, n);
    if (r === null) continue;
    equal.push(r);
    if (stock.sharesOutstanding !== null && stock.sharesOutstanding > 0) {
      const cap = stock.sharesOutstanding * bars[bars.length - 1 - n]!.closeTry;
      capSum += cap;
      weighted += cap * r;
    }
  }
  return { equal: mean(equal), cap: capSum > 0 ? weighted / capSum : null };
}

/** Sector rotation and breadth on `asOfDate`: per-sector returns, advancers/decliners, share above SMA50, RS vs XU100. */
export function sectorAnalysis(
  stocks: readonly AnalysisStock[],
  benchmark: readonly AnalysisBar[],
  asOfDate: string,
  benchmarkCode = 'XU100',
): SectorAnalysisFigures {
  const bench = benchmark.filter((b) => b.date <= asOfDate);
  const benchAligned = bench.length > 0 && bench[bench.length - 1]!.date === asOfDate ? bench : [];
  const benchReturn = (n: number) => periodReturn(benchAligned, n);
  const bySector = new Map<string, { stock: AnalysisStock; bars: AnalysisBar[] }[]>();
  const all: AnalysisBar[][] = [];
  for (const stock of stocks) {
    const bars = closesTo(stock, asOfDate);
    if (bars.length === 0) continue;
    all.push(bars);
    const list = bySector.get(stock.sector) ?? [];
    list.push({ stock, bars });
    bySector.set(stock.sector, list);
  }
  const bench20 = benchReturn(20);
  const sectors: SectorFigures[] = [...bySector.entries()]
    .map(([sector, members]) => {
      const breadth = breadthOf(members.map((m) => m.bars));
      const [r1, r5, r20] = RETURN_WINDOWS.map((n) => sectorReturns(members, n));
      return {
        sector,
        stocks: members.length,
        return_1d_equal: r1!.equal,
        return_1d_cap: r1!.cap,
        return_5d_equal: r5!.equal,
        return_5d_cap: r5!.cap,
        return_20d_equal: r20!.equal,
        return_20d_cap: r20!.cap,
        advancers: breadth.advancers,
        decliners: breadth.decliners,
        unchanged: breadth.unchanged,
        above_sma50_share: breadth.withSma > 0 ? breadth.aboveSma / breadth.withSma : null,
        relative_strength_20d: r20!.cap !== null && bench20 !== null ? r20!.cap - bench20 : null,
      };
    })
    .sort((a, b) => a.sector.localeCompare(b.sector, 'tr'));
  const ranked = sectors
    .filter((s) => s.relative_strength_20d !== null)
    .sort((a, b) => b.relative_strength_20d! - a.relative_strength_20d!);
  const market = breadthOf(all);
  return {
    kind: 'sector',
    as_of_date: asOfDate,
    benchmark: {
      code: benchmarkCode,
      return_1d: benchReturn(1),
      return_5d: benchReturn(5),
      return_20d: bench20,
    },
    market: {
      advancers: market.advancers,
      decliners: market.decliners,
      unchanged: market.unchanged,
      above_sma50_share: market.withSma > 0 ? market.aboveSma / market.withSma : null,
    },
    sectors,
    // Leaders beat the benchmark, laggards trail it: a sector is never both.
    leaders: ranked
      .filter((s) => s.relative_strength_20d! > 0)
      .slice(0, LEADERS)
      .map((s) => s.sector),
    laggards: ranked
      .filter((s) => s.relative_strength_20d! < 0)
      .slice(-LEADERS)
      .reverse()
      .map((s) => s.sector),
  };
}

/**
 * Deciles of a cross-section: sorted ascending and cut into ten groups of (nearly) equal size, decile 1 the lowest;
 * with fewer than ten values there are as many deciles as values.
 */
export function decilesOf(values: readonly { symbol: string; value: number }[]) {
  const sorted = [...values].sort((a, b) => a.value - b.value || a.symbol.localeCompare(b.symbol));
  const groups = new Map<number, number[]>();
  sorted.forEach((v, i) => {
    const decile = Math.floor((i * 10) / sorted.length) + 1;
    const list = groups.get(decile) ?? [];
    list.push(v.value);
    groups.set(decile, list);
  });
  return {
    eligible: sorted.length,
    deciles: [...groups.entries()].map(([decile, list]) => ({
      decile,
      count: list.length,
      mean_return: mean(list)!,
    })),
    top: sorted.slice(-LIST_SIZE).reverse(),
    bottom: sorted.slice(0, LIST_SIZE),
  };
}

/** Momentum on `asOfDate`: 12-1 and 20-day deciles, 252-day closing highs/lows, volume surges, the model's calls. */
export function momentumAnalysis(
  stocks: readonly AnalysisStock[],
  asOfDate: string,
  calls: {
    modelName: string | null;
    asOfDate: string | null;
    callMode: CallMode | null;
    calls: readonly ModelCall[];
  },
): MomentumAnalysisFigures {
  const long: { symbol: string; value: number }[] = [];
  const short: { symbol: string; value: number }[] = [];
  const highs: string[] = [];
  const lows: string[] = [];
  const surges: { symbol: string; value: number }[] = [];
  let highLowEligible = 0;
  for (const stock of stocks) {
    const bars = closesTo(stock, asOfDate);
    if (bars.length === 0) continue;
    const m12 = periodReturn(bars, MOMENTUM_LONG_DAYS - MOMENTUM_SKIP_DAYS, MOMENTUM_SKIP_DAYS);
    if (m12 !== null) long.push({ symbol: stock.symbol, value: m12 });
    const m20 = periodReturn(bars, MOMENTUM_SHORT_DAYS);
    if (m20 !== null) short.push({ symbol: stock.symbol, value: m20 });
    if (bars.length >= HIGH_LOW_DAYS) {
      highLowEligible++;
      const window = bars.slice(-HIGH_LOW_DAYS).map((b) => b.closeTry);
      const last = window[window.length - 1]!;
      if (last >= Math.max(...window)) highs.push(stock.symbol);
      if (last <= Math.min(...window)) lows.push(stock.symbol);
    }
    if (bars.length > VOLUME_AVERAGE_DAYS) {
      const previous = bars.slice(-VOLUME_AVERAGE_DAYS - 1, -1).map((b) => b.volumeShares);
      const average = mean(previous)!;
      const today = bars[bars.length - 1]!.volumeShares;
      if (average > 0 && today >= VOLUME_SURGE_RATIO * average)
        surges.push({ symbol: stock.symbol, value: today / average });
    }
  }
  const byUp = [...calls.calls].sort(
    (a, b) => b.probabilityUp - a.probabilityUp || a.symbol.localeCompare(b.symbol),
  );
  const toValue = (c: ModelCall) => ({ symbol: c.symbol, value: c.probabilityUp });
  return {
    kind: 'momentum',
    as_of_date: asOfDate,
    momentum_12_1: decilesOf(long),
    momentum_20d: decilesOf(short),
    new_highs: highs.sort(),
    new_lows: lows.sort(),
    highs_lows_eligible: highLowEligible,
    volume_surges: surges.sort((a, b) => b.value - a.value).slice(0, LIST_SIZE),
    volume_surge_ratio: VOLUME_SURGE_RATIO,
    model_calls: {
      model_name: calls.modelName,
      as_of_date: calls.asOfDate,
      call_mode: calls.callMode,
      strongest_up: byUp
        .filter((c) => c.probabilityUp > 0.5)
        .slice(0, 5)
        .map(toValue),
      strongest_down: byUp
        .filter((c) => c.probabilityUp < 0.5)
        .reverse()
        .slice(0, 5)
        .map(toValue),
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Template sentences: each names the figure it rests on.
// ---------------------------------------------------------------------------------------------------------------

const pct = (v: number) => `${v >= 0 ? '+' : '−'}${Math.abs(100 * v).toFixed(2)} %`;
const share = (v: number) => `${(100 * v).toFixed(0)} %`;

export function sectorSentences(f: SectorAnalysisFigures): { insights: string[]; recommendations: string[] } {
  const insights: string[] = [];
  const recommendations: string[] = [];
  const m = f.market;
  insights.push(
    `Breadth on ${f.as_of_date}: ${m.advancers} advancers vs ${m.decliners} decliners (${m.unchanged} unchanged).`,
  );
  if (m.above_sma50_share !== null)
    insights.push(`${share(m.above_sma50_share)} of stocks close above their 50-day average.`);
  if (f.benchmark.return_20d !== null)
    insights.push(`${f.benchmark.code} returned ${pct(f.benchmark.return_20d)} over 20 trading days.`);
  const byName = new Map(f.sectors.map((s) => [s.sector, s]));
  for (const name of f.leaders) {
    const s = byName.get(name)!;
    insights.push(
      `${name} leads: 20-day cap-weighted return ${pct(s.return_20d_cap!)}, relative strength ${pct(s.relative_strength_20d!)} vs ${f.benchmark.code}.`,
    );
  }
  for (const name of f.laggards) {
    const s = byName.get(name)!;
    insights.push(
      `${name} lags: 20-day cap-weighted return ${pct(s.return_20d_cap!)}, relative strength ${pct(s.relative_strength_20d!)} vs ${f.benchmark.code}.`,
    );
  }
  if (f.leaders.length > 0)
    recommendations.push(
      `Review overweighting ${f.leaders.join(', ')}: the strongest 20-day relative strength vs ${f.benchmark.code} (${f.leaders
        .map((n) => pct(byName.get(n)!.relative_strength_20d!))
        .join(', ')}).`,
    );
  if (f.laggards.length > 0)
    recommendations.push(
      `Review exposure to ${f.laggards.join(', ')}: the weakest 20-day relative strength (${f.laggards
        .map((n) => pct(byName.get(n)!.relative_strength_20d!))
        .join(', ')}).`,
    );
  if (m.above_sma50_share !== null)
    recommendations.push(
      m.above_sma50_share >= 0.5
        ? `Broad participation: ${share(m.above_sma50_share)} above the 50-day average supports trend-following positions.`
        : `Narrow participation: only ${share(m.above_sma50_share)} above the 50-day average; size new positions cautiously.`,
    );
  return { insights, recommendations };
}

export function momentumSentences(f: MomentumAnalysisFigures): {
  insights: string[];
  recommendations: string[];
} {
  const insights: string[] = [];
  const recommendations: string[] = [];
  const describe = (label: string, d: MomentumAnalysisFigures['momentum_20d']) => {
    const top = d.deciles[d.deciles.length - 1];
    const bottom = d.deciles[0];
    if (!top || !bottom) {
      insights.push(`${label}: no stock has enough closes yet.`);
      return;
    }
    insights.push(
      `${label} over ${d.eligible} stocks: top decile averages ${pct(top.mean_return)}, bottom decile ${pct(bottom.mean_return)}.`,
    );
  };
  describe('12-1 momentum', f.momentum_12_1);
  describe('20-day momentum', f.momentum_20d);
  insights.push(
    `${f.new_highs.length} new 52-week closing highs and ${f.new_lows.length} new lows among ${f.highs_lows_eligible} stocks with a year of closes.`,
  );
  insights.push(
    `${f.volume_surges.length} volume surges (volume ≥ ${f.volume_surge_ratio}× its 20-day average)${
      f.volume_surges[0]
        ? `, largest ${f.volume_surges[0].symbol} at ${f.volume_surges[0].value.toFixed(1)}×`
        : ''
    }.`,
  );
  const up = f.model_calls.strongest_up;
  const down = f.model_calls.strongest_down;
  // A relative model's 'up' is above the day's median, not a rise: the sentence says so (decision 0073).
  const words =
    f.model_calls.call_mode === 'relative'
      ? { up: 'outperform', down: 'underperform', p: "P(above the day's median)" }
      : { up: 'up', down: 'down', p: 'P(up)' };
  if (f.model_calls.model_name && (up.length > 0 || down.length > 0))
    insights.push(
      `${f.model_calls.model_name} (production model, ${f.model_calls.as_of_date}): strongest ${words.up} call ${
        up[0] ? `${up[0].symbol} ${words.p} ${share(up[0].value)}` : 'none'
      }, strongest ${words.down} call ${down[0] ? `${down[0].symbol} ${words.p} ${share(down[0].value)}` : 'none'}.`,
    );
  const top20 = f.momentum_20d.top.slice(0, 3);
  if (top20.length > 0)
    recommendations.push(
      `Momentum watchlist: ${top20.map((t) => `${t.symbol} (${pct(t.value)} in 20 days)`).join(', ')}.`,
    );
  const bottom20 = f.momentum_20d.bottom.slice(0, 3);
  if (bottom20.length > 0)
    recommendations.push(
      `Weakest 20-day momentum: ${bottom20.map((t) => `${t.symbol} (${pct(t.value)})`).join(', ')}; check before adding.`,
    );
  const confirmed = up.filter((c) => f.momentum_20d.top.some((t) => t.symbol === c.symbol));
  if (confirmed.length > 0)
    recommendations.push(
      `Model and momentum agree on ${confirmed.map((c) => `${c.symbol} (${words.p} ${share(c.value)})`).join(', ')}.`,
    );
  return { insights, recommendations };
}
