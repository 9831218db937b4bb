import {
  ACCURACY_HISTORY_DAYS,
  CONFIDENCE_HIGH_PERCENT,
  PREDICTIONS_WINDOW_HOURS,
  aiHealthOf,
  predictionHorizonSchema,
  type AlgorithmList,
  type AlgorithmListQuery,
  type CustomerAlgorithm,
  type DailySummary,
  type DailySummaryQuery,
} from '@bist/contracts';
import { addCalendarDays, istanbulDate } from '@bist/market';
import type { Clock } from '@/lib/clock';
import type { MarketData } from '@/market/market-data';
import type { EvaluationRow, PredictionsRepository } from './predictions.repository.ts';

/**
 * Realised live evaluations replace the walk-forward figure once an algorithm has at least this many, spread over at
 * least REALISED_ACCURACY_MIN_DAYS target dates: one day's predictions share the market's move, so until then the
 * walk-forward backtest (a year of out-of-sample days) is the better estimate.
 */
export const REALISED_ACCURACY_MIN_COUNT = 500;
export const REALISED_ACCURACY_MIN_DAYS = 20;

const round2 = (v: number) => Math.round(v * 100) / 100;

interface AccuracyFigure {
  accuracy: number | null;
  source: 'walk_forward' | 'realised' | null;
  count: number;
}

/** Customer views of predictions and algorithms. Accuracy is the directional hit rate (contracts ml.ts), never made up. */
export class PredictionsService {
  constructor(
    private readonly repo: PredictionsRepository,
    private readonly market: MarketData,
    private readonly clock: Clock,
  ) {}

  /** Enabled algorithms that have a trained model (the landing page's and the summary's count). */
  async activeAlgorithmCount(): Promise<number> {
    const [algorithms, trained] = await Promise.all([this.repo.listAlgorithms(), this.repo.lastTrainedAt()]);
    return algorithms.filter((a) => a.enabled && trained.has(a.id)).length;
  }

  private accuracyOf(
    walkForward: EvaluationRow | undefined,
    realised: { evaluated: number; hits: number; days: number } | undefined,
  ): AccuracyFigure {
    if (
      realised &&
      realised.evaluated >= REALISED_ACCURACY_MIN_COUNT &&
      realised.days >= REALISED_ACCURACY_MIN_DAYS
    ) {
      return {
        accuracy: (100 * realised.hits) / realised.evaluated,
        source: 'realised',
        count: realised.evaluated,
      };
    }
    if (walkForward && walkForward.accuracyPercent !== null) {
      return {
        accuracy: walkForward.accuracyPercent,
        source: 'walk_forward',
        count: walkForward.predictionsCount,
      };
    }
    return { accuracy: null, source: null, count: 0 };
  }

  async algorithmList(query: AlgorithmListQuery): Promise<AlgorithmList> {
    const horizon = query.horizon ?? 1;
    const [algorithms, evaluations, realised, liveCounts, trained] = await Promise.all([
      this.repo.listAlgorithms(),
      this.repo.latestEvaluations(horizon),
      this.repo.realisedByAlgorithm(horizon),
      this.repo.predictionCountsByAlgorithm(),
      this.repo.lastTrainedAt(),
    ]);
    const evalById = new Map(evaluations.map((e) => [e.algorithmId, e]));
    const list: CustomerAlgorithm[] = algorithms.map((a) => {
      const wf = evalById.get(a.id);
      const acc = this.accuracyOf(wf, realised.get(a.id));
      return {
        algorithm_id: a.id,
        algorithm_name: a.name,
        description: a.description,
        accuracy: acc.accuracy === null ? null : round2(acc.accuracy),
        accuracy_source: acc.source,
        predictions_count: acc.count,
        live_predictions_count: liveCounts.get(a.id) ?? 0,
        type: a.type,
        category: a.category as CustomerAlgorithm['category'],
        enabled: a.enabled,
        health: acc.accuracy === null ? null : aiHealthOf(acc.accuracy),
        hit_rate_ci: wf
          ? { low: round2(wf.accuracyCiLowPercent), high: round2(wf.accuracyCiHighPercent) }
          : null,
        rank_ic: wf?.rankIcMean ?? null,
        icir: wf?.rankIcIcir ?? null,
        skill: wf?.skillVsRandomWalk ?? null,
        horizon_days: horizon,
        evaluated_from: wf?.evaluatedFrom ?? null,
        evaluated_to: wf?.evaluatedTo ?? null,
        trained_at: trained.get(a.id)?.toISOString() ?? null,
      };
    });
    // Enabled first, then best accuracy; unevaluated last in registry order.
    const sorted = list
      .map((a, i) => ({ a, i }))
      .sort(
        (x, y) =>
          Number(y.a.enabled) - Number(x.a.enabled) ||
          (y.a.accuracy ?? -1) - (x.a.accuracy ?? -1) ||
          x.i - y.i,
      )
      .map((x) => x.a);
    return {
      status: evaluations.length > 0 ? 'ok' : 'no_predictions_yet',
      algorithms: query.limit ? sorted.slice(0, query.limit) : sorted,
    };
  }

  async dailySummary(query: DailySummaryQuery): Promise<DailySummary> {
    const now = this.clock.now();
    const horizon = query.horizon;
    const since = new Date(now.getTime() - PREDICTIONS_WINDOW_HOURS * 3_600_000);
    // The last ACCURACY_HISTORY_DAYS target dates with evaluations (trading days), looked for within a month.
    const historyFrom = addCalendarDays(istanbulDate(now), -31);
    const [generated, asOf, history, algorithms] = await Promise.all([
      this.repo.countPredictionsSince(since),
      this.repo.latestAsOfDate(horizon),
      this.repo.accuracyByTargetDate(historyFrom, horizon),
      this.algorithmList({ horizon: horizon ?? 1 }),
    ]);
    const active = algorithms.algorithms.filter((a) => a.enabled && a.trained_at !== null);
    const withAccuracy = active.filter((a) => a.accuracy !== null);
    const averageAccuracy =
      withAccuracy.length > 0
        ? round2(withAccuracy.reduce((s, a) => s + a.accuracy!, 0) / withAccuracy.length)
        : null;
    const top = asOf ? await this.repo.topPredictions(asOf, query.limit, horizon) : [];
    const confident = asOf ? await this.repo.countConfident(asOf, CONFIDENCE_HIGH_PERCENT / 100, horizon) : 0;
    return {
      status: asOf ? 'ok' : 'no_predictions_yet',
      is_example: false,
      summary: {
        predictions_generated: generated,
        average_accuracy: averageAccuracy,
        high_confidence_predictions: confident,
        algorithms_active: active.length,
      },
      top_predictions: top.map((p) => {
        const live = this.market.quote(p.symbol)?.priceTry;
        const current = live !== undefined && live > 0 ? live : p.currentPriceTry;
        return {
          id: p.id,
          stock_code: p.symbol,
          company_name: this.market.stock(p.symbol)?.name ?? p.symbol,
          prediction: p.direction === 'up' ? ('UP' as const) : ('DOWN' as const),
          confidence: round2(100 * p.confidence),
          algorithm: p.algorithmName,
          algorithm_id: p.algorithmId,
          target_price: round2(p.targetPriceTry),
          current_price: round2(current),
          price_at_prediction: round2(p.currentPriceTry),
          potential_percent: round2(100 * (p.targetPriceTry / current - 1)),
          expected_return: p.expectedReturn,
          horizon_days: predictionHorizonSchema.parse(p.horizonDays),
          as_of_date: p.asOfDate,
          target_date: p.targetDate,
          created_at: p.createdAt.toISOString(),
        };
      }),
      accuracy_history: history.slice(-ACCURACY_HISTORY_DAYS).map((h) => ({
        date: h.date,
        accuracy: round2((100 * h.hits) / h.evaluated),
        evaluated: h.evaluated,
      })),
      as_of_date: asOf,
    };
  }
}
