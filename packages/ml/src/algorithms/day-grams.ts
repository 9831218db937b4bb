/**
 * Gram summaries of the pooled linear models, summed from per-day summaries that are kept per feature set, horizon and
 * target (decision 0042). The walk-forward refits the same days at every cutoff of its expanding window, and several
 * models fit the same summaries, so each day's rows are summed once per worker instead of once per model and cutoff.
 * A day's summary is reused only for exactly the same rows of that day (a later cutoff may add a row whose label was
 * not yet realised); anything else is summed afresh, so a summary never differs from the one-pass Gram matrix of the
 * same rows by more than rounding.
 */
import type { TrainingData } from '../algorithm.ts';
import { featureRows, type FeatureSet, gather, type Horizon } from '../features.ts';
import { gramWithIntercept } from '../linalg.ts';
import { dayCrossSection, purgedKFold, type PurgedFold } from './pooled-data.ts';

/** Σ z z' with z = [1, x], Σ z·y and Σ y² of some training rows. */
export interface Gram {
  g: Float64Array;
  c: Float64Array;
  yy: number;
}

export function emptyGram(q: number): Gram {
  return { g: new Float64Array(q * q), c: new Float64Array(q), yy: 0 };
}

export function addGram(into: Gram, from: Gram, scale = 1): void {
  for (let i = 0; i < into.g.length; i++) into.g[i]! += from.g[i]!;
  for (let i = 0; i < into.c.length; i++) into.c[i]! += scale * from.c[i]!;
  into.yy += scale * scale * from.yy;
}

/**
 * The cross-sectional return (crossSectionalTargets) or the 0/1 direction (directionTargets) of the training rows, as
 * Gram summaries of day-aligned row ranges.
 */
export type GramTarget = 'cross-sectional' | 'direction';

/** What a Gram-based linear fit reads of its training rows (day-ordered, as TrainingData keeps them). */
export interface GramSource {
  n: number;
  p: number;
  /** The purged, embargoed K-fold of the rows (purgedKFold), built when first read; its cuts fall on day boundaries. */
  readonly folds: PurgedFold[];
  /** The summary of the training rows [from, to), in the target's units (crossSectionalTargets' scale included). */
  gram(from: number, to: number): Gram;
}

interface DayEntry {
  rows: Int32Array;
  /** The day's rows' unscaled targets: rank-gauss z (0 on a one-row day) or the direction. */
  y: Float64Array;
  gram: Gram;
  /** The day's return sd (cross-sectional target); NaN when the day does not count towards the scale. */
  sd: number;
}

const cache = new WeakMap<FeatureSet, Map<string, Map<number, DayEntry>>>();

function dayEntries(fs: FeatureSet, horizon: Horizon, target: GramTarget): Map<number, DayEntry> {
  let byKey = cache.get(fs);
  if (!byKey) cache.set(fs, (byKey = new Map<string, Map<number, DayEntry>>()));
  const key = `${horizon}:${target}`;
  let days = byKey.get(key);
  if (!days) byKey.set(key, (days = new Map<number, DayEntry>()));
  return days;
}

function sameRows(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function dayEntry(fs: FeatureSet, horizon: Horizon, target: GramTarget, rows: Int32Array): DayEntry {
  let y: Float64Array;
  let sd = NaN;
  if (target === 'direction') {
    y = gather(fs.targets[horizon].direction, rows);
  } else {
    const day = dayCrossSection(fs.targets[horizon].logReturn, rows);
    y = day ? day.z : new Float64Array(rows.length);
    if (day) sd = day.sd;
  }
  const gram = gramWithIntercept(featureRows(fs, rows), rows.length, fs.cols, y);
  return { rows: rows.slice(), y, gram, sd };
}

/**
 * The Gram source of a fit's training rows: per-day summaries from the cache where a day's rows are the same, summed
 * afresh otherwise. Rows must be day-ordered (TrainingData's are).
 */
export function gramSource(data: TrainingData, target: GramTarget): GramSource {
  const fs = data.features;
  const rows = data.rows;
  const n = rows.length;
  const p = fs.cols;
  const q = p + 1;
  const cached = dayEntries(fs, data.horizon, target);
  // Day groups of the rows: starts[k] … starts[k + 1].
  const starts: number[] = [];
  const entries: DayEntry[] = [];
  let sdSum = 0;
  let sdDays = 0;
  for (let i = 0; i < n;) {
    const d = fs.rowDay[rows[i]!]!;
    let j = i + 1;
    while (j < n && fs.rowDay[rows[j]!] === d) j++;
    const dayRows = rows.subarray(i, j);
    let entry = cached.get(d);
    if (!entry || !sameRows(entry.rows, dayRows)) {
      entry = dayEntry(fs, data.horizon, target, dayRows);
      cached.set(d, entry);
    }
    starts.push(i);
    entries.push(entry);
    if (!Number.isNaN(entry.sd)) {
      sdSum += entry.sd;
      sdDays++;
    }
    i = j;
  }
  starts.push(n);
  // crossSectionalTargets multiplies every z by the mean within-day sd of the training rows.
  const scale = target === 'direction' ? 1 : sdDays > 0 ? sdSum / sdDays : 0;
  /** The day group holding row i (the last group starting at or before it). */
  const groupOf = (i: number): number => {
    let lo = 0;
    let hi = entries.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (starts[mid]! <= i) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  let folds: PurgedFold[] | null = null;
  return {
    n,
    p,
    get folds() {
      return (folds ??= purgedKFold(data));
    },
    gram(from: number, to: number): Gram {
      const total = emptyGram(q);
      // Whole day groups from their cached summaries; a group cut by `from` or `to` summed directly.
      for (let i = from, g = from < to ? groupOf(from) : 0; i < to; g++) {
        const entry = entries[g]!;
        const end = Math.min(starts[g + 1]!, to);
        if (i === starts[g] && end === starts[g + 1]) {
          addGram(total, entry.gram, scale);
        } else {
          const o = i - starts[g]!;
          const part = gramWithIntercept(
            featureRows(fs, rows.subarray(i, end)),
            end - i,
            p,
            entry.y.subarray(o, o + end - i),
          );
          addGram(total, part, scale);
        }
        i = end;
      }
      return total;
    },
  };
}
