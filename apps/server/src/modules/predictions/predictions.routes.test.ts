// What investors see of the predictions, on stored evaluations and predictions: one production model per horizon
// (chooseProduction over the stored walk-forward records: a model above the t bar, else the factor), the liquidity floor, accuracy beside its baseline, the list's
// declared order and the walk-forward accuracy history until live predictions mature.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIQUIDITY_FLOOR_TR,
  algorithmEvaluationSchema,
  algorithmListSchema,
  dailySummarySchema,
  stockPredictionsSchema,
  type AlgorithmEvaluation,
} from '@bist/contracts';
import { createTestApp, type TestApp } from '@test/helpers';
import { FakeMarketData } from '@test/fake-market-data';
import { MarketRepository } from '@/market/market.repository';
import { evaluationRow, ModelRegistryRepository } from '@/modules/models/registry.repository';
import { PredictionWritesRepository } from './prediction-writes.repository.ts';

const NOW = new Date('2026-11-18T09:30:00Z');
const AS_OF = '2026-11-17';
const ic = (mean: number, days: number) => ({ mean, sd: 0.1, icir: mean / 0.1, days });

function evaluation(
  algorithmId: string,
  e: {
    rankIcDiff: number;
    days: number;
    accuracy: number;
    baseline: number;
    edgeCi: [number, number];
    t?: number;
  },
): AlgorithmEvaluation {
  return algorithmEvaluationSchema.parse({
    algorithmId,
    horizonDays: 1,
    source: 'walk_forward',
    accuracyPercent: e.accuracy,
    accuracyCiLowPercent: e.accuracy - 0.5,
    accuracyCiHighPercent: e.accuracy + 0.5,
    accuracyClusteredCiLowPercent: e.accuracy - 2,
    accuracyClusteredCiHighPercent: e.accuracy + 2,
    alwaysUpPercent: 100 - e.baseline,
    alwaysDownPercent: e.baseline,
    baselinePercent: e.baseline,
    edgePoints: e.accuracy - e.baseline,
    edgeClusteredCiLowPoints: e.edgeCi[0],
    edgeClusteredCiHighPoints: e.edgeCi[1],
    rankIcDiffVsBestFactor: e.rankIcDiff,
    rankIcDiffNwT: e.t ?? 3,
    bestFactorId: 'low_volatility',
    // The cross-fitted reliability table of P(above the day's median): what a confidence level means.
    calibration: {
      a: 1,
      b: 0,
      rows: 20_000,
      reliability: [
        {
          lowPercent: 0,
          highPercent: 40,
          count: 800,
          predictedPercent: 35,
          realisedPercent: 36,
          realisedSePoints: 2,
        },
        {
          lowPercent: 40,
          highPercent: 52,
          count: 9000,
          predictedPercent: 48,
          realisedPercent: 49,
          realisedSePoints: 1,
        },
        {
          lowPercent: 52,
          highPercent: 60,
          count: 5000,
          predictedPercent: 55,
          realisedPercent: 53,
          realisedSePoints: 2,
        },
        {
          lowPercent: 60,
          highPercent: 100,
          count: 100,
          predictedPercent: 70,
          realisedPercent: 64,
          realisedSePoints: 5,
        },
      ],
    },
    mae: 0.01,
    rmse: 0.02,
    skillVsRandomWalk: 0,
    r2: 0,
    ic: ic(0.01, e.days),
    rankIc: ic(0.02, e.days),
    predictionsCount: 20_000,
    evaluatedFrom: '2025-11-17',
    evaluatedTo: AS_OF,
    recentDays: [
      { date: '2026-11-13', scored: 100, hits: 48, ups: 40 },
      { date: '2026-11-16', scored: 0, hits: 0, ups: 0 },
      { date: '2026-11-17', scored: 200, hits: 110, ups: 130 },
    ],
  });
}

describe('predictions routes', () => {
  let t: TestApp;

  beforeAll(async () => {
    const market = new FakeMarketData();
    for (const [symbol, price] of [
      ['THYAO', 300],
      ['GARAN', 120],
      ['PENNY', 0.43],
      ['THIN', 50],
    ] as const) {
      market.addStock({ symbol, name: `${symbol} A.Ş.`, sector: 'Test' }).setQuote(symbol, price);
    }
    t = await createTestApp({ market, now: NOW });
    await t.services.models.registry.syncRegistry();
    const registry = new ModelRegistryRepository(t.infra.database.db);
    const writes = new PredictionWritesRepository(t.infra.database.db);
    // Final fits at h = 1: huber's failed, so it cannot be the production model however good its record; elastic-net
    // has not served a batch yet, so neither can it.
    await registry.insertModels(
      ['ols', 'ridge', 'lasso', 'huber', 'elastic-net'].map((algorithmId) => ({
        algorithmId,
        horizonDays: 1,
        cutoffDate: AS_OF,
        stateJson: '{}',
        metrics: { error: algorithmId === 'huber' ? 'final fit: boom' : null },
        createdAt: NOW,
      })),
    );
    const records = [
      evaluation('ols', { rankIcDiff: 0.01, days: 200, accuracy: 50.9, baseline: 52.5, edgeCi: [-3, -0.2] }),
      evaluation('ridge', { rankIcDiff: 0.02, days: 200, accuracy: 53, baseline: 52.5, edgeCi: [-1, 2] }),
      // Best criterion but too few scored days to be chosen.
      evaluation('lasso', { rankIcDiff: 0.05, days: 50, accuracy: 51, baseline: 52.5, edgeCi: [-4, 1] }),
      evaluation('huber', { rankIcDiff: 0.09, days: 200, accuracy: 51, baseline: 52.5, edgeCi: [-4, 1] }),
      evaluation('elastic-net', {
        rankIcDiff: 0.04,
        days: 200,
        accuracy: 51,
        baseline: 52.5,
        edgeCi: [-4, 1],
      }),
    ];
    await registry.insertEvaluations(records.map((e) => evaluationRow(e, { createdAt: NOW })));
    // h = 5: ridge leads the factor but with t 1.4 (under the bar of 2), ols trails it: no model is served; the
    // low-volatility ranking is the production call.
    await registry.insertModels(
      ['ols', 'ridge'].map((algorithmId) => ({
        algorithmId,
        horizonDays: 5,
        cutoffDate: AS_OF,
        stateJson: '{}',
        metrics: { error: null },
        createdAt: NOW,
      })),
    );
    await registry.insertEvaluations(
      [
        {
          ...evaluation('ridge', {
            rankIcDiff: 0.03,
            days: 200,
            accuracy: 52,
            baseline: 52.5,
            edgeCi: [-2, 1],
            t: 1.4,
          }),
          horizonDays: 5 as const,
        },
        {
          ...evaluation('ols', {
            rankIcDiff: -0.01,
            days: 200,
            accuracy: 51,
            baseline: 52.5,
            edgeCi: [-3, 0],
            t: -0.8,
          }),
          horizonDays: 5 as const,
        },
      ].map((e) => evaluationRow(e, { createdAt: NOW })),
    );
    await writes.upsertFactorScores(
      (
        [
          ['THYAO', -0.012, 300],
          ['GARAN', -0.03, 120],
          ['THIN', -0.02, 50],
        ] as const
      ).map(([symbol, score, price]) => ({
        factorId: 'low_volatility',
        symbol,
        asOfDate: AS_OF,
        score,
        currentPriceTry: price,
        createdAt: NOW,
      })),
    );
    // A falling market: the production model forecasts a fall for every stock. It forecasts the relative return, so
    // its calls are the stocks' side of the batch's median (−0.0065): THYAO and PENNY above, THIN and GARAN below —
    // never an absolute rise, never a target price.
    const p = (
      algorithmId: string,
      symbol: string,
      price: number,
      confidence: number,
      expectedReturn = -0.01,
    ) => ({
      algorithmId,
      symbol,
      horizonDays: 1,
      asOfDate: AS_OF,
      targetDate: '2026-11-18',
      currentPriceTry: price,
      expectedReturn,
      direction: 'down',
      confidence,
      targetPriceTry: price * (1 + expectedReturn),
      createdAt: NOW,
    });
    await writes.upsertPredictions([
      p('ridge', 'THYAO', 300, 0.58, -0.002),
      p('ridge', 'PENNY', 0.43, 0.9, -0.005),
      p('ridge', 'THIN', 50, 0.85, -0.008),
      p('ridge', 'GARAN', 120, 0.55, -0.02),
      // More confident, but not the production model: never in 'En İyi Tahminler'.
      p('ols', 'GARAN', 120, 0.95),
      { ...p('ridge', 'THYAO', 300, 0.7), horizonDays: 5, targetDate: '2026-11-24' },
      { ...p('ols', 'THYAO', 300, 0.7), horizonDays: 5, targetDate: '2026-11-24' },
      p('lasso', 'THYAO', 300, 0.99),
    ]);
    // Turnover: THYAO and GARAN liquid, THIN ₺1 M a day, PENNY liquid but under ₺1.
    const bars = ['2026-11-13', '2026-11-16', AS_OF].flatMap((date) =>
      (
        [
          ['THYAO', 300, 1e6],
          ['GARAN', 120, 2e5],
          ['THIN', 50, 2e4],
          ['PENNY', 0.43, 1e8],
        ] as const
      ).map(([symbol, close, volume]) => ({
        symbol,
        date,
        openTry: close,
        highTry: close,
        lowTry: close,
        closeTry: close,
        volumeShares: volume,
        turnoverTry: close * volume,
        source: 'simulated' as const,
      })),
    );
    await new MarketRepository(t.infra.database.db).upsertDailyBars(bars);
  });
  afterAll(async () => t?.close());

  it("shows only the production model's liquid calls, with the rule", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/predictions/daily-summary?horizon=1' });
    expect(res.statusCode).toBe(200);
    const { data } = dailySummarySchema.parse(res.json());
    expect(data.production_models).toHaveLength(1);
    expect(data.production_models[0]).toMatchObject({
      horizon_days: 1,
      kind: 'model',
      call_mode: 'relative',
      significance_bar: 2,
      algorithm_id: 'ridge',
      algorithm_name: 'Ridge Regresyonu',
      algorithm_name_en: 'Ridge Regression',
      rank_ic_edge: 0.02,
      accuracy: { accuracy: 53, baseline: 52.5, edge_points: 0.5, indistinguishable: true },
    });
    expect(data.top_predictions.map((p) => [p.stock_code, p.algorithm_id, p.confidence])).toEqual([
      ['THYAO', 'ridge', 58],
      ['GARAN', 'ridge', 55],
    ]);
    // Every raw forecast falls; the calls are relative — one stock above the median, one below — and none is a rise.
    expect(
      data.top_predictions.map((p) => [p.prediction, p.call, p.target_price, p.potential_percent]),
    ).toEqual([
      ['DOWN', 'outperform', null, null],
      ['DOWN', 'underperform', null, null],
    ]);
    expect(data.top_predictions[0]!.relative_return).toBeCloseTo(0.0045, 6);
    // THYAO's 58 % sits in the 52–60 % bin (53 % came true); GARAN's 55 % below the median is P(above) 45 %: the
    // 40–52 % bin turned to its side (51 % of those calls came true).
    expect(data.top_predictions[0]!.measured_level).toEqual({
      low_percent: 52,
      high_percent: 60,
      realised_percent: 53,
      se_points: 2,
      count: 5000,
    });
    expect(data.top_predictions[1]!.measured_level).toMatchObject({
      low_percent: 48,
      high_percent: 60,
      realised_percent: 51,
    });
    expect(data.top_predictions[0]).toMatchObject({
      algorithm: 'Ridge Regresyonu',
      algorithm_name_en: 'Ridge Regression',
    });
    expect(data.liquidity_rule).toBe(LIQUIDITY_FLOOR_TR);
    // The measured count: calls whose bin came true above 50 % beyond its 95 % interval — THIN (below the median at
    // 85 %: the 0–40 % bin, 64 % came true ± 2) — not PENNY (the 60–100 % bin has too few rows to be a level) nor
    // ols's 95 %.
    expect(data.summary.high_confidence_predictions).toBe(1);
    expect(data.as_of_date).toBe(AS_OF);
  });

  it('serves the low-volatility ranking where no model beats it with t ≥ 2, named as such', async () => {
    const { data } = dailySummarySchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/predictions/daily-summary?horizon=5' })).json(),
    );
    expect(data.production_models).toHaveLength(1);
    expect(data.production_models[0]).toMatchObject({
      horizon_days: 5,
      kind: 'factor',
      factor_id: 'low_volatility',
      call_mode: 'relative',
      algorithm_id: 'factor:low_volatility',
      algorithm_name: 'düşük oynaklık sıralaması',
      accuracy: null,
    });
    // Its ranking (THIN under the ₺10 M floor): the median score splits it; no return, confidence or target price.
    expect(data.top_predictions.map((p) => [p.stock_code, p.call, p.call_source, p.algorithm])).toEqual([
      ['THYAO', 'outperform', 'factor', 'düşük oynaklık sıralaması'],
      ['GARAN', 'underperform', 'factor', 'düşük oynaklık sıralaması'],
    ]);
    for (const p of data.top_predictions)
      expect([p.confidence, p.expected_return, p.relative_return, p.target_price]).toEqual([
        null,
        null,
        null,
        null,
      ]);
    // The stock card shows the same call for the same stock.
    const garan = stockPredictionsSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/predictions/stocks/GARAN' })).json(),
    ).data;
    expect(garan.predictions.find((x) => x.prediction.horizon_days === 5)?.prediction).toMatchObject({
      call: 'underperform',
      id: data.top_predictions[1]!.id,
    });
  });

  it("shows the production model's walk-forward days as the accuracy history until live ones mature", async () => {
    const { data } = dailySummarySchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/predictions/daily-summary' })).json(),
    );
    expect(data.accuracy_history_source).toBe('walk_forward');
    // The day without a scored call is left out; baseline = the better of up and down on that day's rows.
    expect(data.accuracy_history).toEqual([
      { date: '2026-11-13', accuracy: 48, evaluated: 100, baseline: 60 },
      { date: '2026-11-17', accuracy: 55, evaluated: 200, baseline: 65 },
    ]);
    expect(data.summary.average_accuracy).not.toBeNull();
    expect(data.summary.average_baseline).toBe(52.5);
  });

  it('orders the algorithm list by edge-adjusted Rank IC and marks the undistinguishable ones', async () => {
    const { data } = algorithmListSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/ml-algorithms/list?horizon=1' })).json(),
    );
    const evaluated = data.algorithms.filter((a) => a.rank_ic_edge !== null);
    expect(evaluated.map((a) => a.algorithm_id)).toEqual(['huber', 'lasso', 'elastic-net', 'ridge', 'ols']);
    const ols = evaluated.find((a) => a.algorithm_id === 'ols')!;
    expect(ols).toMatchObject({
      algorithm_name: 'En Küçük Kareler Regresyonu',
      algorithm_name_en: 'Ordinary Least Squares',
      is_production: false,
      accuracy: 50.9,
      hit_rate_ci: { low: 48.9, high: 52.9 },
      accuracy_detail: {
        accuracy: 50.9,
        baseline: 52.5,
        baseline_side: 'down',
        edge_points: -1.6,
        edge_ci: { low: -3, high: -0.2 },
        indistinguishable: false,
        source: 'walk_forward',
      },
    });
    expect(evaluated.filter((a) => a.is_production).map((a) => a.algorithm_id)).toEqual(['ridge']);
    // Unevaluated algorithms come after, with no figures.
    expect(data.algorithms.slice(evaluated.length).every((a) => a.accuracy_detail === null)).toBe(true);
  });

  it("gives a stock's production prediction with its accuracy, baseline and the floor check", async () => {
    const thyao = stockPredictionsSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/predictions/stocks/thyao' })).json(),
    ).data;
    expect(thyao.symbol).toBe('THYAO');
    // h = 1 from ridge, h = 5 from the low-volatility ranking.
    expect(thyao.predictions.map((x) => [x.prediction.horizon_days, x.prediction.call_source])).toEqual([
      [1, 'model'],
      [5, 'factor'],
    ]);
    expect(thyao.predictions[0]).toMatchObject({
      prediction: {
        algorithm_id: 'ridge',
        confidence: 58,
        horizon_days: 1,
        call: 'outperform',
        target_price: null,
      },
      model: { algorithm_id: 'ridge', accuracy: { baseline: 52.5 } },
      passes_liquidity_floor: true,
    });
    const penny = stockPredictionsSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/predictions/stocks/PENNY' })).json(),
    ).data;
    expect(penny.predictions[0]!.passes_liquidity_floor).toBe(false);
    const missing = await t.app.inject({ method: 'GET', url: '/api/predictions/stocks/NOPE' });
    expect(missing.statusCode).toBe(404);
  });
});
