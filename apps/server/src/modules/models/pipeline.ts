/**
 * The training pipeline: what a run computes. Train (walk-forward scores and final models, stored as new registry
 * versions, the champion replaced where a version is not worse), predict (the champions' calls from the latest close,
 * with the simple factors' ranking) and evaluate (matured predictions scored against the stored closes). The
 * computation runs in the worker-thread pool (jobs/ml-engine); the run's lifecycle around it is MlRunsService's.
 */
import {
  PREDICTION_HORIZONS,
  algorithmEvaluationSchema,
  directionalHit,
  isNotWorseWalkForward,
  isPredictionHorizon,
  type MlRunKind,
  type PredictionHorizon,
} from '@bist/contracts';
import { ALGORITHMS, algorithmById, FACTOR_LADDER, latestFactorScores } from '@bist/ml';
import { addTradingDays } from '@bist/market';
import type { factorScores, predictionEvaluations, predictions } from '@/db/schema/index';
import type { Clock } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import type { ModelForServing, WalkForwardSettings } from '@/jobs/ml-protocol';
import { predictOnPool, trainOnPool } from '@/jobs/ml-engine';
import { panelOfPayload } from '@/jobs/ml-tasks';
import { TaskCancelledError, type MlWorkerPool } from '@/jobs/worker-pool';
import type { PanelLoader, PredictionBarReads } from './panel.ts';
import { evaluationRow, type ModelRegistryRepository } from './registry.repository.ts';
import type { RunLogger } from './run-logger.ts';

const EVALUATE_BATCH = 5_000;

export type NewPrediction = Omit<typeof predictions.$inferInsert, 'id'>;

/** A prediction due for scoring: its target close is on or before the newest stored one. */
export interface DuePrediction {
  id: string;
  symbol: string;
  targetDate: string;
  direction: string;
  currentPriceTry: number;
}

/**
 * What a run stores of predictions (the predictions module owns those tables; its PredictionWritesRepository
 * implements this, wired by the composition root).
 */
export interface PredictionStore {
  upsertPredictions(rows: readonly NewPrediction[]): Promise<void>;
  upsertFactorScores(rows: readonly (typeof factorScores.$inferInsert)[]): Promise<void>;
  duePredictions(
    throughDate: string,
    limit: number,
    after: { targetDate: string; id: string } | null,
  ): Promise<DuePrediction[]>;
  insertPredictionEvaluations(rows: readonly (typeof predictionEvaluations.$inferInsert)[]): Promise<void>;
}

/** The run a stage computes for: its id, the algorithms it was asked for, its cancel signal and its record. */
export interface RunContext {
  runId: string;
  /** Null: every enabled algorithm. */
  algorithmIds: string[] | null;
  signal: AbortSignal;
  /** Adds a line to the run's log (a failure to write it never fails the run). */
  note(line: string): Promise<void>;
  update(patch: { progress?: number; message?: string; dataSource?: string }): Promise<void>;
}

export class NoTrainedModelsError extends AppError {
  constructor() {
    super(409, 'No trained models: run a training first');
  }
}

export interface TrainingPipelineOptions {
  registry: ModelRegistryRepository;
  predictions: PredictionStore;
  panels: PanelLoader;
  bars: Pick<PredictionBarReads, 'latestDailyDate' | 'firstClosesOnOrAfter'>;
  /** Null in a process that only enqueues (it never runs a stage). */
  pool: MlWorkerPool | null;
  clock: Clock;
  log: RunLogger;
  /** Walk-forward settings (tests shorten them). */
  walkForward?: WalkForwardSettings;
  horizons?: readonly PredictionHorizon[];
  /** Package version and git commit of this build, stored with every model version. */
  codeVersion?: string;
}

export class TrainingPipeline {
  constructor(private readonly o: TrainingPipelineOptions) {}

  /** Computes one stage of a run; resolves with its summary line. */
  async run(kind: MlRunKind, run: RunContext): Promise<string> {
    if (kind === 'train') return this.train(run);
    if (kind === 'predict') return this.predict(run);
    return this.evaluate();
  }

  private poolOrThrow(): MlWorkerPool {
    if (!this.o.pool) throw new Error('This process has no ML worker pool');
    return this.o.pool;
  }

  private async enabledIds(): Promise<Set<string>> {
    return new Set((await this.o.registry.listAlgorithms()).filter((a) => a.enabled).map((a) => a.id));
  }

  private async algorithmsOf(run: RunContext): Promise<string[]> {
    const enabled = await this.enabledIds();
    const wanted = run.algorithmIds ?? ALGORITHMS.map((a) => a.id);
    return wanted.filter((id) => enabled.has(id) && algorithmById(id));
  }

  private progress(run: RunContext) {
    let last = 0;
    let lastStage = '';
    return (done: number, total: number, algorithmId: string, horizon: number) => {
      const stage = `${algorithmId} h=${horizon}`;
      if (stage !== lastStage) {
        lastStage = stage;
        void run.note(`${stage} done (${done}/${total})`);
      }
      const now = Date.now();
      if (now - last < 500 && done < total) return;
      last = now;
      run
        .update({ progress: done / total, message: `${algorithmId} h=${horizon} (${done}/${total})` })
        .catch((error: unknown) => this.o.log.warn({ err: error }, 'progress update failed'));
    };
  }

  private async train(run: RunContext): Promise<string> {
    const { runId, signal } = run;
    const ids = await this.algorithmsOf(run);
    if (ids.length === 0) throw new Error('No enabled algorithm to train (disabled or stopped)');
    const loaded = await this.o.panels.loadFingerprintedPanel();
    await run.update({ dataSource: loaded.dataSource });
    const panel = loaded.panel;
    const horizons = this.o.horizons ?? PREDICTION_HORIZONS;
    let outcomes = await trainOnPool(
      this.poolOrThrow(),
      panel,
      ids,
      horizons,
      this.o.walkForward ?? { seed: 7 },
      {
        signal,
        onProgress: this.progress(run),
      },
    );
    if (signal.aborted) throw new TaskCancelledError();
    const enabled = await this.enabledIds();
    outcomes = outcomes.filter((o) => enabled.has(o.algorithmId));
    const now = this.o.clock.now();
    const heads = new Map(
      (await this.o.registry.registryHeads(ids)).map((h) => [`${h.algorithmId}:${h.horizonDays}`, h]),
    );
    const models = outcomes.flatMap((o) => {
      if (o.stateJson === null || o.cutoffDate === null) return [];
      const head = heads.get(`${o.algorithmId}:${o.horizon}`);
      const champion =
        head?.championId && (head.championRankIc !== null || head.championAccuracy !== null)
          ? { rankIcMean: head.championRankIc, accuracyPercent: head.championAccuracy }
          : null;
      return [
        {
          algorithmId: o.algorithmId,
          horizonDays: o.horizon,
          version: (head?.maxVersion ?? 0) + 1,
          // A version that learned from real history replaces one that did not, whatever their scores.
          champion:
            (loaded.dataSource === 'real' && head?.championId != null && head.championSource !== 'real') ||
            isNotWorseWalkForward(
              { rankIcMean: o.evaluation.rankIc.mean, accuracyPercent: o.evaluation.accuracyPercent },
              champion,
            ),
          trainFrom: loaded.from,
          cutoffDate: o.cutoffDate,
          dataFingerprint: loaded.fingerprint,
          dataSource: loaded.dataSource,
          codeVersion: this.o.codeVersion ?? null,
          stateJson: o.stateJson,
          metrics: {
            trainRows: o.trainRows,
            walkForwardMs: Math.round(o.walkForwardMs),
            finalFitMs: Math.round(o.finalFitMs),
            error: o.error,
          },
          runId,
          createdAt: now,
        },
      ];
    });
    await this.o.registry.insertModels(models);
    await this.o.registry.insertEvaluations(
      outcomes.map(({ evaluation }) =>
        evaluationRow(evaluation, { runId, createdAt: now, dataSource: loaded.dataSource }),
      ),
    );
    const failed = outcomes.filter((o) => o.error !== null);
    for (const f of failed) {
      this.o.log.warn(
        { algorithmId: f.algorithmId, horizon: f.horizon, error: f.error },
        'algorithm error during training',
      );
    }
    const champions = models.filter((m) => m.champion).length;
    return `${models.length} model versions (${champions} new champions), ${outcomes.length} walk-forward evaluations${failed.length ? `, ${failed.length} with errors` : ''}`;
  }

  private async predict(run: RunContext): Promise<string> {
    const { runId, signal } = run;
    const ids = await this.algorithmsOf(run);
    const stored = await this.o.registry.championModels(ids);
    if (stored.length === 0) throw new NoTrainedModelsError();
    const hitRates = new Map<string, number | null>();
    const calibrations = new Map<string, { a: number; b: number } | null>();
    for (const h of PREDICTION_HORIZONS) {
      for (const e of await this.o.registry.latestEvaluations(h)) {
        hitRates.set(`${e.algorithmId}:${h}`, e.accuracyPercent === null ? null : e.accuracyPercent / 100);
        // Records stored before calibration existed parse with calibration null (the uncalibrated rules apply).
        const record = algorithmEvaluationSchema.safeParse(e.record);
        const c = record.success ? record.data.calibration : null;
        calibrations.set(`${e.algorithmId}:${h}`, c ? { a: c.a, b: c.b } : null);
      }
    }
    const models: ModelForServing[] = stored.flatMap((m) =>
      isPredictionHorizon(m.horizonDays)
        ? [
            {
              algorithmId: m.algorithmId,
              horizon: m.horizonDays,
              stateJson: m.stateJson,
              hitRate: hitRates.get(`${m.algorithmId}:${m.horizonDays}`) ?? null,
              calibration: calibrations.get(`${m.algorithmId}:${m.horizonDays}`) ?? null,
            },
          ]
        : [],
    );
    const loaded = await this.o.panels.loadFingerprintedPanel();
    const panel = loaded.panel;
    await run.update({ dataSource: loaded.dataSource });
    const served = await predictOnPool(this.poolOrThrow(), panel, models, {
      signal,
      onProgress: this.progress(run),
    });
    if (signal.aborted) throw new TaskCancelledError();
    const now = this.o.clock.now();
    const rows: NewPrediction[] = [];
    for (const s of served) {
      if (s.error) {
        this.o.log.warn(
          { algorithmId: s.algorithmId, horizon: s.horizon, error: s.error },
          'prediction failed',
        );
        continue;
      }
      const targetDate = addTradingDays(s.asOfDate, s.horizon);
      for (let i = 0; i < s.seriesIndex.length; i++) {
        // A zero expected return (the random walk, a rule without a signal) makes no directional call: not stored.
        const direction = s.direction[i]!;
        const price = s.currentPrice[i]!;
        const er = s.expectedReturn[i]!;
        if (direction === 0 || !Number.isFinite(er) || !(price > 0)) continue;
        rows.push({
          algorithmId: s.algorithmId,
          symbol: panel.symbols[s.seriesIndex[i]!]!,
          horizonDays: s.horizon,
          asOfDate: s.asOfDate,
          targetDate,
          currentPriceTry: price,
          expectedReturn: er,
          direction: direction > 0 ? 'up' : 'down',
          confidence: Math.min(1, Math.max(0, s.confidence[i]!)),
          targetPriceTry: price * (1 + er),
          dataSource: loaded.dataSource,
          runId,
          createdAt: now,
        });
      }
    }
    // An algorithm stopped while the run was computing stores nothing.
    const enabled = await this.enabledIds();
    const kept = rows.filter((r) => enabled.has(r.algorithmId));
    await this.o.predictions.upsertPredictions(kept);
    // The simple factors' ranking of the same close: the production call where no model beats it (decision 0054).
    const asOfDate = panel.dates[panel.dates.length - 1];
    const panelView = panelOfPayload(panel);
    const factorRows = asOfDate
      ? FACTOR_LADDER.flatMap((f) =>
          latestFactorScores(panelView, f.id).map((x) => ({
            factorId: f.id,
            symbol: panel.symbols[x.seriesIndex]!,
            asOfDate,
            score: x.score,
            currentPriceTry: x.close,
            runId,
            createdAt: now,
          })),
        )
      : [];
    await this.o.predictions.upsertFactorScores(factorRows);
    return `${kept.length} predictions from ${served.length} models, ${factorRows.length} factor scores`;
  }

  /**
   * Scores every matured prediction by contracts' directionalHit: hit when the close moved in the predicted direction,
   * miss when it moved the other way, null (excluded from every hit rate) when it closed exactly at the prediction's price.
   */
  async evaluate(): Promise<string> {
    const through = await this.o.bars.latestDailyDate();
    if (!through) return '0 predictions evaluated';
    let total = 0;
    let after: { targetDate: string; id: string } | null = null;
    for (;;) {
      const due = await this.o.predictions.duePredictions(through, EVALUATE_BATCH, after);
      if (due.length === 0) break;
      const closes = await this.o.bars.firstClosesOnOrAfter(
        due.map((p) => ({ symbol: p.symbol, date: p.targetDate })),
      );
      const now = this.o.clock.now();
      const matured = due.flatMap((p) => {
        const realisedPriceTry = closes.get(`${p.symbol}|${p.targetDate}`);
        return realisedPriceTry === undefined ? [] : [{ ...p, realisedPriceTry }];
      });
      await this.o.predictions.insertPredictionEvaluations(
        matured.map((m) => {
          const realisedReturn = m.realisedPriceTry / m.currentPriceTry - 1;
          return {
            predictionId: m.id,
            realisedPriceTry: m.realisedPriceTry,
            realisedReturn,
            hit: directionalHit(m.direction === 'up' ? 1 : -1, realisedReturn),
            evaluatedAt: now,
          };
        }),
      );
      total += matured.length;
      if (due.length < EVALUATE_BATCH) break;
      const last = due[due.length - 1]!;
      after = { targetDate: last.targetDate, id: last.id };
    }
    return `${total} predictions evaluated`;
  }
}
