import {
  AI_ANALYSIS_WINDOW_HOURS,
  AI_MAX_SYMBOLS,
  AI_OPTIMIZATION_REUSE_SECONDS,
  PREDICTION_CALLS,
  analysisFiguresSchema,
  type PredictionCall,
  type TopPrediction,
  type AiAnalysisType,
  type AiDashboard,
  type AiMarketAnalysis,
  type AiOptimization,
  type AiPrediction,
  type AiRiskTolerance,
  type AiProductionModel,
  type AiStock,
  type PredictionHorizon,
} from '@bist/contracts';
import {
  OptimizationError,
  TRADING_DAYS_PER_YEAR,
  backtestMonthly,
  blackLittermanPosterior,
  blackLittermanPrior,
  impliedRiskAversion,
  ledoitWolf,
  optimizePortfolio,
  riskTolerancePolicy,
  type OptimizeMethod,
} from '@bist/ml';
import { STOCKS, addCalendarDays, indexByCode } from '@bist/market';
import type { Clock } from '@/lib/clock';
import { BadRequestError, ConflictError, ServiceUnavailableError } from '@/lib/errors';
import { SingleFlight } from '@/lib/single-flight';
import type { MarketEngine } from '@/market/engine';
import type { MarketData } from '@/market/market-data';
import type { MarketRepository, StoredDailyBar } from '@/market/market.repository';
import type { AuditService } from '@/modules/audit/audit.service';
import type { PredictionRunsService, StaffAction } from '@/modules/predictions/prediction-runs.service';
import type { ModelPrediction, PredictionsService } from '@/modules/predictions/predictions.service';
import type {
  AiAnalysisRow,
  AiAnalyticsRepository,
  AiOptimizationRow,
  AiPredictionRow,
} from './ai-analytics.repository.ts';
import { alignCloses, logReturnsOf, viewConfidenceOf } from './portfolio-inputs.ts';
import {
  momentumAnalysis,
  momentumSentences,
  sectorAnalysis,
  sectorSentences,
  type AnalysisBar,
  type AnalysisStock,
} from './market-analysis.ts';

export interface AiAnalyticsDeps {
  repo: AiAnalyticsRepository;
  predictions: PredictionsService;
  runs: PredictionRunsService;
  market: MarketData;
  /** The running market engine (share counts, forced refresh); null in processes without one. */
  engine: MarketEngine | null;
  bars: MarketRepository;
  audit: AuditService;
  clock: Clock;
}

export const BENCHMARK_CODE = 'XU100';
/** Calendar days of bars a sector analysis loads (50 sessions for the SMA50 and 20-day returns, with holidays). */
const SECTOR_LOOKBACK_CALENDAR_DAYS = 100;
/** Calendar days a momentum analysis loads (252 sessions for 12-1 momentum and 52-week highs, with holidays). */
const MOMENTUM_LOOKBACK_CALENDAR_DAYS = 380;

/** Calendar days of closes an optimisation loads: its one-year window plus the backtest's year and its look-back. */
const OPTIMIZATION_CALENDAR_DAYS = 2 * 366 + 30;
/** Uncertainty of the Black–Litterman prior relative to the return covariance (He & Litterman's usual 0.05). */
const BL_TAU = 0.05;
/**
 * The implied risk aversion δ = XU100's annual premium / its annual variance is kept in [1, 10]: over one year
 * the realised premium can be negative or tiny, which would turn the market-implied prior upside down.
 */
const RISK_AVERSION_BOUNDS = [1, 10] as const;

export interface OptimizeRequest {
  name: string;
  target_return: number;
  risk_tolerance: AiRiskTolerance;
  /** The stocks, or `basket` (an index whose members are the stocks). */
  symbols?: string[] | undefined;
  basket?: string | undefined;
  method?: OptimizeMethod | undefined;
  max_weight: number;
  use_model_views: boolean;
}

/** An optimisation request with its stocks resolved. */
type ResolvedOptimizeRequest = OptimizeRequest & { symbols: string[] };

/** The inputs an optimisation answers, as stored with it and compared for reuse. */
function inputsOf(req: ResolvedOptimizeRequest): NonNullable<AiOptimization['inputs']> {
  return {
    symbols: req.symbols,
    basket: req.basket ?? null,
    method: req.method ?? 'efficient_return',
    target_return: req.target_return,
    risk_tolerance: req.risk_tolerance,
    max_weight: req.max_weight,
    use_model_views: req.use_model_views,
  };
}

/** Two runs answer the same question: same stocks (in any order) and the same other inputs. */
function sameInputs(a: AiOptimization['inputs'], b: NonNullable<AiOptimization['inputs']>): boolean {
  if (!a) return false;
  const sorted = (list: readonly string[]) => [...list].sort().join(',');
  return (
    sorted(a.symbols) === sorted(b.symbols) &&
    a.method === b.method &&
    a.target_return === b.target_return &&
    a.risk_tolerance === b.risk_tolerance &&
    a.max_weight === b.max_weight &&
    a.use_model_views === b.use_model_views
  );
}

export function optimizationOf(row: AiOptimizationRow): AiOptimization {
  return {
    ...(row.result as Omit<AiOptimization, 'optimization_id' | 'created_at'>),
    optimization_id: row.id,
    created_at: row.createdAt.toISOString(),
  };
}

const BASIS =
  'Walk-forward: the production model (it beat the best simple factor on the selection window with the stated t bar) ' +
  'as stored by the latest predict run; the call is the one investors see (predictionCallOf): relative to the ' +
  "day's cross-section unless the model forecasts absolute returns and beat always-up and always-down.";

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
const fmt = (fraction: number) => `${(100 * fraction).toFixed(2)} %`;

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

const percentOrNull = (fraction: number | null) => (fraction === null ? null : round(100 * fraction, 4));

/** A stored row's call ('trend' column); null for rows stored before calls were named. */
function callOf(stored: string): PredictionCall | null {
  return (PREDICTION_CALLS as readonly string[]).includes(stored) ? (stored as PredictionCall) : null;
}

/** A stored on-demand prediction with the score of the prediction it came from (null until its target close). */
type ScoredAiPrediction = AiPredictionRow & { realisedReturn: number | null; hit: boolean | null };

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

export function analysisOf(row: AiAnalysisRow): AiMarketAnalysis {
  return {
    analysis_id: row.id,
    analysis_type: row.analysisType as AiAnalysisType,
    insights: row.insights,
    recommendations: row.recommendations,
    inputs_date: row.inputsDate,
    figures: analysisFiguresSchema.parse(row.figures),
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The AI-Powered Analytics page (/admin/ai): on-demand predictions from the production model, market analyses from
 * stored bars and the day's quotes, portfolio optimisations, and the engine's stock data. Every action is audited.
 */
export class AiAnalyticsService {
  /** Concurrent identical optimisations (a double click) run once. */
  private readonly optimizing = new SingleFlight<string, AiOptimization & { reused: boolean }>();

  constructor(private readonly d: AiAnalyticsDeps) {}

  /** The universe's stocks this process knows (the engine's; a test market's own). */
  private universe() {
    return STOCKS.filter((s) => this.d.market.hasStock(s.symbol));
  }

  private requireKnown(symbols: readonly string[], field: string): void {
    const unknown = symbols.filter((s) => !this.d.market.hasStock(s));
    if (unknown.length > 0)
      throw new BadRequestError(`Unknown symbols (not in the BIST universe): ${unknown.join(', ')}`, field);
  }

  private async audit(action: string, staff: StaffAction, target: string, details: unknown) {
    await this.d.audit.record({
      eventType: 'data_access',
      action,
      actor: staff.actor,
      target: { type: 'ai_analytics', id: target },
      details,
      meta: staff.meta,
    });
  }

  /** The champion version number of an algorithm at a horizon (null when none is marked). */
  private async championVersion(algorithmId: string, horizon: number): Promise<number | null> {
    const versions = await this.d.runs.versions(algorithmId);
    return versions.find((v) => v.champion && v.horizonDays === horizon)?.version ?? null;
  }

  // ------------------------------------------------------------------------------------------- predictions

  async generatePredictions(
    symbols: readonly string[],
    horizon: PredictionHorizon,
    staff: StaffAction,
  ): Promise<{ predictions: AiPrediction[]; model: AiProductionModel; missing: string[] }> {
    this.requireKnown(symbols, 'symbols');
    const batch = await this.d.predictions.productionBatch(horizon, symbols);
    if (!batch.model || !batch.asOfDate)
      throw new ConflictError(
        `No production model for the ${horizon}-day horizon yet: predictions exist after the first training run`,
      );
    const version = await this.championVersion(batch.model.algorithm_id, horizon);
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
    await this.audit('ai_predictions_generated', staff, batch.model.algorithm_id, {
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

  // ------------------------------------------------------------------------------------------- market analyses

  /**
   * Stored daily bars of the universe's stocks and XU100 from `calendarDays` before the newest stored date, with the
   * day's quotes appended as a provisional bar when the session is newer than the stored bars.
   */
  private async analysisInputs(calendarDays: number): Promise<{
    asOfDate: string;
    stocks: AnalysisStock[];
    benchmark: AnalysisBar[];
  }> {
    const universe = this.universe();
    const latest = await this.d.bars.latestDailyDate();
    if (!latest) throw new ConflictError('No stored daily bars yet: the market history has not been written');
    const symbols = [...universe.map((s) => s.symbol), BENCHMARK_CODE];
    const stored = await this.d.bars.dailyBarsBetween(
      symbols,
      addCalendarDays(latest, -calendarDays),
      latest,
    );
    const bySymbol = new Map<string, AnalysisBar[]>();
    const push = (symbol: string, bar: AnalysisBar) => {
      const list = bySymbol.get(symbol);
      if (list) list.push(bar);
      else bySymbol.set(symbol, [bar]);
    };
    stored.forEach((b: StoredDailyBar) =>
      push(b.symbol, { date: b.date, closeTry: b.closeTry, volumeShares: b.volumeShares }),
    );
    let asOfDate = latest;
    for (const symbol of symbols) {
      const q = this.d.market.quote(symbol);
      const list = bySymbol.get(symbol);
      if (!q || q.priceTry <= 0 || (list && list[list.length - 1]!.date >= q.date)) continue;
      push(symbol, { date: q.date, closeTry: q.priceTry, volumeShares: q.volume });
      if (q.date > asOfDate) asOfDate = q.date;
    }
    return {
      asOfDate,
      benchmark: bySymbol.get(BENCHMARK_CODE) ?? [],
      stocks: universe.map((s) => ({
        symbol: s.symbol,
        sector: s.sector,
        sharesOutstanding: this.d.engine?.sharesOutstanding(s.symbol) ?? null,
        bars: bySymbol.get(s.symbol) ?? [],
      })),
    };
  }

  async runAnalysis(type: AiAnalysisType, staff: StaffAction): Promise<AiMarketAnalysis> {
    const now = this.d.clock.now();
    let stored: AiAnalysisRow;
    if (type === 'sector') {
      const input = await this.analysisInputs(SECTOR_LOOKBACK_CALENDAR_DAYS);
      const figures = sectorAnalysis(input.stocks, input.benchmark, input.asOfDate, BENCHMARK_CODE);
      stored = await this.d.repo.insertAnalysis(
        {
          analysisType: type,
          ...sectorSentences(figures),
          figures,
          inputsDate: input.asOfDate,
          modelVersion: null,
          requestedBy: staff.actor.id ?? staff.actor.email,
        },
        now,
      );
    } else {
      const input = await this.analysisInputs(MOMENTUM_LOOKBACK_CALENDAR_DAYS);
      const batch = await this.d.predictions.productionBatch(1);
      const version = batch.model ? await this.championVersion(batch.model.algorithm_id, 1) : null;
      const figures = momentumAnalysis(input.stocks, input.asOfDate, {
        modelName: batch.model?.algorithm_name_en ?? null,
        asOfDate: batch.asOfDate,
        callMode: batch.model?.call_mode ?? null,
        // A call without a calibrated probability (no calibration, a factor's ranking) is not ranked by one.
        calls: batch.predictions.flatMap((p) => {
          const probabilityUp = probabilityUpOf(p.served);
          return probabilityUp === null ? [] : [{ symbol: p.row.symbol, probabilityUp }];
        }),
      });
      stored = await this.d.repo.insertAnalysis(
        {
          analysisType: type,
          ...momentumSentences(figures),
          figures,
          inputsDate: input.asOfDate,
          modelVersion: batch.model ? `${batch.model.algorithm_id}@${version ?? '?'}` : null,
          requestedBy: staff.actor.id ?? staff.actor.email,
        },
        now,
      );
    }
    await this.audit('ai_market_analysis_generated', staff, stored.id, {
      type,
      inputs_date: stored.inputsDate,
    });
    return analysisOf(stored);
  }

  async listAnalyses(hours: number): Promise<AiMarketAnalysis[]> {
    const since = new Date(this.d.clock.now().getTime() - hours * 3_600_000);
    return (await this.d.repo.analysesSince(since)).map(analysisOf);
  }

  // ------------------------------------------------------------------------------------------- optimisation

  /**
   * Optimises a long-only, capped portfolio of the symbols on one year of daily log returns (Ledoit–Wolf covariance).
   * Expected returns: a Black–Litterman posterior — market-implied prior from capitalisation weights and XU100's risk
   * premium, the production model's latest calls as views with confidence from its measured edge — or, without share
   * counts or views, the historical means. Also backtests the same method rebalanced monthly over the last year.
   */
  /**
   * Optimises the stocks (or the basket's members) for the objective, cap and tolerance asked, and stores the run —
   * unless identical inputs on the same market data were answered within AI_OPTIMIZATION_REUSE_SECONDS: then the
   * stored run is the answer (`reused`), and concurrent identical requests run once (decision 0060).
   */
  async optimize(
    request: OptimizeRequest,
    staff: StaffAction,
  ): Promise<AiOptimization & { reused: boolean }> {
    const req = this.resolveBasket(request);
    const latest = await this.d.bars.latestDailyDate();
    if (!latest) throw new ConflictError('No stored daily bars yet: the market history has not been written');
    const inputs = inputsOf(req);
    const key = JSON.stringify({ ...inputs, symbols: [...inputs.symbols].sort(), basket: null, latest });
    return this.optimizing.run(key, async () => {
      const since = this.d.clock.now().getTime() - AI_OPTIMIZATION_REUSE_SECONDS * 1000;
      const stored = (await this.d.repo.recentOptimizations())
        .filter((row) => row.createdAt.getTime() >= since && row.windowTo === latest)
        .map(optimizationOf)
        .find((o) => sameInputs(o.inputs, inputs));
      if (stored) return { ...stored, reused: true };
      return { ...(await this.computeOptimization(req, latest, staff)), reused: false };
    });
  }

  /** The request with its stocks: the given symbols (known ones only), or the basket index's members. */
  private resolveBasket(req: OptimizeRequest): ResolvedOptimizeRequest {
    if (req.symbols) {
      this.requireKnown(req.symbols, 'symbols');
      if (req.max_weight * req.symbols.length < 1 - 1e-9)
        throw new BadRequestError(
          `max_weight: ${req.symbols.length} stocks capped at ${fmt(req.max_weight)} cannot be fully invested (stocks × cap < 100 %)`,
          'max_weight',
        );
      return { ...req, symbols: req.symbols };
    }
    const members = (indexByCode(req.basket ?? '')?.members ?? []).filter((s) => this.d.market.hasStock(s));
    if (members.length < 2)
      throw new BadRequestError(`basket ${req.basket} has no stocks with data`, 'basket');
    const symbols = members.slice(0, AI_MAX_SYMBOLS);
    if (req.max_weight * symbols.length < 1 - 1e-9)
      throw new BadRequestError(
        `max_weight: ${symbols.length} stocks capped at ${fmt(req.max_weight)} cannot be fully invested (stocks × cap < 100 %)`,
        'max_weight',
      );
    return { ...req, symbols };
  }

  private async computeOptimization(
    req: ResolvedOptimizeRequest,
    latest: string,
    staff: StaffAction,
  ): Promise<AiOptimization> {
    const closes = await this.d.market.dailyClosesMany(
      [...req.symbols, BENCHMARK_CODE],
      addCalendarDays(latest, -OPTIMIZATION_CALENDAR_DAYS),
      latest,
    );
    const panel = alignCloses(req.symbols, closes, closes.get(BENCHMARK_CODE) ?? []);
    const windowStart = Math.max(0, panel.dates.length - 1 - TRADING_DAYS_PER_YEAR);
    const windowCloses = panel.closes.slice(windowStart);
    const logReturns = logReturnsOf(windowCloses);
    const benchReturns = logReturnsOf(panel.benchmark.slice(windowStart).map((v) => [v])).map((r) => r[0]!);
    const method: OptimizeMethod = req.method ?? 'efficient_return';
    const ceiling = riskTolerancePolicy[req.risk_tolerance];
    const options = { maxWeight: req.max_weight, riskFreeRate: 0, volatilityCeiling: ceiling };

    const views = req.use_model_views ? await this.modelViews(req.symbols) : null;
    const bl = (returns: number[][], bench: number[], lastCloses: readonly number[]) =>
      this.blackLitterman(req.symbols, returns, bench, lastCloses, views);

    let result;
    let expected: ReturnType<typeof bl>;
    let usedMethod: OptimizeMethod = method;
    let ceilingNote: string | null = null;
    try {
      expected = logReturns.length > 1 ? bl(logReturns, benchReturns, windowCloses.at(-1) ?? []) : null;
      const base = {
        symbols: req.symbols,
        logReturns,
        targetReturn: req.target_return,
        ...options,
        ...(expected ? { expectedReturns: expected.returns } : {}),
      };
      // Decision wt-ai-analytics-ceiling: a ceiling below the least volatile capped portfolio answers with that
      // portfolio and says so, rather than refusing (BIST stocks are volatile; 'medium' is about the index's own).
      const least = optimizePortfolio({ ...base, method: 'min_volatility', volatilityCeiling: null });
      if (least.expectedRisk > ceiling + 1e-12) {
        // A target above what any capped portfolio earns is still refused (400), ceiling or not.
        if (method === 'efficient_return') optimizePortfolio({ ...base, method, volatilityCeiling: null });
        result = least;
        usedMethod = 'min_volatility';
        ceilingNote =
          `The least volatile portfolio of these stocks under the ${fmt(req.max_weight)} cap has ` +
          `${fmt(least.expectedRisk)} annual volatility, above the ${req.risk_tolerance} ceiling of ${fmt(ceiling)}: ` +
          'shown is that minimum-volatility portfolio.';
      } else result = optimizePortfolio({ ...base, method });
    } catch (error) {
      if (error instanceof OptimizationError) throw new BadRequestError(error.message, 'symbols');
      throw error;
    }
    // The backtest replays what was answered: the minimum-volatility portfolio when the ceiling was out of reach
    // (re-solving efficient return under it would hold equal weight every month).
    const backtest = this.backtest(
      req,
      usedMethod,
      panel,
      { ...options, volatilityCeiling: ceilingNote === null ? ceiling : null },
      views ? bl : null,
      latest,
    );
    const allocation = Object.fromEntries(req.symbols.map((s, i) => [s, round(result.weights[i]!, 6)]));
    const body: Omit<AiOptimization, 'optimization_id' | 'created_at'> = {
      portfolio_name: req.name,
      sharpe_ratio: round(result.sharpeRatio, 4),
      expected_return: round(result.expectedReturn, 6),
      expected_risk: round(result.expectedRisk, 6),
      recommended_allocation: JSON.stringify(allocation),
      method: usedMethod,
      target_return: req.target_return,
      risk_tolerance: req.risk_tolerance,
      volatility_ceiling: ceiling,
      ceiling_note: ceilingNote,
      max_weight: req.max_weight,
      risk_free_rate: 0,
      window_from: panel.dates[windowStart]!,
      window_to: panel.dates.at(-1)!,
      window_days: logReturns.length,
      shrinkage: round(result.shrinkage, 4),
      frontier: result.frontier.map((p) => ({ risk: round(p.risk, 6), return: round(p.return, 6) })),
      risk_contributions: req.symbols.map((symbol, i) => ({
        symbol,
        contribution: round(result.riskContributions[i]!, 6),
      })),
      expected_returns_source: expected?.source ?? 'historical mean of the daily log returns × 252',
      model_name: views?.modelName ?? null,
      model_version: views?.version ?? null,
      views: expected
        ? expected.views.map((v) => ({
            symbol: req.symbols[v.index]!,
            expected_return: round(v.expectedReturn, 6),
            confidence: round(v.confidence, 4),
          }))
        : [],
      backtest: backtest.result,
      backtest_unavailable_reason: backtest.reason,
      inputs: inputsOf(req),
    };
    const stored = await this.d.repo.insertOptimization(
      {
        portfolioName: req.name,
        symbols: req.symbols,
        method: usedMethod,
        sharpeRatio: body.sharpe_ratio,
        expectedReturn: body.expected_return,
        expectedRisk: body.expected_risk,
        allocation,
        result: body,
        windowFrom: body.window_from,
        windowTo: body.window_to,
        modelVersion: views ? `${views.algorithmId}@${views.version ?? '?'}` : null,
        requestedBy: staff.actor.id ?? staff.actor.email,
      },
      this.d.clock.now(),
    );
    await this.audit('ai_portfolio_optimized', staff, stored.id, {
      symbols: req.symbols,
      method,
      target_return: req.target_return,
      risk_tolerance: req.risk_tolerance,
      max_weight: req.max_weight,
      basket: req.basket ?? null,
      window_to: body.window_to,
      model_version: stored.modelVersion,
    });
    return optimizationOf(stored);
  }

  /** The production model's (1-day) latest calls on the symbols as absolute views in daily units. */
  private async modelViews(symbols: readonly string[]) {
    const batch = await this.d.predictions.productionBatch(1, symbols);
    // A factor's ranking has no expected returns to blend in.
    if (!batch.model || batch.model.kind !== 'model' || batch.predictions.length === 0) return null;
    const confidence = viewConfidenceOf(
      batch.model.accuracy?.accuracy ?? null,
      batch.model.accuracy?.baseline ?? null,
    );
    return {
      algorithmId: batch.model.algorithm_id,
      modelName: batch.model.algorithm_name_en,
      version: await this.championVersion(batch.model.algorithm_id, 1),
      confidence,
      views: batch.predictions.map(({ row: p }) => ({
        index: symbols.indexOf(p.symbol),
        // Daily simple return as a daily log return.
        expectedReturn: Math.log1p(p.expectedReturn),
        confidence,
      })),
    };
  }

  /** Black–Litterman expected returns (annual) on a window, or null without share counts for every symbol. */
  private blackLitterman(
    symbols: readonly string[],
    logReturns: number[][],
    benchReturns: number[],
    lastCloses: readonly number[],
    views: Awaited<ReturnType<AiAnalyticsService['modelViews']>>,
  ): {
    returns: number[];
    views: { index: number; expectedReturn: number; confidence: number }[];
    source: string;
  } | null {
    const shares = symbols.map((s) => this.d.engine?.sharesOutstanding(s) ?? null);
    if (shares.some((v) => v === null || !(v > 0)) || lastCloses.length !== symbols.length) return null;
    const covariance = ledoitWolf(logReturns).covariance.map((row) =>
      row.map((v) => v * TRADING_DAYS_PER_YEAR),
    );
    const n = benchReturns.length;
    const mean = benchReturns.reduce((s, v) => s + v, 0) / n;
    const variance = benchReturns.reduce((s, v) => s + (v - mean) ** 2, 0) / Math.max(1, n - 1);
    // δ = premium / variance is the same in daily and annual units.
    const raw = variance > 0 ? impliedRiskAversion(mean, variance) : RISK_AVERSION_BOUNDS[0];
    const delta = Math.min(RISK_AVERSION_BOUNDS[1], Math.max(RISK_AVERSION_BOUNDS[0], raw));
    const prior = blackLittermanPrior(
      covariance,
      shares.map((v, i) => v! * lastCloses[i]!),
      delta,
    );
    // A 1-day call informs one day of the year: the view on the annual return is the prior with that day's expected
    // return in place of the prior's daily share (decision 0025), never the daily call × 252.
    const annualViews = (views?.views ?? [])
      .filter((v) => v.index >= 0)
      .map((v) => ({
        ...v,
        expectedReturn: prior[v.index]! + v.expectedReturn - prior[v.index]! / TRADING_DAYS_PER_YEAR,
      }));
    const posterior = blackLittermanPosterior({ prior, covariance, views: annualViews, tau: BL_TAU });
    const viewText = views
      ? `${views.modelName} views (confidence ${views.confidence.toFixed(3)} from its walk-forward edge)`
      : 'no model views (no production model yet)';
    return {
      returns: posterior.expectedReturns,
      views: annualViews,
      source: `Black–Litterman: market-implied prior (cap weights, XU100 risk aversion δ = ${delta.toFixed(2)}), ${viewText}`,
    };
  }

  /** The method rebalanced monthly over the last year vs XU100 and equal weight, on a one-year look-back. */
  private backtest(
    req: ResolvedOptimizeRequest,
    method: OptimizeMethod,
    panel: ReturnType<typeof alignCloses>,
    options: { maxWeight: number; riskFreeRate: number; volatilityCeiling: number | null },
    bl:
      | ((returns: number[][], bench: number[], last: readonly number[]) => { returns: number[] } | null)
      | null,
    latest: string,
  ): { result: AiOptimization['backtest']; reason: string | null } {
    const startDate = addCalendarDays(latest, -365);
    try {
      const r = backtestMonthly({
        dates: panel.dates,
        closes: panel.closes,
        symbols: req.symbols,
        benchmark: panel.benchmark,
        method,
        lookbackDays: TRADING_DAYS_PER_YEAR,
        startDate,
        targetReturn: req.target_return,
        ...options,
        ...(bl
          ? {
              expectedReturns: (w) => {
                const bench = logReturnsOf(
                  panel.benchmark.slice(w.endIndex - w.logReturns.length, w.endIndex + 1).map((v) => [v]),
                ).map((x) => x[0]!);
                const expected = bl(w.logReturns, bench, panel.closes[w.endIndex]!);
                return expected
                  ? expected.returns
                  : req.symbols.map(
                      (_, j) =>
                        (TRADING_DAYS_PER_YEAR * w.logReturns.reduce((s, row) => s + row[j]!, 0)) /
                        w.logReturns.length,
                    );
              },
            }
          : {}),
      });
      const stat = (name: string, s: (typeof r.stats)['strategy']) => ({
        name,
        total_return: round(s.totalReturn, 6),
        annual_return: round(s.annualizedReturn, 6),
        annual_volatility: round(s.volatility, 6),
        sharpe_ratio: Number.isFinite(s.sharpeRatio) ? round(s.sharpeRatio, 4) : null,
        max_drawdown: round(s.maxDrawdown, 6),
      });
      const curve = (values: number[]) =>
        values.map((value, i) => ({ date: r.dates[i]!, value: round(value, 6) }));
      const fallbacks = r.rebalances.filter((x) => x.fallback).length;
      return {
        result: {
          description:
            `Out of sample: ${method} re-solved at each month start from ${r.dates[0]} on the previous ` +
            `${TRADING_DAYS_PER_YEAR} sessions, held for the month; XU100 and equal weight (monthly) alongside` +
            (fallbacks > 0
              ? `; ${fallbacks} month(s) held equal weight because the method had no solution`
              : ''),
          curves: [
            { name: req.name, points: curve(r.strategy) },
            { name: BENCHMARK_CODE, points: curve(r.benchmark) },
            { name: 'Equal weight', points: curve(r.equalWeight) },
          ],
          stats: [
            stat(req.name, r.stats.strategy),
            stat(BENCHMARK_CODE, r.stats.benchmark),
            stat('Equal weight', r.stats.equalWeight),
          ],
        },
        reason: null,
      };
    } catch (error) {
      if (error instanceof OptimizationError) return { result: null, reason: error.message };
      throw error;
    }
  }

  async listOptimizations(): Promise<AiOptimization[]> {
    return (await this.d.repo.recentOptimizations()).map(optimizationOf);
  }

  // ------------------------------------------------------------------------------------------- stocks

  private stockOf(symbol: string): AiStock | null {
    const q = this.d.market.quote(symbol);
    const info = this.d.market.stock(symbol);
    if (!q || !info) return null;
    const shares = this.d.engine?.sharesOutstanding(symbol);
    return {
      id: symbol,
      symbol,
      name: info.name,
      sector: info.sector,
      price: round(q.priceTry, 2),
      change_percent: round(q.changePercent, 2),
      volume: q.volume,
      market_cap: shares ? round((shares * q.priceTry) / 1e6, 1) : null,
      date: q.date,
      updated_at: q.updatedAt.toISOString(),
    };
  }

  /** The engine's quotes, sorted descending by the field (symbol ascending), at most `limit`. */
  stocks(limit: number, sort: 'change_percent' | 'volume' | 'market_cap' | 'price' | 'symbol'): AiStock[] {
    const list = this.universe().flatMap((s) => {
      const stock = this.stockOf(s.symbol);
      return stock ? [stock] : [];
    });
    list.sort((a, b) =>
      sort === 'symbol'
        ? a.symbol.localeCompare(b.symbol)
        : (b[sort] ?? Number.NEGATIVE_INFINITY) - (a[sort] ?? Number.NEGATIVE_INFINITY) ||
          a.symbol.localeCompare(b.symbol),
    );
    return list.slice(0, limit);
  }

  /** Forces a feed refresh (catch-up of missing days, then the quotes) and reports what changed. */
  async updateStocks(staff: StaffAction) {
    const engine = this.d.engine;
    if (!engine) throw new ServiceUnavailableError('No market feed runs in this process');
    const key = (symbol: string) => {
      const q = engine.quote(symbol);
      return q ? `${q.priceTry}|${q.changePercent}|${q.volume}|${q.date}` : '';
    };
    const universe = this.universe();
    const before = new Map(universe.map((s) => [s.symbol, key(s.symbol)]));
    await engine.tick();
    const changed = universe.filter((s) => key(s.symbol) !== before.get(s.symbol)).length;
    const now = this.d.clock.now();
    const freshness = engine.freshness(now);
    const data = {
      stocks_changed: changed,
      total_stocks: universe.length,
      source: freshness.source,
      data_age_seconds: freshness.ageSeconds,
      as_of: freshness.asOf,
    };
    await this.audit('ai_stock_data_updated', staff, 'market_feed', data);
    return data;
  }

  // ------------------------------------------------------------------------------------------- summary

  async dashboard(): Promise<AiDashboard> {
    const now = this.d.clock.now();
    const [s, production] = await Promise.all([
      this.d.repo.summary(new Date(now.getTime() - AI_ANALYSIS_WINDOW_HOURS * 3_600_000)),
      this.d.predictions.productionBatch(1),
    ]);
    const universe = this.universe();
    return {
      predictions: {
        total_predictions: s.predictions,
        avg_confidence: s.avgConfidence === null ? null : round(s.avgConfidence, 4),
        production_predictions: production.predictions.length,
        production_as_of: production.asOfDate,
      },
      analysis: { total_analyses: s.analyses, recent_analyses: s.recentAnalyses },
      portfolio: {
        total_optimizations: s.optimizations,
        avg_expected_return: s.avgExpectedReturn === null ? null : round(s.avgExpectedReturn, 4),
      },
      stocks: {
        stocks_with_data: universe.filter((st) => this.d.market.quote(st.symbol)).length,
        total_stocks: STOCKS.length,
      },
    };
  }
}
