import { describe, expect, it } from 'vitest';
import {
  LATENCY_BUCKET_COUNT,
  LATENCY_BUCKETS_MS,
  bucketIndex,
  emptyHistogram,
  histogramQuantile,
  mergeHistogram,
} from './latency-histogram.ts';

function histogramOf(samples: number[]): number[] {
  const h = emptyHistogram();
  for (const ms of samples) h[bucketIndex(ms)]!++;
  return h;
}

describe('latency histogram', () => {
  it('puts a duration in the first bucket whose bound is at least it', () => {
    expect(bucketIndex(0)).toBe(0);
    expect(bucketIndex(1)).toBe(0);
    expect(bucketIndex(1.01)).toBe(1);
    expect(bucketIndex(10)).toBe(3);
    expect(bucketIndex(10_000)).toBe(LATENCY_BUCKETS_MS.length - 1);
    expect(bucketIndex(10_001)).toBe(LATENCY_BUCKET_COUNT - 1);
  });

  it('reads p50/p95/p99 back from the buckets on known samples', () => {
    // 100 samples: 50 in (5,10], 45 in (10,25], 4 in (25,50], 1 in (100,250].
    const samples = [
      ...Array.from({ length: 50 }, () => 7),
      ...Array.from({ length: 45 }, () => 20),
      ...Array.from({ length: 4 }, () => 30),
      200,
    ];
    const h = histogramOf(samples);
    // Rank 50 is the last of the (5,10] bucket: its upper bound.
    expect(histogramQuantile(h, 0.5)).toBeCloseTo(10, 9);
    // Rank 95 is the last of the (10,25] bucket.
    expect(histogramQuantile(h, 0.95)).toBeCloseTo(25, 9);
    // Rank 99 is the 4th of 4 in (25,50].
    expect(histogramQuantile(h, 0.99)).toBeCloseTo(50, 9);
    // Rank 97 is the 2nd of 4 in (25,50]: interpolated halfway.
    expect(histogramQuantile(h, 0.97)).toBeCloseTo(37.5, 9);
    // With the maximum kept, no percentile exceeds it.
    expect(histogramQuantile(h, 1, 200)).toBeCloseTo(200, 9);
    expect(histogramQuantile(h, 0.99, 45)).toBeCloseTo(45, 9);
  });

  it('interpolates inside the first bucket from zero', () => {
    const h = histogramOf([0.5, 0.5, 0.5, 0.5]);
    expect(histogramQuantile(h, 0.5)).toBeCloseTo(0.5, 9);
  });

  it('answers the overflow bucket with its lower bound or the kept maximum', () => {
    const h = histogramOf([20_000, 30_000]);
    expect(histogramQuantile(h, 0.5)).toBe(10_000);
    expect(histogramQuantile(h, 0.5, 30_000)).toBe(30_000);
  });

  it('has no percentile without samples and merges counters', () => {
    expect(histogramQuantile(emptyHistogram(), 0.5)).toBeNull();
    const merged = mergeHistogram(histogramOf([3, 3]), histogramOf([3, 700]));
    expect(merged[bucketIndex(3)]).toBe(3);
    expect(merged[bucketIndex(700)]).toBe(1);
    expect(merged.reduce((a, b) => a + b, 0)).toBe(4);
  });
});
