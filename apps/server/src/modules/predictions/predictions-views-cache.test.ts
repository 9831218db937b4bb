// The investor views of predictions (daily summary, algorithm list) are made once per version of what they are made
// from and then served as kept: a second request reads nothing, while a finished run, a disabled algorithm or a
// promoted champion — in this process or another one — shows in the next answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { algorithmListSchema, dailySummarySchema, stockPredictionsSchema } from '@bist/contracts';
import { createTestApp, type TestApp } from '@test/helpers';
import { walkForwardRecord } from '@test/ml-test-kit';
import { FakeMarketData } from '@test/fake-market-data';
import { MarketRepository } from '@/market/market.repository';
import { evaluationRow, ModelRegistryRepository } from '@/modules/models/registry.repository';
import { MlRunsRepository } from '@/modules/models/runs.repository';
import { PredictionWritesRepository } from './prediction-writes.repository.ts';
import { PredictionsRepository } from './predictions.repository.ts';
import { PredictionsService } from './predictions.service.ts';
import {
  PREDICTIONS_VERSION_CHECK_MS,
  PREDICTIONS_VERSION_STALE_MS,
  PredictionsVersion,
} from './predictions-version.ts';

const NOW = new Date('2026-11-18T09:30:00Z');
const AS_OF = '2026-11-17';

const prediction = (algorithmId: string, symbol: string, confidence: number) => ({
  algorithmId,
  symbol,
  horizonDays: 1,
  asOfDate: AS_OF,
  targetDate: '2026-11-18',
  currentPriceTry: 100,
  expectedReturn: 0.01,
  direction: 'up',
  confidence,
  targetPriceTry: 101,
  createdAt: NOW,
});

/** The real repository, counting every read the views make of it. */
class CountingRepository extends PredictionsRepository {
  reads = 0;
}
function counting(db: ConstructorParameters<typeof PredictionsRepository>[0]): CountingRepository {
  const repo = new CountingRepository(db, new ModelRegistryRepository(db));
  return new Proxy(repo, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function' || name === 'constructor') return value;
      return (...args: unknown[]) => {
        target.reads += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

describe('predictions views, kept per version', () => {
  let t: TestApp;
  let registry: ModelRegistryRepository;
  let runStore: MlRunsRepository;
  let writes: PredictionWritesRepository;
  const market = new FakeMarketData();

  const summary = async () =>
    dailySummarySchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/predictions/daily-summary?horizon=1' })).json(),
    ).data;
  const list = async () =>
    algorithmListSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/ml-algorithms/list?horizon=1' })).json(),
    ).data;

  const stock = async (symbol: string) =>
    stockPredictionsSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/predictions/stocks/${symbol}` })).json(),
    ).data;

  beforeAll(async () => {
    for (const symbol of ['THYAO', 'GARAN', 'AKBNK'])
      market.addStock({ symbol, name: `${symbol} A.Ş.`, sector: 'Test' }).setQuote(symbol, 100);
    t = await createTestApp({ market, now: NOW });
    await t.services.models.registry.syncRegistry();
    registry = new ModelRegistryRepository(t.infra.database.db);
    runStore = new MlRunsRepository(t.infra.database.db);
    writes = new PredictionWritesRepository(t.infra.database.db);
    await registry.insertModels(
      ['ols', 'ridge'].map((algorithmId) => ({
        algorithmId,
        horizonDays: 1,
        cutoffDate: AS_OF,
        stateJson: '{}',
        metrics: { error: null },
        createdAt: NOW,
      })),
    );
    await registry.insertEvaluations(
      [walkForwardRecord('ols', 0.01, AS_OF), walkForwardRecord('ridge', 0.02, AS_OF)].map((e) =>
        evaluationRow(e, { createdAt: NOW }),
      ),
    );
    await writes.upsertPredictions([
      prediction('ridge', 'THYAO', 0.6),
      prediction('ridge', 'GARAN', 0.55),
      prediction('ols', 'THYAO', 0.7),
      prediction('ols', 'GARAN', 0.65),
    ]);
    // Liquid stocks (₺100 M a day), so the liquidity floor lets every call through.
    await new MarketRepository(t.infra.database.db).upsertDailyBars(
      ['2026-11-13', '2026-11-16', AS_OF].flatMap((date) =>
        ['THYAO', 'GARAN', 'AKBNK'].map((symbol) => ({
          symbol,
          date,
          openTry: 100,
          highTry: 100,
          lowTry: 100,
          closeTry: 100,
          volumeShares: 1e6,
          turnoverTry: 1e8,
          source: 'simulated' as const,
        })),
      ),
    );
  });
  afterAll(async () => t?.close());

  it('reads the database once per version: a second request recomputes nothing', async () => {
    const repo = counting(t.infra.database.db);
    const version = new PredictionsVersion(repo, t.clock);
    const bars = new MarketRepository(t.infra.database.db);
    const service = new PredictionsService(repo, market, t.clock, version, {
      averageTurnover: (...args) => {
        repo.reads += 1;
        return bars.averageTurnover(...args);
      },
    });
    await service.dailySummary({ limit: 20 });
    await service.algorithmList({ limit: 50, page: 1, horizon: 1 });
    (await service.stockPredictions('THYAO')).value();
    const first = repo.reads;
    expect(first).toBeGreaterThan(5);
    await service.dailySummary({ limit: 20 });
    await service.algorithmList({ limit: 50, page: 1, horizon: 1 });
    (await service.stockPredictions('THYAO')).value();
    expect(repo.reads).toBe(first);
    // After the check interval only the fingerprint is read again: nothing changed, so nothing is made again.
    t.clock.advanceMs(PREDICTIONS_VERSION_CHECK_MS);
    await service.dailySummary({ limit: 20 });
    await service.algorithmList({ limit: 50, page: 1, horizon: 1 });
    (await service.stockPredictions('THYAO')).value();
    expect(repo.reads).toBe(first + 1);
  });

  it('takes a disabled algorithm off the answers at once, and back when enabled', async () => {
    expect((await summary()).production_models[0]?.algorithm_id).toBe('ridge');
    expect((await list()).algorithms.find((a) => a.algorithm_id === 'ridge')?.enabled).toBe(true);

    const publicVersion = await t.services.publicDataVersion();
    await t.services.models.registry.setEnabled('ridge', false);
    // The server-rendered dashboard, kept per public data version, is rendered again too.
    expect(await t.services.publicDataVersion()).not.toBe(publicVersion);
    const after = await summary();
    expect(after.production_models[0]?.algorithm_id).toBe('ols');
    expect(after.top_predictions.map((p) => p.algorithm_id)).toEqual(['ols', 'ols']);
    expect((await list()).algorithms.find((a) => a.algorithm_id === 'ridge')?.enabled).toBe(false);

    await t.services.models.registry.setEnabled('ridge', true);
    expect((await summary()).production_models[0]?.algorithm_id).toBe('ridge');
  });

  it("shows another process's finished run once the stored version is re-read", async () => {
    const before = await summary();
    expect(before.top_predictions.map((p) => p.stock_code)).toEqual(['THYAO', 'GARAN']);
    expect((await stock('AKBNK')).predictions).toEqual([]);
    // Another process (a worker) runs a predict: it stores a new call and finishes the run in the database only.
    const run = await runStore.createRun({
      kind: 'predict',
      requestedBy: 'schedule',
      algorithmIds: null,
      now: NOW,
    });
    await runStore.startRun(run.id, NOW);
    await writes.upsertPredictions([prediction('ridge', 'AKBNK', 0.9)]);
    await runStore.finishRun(run.id, 'succeeded', { now: NOW });
    // An idle process re-reads the stored version before answering (a busy one re-reads it every second meanwhile).
    t.clock.advanceMs(PREDICTIONS_VERSION_STALE_MS);
    const after = await summary();
    expect(after.top_predictions.map((p) => p.stock_code)).toEqual(['AKBNK', 'THYAO', 'GARAN']);
    expect(after.summary.predictions_generated).toBe(before.summary.predictions_generated + 1);
    // A stock's predictions are kept per version too: the new call shows once the version moved.
    const akbnk = await stock('AKBNK');
    // (Its confidence is a measured level now, none without a reliability table: the call is what shows.)
    expect(akbnk.predictions.map((p) => p.prediction.algorithm_id)).toEqual(['ridge']);
  });

  it("keeps a stock's predictions per version and moves their live price with the quotes", async () => {
    const first = await stock('THYAO');
    expect(first.predictions[0]?.prediction.current_price).toBe(100);
    // Same version: the kept answer (no read of the stored predictions).
    const version = await t.services.predictions.stockPredictions('THYAO');
    expect((await t.services.predictions.stockPredictions('THYAO')).version).toBe(version.version);
    // A tick: a new quote generation, the same stored rows at the new price.
    market.setQuote('THYAO', 110);
    const ticked = await stock('THYAO');
    expect(ticked.predictions[0]?.prediction.current_price).toBe(110);
    expect(ticked.predictions[0]?.prediction.price_at_prediction).toBe(100);
    // Staff disable the production model's algorithm: the stock's answer follows at once.
    const servedBy = ticked.predictions[0]?.model.algorithm_id;
    await t.services.models.registry.setEnabled(servedBy!, false);
    const after = await stock('THYAO');
    expect(after.predictions[0]?.model.algorithm_id).not.toBe(servedBy);
    await t.services.models.registry.setEnabled(servedBy!, true);
    expect((await stock('THYAO')).predictions[0]?.model.algorithm_id).toBe(servedBy);
  });

  it('pages the algorithm list', async () => {
    const first = algorithmListSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/ml-algorithms/list?limit=5&page=1' })).json(),
    ).data;
    const second = algorithmListSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/ml-algorithms/list?limit=5&page=2' })).json(),
    ).data;
    expect(first.algorithms).toHaveLength(5);
    expect(first.total).toBe(40);
    expect(second).toMatchObject({ page: 2, limit: 5, total: 40 });
    expect(second.algorithms[0]?.algorithm_id).not.toBe(first.algorithms[0]?.algorithm_id);
    const bad = await t.app.inject({ method: 'GET', url: '/api/ml-algorithms/list?page=0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, field: 'querystring.page' });
  });
});
