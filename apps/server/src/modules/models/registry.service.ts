/**
 * The model registry's rules: the algorithms (synced from @bist/ml, enabled or disabled by staff, emergency stops),
 * the trained versions and their champion (promotion and rollback), and the operations centre's read of them. Every
 * staff change commits with its audit row.
 */
import { AUDIT_ACTIONS, type PredictionHorizon } from '@bist/contracts';
import { algorithmById, listAlgorithms } from '@bist/ml';
import type { Clock } from '@/lib/clock';
import { NotFoundError } from '@/lib/errors';
import type { AuditService } from '@/modules/audit/audit.service';
import type {
  AlgorithmRow,
  EvaluationRow,
  ModelRegistryRepository,
  ModelVersionRow,
} from './registry.repository.ts';
import type { MlRunsRepository, RunRow } from './runs.repository.ts';
import { cancelPatch, type MlRunsService, type StaffAction } from './runs.service.ts';

export type { AlgorithmRow, EvaluationRow };

/** Realised (live) scores of one algorithm at one horizon, in total and per target date (oldest first). */
export interface RealisedScores {
  evaluated: number;
  hits: number;
  ups: number;
  days: number;
  daily: { n: number; hits: number; ups: number }[];
}

/** What the operations read model reads of the predictions' outcomes (the predictions repository implements it). */
export interface PredictionOutcomeReads {
  realisedByAlgorithm(horizonDays: number): Promise<Map<string, RealisedScores>>;
  predictionCountsByAlgorithm(): Promise<Map<string, number>>;
}

/** Everything the operations centre grades an algorithm on, read in one go. */
export interface OperationsSnapshot {
  algorithms: AlgorithmRow[];
  /** Newest walk-forward per algorithm at the horizon (the serving model's run or later). */
  evaluations: EvaluationRow[];
  realised: Map<string, RealisedScores>;
  lastTrainedAt: Map<string, Date>;
  liveCounts: Map<string, number>;
  modelVersions: number;
}

export interface ModelRegistryOptions {
  registry: ModelRegistryRepository;
  /** The runs' table, for the transactions a stop or a promotion shares with the registry and the audit log. */
  runStore: MlRunsRepository;
  runs: MlRunsService;
  outcomes: PredictionOutcomeReads;
  clock: Clock;
  /** Where staff actions are recorded (absent in processes without the admin realm). */
  audit?: Pick<AuditService, 'record'>;
}

export class ModelRegistryService {
  constructor(private readonly o: ModelRegistryOptions) {}

  // ------------------------------------------------------------------ algorithms and flags

  /** Registers the registry's algorithms (new ones enabled); metadata follows the registry, enabled flags stay. */
  async syncRegistry(): Promise<void> {
    await this.o.registry.syncAlgorithms(
      listAlgorithms().map((a, position) => ({ ...a, position })),
      this.o.clock.now(),
    );
    this.o.runs.viewsChanged();
  }

  /**
   * Enables or disables an algorithm: a disabled one is neither trained nor served, and leaves investor pages at
   * once. Enabling clears an emergency stop. A staff change is audited.
   */
  async setEnabled(algorithmId: string, enabled: boolean, staff?: StaffAction): Promise<void> {
    await this.o.runStore.transaction(async (_runs, tx) => {
      const changed = await this.o.registry
        .on(tx)
        .setAlgorithmEnabled(algorithmId, enabled, this.o.clock.now());
      if (changed.length === 0) throw new NotFoundError('Algorithm not found');
      if (!staff) return;
      await this.o.audit?.record(
        {
          eventType: 'system_config',
          action: enabled ? AUDIT_ACTIONS.algorithmEnabled : AUDIT_ACTIONS.algorithmDisabled,
          actor: staff.actor,
          target: { type: 'ml_algorithm', id: algorithmId },
          after: { enabled },
          meta: staff.meta,
        },
        tx,
      );
    });
    this.o.runs.viewsChanged();
  }

  /**
   * Emergency stop of one algorithm (`algorithmId`) or of every one (null): cancels the queued and running runs
   * started for it (alone or with other named algorithms), disables it with who stopped it and why, and writes the
   * audit log — the flags, the cancels and the audit row in one transaction, so a stop is never left unaudited. The
   * threads and queued jobs of the cancelled runs are stopped after the commit; a running process elsewhere sees the
   * cancel within CANCEL_POLL_MS. A run over every algorithm (the nightly one) is not cancelled for one algorithm: it
   * stores nothing of a disabled one.
   */
  async emergencyStop(
    algorithmId: string | null,
    reason: string,
    staff: StaffAction,
  ): Promise<{ algorithms: string[]; cancelledRuns: string[] }> {
    if (algorithmId !== null && !algorithmById(algorithmId)) throw new NotFoundError('Algorithm not found');
    // A run over every algorithm keeps going for the others; it drops the stopped one's results (enabledOnly).
    const covered = (await this.o.runs.activeRuns()).filter(
      (r) => algorithmId === null || (r.algorithmIds?.includes(algorithmId) ?? false),
    );
    const { algorithms, cancelled } = await this.o.runStore.transaction(async (runs, tx) => {
      const now = this.o.clock.now();
      const algorithms = await this.o.registry.on(tx).setAlgorithmEnabled(algorithmId, false, now, {
        by: staff.actor.email,
        reason,
      });
      if (algorithmId !== null && algorithms.length === 0) throw new NotFoundError('Algorithm not found');
      const cancelled: RunRow[] = [];
      // A run that finished meanwhile is left as it ended.
      for (const run of covered)
        if (await runs.finishRun(run.id, 'cancelled', cancelPatch(now))) cancelled.push(run);
      await this.o.audit?.record(
        {
          eventType: 'system_config',
          action: algorithmId === null ? AUDIT_ACTIONS.emergencyStopAll : AUDIT_ACTIONS.emergencyStop,
          actor: staff.actor,
          target: { type: 'ml_algorithm', id: algorithmId ?? 'all' },
          after: { enabled: false },
          details: { reason, cancelled_runs: cancelled.map((r) => r.id), algorithms: algorithms.length },
          meta: staff.meta,
        },
        tx,
      );
      return { algorithms, cancelled };
    });
    for (const run of cancelled) await this.o.runs.stopCancelled(run);
    this.o.runs.viewsChanged();
    return { algorithms, cancelledRuns: cancelled.map((r) => r.id) };
  }

  // ------------------------------------------------------------------ versions and champions

  async hasTrainedModels(): Promise<boolean> {
    return (await this.o.registry.countModels()) > 0;
  }

  /** Every version of an algorithm, per horizon, newest first. */
  async versions(algorithmId: string): Promise<ModelVersionRow[]> {
    if (!algorithmById(algorithmId)) throw new NotFoundError('Algorithm not found');
    return this.o.registry.modelVersions(algorithmId);
  }

  /**
   * Makes a version the champion of its algorithm × horizon (a promotion, or a rollback to an earlier one), audited
   * with the reason; then queues a predict run of the algorithm so investors see the champion's predictions.
   */
  async promote(
    algorithmId: string,
    versionId: string,
    reason: string,
    staff: StaffAction,
  ): Promise<{ version: ModelVersionRow; run: RunRow | null }> {
    const all = await this.versions(algorithmId);
    const target = all.find((v) => v.id === versionId);
    if (!target) throw new NotFoundError('Model version not found');
    const previous = all.find((v) => v.champion && v.horizonDays === target.horizonDays) ?? null;
    await this.o.runStore.transaction(async (_runs, tx) => {
      await this.o.registry.on(tx).setChampion(versionId);
      await this.o.audit?.record(
        {
          eventType: 'system_config',
          action: AUDIT_ACTIONS.modelPromoted,
          actor: staff.actor,
          target: { type: 'ml_model', id: versionId },
          before: previous ? { champion_id: previous.id, version: previous.version } : null,
          after: { champion_id: target.id, version: target.version },
          details: { algorithm_id: algorithmId, horizon_days: target.horizonDays, reason },
          meta: staff.meta,
        },
        tx,
      );
    });
    this.o.runs.viewsChanged();
    const run = this.o.runs.queues
      ? await this.o.runs.request('predict', {
          requestedBy: staff.actor.id ?? staff.actor.email,
          algorithmIds: [algorithmId],
        })
      : null;
    const version = (await this.o.registry.modelVersions(algorithmId)).find((v) => v.id === versionId)!;
    return { version, run };
  }

  // ------------------------------------------------------------------ operations read model

  async operationsSnapshot(horizon: PredictionHorizon): Promise<OperationsSnapshot> {
    const r = this.o.registry;
    const p = this.o.outcomes;
    const [algorithms, evaluations, realised, lastTrainedAt, liveCounts, modelVersions] = await Promise.all([
      r.listAlgorithms(),
      r.latestEvaluations(horizon),
      p.realisedByAlgorithm(horizon),
      r.lastTrainedAt(),
      p.predictionCountsByAlgorithm(),
      r.countModels(),
    ]);
    return { algorithms, evaluations, realised, lastTrainedAt, liveCounts, modelVersions };
  }
}
