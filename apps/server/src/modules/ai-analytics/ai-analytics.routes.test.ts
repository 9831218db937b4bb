// The AI-Powered Analytics API (/admin/ai) on a real market engine (simulated feed, stored history): every endpoint
// with good and bad input, 403 without ai_management, and the audit entries its actions write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AI_OPTIMIZATION_REUSE_SECONDS,
  aiDashboardResponseSchema,
  aiGeneratePredictionsResponseSchema,
  aiMarketAnalysisListResponseSchema,
  aiMarketAnalysisResponseSchema,
  aiOptimizationListResponseSchema,
  aiOptimizeResponseSchema,
  aiPredictionListResponseSchema,
  aiStockListResponseSchema,
  aiStocksUpdateResponseSchema,
  stockPredictionsSchema,
} from '@bist/contracts';
import { indexByCode } from '@bist/market';
import { createMarketTestApp, type TestApp } from '@test/helpers';
import { tokenFor, withToken } from '@test/admin-test-kit';
import { walkForwardRecord } from '@test/ml-test-kit';
import type { MarketEngine } from '@/market/engine';
import { ModelRegistryRepository } from '@/modules/models/registry.repository';
import { PredictionWritesRepository } from '@/modules/predictions/prediction-writes.repository';
import { AiAnalyticsRepository } from './ai-analytics.repository.ts';

const AS_OF = '2026-11-17';

/** One production model (ridge, version 1 at h = 1) with a stored batch for three stocks. */
async function seedProductionModel(t: TestApp): Promise<void> {
  const now = t.clock.now();
  await t.services.models.registry.syncRegistry();
  const registry = new ModelRegistryRepository(t.infra.database.db);
  const writes = new PredictionWritesRepository(t.infra.database.db);
  await registry.insertModels([
    {
      algorithmId: 'ridge',
      horizonDays: 1,
      version: 1,
      champion: true,
      cutoffDate: AS_OF,
      stateJson: '{}',
      metrics: { error: null },
      createdAt: now,
    },
  ]);
  const record = {
    ...walkForwardRecord('ridge', 0.02, AS_OF),
    // A calibrated model: its stored confidence is the probability of the call's relative side.
    calibration: {
      a: 1,
      b: 0,
      rows: 20_000,
      reliability: [
        {
          lowPercent: 56,
          highPercent: 60,
          count: 900,
          predictedPercent: 58,
          realisedPercent: 57.5,
          realisedSePoints: 1.6,
        },
        {
          lowPercent: 60,
          highPercent: 100,
          count: 400,
          predictedPercent: 62,
          realisedPercent: 59,
          realisedSePoints: 2.4,
        },
      ],
    },
  };
  await registry.insertEvaluations([
    {
      algorithmId: 'ridge',
      horizonDays: 1,
      source: 'walk_forward',
      accuracyPercent: 53,
      accuracyCiLowPercent: 52.5,
      accuracyCiHighPercent: 53.5,
      mae: 0.01,
      rmse: 0.02,
      skillVsRandomWalk: 0,
      r2: 0,
      icMean: 0.02,
      icIcir: 0.2,
      rankIcMean: 0.02,
      rankIcIcir: 0.2,
      predictionsCount: 20_000,
      evaluatedFrom: '2025-11-17',
      evaluatedTo: AS_OF,
      record,
      createdAt: now,
    },
  ]);
  const p = (symbol: string, direction: 'up' | 'down', confidence: number, expectedReturn: number) => ({
    algorithmId: 'ridge',
    symbol,
    horizonDays: 1,
    asOfDate: AS_OF,
    targetDate: '2026-11-18',
    currentPriceTry: 100,
    expectedReturn,
    direction,
    confidence,
    targetPriceTry: 100 * (1 + expectedReturn),
    createdAt: now,
  });
  await writes.upsertPredictions([
    p('THYAO', 'up', 0.6, 0.012),
    p('GARAN', 'down', 0.58, -0.008),
    p('AKBNK', 'up', 0.51, 0.001),
  ]);
}

describe('AI analytics routes', () => {
  let t: TestApp & { engine: MarketEngine };
  let admin = '';
  let analyst = '';
  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject(withToken(token, { method, url, ...(payload === undefined ? {} : { payload }) }));
  const auditActions = async () =>
    (await t.services.audit.list({ page: 1, limit: 200 })).entries.map((e) => e.action);

  beforeAll(async () => {
    t = await createMarketTestApp({ startDate: '2025-10-01', config: { demoMode: true } });
    await t.services.adminAuth.prepareDemoStaff();
    admin = await tokenFor(t, 'super_admin');
    analyst = await tokenFor(t, 'data_analyst');
  }, 120_000);
  afterAll(async () => t?.close());

  it('answers 403 naming ai_management to a role without it, on every route', async () => {
    for (const [method, url, payload] of [
      ['GET', '/admin/api/ai/dashboard'],
      ['GET', '/admin/api/ai/predictions'],
      ['POST', '/admin/api/ai/predictions/generate', { symbols: ['THYAO'] }],
      ['GET', '/admin/api/ai/analysis/market'],
      ['POST', '/admin/api/ai/analysis/market', { type: 'sector' }],
      ['GET', '/admin/api/ai/stocks'],
      ['GET', '/admin/api/ai/portfolio/optimizations'],
      ['POST', '/admin/api/ai/portfolio/optimize', { symbols: ['THYAO', 'GARAN'] }],
      ['POST', '/admin/api/ai/stocks/update'],
    ] as const) {
      const res = await call(analyst, method, url, payload);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 403 });
      expect(res.json().error).toContain('ai_management');
    }
  });

  it('POST /predictions/generate answers 409 before any production model exists', async () => {
    const res = await call(admin, 'POST', '/admin/api/ai/predictions/generate', { symbols: ['THYAO.IS'] });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/No production model/);
  });

  it('POST /predictions/generate serves the production model for both symbol forms, stored and audited', async () => {
    await seedProductionModel(t);
    const res = await call(admin, 'POST', '/admin/api/ai/predictions/generate', {
      symbols: ['THYAO.IS', 'garan', 'AKBNK', 'SISE'],
      type: 'price',
      horizon: '1d',
    });
    expect(res.statusCode).toBe(200);
    const body = aiGeneratePredictionsResponseSchema.parse(res.json());
    expect(body.model).toMatchObject({
      algorithm_id: 'ridge',
      model_version: 1,
      horizon_days: 1,
      accuracy_percent: 53,
      baseline_percent: 52.5,
      call_mode: 'relative',
    });
    expect(body.model.basis).toMatch(/Walk-forward/);
    expect(body.model.windows.map((w) => w.role)).toEqual(['whole']);
    expect(body.missing_symbols).toEqual(['SISE']);
    const bySymbol = new Map(body.predictions.map((p) => [p.symbol, p]));
    // Ridge forecasts the relative return: calls against the batch's median (0.001), no prediction value.
    expect(bySymbol.get('THYAO')).toMatchObject({
      call: 'outperform',
      confidence_score: 0.6,
      probability_up: 0.6,
      predicted_change_percent: 1.1,
      current_price: 100,
      prediction_value: null,
      model_name: 'Ridge Regression',
      as_of_date: AS_OF,
      target_date: '2026-11-18',
      realised_change_percent: null,
    });
    expect(bySymbol.get('GARAN')).toMatchObject({ call: 'underperform', probability_up: 0.42 });
    // AKBNK is the batch's median.
    expect(bySymbol.get('AKBNK')?.call).toBe('neutral');
    // The investor's stock card shows the same call for the same stock (one rule: predictionCallOf).
    for (const symbol of ['THYAO', 'GARAN', 'AKBNK']) {
      const investor = (
        await t.app.inject({ method: 'GET', url: `/api/predictions/stocks/${symbol}` })
      ).json();
      expect({ symbol, call: investor.data.predictions[0].prediction.call }).toEqual({
        symbol,
        call: bySymbol.get(symbol)?.call,
      });
      expect(investor.data.predictions[0].prediction.target_price).toBeNull();
    }
    expect(await auditActions()).toContain('ai_predictions_generated');

    const list = aiPredictionListResponseSchema.parse(
      (await call(admin, 'GET', '/admin/api/ai/predictions?days=7')).json(),
    );
    expect(list.data.map((p) => p.symbol).sort()).toEqual(['AKBNK', 'GARAN', 'THYAO']);
  });

  it('POST /predictions/generate answers 400 naming unknown symbols and bad fields', async () => {
    const unknown = await call(admin, 'POST', '/admin/api/ai/predictions/generate', {
      symbols: ['THYAO', 'NOPE1.IS'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'symbols' });
    expect(unknown.json().error).toContain('NOPE1');
    for (const payload of [
      {},
      { symbols: [] },
      { symbols: ['THYAO'], horizon: '2w' },
      { symbols: ['<x>'] },
    ]) {
      const res = await call(admin, 'POST', '/admin/api/ai/predictions/generate', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });

  it('GET /predictions validates days and counts back from now', async () => {
    expect((await call(admin, 'GET', '/admin/api/ai/predictions?days=0')).statusCode).toBe(400);
    expect((await call(admin, 'GET', '/admin/api/ai/predictions?days=x')).json().field).toContain('days');
    // A prediction generated eight days ago: outside the default week, inside days=9.
    const [old] = await new AiAnalyticsRepository(t.infra.database.db).predictionsSince(new Date(0));
    const { id: _id, createdAt: _at, ...row } = old!;
    await new AiAnalyticsRepository(t.infra.database.db).insertPredictions(
      [{ ...row, symbol: 'EREGL' }],
      new Date(t.clock.now().getTime() - 8 * 86_400_000),
    );
    const week = aiPredictionListResponseSchema.parse(
      (await call(admin, 'GET', '/admin/api/ai/predictions?days=7')).json(),
    );
    expect(week.data.map((p) => p.symbol)).not.toContain('EREGL');
    const wider = aiPredictionListResponseSchema.parse(
      (await call(admin, 'GET', '/admin/api/ai/predictions?days=9')).json(),
    );
    expect(wider.data.map((p) => p.symbol)).toContain('EREGL');

    // Once the prediction it came from is evaluated, the row carries its realised change and hit.
    const scored = (await new AiAnalyticsRepository(t.infra.database.db).predictionsSince(new Date(0))).find(
      (r) => r.predictionId !== null,
    )!;
    const absolute = scored.trend === 'up' || scored.trend === 'down';
    await new PredictionWritesRepository(t.infra.database.db).insertPredictionEvaluations([
      {
        predictionId: scored.predictionId!,
        realisedPriceTry: scored.currentPriceTry * 1.05,
        realisedReturn: 0.05,
        hit: true,
        evaluatedAt: t.clock.now(),
      },
    ]);
    const listed = aiPredictionListResponseSchema
      .parse((await call(admin, 'GET', '/admin/api/ai/predictions?days=9')).json())
      .data.find((p) => p.id === scored.id)!;
    // The stored hit is the absolute direction's: a relative call shows the realised change without it.
    expect(listed).toMatchObject({ realised_change_percent: 5, hit: absolute ? true : null });
    expect(wider.data.find((p) => p.id === scored.id)).toMatchObject({
      realised_change_percent: null,
      hit: null,
    });
  });

  it('POST /analysis/market runs a sector analysis from stored bars, stored, listed and audited', async () => {
    const res = await call(admin, 'POST', '/admin/api/ai/analysis/market', { type: 'sector' });
    expect(res.statusCode).toBe(200);
    const { analysis } = aiMarketAnalysisResponseSchema.parse(res.json());
    expect(analysis.analysis_type).toBe('sector');
    const f = analysis.figures;
    if (f.kind !== 'sector') throw new Error('sector figures expected');
    // Breadth adds up over the sectors, and the market's counts are their sums.
    const sum = (k: 'advancers' | 'decliners' | 'unchanged') => f.sectors.reduce((s, x) => s + x[k], 0);
    expect(f.market.advancers).toBe(sum('advancers'));
    expect(f.market.decliners).toBe(sum('decliners'));
    expect(f.sectors.length).toBeGreaterThan(5);
    expect(f.benchmark.return_20d).not.toBeNull();
    expect(analysis.insights[0]).toContain(
      `${f.market.advancers} advancers vs ${f.market.decliners} decliners`,
    );
    expect(analysis.recommendations.length).toBeGreaterThan(0);
    expect(analysis.inputs_date).toBe(f.as_of_date);
    expect(await auditActions()).toContain('ai_market_analysis_generated');
  });

  it('POST /analysis/market runs a momentum analysis with the production model’s calls', async () => {
    t.clock.advanceMs(1_000);
    const res = await call(admin, 'POST', '/admin/api/ai/analysis/market', { type: 'momentum' });
    expect(res.statusCode).toBe(200);
    const { analysis } = aiMarketAnalysisResponseSchema.parse(res.json());
    const f = analysis.figures;
    if (f.kind !== 'momentum') throw new Error('momentum figures expected');
    expect(f.momentum_20d.eligible).toBeGreaterThan(100);
    expect(f.momentum_20d.deciles).toHaveLength(10);
    expect(f.model_calls.model_name).toBe('Ridge Regression');
    expect(f.model_calls.strongest_up[0]).toEqual({ symbol: 'THYAO', value: 0.6 });
    expect(f.model_calls.strongest_down[0]).toEqual({ symbol: 'GARAN', value: expect.closeTo(0.42, 12) });

    const list = aiMarketAnalysisListResponseSchema.parse(
      (await call(admin, 'GET', '/admin/api/ai/analysis/market?hours=24')).json(),
    );
    expect(list.data.map((a) => a.analysis_type)).toEqual(['momentum', 'sector']);
  });

  it('POST /analysis/market and GET ?hours answer 400 on bad input', async () => {
    const bad = await call(admin, 'POST', '/admin/api/ai/analysis/market', { type: 'astrology' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain("type must be 'sector' or 'momentum'");
    expect((await call(admin, 'GET', '/admin/api/ai/analysis/market?hours=-1')).statusCode).toBe(400);
  });

  it('GET /stocks lists the engine’s quotes by change, market cap in millions', async () => {
    const res = await call(admin, 'GET', '/admin/api/ai/stocks?limit=20&sort=change_percent');
    expect(res.statusCode).toBe(200);
    const { data } = aiStockListResponseSchema.parse(res.json());
    expect(data).toHaveLength(20);
    for (let i = 1; i < data.length; i++)
      expect(data[i - 1]!.change_percent).toBeGreaterThanOrEqual(data[i]!.change_percent);
    const first = data[0]!;
    const q = t.engine.quote(first.symbol)!;
    const shares = t.engine.sharesOutstanding(first.symbol)!;
    expect(first.market_cap).toBeCloseTo((shares * q.priceTry) / 1e6, 1);
    expect((await call(admin, 'GET', '/admin/api/ai/stocks?sort=mood')).statusCode).toBe(400);
    expect((await call(admin, 'GET', '/admin/api/ai/stocks?limit=0')).statusCode).toBe(400);
  });

  it('POST /stocks/update forces a refresh and reports what changed and the data age; audited', async () => {
    t.clock.advanceMs(60_000);
    const res = await call(admin, 'POST', '/admin/api/ai/stocks/update');
    expect(res.statusCode).toBe(200);
    const { data } = aiStocksUpdateResponseSchema.parse(res.json());
    expect(data.total_stocks).toBeGreaterThan(400);
    expect(data.stocks_changed).toBeGreaterThan(0);
    expect(data.source).toBe('simulated');
    expect(data.data_age_seconds).toBe(0);
    expect(await auditActions()).toContain('ai_stock_data_updated');
  });

  const SPEC_SYMBOLS = ['THYAO.IS', 'GARAN.IS', 'AKBNK.IS', 'ASELS.IS', 'EREGL.IS', 'BIMAS.IS', 'KCHOL.IS'];

  it('POST /portfolio/optimize answers the spec request with capped weights, frontier, contributions and backtest', async () => {
    const res = await call(admin, 'POST', '/admin/api/ai/portfolio/optimize', {
      name: 'AI Optimized Portfolio',
      target_return: 0.15,
      risk_tolerance: 'medium',
      symbols: SPEC_SYMBOLS,
    });
    expect(res.statusCode, res.body).toBe(200);
    const o = aiOptimizeResponseSchema.parse(res.json());
    const weights = Object.values(JSON.parse(o.recommended_allocation) as Record<string, number>);
    expect(weights).toHaveLength(7);
    expect(weights.reduce((s, w) => s + w, 0)).toBeCloseTo(1, 5);
    for (const w of weights) expect(w).toBeLessThanOrEqual(0.3 + 1e-6);
    expect(o.volatility_ceiling).toBe(0.25);
    const minRisk = Math.min(...o.frontier.map((p) => p.risk));
    if (o.ceiling_note === null) {
      // Least risk earning at least the target, under the medium ceiling.
      expect(o.method).toBe('efficient_return');
      expect(o.expected_return).toBeGreaterThanOrEqual(0.15 - 1e-6);
      expect(o.expected_risk).toBeLessThanOrEqual(0.25 + 1e-9);
    } else {
      // Even the least volatile portfolio is above the ceiling: that portfolio, said so.
      expect(o.method).toBe('min_volatility');
      expect(o.expected_risk).toBeGreaterThan(0.25);
      expect(o.expected_risk).toBeCloseTo(minRisk, 6);
      expect(o.ceiling_note).toContain('above the medium ceiling of 25.00 %');
    }
    expect(o.expected_risk).toBeGreaterThanOrEqual(minRisk - 1e-6);
    expect(o.sharpe_ratio).toBeCloseTo(o.expected_return / o.expected_risk, 3);
    expect(o.frontier.length).toBeGreaterThan(5);
    expect(o.risk_contributions.reduce((s, r) => s + r.contribution, 0)).toBeCloseTo(1, 5);
    expect(o.window_days).toBeGreaterThanOrEqual(200);
    // Black–Litterman with the production model's calls on THYAO, GARAN and AKBNK as views.
    expect(o.expected_returns_source).toMatch(/^Black–Litterman/);
    expect(o.model_name).toBe('Ridge Regression');
    expect(o.views.map((v) => v.symbol).sort()).toEqual(['AKBNK', 'GARAN', 'THYAO']);
    // A year and a month of history cannot give a year of backtest on a year's look-back: stated, not faked.
    if (o.backtest === null) expect(o.backtest_unavailable_reason).toMatch(/history/);
    else
      expect(o.backtest.stats.map((s) => s.name)).toEqual([
        'AI Optimized Portfolio',
        'XU100',
        'Equal weight',
      ]);
    expect(await auditActions()).toContain('ai_portfolio_optimized');

    const list = aiOptimizationListResponseSchema.parse(
      (await call(admin, 'GET', '/admin/api/ai/portfolio/optimizations')).json(),
    );
    expect(list.data[0]!.optimization_id).toBe(o.optimization_id);
  });

  it('POST /portfolio/optimize with the high tolerance solves the efficient-return problem under its ceiling', async () => {
    const res = await call(admin, 'POST', '/admin/api/ai/portfolio/optimize', {
      symbols: SPEC_SYMBOLS,
      risk_tolerance: 'high',
      use_model_views: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const o = aiOptimizeResponseSchema.parse(res.json());
    expect(o).toMatchObject({ method: 'efficient_return', ceiling_note: null, views: [], model_name: null });
    expect(o.expected_return).toBeGreaterThanOrEqual(0.15 - 1e-6);
    expect(o.expected_risk).toBeLessThanOrEqual(0.4 + 1e-9);
  });

  it('POST /portfolio/optimize answers 400 saying why', async () => {
    const one = await call(admin, 'POST', '/admin/api/ai/portfolio/optimize', { symbols: ['THYAO.IS'] });
    expect(one.statusCode).toBe(400);
    expect(one.json().error).toContain('at least 2');
    const unknown = await call(admin, 'POST', '/admin/api/ai/portfolio/optimize', {
      symbols: ['THYAO', 'NOPE1'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toContain('NOPE1');
    const unreachable = await call(admin, 'POST', '/admin/api/ai/portfolio/optimize', {
      symbols: SPEC_SYMBOLS,
      target_return: 4,
    });
    expect(unreachable.statusCode).toBe(400);
    expect(unreachable.json().error).toMatch(/target return 400\.0 ?%|above/);
    const caps = await call(admin, 'POST', '/admin/api/ai/portfolio/optimize', {
      symbols: ['THYAO', 'GARAN'],
    });
    expect(caps.statusCode).toBe(400);
    expect(caps.json().error).toMatch(/cannot be fully invested/);
    const tolerance = await call(admin, 'POST', '/admin/api/ai/portfolio/optimize', {
      symbols: SPEC_SYMBOLS,
      risk_tolerance: 'extreme',
    });
    expect(tolerance.statusCode).toBe(400);
    expect(tolerance.json().error).toContain('risk_tolerance');
  });

  it('POST /portfolio/optimize answers the form: a basket (index members), an objective and a per-stock cap', async () => {
    const members = (indexByCode('XU030')?.members ?? []).filter((m) => t.engine.hasStock(m));
    const ask = (maxWeight: number) =>
      call(admin, 'POST', '/admin/api/ai/portfolio/optimize', {
        basket: 'XU030',
        method: 'min_volatility',
        max_weight: maxWeight,
        risk_tolerance: 'high',
        use_model_views: false,
      });
    const tenRes = await ask(0.1);
    expect(tenRes.statusCode, tenRes.body).toBe(200);
    const ten = aiOptimizeResponseSchema.parse(tenRes.json());
    const weights = JSON.parse(ten.recommended_allocation) as Record<string, number>;
    expect(Object.keys(weights).sort()).toEqual([...members].sort());
    expect(Object.values(weights).reduce((s, w) => s + w, 0)).toBeCloseTo(1, 5);
    expect(Math.max(...Object.values(weights))).toBeLessThanOrEqual(0.1 + 1e-6);
    expect(ten).toMatchObject({ method: 'min_volatility', max_weight: 0.1, reused: false, views: [] });
    expect(ten.inputs).toMatchObject({ basket: 'XU030', method: 'min_volatility', max_weight: 0.1 });
    // The minimum-volatility portfolio is the frontier's least risky point.
    expect(ten.expected_risk).toBeCloseTo(Math.min(...ten.frontier.map((p) => p.risk)), 4);
    // A tighter cap answers differently: no weight above it, and no less risk than under the looser cap.
    const five = aiOptimizeResponseSchema.parse((await ask(0.05)).json());
    expect(five.optimization_id).not.toBe(ten.optimization_id);
    const fiveWeights = Object.values(JSON.parse(five.recommended_allocation) as Record<string, number>);
    expect(Math.max(...fiveWeights)).toBeLessThanOrEqual(0.05 + 1e-6);
    expect(five.expected_risk).toBeGreaterThanOrEqual(ten.expected_risk - 1e-9);
    // Max Sharpe on the same stocks is another question with its own answer.
    const sharpe = aiOptimizeResponseSchema.parse(
      (
        await call(admin, 'POST', '/admin/api/ai/portfolio/optimize', {
          symbols: members.slice(0, 8),
          method: 'max_sharpe',
          max_weight: 0.25,
          use_model_views: false,
        })
      ).json(),
    );
    expect(sharpe).toMatchObject({ method: 'max_sharpe', max_weight: 0.25 });
    expect(Object.keys(JSON.parse(sharpe.recommended_allocation) as object)).toHaveLength(8);
  });

  it('POST /portfolio/optimize with identical inputs within the window answers the stored run: a double click stores one', async () => {
    const count = async () =>
      aiOptimizationListResponseSchema.parse(
        (await call(admin, 'GET', '/admin/api/ai/portfolio/optimizations')).json(),
      ).data.length;
    const body = {
      symbols: ['THYAO', 'GARAN', 'AKBNK', 'ASELS'],
      method: 'max_sharpe',
      max_weight: 0.4,
      use_model_views: false,
    };
    const before = await count();
    // Two clicks at once: one run.
    const [a, b] = await Promise.all(
      [1, 2].map(() => call(admin, 'POST', '/admin/api/ai/portfolio/optimize', body)),
    );
    const first = aiOptimizeResponseSchema.parse(a!.json());
    expect(aiOptimizeResponseSchema.parse(b!.json()).optimization_id).toBe(first.optimization_id);
    expect(await count()).toBe(before + 1);
    // Again a minute later, the stocks in another order: the stored run, said so.
    t.clock.advanceMs(60_000);
    const again = aiOptimizeResponseSchema.parse(
      (
        await call(admin, 'POST', '/admin/api/ai/portfolio/optimize', {
          ...body,
          symbols: ['ASELS', 'AKBNK', 'GARAN', 'THYAO'],
        })
      ).json(),
    );
    expect(again).toMatchObject({ optimization_id: first.optimization_id, reused: true });
    expect(await count()).toBe(before + 1);
    // Another cap is another question; past the window the same question runs again.
    const other = aiOptimizeResponseSchema.parse(
      (await call(admin, 'POST', '/admin/api/ai/portfolio/optimize', { ...body, max_weight: 0.5 })).json(),
    );
    expect(other.optimization_id).not.toBe(first.optimization_id);
    t.clock.advanceMs(AI_OPTIMIZATION_REUSE_SECONDS * 1000);
    const later = aiOptimizeResponseSchema.parse(
      (await call(admin, 'POST', '/admin/api/ai/portfolio/optimize', body)).json(),
    );
    expect(later).toMatchObject({ reused: false });
    expect(later.optimization_id).not.toBe(first.optimization_id);
    expect(await count()).toBe(before + 3);
  });

  it('POST /portfolio/optimize refuses a basket and symbols together, an unknown basket and a cap too low, naming the field', async () => {
    for (const [payload, field] of [
      [{ symbols: ['THYAO', 'GARAN'], basket: 'XU030' }, 'symbols'],
      [{}, 'symbols'],
      [{ basket: 'XU100' }, 'basket'],
      [{ basket: 'XU030', max_weight: 0.01 }, 'max_weight'],
      [{ symbols: ['THYAO', 'GARAN', 'AKBNK'], max_weight: 0.2 }, 'max_weight'],
    ] as const) {
      const res = await call(admin, 'POST', '/admin/api/ai/portfolio/optimize', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ field: string }>().field, JSON.stringify(payload)).toContain(field);
    }
  });

  it('GET /dashboard sums what was stored', async () => {
    const res = await call(admin, 'GET', '/admin/api/ai/dashboard');
    expect(res.statusCode).toBe(200);
    const { data } = aiDashboardResponseSchema.parse(res.json());
    // The three generated plus the back-dated copy of the newest (EREGL).
    expect(data.predictions.total_predictions).toBe(4);
    // The production model's stored batch counts on its own, so a first visit does not read 0 when it exists.
    expect(data.predictions).toMatchObject({ production_predictions: 3, production_as_of: AS_OF });
    const all = aiPredictionListResponseSchema.parse(
      (await call(admin, 'GET', '/admin/api/ai/predictions?days=30')).json(),
    ).data;
    const confidences = all.flatMap((p) => (p.confidence_score === null ? [] : [p.confidence_score]));
    const meanConfidence = confidences.reduce((s, c) => s + c, 0) / confidences.length;
    expect(data.predictions.avg_confidence).toBeCloseTo(meanConfidence, 4);
    expect(data.analysis).toEqual({ total_analyses: 2, recent_analyses: 2 });
    const optimizations = aiOptimizationListResponseSchema.parse(
      (await call(admin, 'GET', '/admin/api/ai/portfolio/optimizations')).json(),
    ).data;
    expect(data.portfolio.total_optimizations).toBe(optimizations.length);
    const meanReturn = optimizations.reduce((s, o) => s + o.expected_return, 0) / optimizations.length;
    expect(data.portfolio.avg_expected_return).toBeCloseTo(meanReturn, 4);
    expect(data.stocks.stocks_with_data).toBe(data.stocks.total_stocks);
  });

  it('POST /predictions/generate shows what the investor sees: no confidence without a calibration, the relative change and its range', async () => {
    // A newer version of ridge without a calibration, its walk-forward split in two windows with holdout residuals.
    t.clock.advanceMs(3_000);
    const now = t.clock.now();
    const runs = new ModelRegistryRepository(t.infra.database.db);
    await runs.insertModels([
      {
        algorithmId: 'ridge',
        horizonDays: 1,
        version: 2,
        champion: true,
        cutoffDate: AS_OF,
        stateJson: '{}',
        metrics: { error: null },
        createdAt: now,
      },
    ]);
    const period = (role: 'selection' | 'holdout') => ({
      role,
      from: role === 'selection' ? '2025-11-17' : '2026-05-18',
      to: role === 'selection' ? '2026-05-15' : AS_OF,
      days: 120,
      rankIcMean: 0.04,
      bestFactorId: 'low_volatility',
      bestFactorRankIcMean: 0.02,
      rankIcDiffVsBestFactor: 0.02,
      rankIcDiffNwT: 3,
      relativeHitPercent: 52,
      relativeScored: 10_000,
      hitPercent: 50,
      alwaysUpPercent: 49,
      alwaysDownPercent: 51,
      scored: 10_000,
      relativeResidualP10: -0.02,
      relativeResidualP90: 0.03,
    });
    await runs.insertEvaluations([
      {
        algorithmId: 'ridge',
        horizonDays: 1,
        source: 'walk_forward',
        accuracyPercent: 53,
        accuracyCiLowPercent: 52.5,
        accuracyCiHighPercent: 53.5,
        mae: 0.01,
        rmse: 0.02,
        skillVsRandomWalk: 0,
        r2: 0,
        icMean: 0.02,
        icIcir: 0.2,
        rankIcMean: 0.02,
        rankIcIcir: 0.2,
        predictionsCount: 20_000,
        evaluatedFrom: '2025-11-17',
        evaluatedTo: AS_OF,
        record: {
          ...walkForwardRecord('ridge', 0.02, AS_OF),
          periods: [period('selection'), period('holdout')],
        },
        createdAt: now,
      },
    ]);
    const before = aiDashboardResponseSchema.parse(
      (await call(admin, 'GET', '/admin/api/ai/dashboard')).json(),
    );

    const res = await call(admin, 'POST', '/admin/api/ai/predictions/generate', {
      symbols: ['THYAO', 'GARAN', 'AKBNK'],
      type: 'price',
      horizon: '1d',
    });
    expect(res.statusCode).toBe(200);
    const body = aiGeneratePredictionsResponseSchema.parse(res.json());
    expect(body.model).toMatchObject({ model_version: 2, call_mode: 'relative' });
    const bySymbol = new Map(body.predictions.map((p) => [p.symbol, p]));
    // THYAO: 1.2 % against the median's 0.1 %, its range the holdout's residual quantiles added to it (served to 4
    // decimals of a fraction).
    expect(bySymbol.get('THYAO')).toMatchObject({
      call: 'outperform',
      confidence_score: null,
      probability_up: null,
      prediction_value: null,
    });
    expect(bySymbol.get('THYAO')!.predicted_change_percent).toBeCloseTo(1.1, 6);
    expect(bySymbol.get('THYAO')!.predicted_change_interval!.low).toBeCloseTo(
      100 * (0.011 + Math.expm1(-0.02)),
      1,
    );
    expect(bySymbol.get('THYAO')!.predicted_change_interval!.high).toBeCloseTo(
      100 * (0.011 + Math.expm1(0.03)),
      1,
    );
    for (const symbol of ['THYAO', 'GARAN', 'AKBNK']) {
      const investor = stockPredictionsSchema.parse(
        (await t.app.inject({ method: 'GET', url: `/api/predictions/stocks/${symbol}` })).json(),
      ).data.predictions[0]!.prediction;
      const staff = bySymbol.get(symbol)!;
      const pct = (v: number | null) => (v === null ? null : Number((100 * v).toFixed(4)));
      expect({
        symbol,
        call: staff.call,
        confidence: staff.confidence_score,
        change: staff.predicted_change_percent,
        low: staff.predicted_change_interval?.low ?? null,
        high: staff.predicted_change_interval?.high ?? null,
        target: staff.prediction_value,
      }).toEqual({
        symbol,
        call: investor.call,
        confidence: investor.confidence,
        change: pct(investor.relative_return),
        low: pct(investor.relative_interval?.low ?? null),
        high: pct(investor.relative_interval?.high ?? null),
        target: investor.target_price,
      });
    }
    // The stored rows read back the same, and the dashboard's average confidence is not pulled towards a placeholder ½.
    const list = aiPredictionListResponseSchema.parse(
      (await call(admin, 'GET', '/admin/api/ai/predictions?days=1')).json(),
    ).data;
    expect(list.find((p) => p.symbol === 'THYAO' && p.model_version === 2)).toEqual(bySymbol.get('THYAO'));
    const after = aiDashboardResponseSchema.parse(
      (await call(admin, 'GET', '/admin/api/ai/dashboard')).json(),
    );
    expect(after.data.predictions.total_predictions).toBe(before.data.predictions.total_predictions + 3);
    expect(after.data.predictions.avg_confidence).toBeCloseTo(before.data.predictions.avg_confidence!, 6);

    // The momentum analysis ranks no call by a probability it does not have, and words a relative model's calls as such.
    const analysis = aiMarketAnalysisResponseSchema.parse(
      (await call(admin, 'POST', '/admin/api/ai/analysis/market', { type: 'momentum' })).json(),
    ).analysis;
    if (analysis.figures.kind !== 'momentum') throw new Error('momentum figures expected');
    expect(analysis.figures.model_calls).toMatchObject({
      call_mode: 'relative',
      strongest_up: [],
      strongest_down: [],
    });
  });
});
