/**
 * The logistic link and Platt scaling, shared by the classifiers and the confidence rule.
 */
import { type DayTotal, dayTotalsMeanSe } from './clustered.ts';
import { averageRanks } from './ranks.ts';

/** Logistic function 1 / (1 + e^−z), overflow-safe. */
export function sigmoid(z: number): number {
  if (z >= 0) return 1 / (1 + Math.exp(-z));
  const e = Math.exp(z);
  return e / (1 + e);
}

/** Platt scaling P(y = 1 | s) = σ(a·s + b); a > 0 when a larger score means class 1. */
export interface PlattScaling {
  a: number;
  b: number;
}

/**
 * Fits σ(a·s + b) to 0/1 labels by Newton's method with backtracking on the log loss against Platt's smoothed
 * targets t₊ = (n₊ + 1)/(n₊ + 2), t₋ = 1/(n₋ + 2) (Lin, Lin & Weng 2007), which keeps a and b finite on separable data.
 */
export function plattFit(scores: ArrayLike<number>, labels: ArrayLike<number>): PlattScaling {
  const n = scores.length;
  let nPos = 0;
  for (let i = 0; i < n; i++) if (labels[i] === 1) nPos++;
  const nNeg = n - nPos;
  const hiT = (nPos + 1) / (nPos + 2);
  const loT = 1 / (nNeg + 2);
  let a = 0;
  let b = Math.log((nPos + 1) / (nNeg + 1));
  // The loss and its derivatives depend on a row through its score and target only, so they are summed per distinct
  // score (the calibration's day-percentile scores repeat on every day): count c_u and target total T_u = Σ t_i.
  const { values, index } = distinctScores(scores);
  const nu = values.length;
  const count = new Float64Array(nu);
  const targetSum = new Float64Array(nu);
  for (let i = 0; i < n; i++) {
    const u = index[i]!;
    count[u]! += 1;
    targetSum[u]! += labels[i] === 1 ? hiT : loT;
  }
  // Σ −t·log p − (1 − t)·log(1 − p) with p = σ(z), z = a·s + b, written so that no exp overflows.
  const objective = (A: number, B: number): number => {
    let f = 0;
    for (let u = 0; u < nu; u++) {
      const z = A * values[u]! + B;
      const l = z >= 0 ? Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z));
      f += z >= 0 ? (count[u]! - targetSum[u]!) * z + count[u]! * l : -targetSum[u]! * z + count[u]! * l;
    }
    return f;
  };
  let fval = objective(a, b);
  for (let it = 0; it < 100; it++) {
    let h11 = 1e-12;
    let h22 = 1e-12;
    let h21 = 0;
    let g1 = 0;
    let g2 = 0;
    for (let u = 0; u < nu; u++) {
      const s = values[u]!;
      const c = count[u]!;
      const p = sigmoid(a * s + b);
      const w = c * p * (1 - p);
      h11 += s * s * w;
      h22 += w;
      h21 += s * w;
      const d = c * p - targetSum[u]!;
      g1 += s * d;
      g2 += d;
    }
    if (Math.abs(g1) < 1e-5 && Math.abs(g2) < 1e-5) break;
    const det = h11 * h22 - h21 * h21;
    const dA = -(h22 * g1 - h21 * g2) / det;
    const dB = -(-h21 * g1 + h11 * g2) / det;
    const slope = g1 * dA + g2 * dB;
    let step = 1;
    let moved = false;
    while (step >= 1e-10) {
      const na = a + step * dA;
      const nb = b + step * dB;
      const nf = objective(na, nb);
      if (nf < fval + 1e-4 * step * slope) {
        a = na;
        b = nb;
        fval = nf;
        moved = true;
        break;
      }
      step /= 2;
    }
    if (!moved) break;
  }
  return { a, b };
}

/** The distinct values of `scores` (SameValueZero: −0 is 0) and, per score, the position of its value. */
function distinctScores(scores: ArrayLike<number>): { values: Float64Array; index: Int32Array } {
  const position = new Map<number, number>();
  const index = new Int32Array(scores.length);
  const values: number[] = [];
  for (let i = 0; i < scores.length; i++) {
    const s = scores[i]!;
    let u = position.get(s);
    if (u === undefined) {
      u = values.length;
      values.push(s);
      position.set(s, u);
    }
    index[i] = u;
  }
  return { values: Float64Array.from(values), index };
}

/** σ(a·score + b). */
export function plattApply(p: PlattScaling, score: number): number {
  return sigmoid(p.a * score + p.b);
}

/**
 * Per row, the prediction's percentile within its day, (rank − ½)/n with average ranks for ties, in (0, 1); NaN for a
 * non-finite value or on a day with fewer than `minCrossSection` finite values. `day` must be non-decreasing.
 */
export function dayPercentiles(
  values: ArrayLike<number>,
  day: ArrayLike<number>,
  minCrossSection = 5,
): Float64Array {
  const out = new Float64Array(values.length).fill(NaN);
  let i = 0;
  while (i < day.length) {
    let j = i;
    while (j < day.length && day[j] === day[i]) j++;
    const idx: number[] = [];
    for (let k = i; k < j; k++) if (Number.isFinite(values[k]!)) idx.push(k);
    if (idx.length >= minCrossSection) {
      const ranks = averageRanks(idx.map((k) => values[k]!));
      for (let k = 0; k < idx.length; k++) out[idx[k]!] = (ranks[k]! - 0.5) / idx.length;
    }
    i = j;
  }
  return out;
}

/**
 * The cross-sectional direction of each realised return: 1 above its day's median, 0 below, NaN at the median, for a
 * non-finite return or on a day with fewer than `minCrossSection` returns. Market-neutral: half of a day's stocks are
 * 'up' whatever the market did.
 */
export function aboveDayMedian(
  realised: ArrayLike<number>,
  day: ArrayLike<number>,
  minCrossSection = 5,
): Float64Array {
  const out = new Float64Array(realised.length).fill(NaN);
  let i = 0;
  while (i < day.length) {
    let j = i;
    while (j < day.length && day[j] === day[i]) j++;
    const finite: number[] = [];
    for (let k = i; k < j; k++) if (Number.isFinite(realised[k]!)) finite.push(realised[k]!);
    if (finite.length >= minCrossSection) {
      const v = Float64Array.from(finite).sort();
      const m = v.length;
      const median = m % 2 === 1 ? v[(m - 1) / 2]! : (v[m / 2 - 1]! + v[m / 2]!) / 2;
      for (let k = i; k < j; k++) {
        const r = realised[k]!;
        if (Number.isFinite(r) && r !== median) out[k] = r > median ? 1 : 0;
      }
    }
    i = j;
  }
  return out;
}

/** One bin of a reliability table: rows whose calibrated probability fell in [low, high). Fractions. */
export interface ReliabilityBin {
  low: number;
  high: number;
  count: number;
  meanPredicted: number;
  realised: number;
  /** Day-clustered standard error of `realised` (NaN without days or rows): a bin's rows share days and overlap. */
  realisedSe: number;
}

/** Default probability bins of a reliability table: 0.5 ± 0.02, 0.04, 0.06, 0.10 and the tails. */
export const RELIABILITY_EDGES = [0, 0.4, 0.44, 0.46, 0.48, 0.5, 0.52, 0.54, 0.56, 0.6, 1.0000001] as const;

/**
 * Reliability table: per probability bin, the rows, their mean predicted probability and the realised rate, with the
 * realised rate's day-clustered standard error when `day` (non-decreasing) is given (`lags` days of target overlap).
 */
export function reliabilityTable(
  probability: ArrayLike<number>,
  label: ArrayLike<number>,
  edges: readonly number[] = RELIABILITY_EDGES,
  day?: ArrayLike<number>,
  lags = 0,
): ReliabilityBin[] {
  const nb = edges.length - 1;
  const count = new Float64Array(nb);
  const sp = new Float64Array(nb);
  const sy = new Float64Array(nb);
  // Per bin, each day's label total and row count (every day, empty ones too: the lags count days).
  const dayTotals: DayTotal[][] = Array.from({ length: nb }, () => []);
  for (let i = 0; i < probability.length; i++) {
    if (day && (i === 0 || day[i] !== day[i - 1])) for (const t of dayTotals) t.push({ sum: 0, n: 0 });
    const p = probability[i]!;
    const y = label[i]!;
    if (!Number.isFinite(p) || !Number.isFinite(y)) continue;
    let b = 0;
    while (b < nb - 1 && p >= edges[b + 1]!) b++;
    count[b]!++;
    sp[b]! += p;
    sy[b]! += y;
    if (day) {
      const today = dayTotals[b]![dayTotals[b]!.length - 1]!;
      today.sum += y;
      today.n++;
    }
  }
  return Array.from({ length: nb }, (_, b) => {
    const realisedSe = day && count[b]! > 0 ? dayTotalsMeanSe(dayTotals[b]!, lags) : NaN;
    return {
      low: edges[b]!,
      high: Math.min(1, edges[b + 1]!),
      count: count[b]!,
      meanPredicted: count[b]! > 0 ? sp[b]! / count[b]! : NaN,
      realised: count[b]! > 0 ? sy[b]! / count[b]! : NaN,
      realisedSe,
    };
  });
}

/**
 * Calibration of a model's out-of-sample predictions to the cross-sectional direction: P(the stock ends above its
 * day's median return | the prediction's percentile q within its day) = σ(a·(q − ½) + b), Platt-fitted on the
 * walk-forward's own out-of-sample rows. `reliability` scores that map honestly: the rows are split into two halves by
 * day, each half is scored with the map fitted on the other, and the table bins those cross-fitted probabilities.
 */
export interface CrossSectionalCalibration {
  platt: PlattScaling;
  rows: number;
  reliability: ReliabilityBin[];
}

export function crossSectionalCalibration(
  predicted: ArrayLike<number>,
  realised: ArrayLike<number>,
  day: ArrayLike<number>,
  /** Neighbouring days whose targets overlap (h − 1 at horizon h): the slope's clustered uncertainty spans them. */
  lags = 0,
): CrossSectionalCalibration | null {
  const q = dayPercentiles(predicted, day);
  const y = aboveDayMedian(realised, day);
  const use: number[] = [];
  for (let i = 0; i < q.length; i++) if (Number.isFinite(q[i]!) && Number.isFinite(y[i]!)) use.push(i);
  if (use.length < 200) return null;
  return calibrateScores(
    use.map((i) => q[i]! - 0.5),
    use.map((i) => y[i]!),
    use.map((i) => day[i]!),
    lags,
  );
}

/**
 * Day-clustered standard error of Platt's slope a: the sandwich H⁻¹ S H⁻¹ of the log loss, with H its Hessian and S
 * the Newey–West long-run covariance (Bartlett weights, `lags` neighbouring days) of the per-day score totals
 * G_d = Σ_{i∈d} (p_i − y_i)·(s_i, 1). Rows share their day's market and, at h > 1, overlapping targets: the rows are
 * not independent draws, and the slope's own t (a / se) says how much of it the data carry. `day` non-decreasing.
 */
export function plattSlopeSe(
  platt: PlattScaling,
  scores: ArrayLike<number>,
  labels: ArrayLike<number>,
  day: ArrayLike<number>,
  lags: number,
): number {
  let h11 = 0;
  let h12 = 0;
  let h22 = 0;
  const g1: number[] = [];
  const g2: number[] = [];
  let i = 0;
  while (i < scores.length) {
    let a = 0;
    let b = 0;
    let j = i;
    for (; j < scores.length && day[j] === day[i]; j++) {
      const s = scores[j]!;
      const p = plattApply(platt, s);
      const w = p * (1 - p);
      h11 += s * s * w;
      h12 += s * w;
      h22 += w;
      a += (p - labels[j]!) * s;
      b += p - labels[j]!;
    }
    g1.push(a);
    g2.push(b);
    i = j;
  }
  const days = g1.length;
  const centre = (g: number[]) => {
    const m = g.reduce((x, y) => x + y, 0) / days;
    return g.map((x) => x - m);
  };
  const e1 = centre(g1);
  const e2 = centre(g2);
  let s11 = 0;
  let s12 = 0;
  let s22 = 0;
  for (let l = 0; l <= Math.min(lags, days - 1); l++) {
    const w = l === 0 ? 1 : 1 - l / (lags + 1);
    for (let d = l; d < days; d++) {
      const c11 = e1[d]! * e1[d - l]!;
      const c22 = e2[d]! * e2[d - l]!;
      const c12 = l === 0 ? e1[d]! * e2[d]! : (e1[d]! * e2[d - l]! + e2[d]! * e1[d - l]!) / 2;
      const k = l === 0 ? 1 : 2;
      s11 += k * w * c11;
      s22 += k * w * c22;
      s12 += k * w * c12;
    }
  }
  const det = h11 * h22 - h12 * h12;
  if (!(det > 0)) return NaN;
  const v = (h22 * h22 * s11 - 2 * h22 * h12 * s12 + h12 * h12 * s22) / (det * det);
  return v > 0 ? Math.sqrt(v) : NaN;
}

/**
 * Platt's slope shrunk by its own uncertainty: a·max(0, 1 − (se/a)²), the empirical-Bayes posterior mean under a
 * zero-centred normal prior on a (positive-part James–Stein for one coefficient). A slope the days barely carry
 * (t ≈ 1) falls to 0, one they carry clearly (t ≥ 4) keeps over 94 % of itself; b is kept.
 */
export function shrunkPlatt(platt: PlattScaling, slopeSe: number): PlattScaling {
  if (!Number.isFinite(slopeSe) || platt.a === 0) return platt;
  const factor = Math.max(0, 1 - (slopeSe / platt.a) ** 2);
  return { a: platt.a * factor, b: platt.b };
}

/**
 * Platt fit of 0/1 labels on scores, its slope shrunk by its day-clustered uncertainty (`lags` days of overlap), with
 * the day-split cross-fitted reliability table (see above): each half scored with the shrunk fit of the other half.
 */
export function calibrateScores(
  scores: readonly number[],
  labels: readonly number[],
  day: readonly number[],
  lags = 0,
): CrossSectionalCalibration {
  const n = scores.length;
  const fitted = (s: ArrayLike<number>, y: ArrayLike<number>, d: ArrayLike<number>) => {
    const raw = plattFit(s, y);
    return shrunkPlatt(raw, plattSlopeSe(raw, s, y, d, lags));
  };
  const platt = fitted(scores, labels, day);
  const mid = day[Math.floor(n / 2)]!;
  const fold = (i: number) => (day[i]! < mid ? 0 : 1);
  const cross = new Float64Array(n).fill(NaN);
  for (const f of [0, 1]) {
    // Fitted on the other fold's rows, in row order.
    let size = 0;
    for (let i = 0; i < n; i++) if (fold(i) !== f) size++;
    const trainScores = new Float64Array(size);
    const trainLabels = new Float64Array(size);
    const trainDay = new Float64Array(size);
    for (let i = 0, k = 0; i < n; i++) {
      if (fold(i) === f) continue;
      trainScores[k] = scores[i]!;
      trainDay[k] = day[i]!;
      trainLabels[k++] = labels[i]!;
    }
    const m = size >= 50 ? fitted(trainScores, trainLabels, trainDay) : platt;
    for (let i = 0; i < n; i++) if (fold(i) === f) cross[i] = plattApply(m, scores[i]!);
  }
  return { platt, rows: n, reliability: reliabilityTable(cross, labels, RELIABILITY_EDGES, day, lags) };
}

/** P(above the day's median) of a prediction whose percentile among the day's predictions is q. */
export function crossSectionalProbability(c: { platt: PlattScaling }, q: number): number {
  return plattApply(c.platt, q - 0.5);
}
