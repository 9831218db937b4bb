import {
  PREDICTION_CALLS,
  type AiPrediction,
  type AiProductionModel,
  type PredictionCall,
  type PredictionHorizon,
  type TopPrediction,
} from '@bist/contracts';
import type { Clock } from '@/lib/clock';
import { ConflictError } from '@/lib/errors';
import type { MarketData } from '@/market/market-data';
import type { AuditService } from '@/modules/audit/audit.service';
import type { ModelRegistryService } from '@/modules/models/registry.service';
import type { StaffAction } from '@/modules/models/runs.service';
import type { ModelPrediction, PredictionsService } from '@/modules/predictions/predictions.service';
import type { AiAnalyticsRepository, AiPredictionRow } from './ai-analytics.repository.ts';
import { auditAction, championVersion, requireKnown, round } from './ai-analytics-common.ts';

export interface AiPredictionsDeps {
  repo: Pick<AiAnalyticsRepository, 'insertPredictions' | 'predictionsSince'>;
  predictions: Pick<PredictionsService, 'productionBatch' | 'scoresOf'>;
  runs: Pick<ModelRegistryService, 'versions'>;
  market: Pick<MarketData, 'hasStock'>;
  audit: Pick<AuditService, 'record'>;
  clock: Clock;
}

const BASIS =
  'Walk-forward: the production model (it beat the best simple factor on the selection window with the stated t bar) ' +
  'as stored by the latest predict run; the call is the one investors see (predictionCallOf): relative to the ' +
  "day's cross-section unless the model forecasts absolute returns and beat always-up and always-down.";

/**
 * Calibrated probability of the upper side of a served call — above the day's median for a relative call, closing up
 * for an absolute one — from its confidence (the probability of the call's own side); null without a confidence (a
 * relative call without a calibration, a factor's ranking: there is no probability to show).
 */
export function probabilityUpOf(served: TopPrediction): number | null {
  if (served.confidence === null) return null;
  const c = served.confidence / 100;
  return served.call === 'outperform' || served.call === 'up' ? c : served.call === 'neutral' ? 0.5 : 1 - c;
}

/** A stored row's call ('trend' column); null for rows stored before calls were named. */
function callOf(stored: string): PredictionCall | null {
  return (PREDICTION_CALLS as readonly string[]).includes(stored) ? (stored as PredictionCall) : null;
}

/** A stored on-demand prediction with the score of the prediction it came from (null until its target close). */
type ScoredAiPrediction = AiPredictionRow & { realisedReturn: number | null; hit: boolean | null };

const percentOrNull = (fraction: number | null) => (fraction === null ? null : round(100 * fraction, 4));

function predictionOf(row: ScoredAiPrediction): AiPrediction {
  return {
    id: row.id,
    symbol: row.symbol,
    call: callOf(row.trend),
    predicted_change_percent: percentOrNull(row.expectedReturn),
    predicted_change_interval:
      row.intervalLow === null || row.intervalHigh === null
        ? null
        : { low: round(100 * row.intervalLow, 4), high: round(100 * row.intervalHigh, 4) },
    confidence_score: row.confidence === null ? null : round(row.confidence, 4),
    probability_up: row.probabilityUp === null ? null : round(row.probabilityUp, 4),
    current_price: round(row.currentPriceTry, 2),
    prediction_value: row.trend === 'up' || row.trend === 'down' ? round(row.predictionValueTry, 2) : null,
    model_name: row.modelName,
    algorithm_id: row.algorithmId,
    model_version: row.modelVersion,
    horizon_days: row.horizonDays,
    as_of_date: row.asOfDate,
    target_date: row.targetDate,
    realised_change_percent: row.realisedReturn === null ? null : round(100 * row.realisedReturn, 4),
    // The stored score is the absolute direction's: it says nothing about a relative call.
    hit: row.trend === 'up' || row.trend === 'down' ? row.hit : null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Predictions on demand: the production model's latest calls for the symbols a staff member asks about, stored with
 * the model and version that made them and, once their target close is in, their score. Audited.
 */
export class AiPredictions {
  constructor(private readonly d: AiPredictionsDeps) {}

  async generatePredictions(
    symbols: readonly string[],
    horizon: PredictionHorizon,
    staff: StaffAction,
  ): Promise<{ predictions: AiPrediction[]; model: AiProductionModel; missing: string[] }> {
    requireKnown(this.d.market, symbols, 'symbols');
    const batch = await this.d.predictions.productionBatch(horizon, symbols);
    if (!batch.model || !batch.asOfDate)
      throw new ConflictError(
        `No production model for the ${horizon}-day horizon yet: predictions exist after the first training run`,
      );
    const version = await championVersion(this.d.runs, batch.model.algorithm_id, horizon);
    const found = new Map(batch.predictions.map((p) => [p.row.symbol, p]));
    const missing = symbols.filter((s) => !found.has(s));
    if (found.size === 0)
      throw new ConflictError(
        `The production model has no prediction for ${missing.join(', ')} on ${batch.asOfDate}`,
        'symbols',
      );
    const modelName = batch.model.algorithm_name_en;
    const now = this.d.clock.now();
    const stored = await this.d.repo.insertPredictions(
      symbols.flatMap((s) => {
        const p = found.get(s);
        return p ? [this.rowOf(p, modelName, version, staff)] : [];
      }),
      now,
    );
    await auditAction(this.d.audit, 'ai_predictions_generated', staff, batch.model.algorithm_id, {
      symbols,
      missing,
      horizon_days: horizon,
      model_version: version,
      as_of_date: batch.asOfDate,
      count: stored.length,
    });
    const accuracy = batch.model.accuracy;
    return {
      predictions: stored.map((r) => predictionOf({ ...r, realisedReturn: null, hit: null })),
      missing,
      model: {
        algorithm_id: batch.model.algorithm_id,
        model_name: modelName,
        model_version: version,
        horizon_days: horizon,
        call_mode: batch.model.call_mode,
        windows: batch.model.windows,
        accuracy_percent: accuracy?.accuracy ?? null,
        baseline_percent: accuracy?.baseline ?? null,
        accuracy_source: accuracy?.source ?? null,
        basis: BASIS,
      },
    };
  }

  private rowOf(
    { row: p, served }: { row: ModelPrediction; served: TopPrediction },
    modelName: string,
    version: number | null,
    staff: StaffAction,
  ) {
    const absolute = served.call === 'up' || served.call === 'down';
    return {
      // A factor's ranking is no stored prediction (nothing to score it against later).
      predictionId: served.call_source === 'factor' ? null : p.id,
      symbol: p.symbol,
      // The call investors see for this stock (the column keeps its old name).
      trend: served.call,
      probabilityUp: probabilityUpOf(served),
      // The confidence, change and range investors see — none where they see none (no placeholder ½ or 0).
      confidence: served.confidence === null ? null : served.confidence / 100,
      expectedReturn: absolute ? p.expectedReturn : served.relative_return,
      intervalLow: absolute ? null : (served.relative_interval?.low ?? null),
      intervalHigh: absolute ? null : (served.relative_interval?.high ?? null),
      currentPriceTry: p.currentPriceTry,
      predictionValueTry: absolute ? p.targetPriceTry : p.currentPriceTry,
      algorithmId: p.algorithmId,
      modelName,
      modelVersion: version,
      horizonDays: p.horizonDays,
      asOfDate: p.asOfDate,
      targetDate: p.targetDate,
      requestedBy: staff.actor.id ?? staff.actor.email,
    };
  }

  async listPredictions(days: number): Promise<AiPrediction[]> {
    const since = new Date(this.d.clock.now().getTime() - days * 86_400_000);
    const rows = await this.d.repo.predictionsSince(since);
    const scores = await this.d.predictions.scoresOf(
      rows.flatMap((r) => (r.predictionId ? [r.predictionId] : [])),
    );
    return rows.map((r) => {
      const score = r.predictionId ? scores.get(r.predictionId) : undefined;
      return predictionOf({ ...r, realisedReturn: score?.realisedReturn ?? null, hit: score?.hit ?? null });
    });
  }
}
