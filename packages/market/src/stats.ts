// Descriptive statistics shared by the reference-data generator, the calibration script and the tests,
// so "real" and "simulated" figures are always measured the same way.

/** Arithmetic mean; NaN for an empty array. */
export function seriesMean(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** Sample standard deviation (n − 1 denominator); NaN below two values. */
export function seriesSd(values: readonly number[]): number {
  if (values.length < 2) return Number.NaN;
  const mean = seriesMean(values);
  let sumSq = 0;
  for (const v of values) sumSq += (v - mean) ** 2;
  return Math.sqrt(sumSq / (values.length - 1));
}

/** Excess kurtosis m4 / m2² − 3 (population moments); 0 for a normal distribution. */
export function seriesExcessKurtosis(values: readonly number[]): number {
  if (values.length < 4) return Number.NaN;
  const mean = seriesMean(values);
  let m2 = 0;
  let m4 = 0;
  for (const v of values) {
    const d2 = (v - mean) ** 2;
    m2 += d2;
    m4 += d2 * d2;
  }
  m2 /= values.length;
  m4 /= values.length;
  return m4 / (m2 * m2) - 3;
}

/** Lag-k autocorrelation Σ(x_t − x̄)(x_{t−k} − x̄) / Σ(x_t − x̄)², in [−1, 1]. */
export function seriesAutocorrelation(values: readonly number[], lag = 1): number {
  if (values.length <= lag + 1) return Number.NaN;
  const mean = seriesMean(values);
  let numerator = 0;
  let denominator = 0;
  for (let t = 0; t < values.length; t++) {
    const d = (values[t] ?? 0) - mean;
    denominator += d * d;
    if (t >= lag) numerator += d * ((values[t - lag] ?? 0) - mean);
  }
  return denominator === 0 ? Number.NaN : numerator / denominator;
}

/** Pearson correlation of two equally long series, in [−1, 1]. */
export function seriesCorrelation(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  if (n < 2) return Number.NaN;
  const meanA = seriesMean(a.slice(0, n));
  const meanB = seriesMean(b.slice(0, n));
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    const da = (a[i] ?? 0) - meanA;
    const db = (b[i] ?? 0) - meanB;
    sab += da * db;
    saa += da * da;
    sbb += db * db;
  }
  return saa === 0 || sbb === 0 ? Number.NaN : sab / Math.sqrt(saa * sbb);
}

/** OLS slope cov(y, x) / var(x): the beta of y on x. */
export function seriesBeta(y: readonly number[], x: readonly number[]): number {
  const n = Math.min(x.length, y.length);
  if (n < 2) return Number.NaN;
  const meanX = seriesMean(x.slice(0, n));
  const meanY = seriesMean(y.slice(0, n));
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    const dx = (x[i] ?? 0) - meanX;
    sxy += dx * ((y[i] ?? 0) - meanY);
    sxx += dx * dx;
  }
  return sxx === 0 ? Number.NaN : sxy / sxx;
}

/** Quantile with linear interpolation between order statistics (type 7, as numpy/R default); q in [0, 1]. */
export function seriesQuantile(values: readonly number[], q: number): number {
  const finite = values.filter((v) => Number.isFinite(v)).sort((x, y) => x - y);
  if (finite.length === 0) return Number.NaN;
  const position = (finite.length - 1) * Math.min(1, Math.max(0, q));
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const lowValue = finite[lower] ?? Number.NaN;
  const highValue = finite[upper] ?? Number.NaN;
  return lowValue + (highValue - lowValue) * (position - lower);
}

/** Median (the 0.5 quantile) of the finite values. */
export function seriesMedian(values: readonly number[]): number {
  return seriesQuantile(values, 0.5);
}

/** Median, p10 and p90 of the finite values. */
export interface QuantileSummary {
  median: number;
  p10: number;
  p90: number;
}

/** Summarises a cross-section by its median, 10th and 90th percentiles. */
export function seriesSummary(values: readonly number[]): QuantileSummary {
  return { median: seriesMedian(values), p10: seriesQuantile(values, 0.1), p90: seriesQuantile(values, 0.9) };
}

/** Mean of all off-diagonal pairwise Pearson correlations of equally long series (columns). */
export function averagePairwiseCorrelation(series: readonly (readonly number[])[]): number {
  // Standardise once so each pair costs one dot product: 600 series stay fast.
  const standardised: Float64Array[] = [];
  for (const s of series) {
    const mean = seriesMean(s);
    const sd = seriesSd(s);
    if (!Number.isFinite(sd) || sd === 0) continue;
    const z = new Float64Array(s.length);
    for (let i = 0; i < s.length; i++) z[i] = ((s[i] ?? 0) - mean) / sd;
    standardised.push(z);
  }
  let sum = 0;
  let pairs = 0;
  for (let i = 0; i < standardised.length; i++) {
    const a = standardised[i];
    if (a === undefined) continue;
    for (let j = i + 1; j < standardised.length; j++) {
      const b = standardised[j];
      if (b === undefined) continue;
      let dot = 0;
      for (let t = 0; t < a.length; t++) dot += (a[t] ?? 0) * (b[t] ?? 0);
      sum += dot / (a.length - 1);
      pairs++;
    }
  }
  return pairs === 0 ? Number.NaN : sum / pairs;
}
