/**
 * Inputs of a portfolio optimisation, pure: closes aligned on the dates every symbol (and the benchmark) traded,
 * daily log returns, and the confidence of the production model's views from its measured skill.
 */

export interface ClosePoint {
  date: string;
  closeTry: number;
}

export interface AlignedPanel {
  /** Ascending dates on which every symbol and the benchmark have a positive close. */
  dates: string[];
  /** dates.length × symbols.length. */
  closes: number[][];
  benchmark: number[];
}

/** Keeps only the dates on which every symbol and the benchmark closed (no filling of gaps). */
export function alignCloses(
  symbols: readonly string[],
  bySymbol: ReadonlyMap<string, readonly ClosePoint[]>,
  benchmark: readonly ClosePoint[],
): AlignedPanel {
  const maps = symbols.map(
    (s) => new Map((bySymbol.get(s) ?? []).filter((c) => c.closeTry > 0).map((c) => [c.date, c.closeTry])),
  );
  const bench = new Map(benchmark.filter((c) => c.closeTry > 0).map((c) => [c.date, c.closeTry]));
  const dates = [...bench.keys()].filter((d) => maps.every((m) => m.has(d))).sort();
  return {
    dates,
    closes: dates.map((d) => maps.map((m) => m.get(d)!)),
    benchmark: dates.map((d) => bench.get(d)!),
  };
}

/** Row t = ln(close[t + 1] / close[t]) per column. */
export function logReturnsOf(closes: readonly (readonly number[])[]): number[][] {
  const out: number[][] = [];
  for (let t = 1; t < closes.length; t++)
    out.push(closes[t]!.map((c, j) => Math.log(c / closes[t - 1]![j]!)));
  return out;
}

/**
 * Confidence of the model's views (Black–Litterman, 0 = ignored, 1 = certain) from its measured skill: twice its
 * directional edge over the always-up/always-down baseline, 2·(hit rate − baseline) with rates as fractions, clipped
 * to [0, 1]. A model no better than the baseline gets 0: its views leave the market prior unchanged.
 */
export function viewConfidenceOf(accuracyPercent: number | null, baselinePercent: number | null): number {
  if (accuracyPercent === null || baselinePercent === null) return 0;
  return Math.min(1, Math.max(0, (2 * (accuracyPercent - baselinePercent)) / 100));
}
