import { z } from 'zod';
import { dataEnvelope } from './envelope.ts';
import { healthCheckNameSchema, healthCheckSchema } from './ai-health.ts';
import { mlRunSchema } from './predictions.ts';

/**
 * The AI operations centre (admin realm, English): the model registry, emergency stops and the rules both sides
 * share. Figures are measured, never invented; a figure that cannot be measured yet is null.
 */

/** A walk-forward result as the champion rule compares it. */
export interface WalkForwardScore {
  /** Mean daily Rank IC of the walk-forward (null: the model makes no ranking, e.g. a constant forecast). */
  rankIcMean: number | null;
  /** Directional hit rate, percent. */
  accuracyPercent: number | null;
}

/**
 * The champion rule: a new version replaces the champion automatically only when its walk-forward is not worse —
 * its Rank IC mean is at least the champion's (no ranking counts as the lowest), and when both make no ranking, its
 * hit rate is at least the champion's. With no champion (or no stored walk-forward for it), the new version wins.
 * Staff can promote any version by hand (audited, with a reason).
 */
export function isNotWorseWalkForward(
  candidate: WalkForwardScore,
  champion: WalkForwardScore | null,
): boolean {
  if (!champion) return true;
  const rank = (s: WalkForwardScore) => s.rankIcMean ?? Number.NEGATIVE_INFINITY;
  if (rank(candidate) !== rank(champion)) return rank(candidate) > rank(champion);
  return (
    (candidate.accuracyPercent ?? Number.NEGATIVE_INFINITY) >=
    (champion.accuracyPercent ?? Number.NEGATIVE_INFINITY)
  );
}

export const CHAMPION_RULE_TEXT =
  'A new version becomes champion automatically only when its walk-forward Rank IC is not lower than the ' +
  "champion's (and, when neither ranks stocks, its hit rate is not lower). Staff can promote or roll back by hand.";

/** Why staff act: required on every action that changes what investors see. */
export const reasonSchema = z
  .string({ error: 'reason is required' })
  .trim()
  .min(3, 'reason must be at least 3 characters')
  .max(500, 'reason must be at most 500 characters');

export const actionReasonBodySchema = z.object({ reason: reasonSchema });
export type ActionReasonBody = z.infer<typeof actionReasonBodySchema>;

const algorithmIdSchema = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'id must be an algorithm id such as "ridge"');

export const algorithmParamsSchema = z.object({ id: algorithmIdSchema });
export const versionParamsSchema = z.object({
  id: algorithmIdSchema,
  versionId: z.uuid({ error: 'versionId must be a model version id' }),
});

/** A trained model version in the registry. */
export const modelVersionSchema = z.object({
  id: z.string(),
  algorithm_id: z.string(),
  horizon_days: z.number().int(),
  version: z.number().int().positive(),
  champion: z.boolean(),
  /** Training window: first and last bar date of the panel. */
  train_from: z.string().nullable(),
  train_to: z.string(),
  /** SHA-256 of the bars the run loaded. */
  data_fingerprint: z.string().nullable(),
  code_version: z.string().nullable(),
  size_bytes: z.number().int().nonnegative(),
  /** Walk-forward plus final fit time of this algorithm × horizon. */
  duration_ms: z.number().nullable(),
  train_rows: z.number().nullable(),
  /** 'schedule', 'chain', 'first_start', 'cli' or a staff id. */
  started_by: z.string().nullable(),
  run_id: z.string().nullable(),
  created_at: z.string(),
  walk_forward: z.object({
    accuracy_percent: z.number().nullable(),
    r2: z.number().nullable(),
    skill_vs_random_walk: z.number().nullable(),
    rank_ic_mean: z.number().nullable(),
    predictions_count: z.number().nullable(),
  }),
});
export type ModelVersion = z.infer<typeof modelVersionSchema>;

export const modelVersionListResponseSchema = dataEnvelope(
  z.object({ champion_rule: z.string(), versions: z.array(modelVersionSchema) }),
);
export const modelVersionResponseSchema = dataEnvelope(modelVersionSchema);

// ---------------------------------------------------------------------------------------------------------------
// Staff actions on algorithms
// ---------------------------------------------------------------------------------------------------------------

const symbolSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,10}(\.IS)?$/, 'symbols holds BIST tickers such as "THYAO"');

/**
 * Body of POST /admin/api/ai/algorithms/{id}/train and /predict. `symbols` (optional) are validated against the
 * universe and recorded with the action: every algorithm learns from the cross-section of all stocks, so a run
 * covers the whole universe.
 */
export const algorithmRunBodySchema = z
  .object({
    symbols: z.array(symbolSchema).max(100, 'symbols holds at most 100 tickers').optional(),
    reason: reasonSchema.optional(),
  })
  .default({});
export type AlgorithmRunBody = z.infer<typeof algorithmRunBodySchema>;

/** Body of enable / disable: an optional reason, recorded in the audit log. */
export const optionalReasonBodySchema = z.object({ reason: reasonSchema.optional() }).default({});

export const emergencyStopResultSchema = dataEnvelope(
  z.object({
    /** Algorithms disabled. */
    algorithms: z.array(z.string()),
    /** Runs cancelled (queued or running). */
    cancelled_runs: z.array(z.string()),
    /** Whether the nightly schedule is now paused (stop all only). */
    nightly_paused: z.boolean(),
  }),
);
export type EmergencyStopResult = z.infer<typeof emergencyStopResultSchema>['data'];

export const promoteResultSchema = dataEnvelope(
  z.object({
    version: modelVersionSchema,
    /** The predict run queued so that investors see the new champion's predictions (null without a job queue). */
    predict_run_id: z.string().nullable(),
  }),
);

// ---------------------------------------------------------------------------------------------------------------
// Reading: algorithms with their measured health, performance overview, alerts
// ---------------------------------------------------------------------------------------------------------------

const healthLabelSchema = z.enum(['healthy', 'warning', 'critical']);

/**
 * An algorithm as staff see it (GET /admin/api/ai/algorithms). Percent fields 0–100. The spec's names (§3:
 * algorithm_id, algorithm_name, algorithm_type, category, is_active) are served; id, name, type, enabled and status
 * stay as the same facts under this API's earlier names.
 */
export const adminAlgorithmSchema = z.object({
  algorithm_id: z.string(),
  algorithm_name: z.string(),
  algorithm_type: z.string(),
  is_active: z.boolean(),
  id: z.string(),
  name: z.string(),
  type: z.string(),
  category: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  status: z.enum(['active', 'inactive']),
  /** Directional hit rate at the assessed horizon (realised once enough live predictions matured, else walk-forward). */
  accuracy: z.number().nullable(),
  accuracy_source: z.enum(['walk_forward', 'realised']).nullable(),
  hit_rate_ci: z.object({ low: z.number(), high: z.number() }).nullable(),
  r2: z.number().nullable(),
  /** 1 − MSE / MSE of the random walk. */
  skill: z.number().nullable(),
  rank_ic: z.number().nullable(),
  /** Walk-forward predictions scored (the accuracy's sample). */
  predictions_count: z.number().int().nonnegative(),
  live_predictions_count: z.number().int().nonnegative(),
  live_evaluated: z.number().int().nonnegative(),
  live_hit_rate: z.number().nullable(),
  health: healthLabelSchema.nullable(),
  /**
   * The verdict investors are shown for this model at the assessed horizon (edgeVerdict of the edge over the market
   * direction): the health's edge check, so staff and investors see one verdict per model.
   */
  verdict: z.enum(['ahead', 'indistinguishable', 'behind']).nullable(),
  health_checks: z.array(healthCheckSchema),
  trained_at: z.string().nullable(),
  stopped_by: z.string().nullable(),
  stopped_at: z.string().nullable(),
  stop_reason: z.string().nullable(),
});
export type AdminAlgorithm = z.infer<typeof adminAlgorithmSchema>;

export const featureDriftSchema = z.object({
  as_of: z.string(),
  training_from: z.string(),
  recent_from: z.string(),
  /** Largest PSI of a feature as the models see it (the day's cross-sectional z-score). */
  max_psi: z.number().nullable(),
  features: z.array(
    z.object({
      name: z.string(),
      /** As the models see it; null for a market-wide input (no cross-section). */
      psi: z.number().nullable(),
      /** Of the raw values (levels). */
      raw_psi: z.number().nullable(),
      market_wide: z.boolean(),
    }),
  ),
  /** A market-wide level shift, reported once rather than as drift of every model; null when there is none. */
  market_event: z
    .object({ features: z.array(z.string()), max_raw_psi: z.number(), detail: z.string() })
    .nullable(),
});
export type FeatureDriftView = z.infer<typeof featureDriftSchema>;

export const adminAlgorithmListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(adminAlgorithmSchema),
  horizon_days: z.number().int(),
  health_rule: z.string(),
  drift: featureDriftSchema.nullable(),
});
export type AdminAlgorithmList = z.infer<typeof adminAlgorithmListResponseSchema>;

/** A stored performance alert: a health check at 'critical' while it lasts. */
export const performanceAlertSchema = z.object({
  id: z.string(),
  algorithm_id: z.string(),
  algorithm_name: z.string(),
  alert_type: healthCheckNameSchema,
  value: z.number().nullable(),
  threshold: z.number().nullable(),
  detail: z.string(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
});
export type PerformanceAlert = z.infer<typeof performanceAlertSchema>;

export const aiSystemStatsSchema = z.object({
  total_algorithms: z.number().int(),
  active_algorithms: z.number().int(),
  /** Stored model versions. */
  trained_models: z.number().int(),
  /** Algorithms with at least one trained version. */
  trained_algorithms: z.number().int(),
  performance_alerts: z.number().int(),
  healthy: z.number().int(),
  warning: z.number().int(),
  critical: z.number().int(),
  /** Algorithms without a walk-forward yet. */
  unrated: z.number().int(),
  /** Whether the nightly train–predict–evaluate runs (Auto-retrain). */
  auto_retrain: z.boolean(),
});
export type AiSystemStats = z.infer<typeof aiSystemStatsSchema>;

/** A row of the performance table: the spec's names (§3 'Algorithm performance') plus this API's earlier ones. */
export const performanceRowSchema = z.object({
  algorithm_id: z.string(),
  algorithm_name: z.string(),
  algorithm_type: z.string(),
  /** Percent. */
  avg_accuracy: z.number().nullable(),
  avg_r2: z.number().nullable(),
  total_predictions: z.number().int(),
  name: z.string(),
  type: z.string(),
  accuracy: z.number().nullable(),
  r2: z.number().nullable(),
  predictions: z.number().int(),
  status: healthLabelSchema.nullable(),
  skill: z.number().nullable(),
  rank_ic: z.number().nullable(),
  max_psi: z.number().nullable(),
});

/** GET /admin/api/ai/performance/overview. */
export const performanceOverviewResponseSchema = z.object({
  success: z.literal(true),
  performance_data: z.array(performanceRowSchema),
  system_stats: aiSystemStatsSchema,
  /** The open performance alerts under the spec's name; `alerts` is the same list under the earlier one. */
  performance_alerts: z.array(performanceAlertSchema),
  alerts: z.array(performanceAlertSchema),
  recent_activity: z.array(
    z.object({
      /** The runs' algorithms ('all' for runs over every enabled one). */
      algorithm_id: z.string(),
      log_type: z.string(),
      status: z.string(),
      /** Runs of this kind for these algorithms among the recent runs (spec's name; event_count the earlier). */
      count: z.number().int(),
      event_count: z.number().int(),
      last_activity: z.string(),
      run_id: z.string(),
    }),
  ),
});
export type PerformanceOverview = z.infer<typeof performanceOverviewResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Resources and the real-time view
// ---------------------------------------------------------------------------------------------------------------

/** One resource sample; CPU percentages from time deltas between samples, memory at the sample. */
export const resourceSampleSchema = z.object({
  at: z.string(),
  /** The server process (main and ML worker threads) in percent of one core, as top shows it. */
  process_cpu_percent: z.number(),
  /** The same as a share of the whole machine. */
  process_cpu_machine_percent: z.number(),
  machine_cpu_percent: z.number(),
  rss_bytes: z.number(),
  heap_used_bytes: z.number(),
  process_memory_percent: z.number(),
  machine_memory_percent: z.number(),
  event_loop_p99_ms: z.number().nullable(),
});
export type ResourceSampleView = z.infer<typeof resourceSampleSchema>;

export const workerPoolStatsSchema = z.object({
  threads: z.number().int(),
  busy: z.number().int(),
  idle: z.number().int(),
  /** Tasks waiting for a thread. */
  queued_tasks: z.number().int(),
});

export const systemStatsSchema = resourceSampleSchema.extend({
  cores: z.number().int(),
  machine_memory_bytes: z.number(),
  sample_interval_ms: z.number().int(),
  /** Null in a process without the ML worker pool. */
  workers: workerPoolStatsSchema.nullable(),
  /** Runs running and queued (every process). */
  jobs_running: z.number().int(),
  jobs_queued: z.number().int(),
});
export type SystemStats = z.infer<typeof systemStatsSchema>;

/** GET /admin/api/monitoring/system/performance. */
export const systemPerformanceResponseSchema = z.object({
  success: z.literal(true),
  system_stats: systemStatsSchema,
});

/** GET /admin/api/monitoring/real-time/dashboard. */
export const realtimeDashboardResponseSchema = z.object({
  success: z.literal(true),
  system_stats: systemStatsSchema,
  /** Samples of the last minutes, oldest first (the sparklines). */
  history: z.array(resourceSampleSchema),
  /** Running jobs (not the count of enabled algorithms). */
  active_processes: z.number().int(),
  /** Queued and running runs with their stage and progress. */
  active_runs: z.array(mlRunSchema),
  alerts: z.array(performanceAlertSchema),
});
export type RealtimeDashboard = z.infer<typeof realtimeDashboardResponseSchema>;
