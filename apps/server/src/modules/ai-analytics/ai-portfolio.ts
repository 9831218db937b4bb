import {
  AI_MAX_SYMBOLS,
  AI_OPTIMIZATION_REUSE_SECONDS,
  type AiOptimization,
  type AiRiskTolerance,
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
import { addCalendarDays, indexByCode } from '@bist/market';
import type { Clock } from '@/lib/clock';
import { BadRequestError, ConflictError } from '@/lib/errors';
import { SingleFlight } from '@/lib/single-flight';
import type { MarketEngine } from '@/market/engine';
import type { MarketData } from '@/market/market-data';
import type { MarketRepository } from '@/market/market.repository';
import type { AuditService } from '@/modules/audit/audit.service';
import type { ModelRegistryService } from '@/modules/models/registry.service';
import type { StaffAction } from '@/modules/models/runs.service';
import type { PredictionsService } from '@/modules/predictions/predictions.service';
import type { AiAnalyticsRepository, AiOptimizationRow } from './ai-analytics.repository.ts';
import { BENCHMARK_CODE, auditAction, championVersion, requireKnown, round } from './ai-analytics-common.ts';
import { alignCloses, logReturnsOf, viewConfidenceOf } from './portfolio-inputs.ts';

export interface AiPortfolioDeps {
  repo: Pick<AiAnalyticsRepository, 'recentOptimizations' | 'insertOptimization'>;
  predictions: Pick<PredictionsService, 'productionBatch'>;
  runs: Pick<ModelRegistryService, 'versions'>;
  market: Pick<MarketData, 'hasStock' | 'dailyClosesMany'>;
  /** The running market engine (share counts for the market-implied prior); null in processes without one. */
  engine: Pick<MarketEngine, 'sharesOutstanding'> | null;
  bars: Pick<MarketRepository, 'latestDailyDate'>;
  audit: Pick<AuditService, 'record'>;
  clock: Clock;
}

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

const fmt = (fraction: number) => `${(100 * fraction).toFixed(2)} %`;

/**
 * Portfolio optimisation: a long-only, capped portfolio of the stocks asked (or a basket's members) on one year of
 * stored closes, with its frontier, risk contributions and a monthly out-of-sample backtest; stored and audited.
 */
export class AiPortfolio {
  /** Concurrent identical optimisations (a double click) run once. */
  private readonly optimizing = new SingleFlight<string, AiOptimization & { reused: boolean }>();

  constructor(private readonly d: AiPortfolioDeps) {}

  /**
   * Optimises a long-only, capped portfolio of the symbols on one year of daily log returns (Ledoit–Wolf covariance).
   * Expected returns: a Black–Litterman posterior — market-implied prior from capitalisation weights and XU100's risk
   * premium, the production model's latest calls as views with confidence from its measured edge — or, without share
   * counts or views, the historical means. Also backtests the same method rebalanced monthly over the last year.
   *
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
      requireKnown(this.d.market, req.symbols, 'symbols');
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
    await auditAction(this.d.audit, 'ai_portfolio_optimized', staff, stored.id, {
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
      version: await championVersion(this.d.runs, batch.model.algorithm_id, 1),
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
    views: Awaited<ReturnType<AiPortfolio['modelViews']>>,
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
}
