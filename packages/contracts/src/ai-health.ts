import { z } from 'zod';
import {
  DRIFT_RECENT_DAYS,
  LIVE_MIN_EVALUATED,
  PSI_BINS,
  PSI_MODERATE,
  PSI_SIGNIFICANT,
  STALE_CRITICAL_DAYS,
  STALE_WARNING_DAYS,
  edgeVerdict,
  type EdgeVerdict,
} from './ai-health.values.ts';
import type { AiHealth } from './constants.ts';

const Z95 = 1.96;

export const healthCheckNameSchema = z.enum(['edge', 'rank_ic', 'live_tracking', 'drift', 'staleness']);
export type HealthCheckName = z.infer<typeof healthCheckNameSchema>;

export const healthCheckSchema = z.object({
  check: healthCheckNameSchema,
  status: z.enum(['healthy', 'warning', 'critical']),
  /** The measured value (percent for edge and live tracking, correlation, PSI, days). */
  value: z.number().nullable(),
  /** The bound it was compared with (null when there is none). */
  threshold: z.number().nullable(),
  /** 95 % interval of the value, when it has one. */
  interval: z.object({ low: z.number(), high: z.number() }).nullable(),
  detail: z.string(),
  /** False for a check shown for information that does not count towards the label (Rank IC). */
  counted: z.boolean(),
});
export type HealthCheck = z.infer<typeof healthCheckSchema>;

export interface HealthInput {
  /**
   * The accuracy investors are shown (accuracyWithBaseline): the edge over the market direction in points with its
   * day-clustered 95 % interval; null when there is no accuracy to show.
   */
  shown: { edgePoints: number | null; edgeCi: { low: number; high: number } | null } | null;
  walkForward: {
    accuracyPercent: number | null;
    accuracyCiLowPercent: number;
    accuracyCiHighPercent: number;
    rankIc: { mean: number | null; sd: number | null; days: number };
  } | null;
  /** Matured live predictions of the algorithm (all horizons' evaluations at the assessed horizon). */
  live: { evaluated: number; hits: number } | null;
  /** Largest PSI over the model inputs; null when not measured. */
  maxPsi: number | null;
  lastTrainedAt: Date | null;
  now: Date;
}

/** 95 % Wilson interval of a proportion, in percent. */
export function wilsonPercent(hits: number, n: number): { low: number; high: number } {
  if (n <= 0) return { low: 0, high: 100 };
  const p = hits / n;
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { low: 100 * Math.max(0, centre - half), high: 100 * Math.min(1, centre + half) };
}

const RANK: Record<AiHealth, number> = { healthy: 0, warning: 1, critical: 2 };

function versus(low: number, high: number, bound: number): AiHealth {
  if (low > bound) return 'healthy';
  if (high < bound) return 'critical';
  return 'warning';
}

const VERDICT_HEALTH: Record<EdgeVerdict, AiHealth> = {
  ahead: 'healthy',
  indistinguishable: 'warning',
  behind: 'critical',
};

/**
 * The checks and the resulting label (null without an accuracy shown or a walk-forward). The edge check is the
 * investor page's verdict (edgeVerdict), so staff and investors see one verdict per model.
 */
export function aiOperationalHealth(input: HealthInput): { status: AiHealth | null; checks: HealthCheck[] } {
  const wf = input.walkForward;
  if (!wf || !input.shown) return { status: null, checks: [] };
  const checks: HealthCheck[] = [];

  const verdict = edgeVerdict(input.shown.edgeCi);
  checks.push({
    check: 'edge',
    status: verdict === null ? 'warning' : VERDICT_HEALTH[verdict],
    value: input.shown.edgePoints,
    threshold: 0,
    interval: input.shown.edgeCi,
    detail:
      verdict === null
        ? 'No interval for the edge over the market direction'
        : `Edge over the market direction, points (the investor page's figure): ${verdict}`,
    counted: true,
  });

  const ic = wf.rankIc;
  if (ic.mean === null || ic.sd === null || ic.days < 2) {
    checks.push({
      check: 'rank_ic',
      status: 'warning',
      value: ic.mean,
      threshold: 0,
      interval: null,
      detail: 'No cross-sectional ranking to assess',
      counted: false,
    });
  } else {
    const half = (Z95 * ic.sd) / Math.sqrt(ic.days);
    checks.push({
      check: 'rank_ic',
      status: versus(ic.mean - half, ic.mean + half, 0),
      value: ic.mean,
      threshold: 0,
      interval: { low: ic.mean - half, high: ic.mean + half },
      detail: 'Walk-forward Rank IC vs 0 (shown, not counted)',
      counted: false,
    });
  }

  if (input.live && input.live.evaluated >= LIVE_MIN_EVALUATED) {
    const rate = (100 * input.live.hits) / input.live.evaluated;
    const ci = wilsonPercent(input.live.hits, input.live.evaluated);
    const status: AiHealth =
      ci.high < wf.accuracyCiLowPercent ? 'critical' : rate < wf.accuracyCiLowPercent ? 'warning' : 'healthy';
    checks.push({
      check: 'live_tracking',
      status,
      value: rate,
      threshold: wf.accuracyCiLowPercent,
      interval: ci,
      detail: `Live hit rate of ${input.live.evaluated} matured predictions vs the walk-forward band`,
      counted: true,
    });
  }

  if (input.maxPsi !== null) {
    checks.push({
      check: 'drift',
      status:
        input.maxPsi > PSI_SIGNIFICANT ? 'critical' : input.maxPsi > PSI_MODERATE ? 'warning' : 'healthy',
      value: input.maxPsi,
      threshold: PSI_SIGNIFICANT,
      interval: null,
      detail: `Largest PSI of a feature as the models see it (daily cross-sectional z-score), last ${DRIFT_RECENT_DAYS} trading days vs the training window`,
      counted: true,
    });
  }

  const ageDays =
    input.lastTrainedAt === null ? null : (input.now.getTime() - input.lastTrainedAt.getTime()) / 86_400_000;
  checks.push({
    check: 'staleness',
    status:
      ageDays === null || ageDays > STALE_CRITICAL_DAYS
        ? 'critical'
        : ageDays > STALE_WARNING_DAYS
          ? 'warning'
          : 'healthy',
    value: ageDays,
    threshold: STALE_WARNING_DAYS,
    interval: null,
    detail: 'Days since the last successful training',
    counted: true,
  });

  const status = checks.reduce<AiHealth>(
    (worst, c) => (c.counted && RANK[c.status] > RANK[worst] ? c.status : worst),
    'healthy',
  );
  return { status, checks };
}

/**
 * Population Stability Index of `actual` against `expected`: bins at the expected sample's deciles (ties merged),
 * Σ (a − e) · ln(a / e) over the bins' shares, empty shares floored at 1e-4. Non-finite values are ignored; null
 * when either side has no values.
 */
export function psi(expected: ArrayLike<number>, actual: ArrayLike<number>, bins = PSI_BINS): number | null {
  // Typed arrays: their sort is numeric without a comparator. On the server's drift measurement (21 features ×
  // ≈ 400k rows) psi took 11.5 s of main-thread time with Array#sort and a comparator; with this the whole first
  // AI-operations request after a start went from 21.9 to 9.6 s.
  const e = Float64Array.from(expected).filter(Number.isFinite).sort();
  const a = Float64Array.from(actual).filter(Number.isFinite);
  if (e.length === 0 || a.length === 0) return null;
  const edges: number[] = [];
  for (let i = 1; i < bins; i++) {
    const q = e[Math.min(e.length - 1, Math.floor((i * e.length) / bins))]!;
    if (edges.length === 0 || q > edges.at(-1)!) edges.push(q);
  }
  const binOf = (v: number) => {
    let lo = 0;
    let hi = edges.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (v < edges[mid]!) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  const ec = new Array<number>(edges.length + 1).fill(0);
  const ac = new Array<number>(edges.length + 1).fill(0);
  for (const v of e) ec[binOf(v)]!++;
  for (const v of a) ac[binOf(v)]!++;
  let sum = 0;
  for (let i = 0; i < ec.length; i++) {
    const es = Math.max(ec[i]! / e.length, 1e-4);
    const as = Math.max(ac[i]! / a.length, 1e-4);
    sum += (as - es) * Math.log(as / es);
  }
  return sum;
}
