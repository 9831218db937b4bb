import {
  ACCURACY_HISTORY_DAYS,
  CONFIDENCE_HIGH_PERCENT,
  LIQUIDITY_FLOOR,
  LIQUIDITY_FLOOR_TR,
  PREDICTION_HORIZONS,
  PREDICTIONS_WINDOW_HOURS,
  aiHealthOf,
  algorithmEvaluationSchema,
  algorithmNameTr,
  marketDirectionBaseline,
  passesLiquidityFloor,
  predictionHorizonSchema,
  type AccuracyPoint,
  type AccuracyWithBaseline,
  type AlgorithmEvaluation,
  type AlgorithmList,
  type AlgorithmListQuery,
  type CustomerAlgorithm,
  type DailySummary,
  type DailySummaryQuery,
  type HistorySource,
  type PredictionHorizon,
  type ProductionModel,
  type StockPredictions,
  type TopPrediction,
} from '@bist/contracts';
import { chooseChampion, dayTotalsMeanSe, Z_95 } from '@bist/ml';
import { addCalendarDays, istanbulDate } from '@bist/market';
import type { Clock } from '@/lib/clock';
import { NotFoundError } from '@/lib/errors';
import type { Versioned } from '@/lib/versioned';
import { VersionedCache } from '@/lib/versioned-cache';
import type { MarketData } from '@/market/market-data';
import type {
  AlgorithmRow,
  EvaluationRow,
  ModelKey,
  PredictionsRepository,
  RealisedScores,
  TopPredictionRow,
} from './predictions.repository.ts';
import type { PredictionsVersion } from './predictions-version.ts';

/**
 * Realised live evaluations replace the walk-forward figure once an algorithm has at least this many, spread over at
 * least REALISED_ACCURACY_MIN_DAYS target dates: one day's predictions share the market's move, so until then the
 * walk-forward backtest (a year of out-of-sample days) is the better estimate.
 */
export const REALISED_ACCURACY_MIN_COUNT = 500;
export const REALISED_ACCURACY_MIN_DAYS = 20;

const round2 = (v: number) => Math.round(v * 100) / 100;

/** A stored prediction of a model, as read (confidence a fraction, expected return a simple-return fraction). */
export type ModelPrediction = TopPredictionRow;

/** An algorithm's latest walk-forward row with its full record (null when the stored record does not parse). */
export interface Evaluated {
  row: EvaluationRow;
  record: AlgorithmEvaluation | null;
}

/** What the views of one horizon share: algorithms, evaluations, realised scores and the production model. */
interface HorizonState {
  horizon: PredictionHorizon;
  algorithms: AlgorithmRow[];
  evaluations: Map<string, Evaluated>;
  realised: Map<string, RealisedScores>;
  trained: Map<string, Date>;
  production: string | null;
}

const pct = (v: number) => 100 * v;

/**
 * The accuracy of an algorithm as shown: realised live evaluations once there are enough, else the walk-forward
 * record's — each with its hit rate, market-direction baseline, edge and day-clustered 95 % intervals (Newey–West over
 * horizon − 1 days, as the walk-forward computes them).
 */
export function accuracyWithBaseline(
  walkForward: Evaluated | undefined,
  realised: RealisedScores | undefined,
  horizon: number,
): AccuracyWithBaseline | null {
  if (
    realised &&
    realised.evaluated >= REALISED_ACCURACY_MIN_COUNT &&
    realised.days >= REALISED_ACCURACY_MIN_DAYS
  ) {
    const hitRate = realised.hits / realised.evaluated;
    const accuracy = pct(hitRate);
    const base = marketDirectionBaseline(realised.ups, realised.evaluated - realised.ups);
    const baseline = base.best === null ? null : pct(base.best);
    const lags = Math.max(0, horizon - 1);
    const hitSe = dayTotalsMeanSe(
      realised.daily.map((d) => ({ sum: d.hits, n: d.n })),
      lags,
    );
    // Per row: hit − the baseline side's hit, so the edge's interval carries the day's shared move.
    const edgeSe = dayTotalsMeanSe(
      realised.daily.map((d) => ({ sum: d.hits - (base.side === 'down' ? d.n - d.ups : d.ups), n: d.n })),
      lags,
    );
    const edge = baseline === null ? null : accuracy - baseline;
    const edgeCi =
      edge === null || !Number.isFinite(edgeSe)
        ? null
        : { low: round2(edge - pct(Z_95 * edgeSe)), high: round2(edge + pct(Z_95 * edgeSe)) };
    return {
      accuracy: round2(accuracy),
      baseline: baseline === null ? null : round2(baseline),
      baseline_side: base.side,
      edge_points: edge === null ? null : round2(edge),
      edge_ci: edgeCi,
      accuracy_ci: Number.isFinite(hitSe)
        ? {
            low: round2(pct(Math.max(0, hitRate - Z_95 * hitSe))),
            high: round2(pct(Math.min(1, hitRate + Z_95 * hitSe))),
          }
        : null,
      indistinguishable: edgeCi ? edgeCi.low <= 0 && edgeCi.high >= 0 : null,
      source: 'realised',
      count: realised.evaluated,
    };
  }
  const wf = walkForward?.row;
  if (!wf || wf.accuracyPercent === null) return null;
  const r = walkForward.record;
  const baseline = r?.baselinePercent ?? null;
  const side =
    r && r.alwaysUpPercent !== null && r.alwaysDownPercent !== null
      ? r.alwaysUpPercent >= r.alwaysDownPercent
        ? ('up' as const)
        : ('down' as const)
      : null;
  const edgeCi =
    r && r.edgeClusteredCiLowPoints !== null && r.edgeClusteredCiHighPoints !== null
      ? { low: round2(r.edgeClusteredCiLowPoints), high: round2(r.edgeClusteredCiHighPoints) }
      : null;
  const accuracyCi =
    r && r.accuracyClusteredCiLowPercent !== null && r.accuracyClusteredCiHighPercent !== null
      ? { low: round2(r.accuracyClusteredCiLowPercent), high: round2(r.accuracyClusteredCiHighPercent) }
      : null;
  const edge = r?.edgePoints ?? (baseline === null ? null : wf.accuracyPercent - baseline);
  return {
    accuracy: round2(wf.accuracyPercent),
    baseline: baseline === null ? null : round2(baseline),
    baseline_side: side,
    edge_points: edge === null ? null : round2(edge),
    edge_ci: edgeCi,
    accuracy_ci: accuracyCi,
    indistinguishable: edgeCi ? edgeCi.low <= 0 && edgeCi.high >= 0 : null,
    source: 'walk_forward',
    count: wf.predictionsCount,
  };
}

/** What the daily summary is made of besides the live quotes and the 24-hour count: one query round per version. */
interface SummaryBase {
  status: DailySummary['status'];
  models: ProductionModel[];
  averageAccuracy: number | null;
  averageBaseline: number | null;
  algorithmsActive: number;
  confident: number;
  asOfDate: string | null;
  /** The production models' latest batch, most confident first, with each stock's average turnover. */
  rows: TopPredictionRow[];
  turnover: Map<string, number>;
  accuracyHistory: AccuracyPoint[];
  historySource: DailySummary['accuracy_history_source'];
}

/** What one stock's predictions read from the database, kept per version of the stored predictions. */
interface StockBase {
  models: ProductionModel[];
  rows: TopPredictionRow[];
  /** The stock's average turnover over the liquidity floor's days (null: none stored). */
  turnover: number | null;
}

/** Stocks whose predictions are kept read (the whole universe is ≈ 600; each holds one or two rows). */
const STOCK_BASES_MAX = 1_000;

/** Daily-summary bases kept (one per horizon asked: both, 1, 5). */
const SUMMARY_BASES_MAX = 4;

/**
 * Customer views of predictions and algorithms. Accuracy is the directional hit rate (contracts ml.ts), never made up.
 * What the views read from the database is kept per version of the stored predictions (PredictionsVersion): made
 * once when a run ends or staff change a flag or a champion, not on every request.
 */
export class PredictionsService {
  private readonly horizonStates = new VersionedCache<PredictionHorizon, HorizonState>(
    PREDICTION_HORIZONS.length,
  );
  private readonly liveCounts = new VersionedCache<'all', Map<string, number>>(1);
  private readonly summaryBases = new VersionedCache<string, SummaryBase>(SUMMARY_BASES_MAX);
  private readonly generatedCounts = new VersionedCache<'window', { count: number; validUntilMs: number }>(1);
  private readonly stockBases = new VersionedCache<string, StockBase>(STOCK_BASES_MAX);

  constructor(
    private readonly repo: PredictionsRepository,
    private readonly market: MarketData,
    private readonly clock: Clock,
    private readonly version: PredictionsVersion,
  ) {}

  /**
   * What the served models learned from (GET /api/market/source): 'real' only when every served version was trained
   * on real history; a version trained before the source was recorded counts as simulated (never claim real data
   * that may not be). Null before the first training.
   */
  async modelsTrainingSource(): Promise<{
    source: HistorySource;
    first_date: string;
    last_date: string;
  } | null> {
    const rows = await this.repo.championTraining();
    if (rows.length === 0) return null;
    const first = rows.map((r) => r.first ?? r.last).reduce((a, b) => (a < b ? a : b));
    const last = rows.map((r) => r.last).reduce((a, b) => (a > b ? a : b));
    const source: HistorySource = rows.every((r) => r.source === 'real') ? 'real' : 'simulated';
    return { source, first_date: first, last_date: last };
  }

  /** Enabled algorithms that have a trained model (the landing page's and the summary's count). */
  async activeAlgorithmCount(): Promise<number> {
    const [algorithms, trained] = await Promise.all([this.repo.listAlgorithms(), this.repo.lastTrainedAt()]);
    return algorithms.filter((a) => a.enabled && trained.has(a.id)).length;
  }

  /** Everything one horizon's views need, with its production model (chooseChampion over the stored evaluations). */
  /** Are there stored predictions yet (of any algorithm)? */
  async hasPredictions(): Promise<boolean> {
    return (await this.repo.countPredictions()) > 0;
  }

  /** Ids of the enabled algorithms, registry order. */
  async enabledAlgorithmIds(): Promise<string[]> {
    return (await this.repo.listAlgorithms()).filter((a) => a.enabled).map((a) => a.id);
  }

  /** One horizon's state at the current version: kept, or read once for the version. */
  private async horizonState(horizon: PredictionHorizon, version?: string): Promise<HorizonState> {
    const at = version ?? (await this.version.current());
    return this.horizonStates.getAsync(horizon, at, () => this.readHorizonState(horizon));
  }

  private liveCountsAt(version: string): Promise<Map<string, number>> {
    return this.liveCounts.getAsync('all', version, () => this.repo.predictionCountsByAlgorithm());
  }

  private async readHorizonState(horizon: PredictionHorizon): Promise<HorizonState> {
    const [algorithms, evaluations, realised, trained, errors, served] = await Promise.all([
      this.repo.listAlgorithms(),
      this.repo.latestEvaluations(horizon),
      this.repo.realisedByAlgorithm(horizon),
      this.repo.lastTrainedAt(),
      this.repo.latestModelErrors(horizon),
      this.repo.servedModels(),
    ]);
    const evaluated = new Map<string, Evaluated>(
      evaluations.map((row) => {
        const parsed = algorithmEvaluationSchema.safeParse(row.record);
        return [row.algorithmId, { row, record: parsed.success ? parsed.data : null }];
      }),
    );
    // Candidates: enabled algorithms whose final fit at this horizon succeeded and that served the newest batch (a model
    // trained but not yet served cannot be the one whose predictions are shown), in registry order (ties go first).
    const production = chooseChampion(
      algorithms
        .filter(
          (a) =>
            a.enabled && errors.has(a.id) && errors.get(a.id) === null && served.has(`${a.id}:${horizon}`),
        )
        .map((a) => {
          const record = evaluated.get(a.id)?.record ?? null;
          return {
            algorithmId: a.id,
            rankIcDiffVsBestFactor: record?.rankIcDiffVsBestFactor ?? null,
            rankIcDays: record?.rankIc.days ?? 0,
            error: record ? null : 'not evaluated',
          };
        }),
    );
    return { horizon, algorithms, evaluations: evaluated, realised, trained, production };
  }

  private productionModelOf(state: HorizonState): ProductionModel | null {
    const a = state.algorithms.find((x) => x.id === state.production);
    if (!a) return null;
    const wf = state.evaluations.get(a.id);
    return {
      horizon_days: state.horizon,
      algorithm_id: a.id,
      algorithm_name: algorithmNameTr(a.id, a.name),
      algorithm_name_en: a.name,
      rank_ic_edge: wf?.record?.rankIcDiffVsBestFactor ?? null,
      accuracy: accuracyWithBaseline(wf, state.realised.get(a.id), state.horizon),
    };
  }

  /** The production model of each horizon that has one. */
  async productionModels(version?: string): Promise<{ states: HorizonState[]; models: ProductionModel[] }> {
    const at = version ?? (await this.version.current());
    const states = await Promise.all(PREDICTION_HORIZONS.map((h) => this.horizonState(h, at)));
    return {
      states,
      models: states.flatMap((s) => {
        const m = this.productionModelOf(s);
        return m ? [m] : [];
      }),
    };
  }

  /**
   * The production model of a horizon with its newest stored batch (every stock, or the given ones), most confident
   * first: what staff tools serve on demand. Model null while no model qualifies (before the first training).
   */
  async productionBatch(
    horizon: PredictionHorizon,
    symbols?: readonly string[],
  ): Promise<{ model: ProductionModel | null; asOfDate: string | null; predictions: ModelPrediction[] }> {
    const state = await this.horizonState(horizon);
    const model = this.productionModelOf(state);
    if (!model) return { model: null, asOfDate: null, predictions: [] };
    const keys: ModelKey[] = [{ horizonDays: horizon, algorithmId: model.algorithm_id }];
    const asOfDate = await this.repo.latestAsOfDateOfModels(keys);
    const rows = asOfDate ? await this.repo.predictionsOfModels(asOfDate, keys) : [];
    const wanted = symbols ? new Set(symbols) : null;
    return { model, asOfDate, predictions: rows.filter((r) => !wanted || wanted.has(r.symbol)) };
  }

  private topPredictionOf(p: TopPredictionRow): TopPrediction {
    const live = this.market.quote(p.symbol)?.priceTry;
    const current = live !== undefined && live > 0 ? live : p.currentPriceTry;
    return {
      id: p.id,
      stock_code: p.symbol,
      company_name: this.market.stock(p.symbol)?.name ?? p.symbol,
      prediction: p.direction === 'up' ? ('UP' as const) : ('DOWN' as const),
      confidence: round2(100 * p.confidence),
      algorithm: algorithmNameTr(p.algorithmId, p.algorithmName),
      algorithm_name_en: p.algorithmName,
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
  }

  /**
   * The production models' latest predictions for one stock, with their accuracy and baseline, and its version: the
   * stored predictions' version (what is read from the database, kept per stock) and the quotes' generation (the
   * predictions carry the live price and the liquidity floor is checked at it).
   */
  async stockPredictions(symbol: string): Promise<Versioned<StockPredictions>> {
    if (!this.market.hasStock(symbol)) throw new NotFoundError(`Hisse bulunamadı: ${symbol}`);
    const version = await this.version.current();
    const base = await this.stockBases.getAsync(symbol, version, () => this.readStockBase(symbol, version));
    return {
      version: `${version}|${this.market.generation}`,
      value: () => this.stockPredictionsOf(symbol, base),
    };
  }

  /** What a stock's predictions read from the database at a version: models, latest rows, the stock's turnover. */
  private async readStockBase(symbol: string, version: string): Promise<StockBase> {
    const { models } = await this.productionModels(version);
    const keys: ModelKey[] = models.map((m) => ({
      horizonDays: m.horizon_days,
      algorithmId: m.algorithm_id,
    }));
    const asOf = await this.repo.latestAsOfDateOfModels(keys);
    const rows = asOf ? await this.repo.predictionsOfModels(asOf, keys, symbol) : [];
    const turnover = asOf
      ? ((await this.repo.averageTurnover(asOf, LIQUIDITY_FLOOR.turnoverDays)).get(symbol) ?? null)
      : null;
    return { models, rows, turnover };
  }

  private stockPredictionsOf(symbol: string, { models, rows, turnover }: StockBase): StockPredictions {
    const predictions = [...rows]
      .sort((a, b) => a.horizonDays - b.horizonDays)
      .flatMap((row) => {
        const model = models.find((m) => m.horizon_days === row.horizonDays);
        if (!model) return [];
        const prediction = this.topPredictionOf(row);
        return [
          {
            prediction,
            model,
            passes_liquidity_floor: passesLiquidityFloor(turnover, prediction.current_price),
          },
        ];
      });
    return {
      status: models.length > 0 ? 'ok' : 'no_predictions_yet',
      symbol,
      predictions,
      liquidity_rule: LIQUIDITY_FLOOR_TR,
    };
  }

  /** The algorithm list (one page of it) with its version: the stored predictions' version alone. */
  async algorithmList(query: AlgorithmListQuery): Promise<Versioned<AlgorithmList>> {
    const horizon = query.horizon ?? 1;
    const version = await this.version.current();
    const [state, liveCounts] = await Promise.all([
      this.horizonState(horizon, version),
      this.liveCountsAt(version),
    ]);
    return {
      version,
      value: () => {
        const all = this.listOf(state, liveCounts);
        const from = (query.page - 1) * query.limit;
        return {
          status: state.evaluations.size > 0 ? 'ok' : 'no_predictions_yet',
          algorithms: all.slice(from, from + query.limit),
          total: all.length,
          page: query.page,
          limit: query.limit,
        };
      },
    };
  }

  private listOf(state: HorizonState, liveCounts: Map<string, number>): CustomerAlgorithm[] {
    const list: CustomerAlgorithm[] = state.algorithms.map((a) => {
      const wf = state.evaluations.get(a.id);
      const detail = accuracyWithBaseline(wf, state.realised.get(a.id), state.horizon);
      const row = wf?.row;
      return {
        algorithm_id: a.id,
        algorithm_name: algorithmNameTr(a.id, a.name),
        algorithm_name_en: a.name,
        description: a.description,
        is_production: a.id === state.production,
        accuracy_detail: detail,
        rank_ic_edge: wf?.record?.rankIcDiffVsBestFactor ?? null,
        accuracy: detail?.accuracy ?? null,
        accuracy_source: detail?.source ?? null,
        predictions_count: detail?.count ?? 0,
        live_predictions_count: liveCounts.get(a.id) ?? 0,
        type: a.type,
        category: a.category as CustomerAlgorithm['category'],
        enabled: a.enabled,
        health: detail ? aiHealthOf(detail.accuracy) : null,
        hit_rate_ci: detail?.accuracy_ci ?? null,
        rank_ic: row?.rankIcMean ?? null,
        icir: row?.rankIcIcir ?? null,
        skill: row?.skillVsRandomWalk ?? null,
        horizon_days: state.horizon,
        evaluated_from: row?.evaluatedFrom ?? null,
        evaluated_to: row?.evaluatedTo ?? null,
        trained_at: state.trained.get(a.id)?.toISOString() ?? null,
      };
    });
    // Enabled first, then the declared criterion (edge-adjusted Rank IC, decision 0017); without it, registry order.
    return list
      .map((a, i) => ({ a, i }))
      .sort(
        (x, y) =>
          Number(y.a.enabled) - Number(x.a.enabled) ||
          Number(y.a.rank_ic_edge !== null) - Number(x.a.rank_ic_edge !== null) ||
          (y.a.rank_ic_edge ?? 0) - (x.a.rank_ic_edge ?? 0) ||
          x.i - y.i,
      )
      .map((x) => x.a);
  }

  /**
   * The daily summary with its version: the stored predictions' version, the Istanbul date (the accuracy history's
   * month), the 24-hour count and the quotes' generation (the top predictions carry live prices and the liquidity
   * floor is checked at them). The database part is read once per version and date; a new quote generation only
   * re-picks the top predictions from the kept batch.
   */
  async dailySummary(query: DailySummaryQuery): Promise<Versioned<DailySummary>> {
    const version = await this.version.current();
    const now = this.clock.now();
    const today = istanbulDate(now);
    const [generated, base] = await Promise.all([
      this.generatedInWindow(version, now),
      this.summaryBases.getAsync(String(query.horizon ?? ''), `${version}|${today}`, () =>
        this.readSummaryBase(query.horizon, version, now),
      ),
    ]);
    return {
      version: `${version}|${today}|${generated}|${this.market.generation}`,
      value: () => this.summaryOf(base, generated, query.limit),
    };
  }

  /**
   * Predictions created in the last PREDICTIONS_WINDOW_HOURS: counted once per version and kept until the oldest of
   * them leaves the window (only a run adds predictions, and a finished run moves the version).
   */
  private async generatedInWindow(version: string, now: Date): Promise<number> {
    const read = async () => {
      const since = new Date(now.getTime() - PREDICTIONS_WINDOW_HOURS * 3_600_000);
      const { count, oldest } = await this.repo.predictionsSince(since);
      const validUntilMs = oldest
        ? oldest.getTime() + PREDICTIONS_WINDOW_HOURS * 3_600_000 + 1
        : Number.POSITIVE_INFINITY;
      return { count, validUntilMs };
    };
    const kept = await this.generatedCounts.getAsync('window', version, read);
    if (now.getTime() < kept.validUntilMs) return kept.count;
    // The oldest counted prediction left the window: count again (kept under the same version from now on).
    return (await this.generatedCounts.getAsync('window', `${version}|${now.getTime()}`, read)).count;
  }

  private async readSummaryBase(
    horizon: PredictionHorizon | undefined,
    version: string,
    now: Date,
  ): Promise<SummaryBase> {
    // The last ACCURACY_HISTORY_DAYS target dates with evaluations (trading days), looked for within a month.
    const historyFrom = addCalendarDays(istanbulDate(now), -31);
    const [production, liveCounts] = await Promise.all([
      this.productionModels(version),
      this.liveCountsAt(version),
    ]);
    const models = production.models.filter((m) => !horizon || m.horizon_days === horizon);
    const keys: ModelKey[] = models.map((m) => ({
      horizonDays: m.horizon_days,
      algorithmId: m.algorithm_id,
    }));
    const state = production.states.find((s) => s.horizon === (horizon ?? 1))!;
    const algorithms = this.listOf(state, liveCounts);
    const active = algorithms.filter((a) => a.enabled && a.trained_at !== null);
    const withAccuracy = active.filter((a) => a.accuracy_detail !== null);
    const mean = (values: number[]) =>
      values.length > 0 ? round2(values.reduce((s, v) => s + v, 0) / values.length) : null;
    const averageAccuracy = mean(withAccuracy.map((a) => a.accuracy_detail!.accuracy));
    const withBaseline = withAccuracy.filter((a) => a.accuracy_detail!.baseline !== null);
    const averageBaseline =
      withBaseline.length === withAccuracy.length
        ? mean(withBaseline.map((a) => a.accuracy_detail!.baseline!))
        : null;

    const [asOf, anyAsOf] = await Promise.all([
      this.repo.latestAsOfDateOfModels(keys),
      this.repo.latestAsOfDate(horizon),
    ]);
    const [rows, turnover, confident, history] = await Promise.all([
      asOf ? this.repo.predictionsOfModels(asOf, keys) : Promise.resolve([]),
      asOf
        ? this.repo.averageTurnover(asOf, LIQUIDITY_FLOOR.turnoverDays)
        : Promise.resolve(new Map<string, number>()),
      asOf ? this.repo.countConfident(asOf, CONFIDENCE_HIGH_PERCENT / 100, keys) : Promise.resolve(0),
      this.repo.accuracyByTargetDate(historyFrom, horizon),
    ]);

    const live = history.slice(-ACCURACY_HISTORY_DAYS);
    let accuracyHistory: AccuracyPoint[] = [];
    let historySource: DailySummary['accuracy_history_source'] = null;
    if (live.length >= ACCURACY_HISTORY_DAYS) {
      historySource = 'realised';
      accuracyHistory = live.map((h) => pointOf(h.date, h.evaluated, h.hits, h.ups));
    } else {
      // Until a week of live predictions has matured: the production model's out-of-sample walk-forward days.
      const days = state.production
        ? (state.evaluations.get(state.production)?.record?.recentDays ?? [])
        : [];
      const scored = days.filter((d) => d.scored > 0);
      if (scored.length > 0) {
        historySource = 'walk_forward';
        accuracyHistory = scored.map((d) => pointOf(d.date, d.scored, d.hits, d.ups));
      }
    }
    return {
      // Real predictions exist even while no production model qualifies (then 'En İyi Tahminler' is empty).
      status: anyAsOf ? 'ok' : 'no_predictions_yet',
      models,
      averageAccuracy,
      averageBaseline,
      algorithmsActive: active.length,
      confident,
      asOfDate: asOf ?? anyAsOf,
      rows,
      turnover,
      accuracyHistory,
      historySource,
    };
  }

  /** The summary at the live quotes: one row per stock (its most confident production call), liquid stocks only. */
  private summaryOf(base: SummaryBase, generated: number, limit: number): DailySummary {
    const seen = new Set<string>();
    const top: TopPrediction[] = [];
    for (const row of base.rows) {
      if (top.length >= limit) break;
      if (seen.has(row.symbol)) continue;
      const p = this.topPredictionOf(row);
      if (!passesLiquidityFloor(base.turnover.get(row.symbol) ?? null, p.current_price)) continue;
      seen.add(row.symbol);
      top.push(p);
    }
    return {
      status: base.status,
      is_example: false,
      summary: {
        predictions_generated: generated,
        average_accuracy: base.averageAccuracy,
        average_baseline: base.averageBaseline,
        high_confidence_predictions: base.confident,
        algorithms_active: base.algorithmsActive,
      },
      production_models: base.models,
      top_predictions: top,
      liquidity_rule: LIQUIDITY_FLOOR_TR,
      accuracy_history: base.accuracyHistory,
      accuracy_history_source: base.historySource,
      as_of_date: base.asOfDate,
    };
  }
}

function pointOf(date: string, evaluated: number, hits: number, ups: number): AccuracyPoint {
  const base = marketDirectionBaseline(ups, evaluated - ups);
  return {
    date,
    accuracy: round2((100 * hits) / evaluated),
    evaluated,
    baseline: base.best === null ? null : round2(100 * base.best),
  };
}
