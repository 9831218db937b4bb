import { z } from 'zod';
import { dataEnvelope } from './envelope.ts';

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
