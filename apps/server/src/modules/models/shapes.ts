/** The registry's versions and the runs in the contracts' shapes (modelVersionSchema, mlRunSchema), for routes and the CLI. */
import type { ModelVersion, MlRun, MlRunKind, MlRunStatus } from '@bist/contracts';
import type { ModelVersionRow } from './registry.repository.ts';
import type { RunRow } from './runs.repository.ts';

/** A run in the contracts' shape (mlRunSchema), for routes and the CLI. */
export function mlRunOf(run: RunRow, now: Date = new Date()): MlRun {
  return {
    id: run.id,
    kind: run.kind as MlRunKind,
    status: run.status as MlRunStatus,
    progress: run.progress,
    message: run.message,
    error: run.error,
    requested_by: run.requestedBy,
    algorithm_ids: run.algorithmIds ?? null,
    created_at: run.createdAt.toISOString(),
    started_at: run.startedAt?.toISOString() ?? null,
    finished_at: run.finishedAt?.toISOString() ?? null,
    log: run.log ?? [],
    duration_ms: run.startedAt ? (run.finishedAt ?? now).getTime() - run.startedAt.getTime() : null,
  };
}

const numberOrNull = (v: number | string | null | undefined) => (typeof v === 'number' ? v : null);

/** A registry version in the contracts' shape (modelVersionSchema). */
export function modelVersionOf(m: ModelVersionRow): ModelVersion {
  const wf = numberOrNull(m.metrics.walkForwardMs);
  const fit = numberOrNull(m.metrics.finalFitMs);
  return {
    id: m.id,
    algorithm_id: m.algorithmId,
    horizon_days: m.horizonDays,
    version: m.version,
    champion: m.champion,
    train_from: m.trainFrom,
    train_to: m.cutoffDate,
    data_fingerprint: m.dataFingerprint,
    code_version: m.codeVersion,
    size_bytes: m.sizeBytes,
    duration_ms: wf === null && fit === null ? null : (wf ?? 0) + (fit ?? 0),
    train_rows: numberOrNull(m.metrics.trainRows),
    started_by: m.requestedBy,
    run_id: m.runId,
    created_at: m.createdAt.toISOString(),
    walk_forward: {
      accuracy_percent: m.accuracyPercent,
      r2: m.r2,
      skill_vs_random_walk: m.skillVsRandomWalk,
      rank_ic_mean: m.rankIcMean,
      predictions_count: m.predictionsCount,
    },
  };
}
