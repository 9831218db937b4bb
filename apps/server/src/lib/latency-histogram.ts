// Fixed-bucket latency histograms, as Prometheus/OpenTelemetry HTTP server metrics keep them: a request adds one to
// the first bucket whose upper bound is at least its duration; percentiles are read back from the bucket counts by
// linear interpolation inside the bucket that holds the rank (Prometheus' histogram_quantile).

/** Upper bounds in milliseconds; the last bucket (above 10 s) has no upper bound. */
export const LATENCY_BUCKETS_MS = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000] as const;

/** Number of counters in a histogram: one per bound plus the overflow bucket. */
export const LATENCY_BUCKET_COUNT = LATENCY_BUCKETS_MS.length + 1;

/** Index of the bucket a duration falls into. */
export function bucketIndex(ms: number): number {
  for (let i = 0; i < LATENCY_BUCKETS_MS.length; i++) if (ms <= LATENCY_BUCKETS_MS[i]!) return i;
  return LATENCY_BUCKETS_MS.length;
}

/** A new histogram's counters, all zero. */
export function emptyHistogram(): number[] {
  return new Array<number>(LATENCY_BUCKET_COUNT).fill(0);
}

/** Adds `from`'s counters into `into` (histograms of the same buckets); returns `into`. */
export function mergeHistogram(into: number[], from: readonly number[]): number[] {
  for (let i = 0; i < LATENCY_BUCKET_COUNT; i++) into[i] = (into[i] ?? 0) + (from[i] ?? 0);
  return into;
}

/**
 * The q-quantile (0 < q ≤ 1) of the durations behind the counters, in milliseconds, or null without any. Within a
 * bucket the durations are assumed evenly spread between its bounds (the first bucket starts at 0); a rank in the
 * overflow bucket returns the largest bound, as nothing is known above it but that it is larger — `maxMs`, when the
 * caller kept it, caps that answer instead.
 */
export function histogramQuantile(counts: readonly number[], q: number, maxMs?: number): number | null {
  const total = counts.reduce((sum, c) => sum + c, 0);
  if (total === 0) return null;
  const rank = q * total;
  let seen = 0;
  for (let i = 0; i < LATENCY_BUCKET_COUNT; i++) {
    const c = counts[i] ?? 0;
    if (c > 0 && seen + c >= rank) {
      if (i === LATENCY_BUCKETS_MS.length) {
        const lastBound = LATENCY_BUCKETS_MS[i - 1]!;
        return maxMs !== undefined ? Math.max(lastBound, maxMs) : lastBound;
      }
      const lower = i === 0 ? 0 : LATENCY_BUCKETS_MS[i - 1]!;
      const upper = LATENCY_BUCKETS_MS[i]!;
      const value = lower + ((upper - lower) * (rank - seen)) / c;
      return maxMs !== undefined ? Math.min(value, Math.max(maxMs, lower)) : value;
    }
    seen += c;
  }
  return LATENCY_BUCKETS_MS[LATENCY_BUCKETS_MS.length - 1]!;
}
