/** From a trained model to what the product stores: direction, confidence and target price per stock. */
import type { AlgorithmEvaluation } from '@bist/contracts';
import type { Algorithm, StackInputs, TrainedModel } from './algorithm.ts';
import { crossSectionalProbability, dayPercentiles, type PlattScaling } from './calibration.ts';
import {
  calibratedConfidence,
  classifierConfidence,
  regressorConfidence,
  targetPrice,
} from './confidence.ts';
import { type FeatureSet, rowsOfDays } from './features.ts';
import type { WalkForwardRun } from './walk-forward.ts';

/** Predictions ready to store, aligned with `rows`. */
export interface ServedPredictions {
  rows: Int32Array;
  /** Expected h-day log return. */
  expectedReturn: Float64Array;
  probabilityUp: Float64Array | null;
  /** +1 up, −1 down, 0 no change expected. */
  direction: Int8Array;
  /** Fraction in [0, 1], by the confidence rule (see confidence.ts). */
  confidence: Float64Array;
  currentPrice: Float64Array;
  /** currentPrice × (1 + expected simple return). */
  targetPrice: Float64Array;
}

/** Rows of the last day that has rows: the stocks to predict after today's close. */
export function latestRows(fs: FeatureSet): Int32Array {
  if (fs.rows === 0) return new Int32Array(0);
  const last = fs.rowDay[fs.rows - 1]!;
  return rowsOfDays(fs, last, last + 1);
}

/**
 * Applies a model and the confidence rule (confidence.ts): with the walk-forward's cross-sectional `calibration`, the
 * calibrated probability of the relative side (above / below the day's median for a prediction in the upper / lower
 * half of the served rows, one day) given the prediction's percentile;
 * otherwise classifiers → max(p, 1 − p) of the calibrated P(up), regressors → 0.5 + (hitRate − 0.5)·min(2.5, |z|/E|z|)
 * with the walk-forward hit rate (null → 0.5).
 */
export function servePredictions(
  algorithm: Algorithm,
  model: TrainedModel,
  features: FeatureSet,
  rows: Int32Array,
  walkForwardHitRate: number | null,
  stack?: StackInputs,
  calibration?: { platt: PlattScaling } | null,
): ServedPredictions {
  const pred = algorithm.predict(model, { features, rows, ...(stack ? { stack } : {}) });
  const n = rows.length;
  const q = calibration
    ? dayPercentiles(
        pred.expectedReturn,
        Int32Array.from(rows, (r) => features.rowDay[r]!),
      )
    : null;
  const direction = new Int8Array(n);
  const confidence = new Float64Array(n);
  const currentPrice = new Float64Array(n);
  const target = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const er = pred.expectedReturn[i]!;
    direction[i] = er > 0 ? 1 : er < 0 ? -1 : 0;
    // Calibrated: the probability of the call's relative side — the stock's place among the day's predictions (upper
    // half: above the day's median) — which is what the calibration measures, whatever the sign of the return.
    confidence[i] = calibration
      ? calibratedConfidence(
          crossSectionalProbability(calibration, q![i]!),
          q![i]! > 0.5 ? 1 : q![i]! < 0.5 ? -1 : 0,
        )
      : pred.probabilityUp
        ? classifierConfidence(pred.probabilityUp[i]!)
        : regressorConfidence(er, model.predictionScale, walkForwardHitRate);
    currentPrice[i] = features.close[rows[i]!]!;
    target[i] = targetPrice(currentPrice[i]!, er);
  }
  return {
    rows,
    expectedReturn: pred.expectedReturn,
    probabilityUp: pred.probabilityUp,
    direction,
    confidence,
    currentPrice,
    targetPrice: target,
  };
}

const orNull = (v: number): number | null => (Number.isFinite(v) ? v : null);

/**
 * A walk-forward run in the shape of @bist/contracts' algorithmEvaluationSchema (hit rate as accuracy in percent,
 * NaN → null), ready for the server to validate and store.
 */
export function evaluationRecord(run: WalkForwardRun): AlgorithmEvaluation {
  const m = run.metrics;
  const ic = (s: typeof m.ic) => ({
    mean: orNull(s.mean),
    sd: orNull(s.sd),
    icir: orNull(s.icir),
    days: s.days,
  });
  return {
    algorithmId: run.algorithmId,
    horizonDays: run.horizon,
    source: 'walk_forward',
    accuracyPercent: m.directionalCount > 0 ? 100 * m.hitRate : null,
    accuracyCiLowPercent: 100 * m.hitRateLow,
    accuracyCiHighPercent: 100 * m.hitRateHigh,
    accuracyClusteredCiLowPercent: orNull(100 * m.hitRateClusteredLow),
    accuracyClusteredCiHighPercent: orNull(100 * m.hitRateClusteredHigh),
    zeroReturnSharePercent: orNull(100 * m.zeroReturnShare),
    noCallCount: m.noCalls,
    alwaysUpPercent: orNull(100 * m.alwaysUp),
    alwaysDownPercent: orNull(100 * m.alwaysDown),
    baselinePercent: orNull(100 * m.baseline),
    edgePoints: orNull(100 * m.edge),
    edgeClusteredCiLowPoints: orNull(100 * m.edgeClusteredLow),
    edgeClusteredCiHighPoints: orNull(100 * m.edgeClusteredHigh),
    rankIcNwT: orNull(run.ranking.rankIcNwT),
    tradableRankIc: ic(run.ranking.tradableRankIc),
    factorLadder: run.ranking.factors.map((f) => ({
      id: f.id,
      rankIcMean: orNull(f.rankIc.mean),
      rankIcNwT: orNull(f.rankIcNwT),
    })),
    bestFactorId: run.ranking.bestFactorId,
    rankIcDiffVsBestFactor: orNull(run.ranking.rankIcDiffVsBestFactor),
    rankIcDiffNwT: orNull(run.ranking.rankIcDiffNwT),
    calibration: m.calibration
      ? {
          a: m.calibration.platt.a,
          b: m.calibration.platt.b,
          rows: m.calibration.rows,
          reliability: m.calibration.reliability.map((bin) => ({
            lowPercent: 100 * bin.low,
            highPercent: 100 * bin.high,
            count: bin.count,
            predictedPercent: orNull(100 * bin.meanPredicted),
            realisedPercent: orNull(100 * bin.realised),
            realisedSePoints: orNull(100 * bin.realisedSe),
          })),
        }
      : null,
    mae: orNull(m.mae),
    rmse: orNull(m.rmse),
    skillVsRandomWalk: orNull(m.skillVsRandomWalk),
    r2: orNull(m.r2),
    ic: ic(m.ic),
    rankIc: ic(m.rankIc),
    predictionsCount: m.count,
    evaluatedFrom: run.firstDate,
    evaluatedTo: run.lastDate,
  };
}
