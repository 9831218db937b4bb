import {
  ACCURACY_HISTORY_DAYS,
  FACTOR_NAMES,
  LIQUIDITY_FLOOR,
  LIQUIDITY_FLOOR_TR,
  PREDICTION_HORIZONS,
  PREDICTIONS_WINDOW_HOURS,
  aiHealthOf,
  edgeVerdict,
  algorithmEvaluationSchema,
  algorithmNameTr,
  marketDirectionBaseline,
  passesLiquidityFloor,
  predictionHorizonSchema,
  PRODUCTION_MIN_T,
  callModeOf,
  measuredLevelOf,
  medianOf,
  predictionCallOf,
  type AccuracyPoint,
  type CallMode,
  type ProductionWindow,
  type ReliabilityBinValues,
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
import {
  chooseProduction,
  dayTotalsMeanSe,
  predictionTargetOf,
  productionCandidateOf,
  type ProductionChoice,
  Z_95,
} from '@bist/ml';
import { addCalendarDays, addTradingDays, istanbulDate } from '@bist/market';
import type { Clock } from '@/lib/clock';
import { NotFoundError } from '@/lib/errors';
import type { Versioned } from '@/lib/versioned';
import { VersionedCache } from '@/lib/versioned-cache';
import type { MarketData } from '@/market/market-data';
import type { MarketRepository } from '@/market/market.repository';
import type {
  AlgorithmRow,
  EvaluationRow,
  ModelKey,
  PredictionScore,
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
  /** The production rule's choice: a model, the best simple factor's ranking, or nothing yet. */
  production: ProductionChoice;
}

/** The production model's id when a model (not a factor) is served. */
function productionIdOf(state: HorizonState): string | null {
  return state.production?.kind === 'model' ? state.production.algorithmId : null;
}

/** What every call of a production batch is decided with (predictionCallOf, measuredLevelOf). */
interface CallContext {
  mode: CallMode;
  source: 'model' | 'factor';
  /** Median expected return of the batch (every stock, same model, horizon and day). */
  median: number;
  /** 10th / 90th percentile of realised − predicted relative return on the holdout window (log units). */
  residual: { p10: number; p90: number } | null;
  /** The calibrated reliability table; null without a calibration (then no confidence is shown for a relative call). */
  bins: ReliabilityBinValues[] | null;
}

/** A horizon's production batch as served: its model, the newest batch's rows and the context of their calls. */
interface ServedBatch {
  model: ProductionModel | null;
  asOfDate: string | null;
  rows: TopPredictionRow[];
  context: CallContext;
}

const round4 = (v: number) => Math.round(v * 10_000) / 10_000;

/** A record's selection window (its whole window before the split was stored). */
/** The windows a production model's figures are shown on: holdout first, then selection (or the whole window). */
function windowsOf(record: AlgorithmEvaluation | null): ProductionWindow[] {
  if (!record) return [];
  const periods = record.periods ?? [];
  const ordered = ['holdout', 'selection'].flatMap((role) => periods.filter((p) => p.role === role));
  if (ordered.length === 2)
    return ordered.map((p) => ({
      role: p.role,
      from: p.from || null,
      to: p.to || null,
      days: p.days,
      rank_ic: p.rankIcMean,
      factor_id: p.bestFactorId,
      factor_rank_ic: p.bestFactorRankIcMean,
      rank_ic_edge: p.rankIcDiffVsBestFactor,
      rank_ic_edge_t: p.rankIcDiffNwT,
      relative_hit_rate: p.relativeHitPercent === null ? null : round2(p.relativeHitPercent),
      relative_scored: p.relativeScored,
      hit_rate: p.hitPercent === null ? null : round2(p.hitPercent),
      always_up: p.alwaysUpPercent === null ? null : round2(p.alwaysUpPercent),
      always_down: p.alwaysDownPercent === null ? null : round2(p.alwaysDownPercent),
    }));
  return [
    {
      role: 'whole',
      from: record.evaluatedFrom,
      to: record.evaluatedTo,
      days: record.rankIc.days,
      rank_ic: record.rankIc.mean,
      factor_id: record.bestFactorId,
      factor_rank_ic: record.factorLadder.find((f) => f.id === record.bestFactorId)?.rankIcMean ?? null,
      rank_ic_edge: record.rankIcDiffVsBestFactor,
      rank_ic_edge_t: record.rankIcDiffNwT,
      relative_hit_rate: null,
      relative_scored: 0,
      hit_rate: record.accuracyPercent === null ? null : round2(record.accuracyPercent),
      always_up: record.alwaysUpPercent,
      always_down: record.alwaysDownPercent,
    },
  ];
}

/** A factor's own figures on the windows (read from any candidate's record: they score the same rows). */
function factorWindowsOf(factorId: string, records: (AlgorithmEvaluation | null)[]): ProductionWindow[] {
  const record = records.find((r) => r?.periods?.length === 2) ?? records.find((r) => r !== null) ?? null;
  return windowsOf(record).map((w) => ({
    ...w,
    rank_ic: w.factor_id === factorId ? w.factor_rank_ic : null,
    factor_id: factorId,
    factor_rank_ic: w.factor_id === factorId ? w.factor_rank_ic : null,
    rank_ic_edge: null,
    rank_ic_edge_t: null,
    relative_hit_rate: null,
    relative_scored: 0,
    hit_rate: null,
    always_up: null,
    always_down: null,
  }));
}

/** How a model's calls are worded: absolute only for an absolute-target model that beat both constant calls. */
function callModeOfRecord(algorithmId: string, record: AlgorithmEvaluation | null): CallMode {
  if (!record) return 'relative';
  const holdout = record.periods?.find((p) => p.role === 'holdout') ?? null;
  const figures = holdout
    ? holdout
    : {
        hitPercent: record.accuracyPercent,
        alwaysUpPercent: record.alwaysUpPercent,
        alwaysDownPercent: record.alwaysDownPercent,
      };
  return callModeOf(predictionTargetOf(algorithmId), figures, record.edgeClusteredCiLowPoints);
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
      indistinguishable: edgeCi ? edgeVerdict(edgeCi) === 'indistinguishable' : null,
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
    indistinguishable: edgeCi ? edgeVerdict(edgeCi) === 'indistinguishable' : null,
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
  /** The production models' latest batches, most confident first, each with its call context; stocks' turnover. */
  rows: { row: TopPredictionRow; context: CallContext }[];
  turnover: Map<string, number>;
  accuracyHistory: AccuracyPoint[];
  historySource: DailySummary['accuracy_history_source'];
}

/** What one stock's predictions read from the database, kept per version of the stored predictions. */
interface StockBase {
  /** Each horizon's production batch (kept per version themselves). */
  batches: ServedBatch[];
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
  private readonly servedBatches = new VersionedCache<PredictionHorizon, ServedBatch>(
    PREDICTION_HORIZONS.length,
  );
  private readonly generatedCounts = new VersionedCache<'window', { count: number; validUntilMs: number }>(1);
  private readonly stockBases = new VersionedCache<string, StockBase>(STOCK_BASES_MAX);

  constructor(
    private readonly repo: PredictionsRepository,
    private readonly market: MarketData,
    private readonly clock: Clock,
    private readonly version: PredictionsVersion,
    /** The stored bars' turnover (the liquidity floor), read through the market engine's repository. */
    private readonly bars: Pick<MarketRepository, 'averageTurnover'>,
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
  /** The realised scores of stored predictions (absent until a prediction's target close is evaluated). */
  async scoresOf(predictionIds: readonly string[]): Promise<Map<string, PredictionScore>> {
    return this.repo.scoresOf(predictionIds);
  }

  async activeAlgorithmCount(): Promise<number> {
    const [algorithms, trained] = await Promise.all([this.repo.listAlgorithms(), this.repo.lastTrainedAt()]);
    return algorithms.filter((a) => a.enabled && trained.has(a.id)).length;
  }

  /** Everything one horizon's views need, with its production model (chooseProduction over the stored evaluations). */
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
    // trained but not yet served cannot be the one whose predictions are shown), in registry order (ties go first),
    // judged on their selection window with the significance bar (decision 0054).
    const production = chooseProduction(
      algorithms
        .filter(
          (a) =>
            a.enabled && errors.has(a.id) && errors.get(a.id) === null && served.has(`${a.id}:${horizon}`),
        )
        .map((a) => productionCandidateOf(a.id, evaluated.get(a.id)?.record ?? null)),
    );
    return { horizon, algorithms, evaluations: evaluated, realised, trained, production };
  }

  private productionModelOf(state: HorizonState): ProductionModel | null {
    const choice = state.production;
    if (choice?.kind === 'factor') {
      const names = FACTOR_NAMES[choice.factorId] ?? { tr: choice.factorId, en: choice.factorId };
      return {
        horizon_days: state.horizon,
        kind: 'factor',
        call_mode: 'relative',
        significance_bar: PRODUCTION_MIN_T,
        factor_id: choice.factorId,
        windows: factorWindowsOf(
          choice.factorId,
          [...state.evaluations.values()].map((e) => e.record),
        ),
        algorithm_id: `factor:${choice.factorId}`,
        algorithm_name: names.tr,
        algorithm_name_en: names.en,
        rank_ic_edge: null,
        accuracy: null,
      };
    }
    const a = state.algorithms.find((x) => x.id === productionIdOf(state));
    if (!a) return null;
    const wf = state.evaluations.get(a.id);
    const record = wf?.record ?? null;
    return {
      horizon_days: state.horizon,
      kind: 'model',
      call_mode: callModeOfRecord(a.id, record),
      significance_bar: PRODUCTION_MIN_T,
      factor_id: null,
      windows: windowsOf(record),
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
   * A horizon's production batch at the current version: the production model, its newest batch (every stock, most
   * confident first) and what its calls are decided with. Kept per version (one read when a run ends).
   */
  async servedBatch(horizon: PredictionHorizon, version?: string): Promise<ServedBatch> {
    const at = version ?? (await this.version.current());
    return this.servedBatches.getAsync(horizon, at, () => this.readServedBatch(horizon, at));
  }

  private async readServedBatch(horizon: PredictionHorizon, version: string): Promise<ServedBatch> {
    const state = await this.horizonState(horizon, version);
    const model = this.productionModelOf(state);
    const id = productionIdOf(state);
    const record = id ? (state.evaluations.get(id)?.record ?? null) : null;
    const context: CallContext = {
      mode: model?.call_mode ?? 'relative',
      source: model?.kind ?? 'model',
      median: NaN,
      residual: null,
      bins: null,
    };
    if (model?.kind === 'factor' && model.factor_id) {
      // The factor's ranking of the newest close, highest score first; the call is the side of its median.
      const scores = await this.repo.latestFactorScores(model.factor_id);
      const asOfDate = scores[0]?.asOfDate ?? null;
      const targetDate = asOfDate ? addTradingDays(asOfDate, horizon) : '';
      const rows: TopPredictionRow[] = scores.map((f) => ({
        id: `factor:${model.factor_id}:${f.symbol}:${f.asOfDate}:${horizon}`,
        symbol: f.symbol,
        algorithmId: model.algorithm_id,
        algorithmName: model.algorithm_name_en,
        horizonDays: horizon,
        asOfDate: f.asOfDate,
        targetDate,
        currentPriceTry: f.currentPriceTry,
        // The score, not a return: only its side of the median is served.
        expectedReturn: f.score,
        direction: 'none',
        confidence: 0,
        targetPriceTry: NaN,
        createdAt: f.createdAt,
      }));
      context.median = medianOf(rows.map((r) => r.expectedReturn));
      return { model, asOfDate, rows, context };
    }
    if (!model || !id) return { model, asOfDate: null, rows: [], context };
    const keys: ModelKey[] = [{ horizonDays: horizon, algorithmId: id }];
    const asOfDate = await this.repo.latestAsOfDateOfModels(keys);
    const rows = asOfDate ? await this.repo.predictionsOfModels(asOfDate, keys) : [];
    const holdout = record?.periods?.find((p) => p.role === 'holdout') ?? null;
    context.median = medianOf(rows.map((r) => r.expectedReturn));
    context.residual =
      holdout && holdout.relativeResidualP10 !== null && holdout.relativeResidualP90 !== null
        ? { p10: holdout.relativeResidualP10, p90: holdout.relativeResidualP90 }
        : null;
    context.bins = record?.calibration?.reliability ?? null;
    return { model, asOfDate, rows, context };
  }

  /**
   * The production model of a horizon with its newest stored batch (every stock, or the given ones) as served — each
   * call decided by predictionCallOf, as on the investor pages: what staff tools serve on demand (a factor's ranking
   * where it is the production call: model.kind 'factor'). Model null before the first training and its batch.
   */
  async productionBatch(
    horizon: PredictionHorizon,
    symbols?: readonly string[],
  ): Promise<{
    model: ProductionModel | null;
    asOfDate: string | null;
    predictions: { row: ModelPrediction; served: TopPrediction }[];
  }> {
    const batch = await this.servedBatch(horizon);
    if (!batch.model || !batch.asOfDate) return { model: null, asOfDate: null, predictions: [] };
    const wanted = symbols ? new Set(symbols) : null;
    return {
      model: batch.model,
      asOfDate: batch.asOfDate,
      predictions: batch.rows
        .filter((r) => !wanted || wanted.has(r.symbol))
        .map((row) => ({ row, served: this.topPredictionOf(row, batch.context) })),
    };
  }

  private topPredictionOf(p: TopPredictionRow, ctx: CallContext): TopPrediction {
    const live = this.market.quote(p.symbol)?.priceTry;
    const current = live !== undefined && live > 0 ? live : p.currentPriceTry;
    const call = predictionCallOf(p.expectedReturn, ctx.median, ctx.mode);
    const absolute = ctx.mode === 'absolute';
    const factor = ctx.source === 'factor';
    // A factor's score is no return: its ranking is served, with no expected return, interval or confidence.
    const relative = !factor && Number.isFinite(ctx.median) ? p.expectedReturn - ctx.median : null;
    // A relative call's confidence is the calibrated probability of its side; without a calibration there is none.
    const confidence = !factor && (absolute || ctx.bins) ? round2(100 * p.confidence) : null;
    const level = confidence === null ? null : measuredLevelOf(call, confidence, ctx.bins);
    return {
      id: p.id,
      stock_code: p.symbol,
      company_name: this.market.stock(p.symbol)?.name ?? p.symbol,
      prediction: p.expectedReturn > 0 ? ('UP' as const) : ('DOWN' as const),
      call,
      call_source: ctx.source,
      relative_return: relative === null ? null : round4(relative),
      relative_interval:
        relative === null || ctx.residual === null
          ? null
          : {
              low: round4(relative + Math.expm1(ctx.residual.p10)),
              high: round4(relative + Math.expm1(ctx.residual.p90)),
            },
      confidence,
      measured_level: level
        ? {
            low_percent: round2(level.lowPercent),
            high_percent: round2(level.highPercent),
            realised_percent: round2(level.realisedPercent),
            se_points: level.sePoints === null ? null : round2(level.sePoints),
            count: level.count,
          }
        : null,
      algorithm: factor
        ? (FACTOR_NAMES[p.algorithmId.replace(/^factor:/, '')]?.tr ?? p.algorithmName)
        : algorithmNameTr(p.algorithmId, p.algorithmName),
      algorithm_name_en: p.algorithmName,
      algorithm_id: p.algorithmId,
      target_price: absolute ? round2(p.targetPriceTry) : null,
      current_price: round2(current),
      price_at_prediction: round2(p.currentPriceTry),
      potential_percent: absolute ? round2(100 * (p.targetPriceTry / current - 1)) : null,
      expected_return: factor ? null : p.expectedReturn,
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

  /** What a stock's predictions read at a version: each horizon's served batch and the stock's turnover. */
  private async readStockBase(symbol: string, version: string): Promise<StockBase> {
    const batches = await Promise.all(PREDICTION_HORIZONS.map((h) => this.servedBatch(h, version)));
    const asOf = batches
      .map((b) => b.asOfDate)
      .filter((d): d is string => d !== null)
      .sort()
      .at(-1);
    const turnover = asOf
      ? ((await this.bars.averageTurnover(asOf, LIQUIDITY_FLOOR.turnoverDays)).get(symbol) ?? null)
      : null;
    return { batches, turnover };
  }

  private stockPredictionsOf(symbol: string, { batches, turnover }: StockBase): StockPredictions {
    const predictions = batches.flatMap((batch) => {
      const row = batch.rows.find((r) => r.symbol === symbol);
      if (!row || !batch.model) return [];
      const prediction = this.topPredictionOf(row, batch.context);
      return [
        {
          prediction,
          model: batch.model,
          passes_liquidity_floor: passesLiquidityFloor(turnover, prediction.current_price),
        },
      ];
    });
    return {
      status: batches.some((b) => b.model) ? 'ok' : 'no_predictions_yet',
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
        is_production: a.id === productionIdOf(state),
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

    const batches = await Promise.all(
      PREDICTION_HORIZONS.filter((h) => !horizon || h === horizon).map((h) => this.servedBatch(h, version)),
    );
    const asOf =
      batches
        .map((b) => b.asOfDate)
        .filter((d): d is string => d !== null)
        .sort()
        .at(-1) ?? null;
    // Each batch in its own order (a model's most confident first, a factor's highest score first), the horizons
    // taken in turn so both appear in 'En İyi Tahminler'.
    const queues = batches.map((b) => b.rows.map((row) => ({ row, context: b.context })));
    const rows: SummaryBase['rows'] = [];
    for (let i = 0; queues.some((q) => i < q.length); i++)
      for (const q of queues) if (i < q.length) rows.push(q[i]!);
    // Calls whose measured level (reliability bin) came true more often than 50 % beyond its 95 % interval.
    const confident = rows.filter(({ row, context }) => {
      const p = this.topPredictionOf(row, context);
      const level = p.measured_level;
      return (
        level !== null && level.se_points !== null && level.realised_percent - Z_95 * level.se_points > 50
      );
    }).length;
    const [anyAsOf, turnover, history] = await Promise.all([
      this.repo.latestAsOfDate(horizon),
      asOf
        ? this.bars.averageTurnover(asOf, LIQUIDITY_FLOOR.turnoverDays)
        : Promise.resolve(new Map<string, number>()),
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
      const id = productionIdOf(state);
      const days = id ? (state.evaluations.get(id)?.record?.recentDays ?? []) : [];
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
    for (const { row, context } of base.rows) {
      if (top.length >= limit) break;
      if (seen.has(row.symbol)) continue;
      const p = this.topPredictionOf(row, context);
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
