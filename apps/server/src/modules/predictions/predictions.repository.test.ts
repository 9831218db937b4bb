import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directionalHit } from '@bist/contracts';
import { createTestDatabase, testBackends } from '@test/helpers';
import type { Database } from '@/db/client';
import { MarketRepository } from '@/market/market.repository';
import type { NewPrediction } from '@/modules/models/pipeline';
import { ModelRegistryRepository } from '@/modules/models/registry.repository';
import { MlRunsRepository } from '@/modules/models/runs.repository';
import { PredictionWritesRepository } from './prediction-writes.repository.ts';
import { PredictionsRepository } from './predictions.repository.ts';

const T0 = new Date('2026-11-18T16:00:00Z');

function bar(symbol: string, date: string, closeTry: number) {
  return {
    symbol,
    date,
    openTry: closeTry,
    highTry: closeTry,
    lowTry: closeTry,
    closeTry,
    volumeShares: 1000,
    turnoverTry: 1000 * closeTry,
    source: 'simulated' as const,
  };
}

function prediction(
  p: Partial<NewPrediction> & Pick<NewPrediction, 'algorithmId' | 'symbol'>,
): NewPrediction {
  return {
    horizonDays: 1,
    asOfDate: '2026-11-16',
    targetDate: '2026-11-17',
    currentPriceTry: 100,
    expectedReturn: 0.01,
    direction: 'up',
    confidence: 0.6,
    targetPriceTry: 101,
    createdAt: T0,
    ...p,
  };
}

describe.each(testBackends())(
  'PredictionsRepository and the model registry, runs and prediction writes on %s',
  (backend) => {
    let database: Database;
    let repo: PredictionsRepository;
    let registry: ModelRegistryRepository;
    let runStore: MlRunsRepository;
    let writes: PredictionWritesRepository;
    beforeAll(async () => {
      database = await createTestDatabase(backend);
      registry = new ModelRegistryRepository(database.db);
      repo = new PredictionsRepository(database.db, registry);
      runStore = new MlRunsRepository(database.db);
      writes = new PredictionWritesRepository(database.db);
      await registry.syncAlgorithms(
        [
          {
            id: 'ols',
            name: 'Ordinary Least Squares',
            type: 'Linear Regression',
            category: 'linear',
            description: 'd',
            scope: 'pooled',
            output: 'regression',
            position: 0,
          },
          {
            id: 'ridge',
            name: 'Ridge Regression',
            type: 'Ridge Regression',
            category: 'linear',
            description: 'd',
            scope: 'pooled',
            output: 'regression',
            position: 1,
          },
        ],
        T0,
      );
    });
    afterAll(async () => database.close());

    it('syncs the registry without touching the enabled flag', async () => {
      expect(await registry.setAlgorithmEnabled('ridge', false, T0)).toEqual(['ridge']);
      await registry.syncAlgorithms(
        [
          {
            id: 'ridge',
            name: 'Ridge (renamed)',
            type: 't',
            category: 'linear',
            description: 'd2',
            scope: 'pooled',
            output: 'regression',
            position: 1,
          },
        ],
        T0,
      );
      const ridge = (await repo.listAlgorithms()).find((a) => a.id === 'ridge')!;
      expect(ridge).toMatchObject({ name: 'Ridge (renamed)', description: 'd2', enabled: false });
      expect(await registry.setAlgorithmEnabled('nope', true, T0)).toEqual([]);
      await registry.setAlgorithmEnabled('ridge', true, T0);
    });

    it('keeps a run’s final state: a cancel is not overwritten by a late success', async () => {
      const run = await runStore.createRun({
        kind: 'train',
        requestedBy: 'test',
        algorithmIds: ['ols'],
        now: T0,
      });
      expect(run).toMatchObject({ status: 'queued', progress: 0, algorithmIds: ['ols'] });
      expect(await runStore.startRun(run.id, T0)).toBe(true);
      expect(await runStore.startRun(run.id, T0)).toBe(false);
      expect((await runStore.activeRuns()).map((r) => r.id)).toContain(run.id);
      expect(await runStore.finishRun(run.id, 'cancelled', { now: T0, message: 'Cancelled' })).toBe(true);
      expect(await runStore.finishRun(run.id, 'succeeded', { now: T0 })).toBe(false);
      expect(await runStore.runStatus(run.id)).toBe('cancelled');
      expect((await runStore.activeRuns()).map((r) => r.id)).not.toContain(run.id);
    });

    it('returns the newest model and walk-forward record per algorithm and horizon', async () => {
      const older = new Date(T0.getTime() - 86_400_000);
      await registry.insertModels([
        {
          algorithmId: 'ols',
          horizonDays: 1,
          cutoffDate: '2026-11-16',
          stateJson: '{"v":1}',
          metrics: {},
          createdAt: older,
        },
        {
          algorithmId: 'ols',
          horizonDays: 1,
          cutoffDate: '2026-11-17',
          stateJson: '{"v":2}',
          metrics: {},
          createdAt: T0,
        },
        {
          algorithmId: 'ols',
          horizonDays: 5,
          cutoffDate: '2026-11-17',
          stateJson: '{"v":5}',
          metrics: {},
          createdAt: T0,
        },
      ]);
      const models = await registry.championModels(['ols', 'ridge']);
      expect(models.map((m) => [m.horizonDays, m.cutoffDate, m.stateJson])).toEqual([
        [1, '2026-11-17', '{"v":2}'],
        [5, '2026-11-17', '{"v":5}'],
      ]);
      expect(await repo.countModels()).toBe(3);
      const record = {
        algorithmId: 'ols',
        horizonDays: 1,
        source: 'walk_forward',
        accuracyCiLowPercent: 50,
        accuracyCiHighPercent: 54,
        predictionsCount: 1000,
        record: {},
      };
      await registry.insertEvaluations([
        { ...record, accuracyPercent: 51, createdAt: older },
        { ...record, accuracyPercent: 52, rankIcMean: 0.05, createdAt: T0 },
      ]);
      const latest = await repo.latestEvaluations(1);
      expect(latest).toHaveLength(1);
      expect(latest[0]).toMatchObject({ accuracyPercent: 52, rankIcMean: 0.05 });
      expect(await repo.latestEvaluations(5)).toEqual([]);
    });

    it("keeps model versions: heads with the champion's walk-forward, champion serving, promotion and rollback", async () => {
      const run = await runStore.createRun({
        kind: 'train',
        requestedBy: 'staff-1',
        algorithmIds: ['ridge'],
        now: T0,
      });
      const version = (n: number, champion: boolean, createdAt: Date) => ({
        algorithmId: 'ridge',
        horizonDays: 1,
        version: n,
        champion,
        trainFrom: '2023-01-02',
        cutoffDate: '2026-11-17',
        dataFingerprint: `fp${n}`,
        codeVersion: '0.1.0',
        stateJson: `{"v":${n}}`,
        metrics: { trainRows: 10 * n, walkForwardMs: 100, finalFitMs: 20, error: null },
        runId: n === 1 ? run.id : null,
        createdAt,
      });
      expect(await registry.registryHeads(['ridge'])).toEqual([]);
      await registry.insertModels([version(1, true, new Date(T0.getTime() - 60_000))]);
      await registry.insertEvaluations([
        {
          algorithmId: 'ridge',
          horizonDays: 1,
          source: 'walk_forward',
          accuracyPercent: 52.5,
          accuracyCiLowPercent: 50,
          accuracyCiHighPercent: 55,
          rankIcMean: 0.04,
          predictionsCount: 900,
          record: {},
          runId: run.id,
          createdAt: T0,
        },
      ]);
      expect(await registry.registryHeads(['ridge'])).toEqual([
        {
          algorithmId: 'ridge',
          horizonDays: 1,
          maxVersion: 1,
          championId: expect.any(String),
          championRankIc: 0.04,
          championAccuracy: 52.5,
          // Stored before models recorded their data source (decision 0044): unknown, counted as simulated.
          championSource: null,
        },
      ]);
      // A newer version that is not champion is not served; the champion is.
      await registry.insertModels([version(2, false, T0)]);
      expect((await registry.championModels(['ridge'])).map((m) => m.stateJson)).toEqual(['{"v":1}']);
      const versions = await registry.modelVersions('ridge');
      expect(versions.map((v) => [v.version, v.champion])).toEqual([
        [2, false],
        [1, true],
      ]);
      expect(versions[1]).toMatchObject({
        requestedBy: 'staff-1',
        accuracyPercent: 52.5,
        rankIcMean: 0.04,
        sizeBytes: 7,
        dataFingerprint: 'fp1',
        trainFrom: '2023-01-02',
      });
      // Inserting a champion replaces the old one; a rollback makes the old one champion again.
      await registry.insertModels([version(3, true, new Date(T0.getTime() + 60_000))]);
      expect((await registry.championModels(['ridge'])).map((m) => m.stateJson)).toEqual(['{"v":3}']);
      expect(await registry.setChampion(versions[1]!.id)).toBe(true);
      expect((await registry.modelVersions('ridge')).filter((v) => v.champion).map((v) => v.version)).toEqual(
        [1],
      );
      expect((await registry.championModels(['ridge'])).map((m) => m.stateJson)).toEqual(['{"v":1}']);
      expect(await registry.setChampion('00000000-0000-4000-8000-000000000000')).toBe(false);
    });

    it('upserts predictions, picks the best per stock and scores matured ones from stored closes', async () => {
      await writes.upsertPredictions([
        prediction({ algorithmId: 'ols', symbol: 'THYAO', confidence: 0.7 }),
        prediction({
          algorithmId: 'ridge',
          symbol: 'THYAO',
          confidence: 0.9,
          direction: 'down',
          expectedReturn: -0.02,
          targetPriceTry: 98,
        }),
        prediction({
          algorithmId: 'ols',
          symbol: 'GARAN',
          confidence: 0.8,
          direction: 'down',
          expectedReturn: -0.01,
          targetPriceTry: 99,
        }),
        prediction({
          algorithmId: 'ols',
          symbol: 'AKBNK',
          horizonDays: 5,
          targetDate: '2026-11-23',
          confidence: 0.55,
        }),
      ]);
      // Same algorithm, stock, horizon and day: replaced, not duplicated.
      await writes.upsertPredictions([prediction({ algorithmId: 'ols', symbol: 'THYAO', confidence: 0.75 })]);
      expect(await repo.countPredictions()).toBe(4);
      expect((await repo.predictionsSince(new Date(T0.getTime() - 1000))).count).toBe(4);
      expect(await repo.predictionsSince(new Date(T0.getTime() + 1000))).toEqual({ count: 0, oldest: null });
      expect(await repo.latestAsOfDate()).toBe('2026-11-16');

      // Only the given models' predictions (ols at h = 1, ridge at h = 1), most confident first.
      const models = [
        { horizonDays: 1, algorithmId: 'ols' },
        { horizonDays: 5, algorithmId: 'ridge' },
      ];
      expect(await repo.latestAsOfDateOfModels(models)).toBe('2026-11-16');
      expect(await repo.latestAsOfDateOfModels([{ horizonDays: 5, algorithmId: 'ridge' }])).toBeNull();
      const top = await repo.predictionsOfModels('2026-11-16', models);
      expect(top.map((p) => [p.symbol, p.algorithmId, p.confidence])).toEqual([
        ['GARAN', 'ols', 0.8],
        ['THYAO', 'ols', 0.75],
      ]);
      const ridge = await repo.predictionsOfModels('2026-11-16', [{ horizonDays: 1, algorithmId: 'ridge' }]);
      expect(ridge.map((p) => [p.symbol, p.algorithmName])).toEqual([['THYAO', 'Ridge (renamed)']]);
      expect(
        (await repo.predictionsOfModels('2026-11-16', models, 'THYAO')).map((p) => p.algorithmId),
      ).toEqual(['ols']);
      expect(await repo.predictionsOfModels('2026-11-16', [])).toEqual([]);

      // Closes: THYAO has a bar on the target date; GARAN only the day after (a suspension) → its first close after.
      const market = new MarketRepository(database.db);
      await market.upsertDailyBars([
        bar('THYAO', '2026-11-16', 100),
        bar('THYAO', '2026-11-17', 103),
        bar('GARAN', '2026-11-16', 100),
        bar('GARAN', '2026-11-18', 100),
        bar('AKBNK', '2026-11-18', 120),
      ]);
      const through = (await market.latestDailyDate())!;
      const matured = async () => {
        const due = await writes.duePredictions(through, 100, null);
        const closes = await market.firstClosesOnOrAfter(
          due.map((p) => ({ symbol: p.symbol, date: p.targetDate })),
        );
        return due.flatMap((p) => {
          const realisedPriceTry = closes.get(`${p.symbol}|${p.targetDate}`);
          return realisedPriceTry === undefined ? [] : [{ ...p, realisedPriceTry }];
        });
      };
      // Due predictions page by target date and id.
      const all = await writes.duePredictions(through, 100, null);
      const first = await writes.duePredictions(through, 1, null);
      const rest = await writes.duePredictions(through, 100, {
        targetDate: first[0]!.targetDate,
        id: first[0]!.id,
      });
      expect([...first, ...rest]).toEqual(all);
      const scored = await matured();
      expect(scored.map((m) => [m.direction, m.currentPriceTry, m.realisedPriceTry]).sort()).toEqual([
        ['down', 100, 100],
        ['down', 100, 103],
        ['up', 100, 103],
      ]);
      await writes.insertPredictionEvaluations(
        scored.map((m) => ({
          predictionId: m.id,
          realisedPriceTry: m.realisedPriceTry,
          realisedReturn: m.realisedPriceTry / 100 - 1,
          hit: directionalHit(m.direction === 'up' ? 1 : -1, m.realisedPriceTry / 100 - 1),
          evaluatedAt: T0,
        })),
      );
      expect(await matured()).toEqual([]);
      // GARAN closed exactly at the prediction's price: a zero return is neither hit nor miss, so it is left out.
      expect(await repo.accuracyByTargetDate('2026-11-01')).toEqual([
        { date: '2026-11-17', evaluated: 2, hits: 1, ups: 2 },
      ]);
      const realised = await repo.realisedByAlgorithm(1);
      expect(realised.get('ols')).toEqual({
        evaluated: 1,
        hits: 1,
        ups: 1,
        days: 1,
        daily: [{ n: 1, hits: 1, ups: 1 }],
      });
      expect(realised.get('ridge')).toMatchObject({ evaluated: 1, hits: 0, ups: 1, days: 1 });
      expect((await repo.predictionCountsByAlgorithm()).get('ols')).toBe(3);
    });

    it('averages the turnover of the last sessions up to a day', async () => {
      // From the previous test: THYAO 100 (16th) and 103 (17th) × 1000 shares, GARAN 100 (16th) and 100 (18th).
      const market = new MarketRepository(database.db);
      const avg = await market.averageTurnover('2026-11-17', 20);
      expect(avg.get('THYAO')).toBeCloseTo(101_500, 6);
      expect(avg.get('GARAN')).toBeCloseTo(100_000, 6);
      expect(avg.has('AKBNK')).toBe(false);
      expect((await market.averageTurnover('2026-11-17', 1)).get('THYAO')).toBeCloseTo(103_000, 6);
    });

    it('aggregates stored bars per symbol for the ML panel', async () => {
      const market = new MarketRepository(database.db);
      const bars = await market.barArraysFrom('2026-11-17');
      const thyao = bars.find((b) => b.symbol === 'THYAO')!;
      expect(thyao).toEqual({
        symbol: 'THYAO',
        dates: ['2026-11-17'],
        open: [103],
        high: [103],
        low: [103],
        close: [103],
        volume: [1000],
      });
      expect(bars.map((b) => b.symbol)).toEqual(['AKBNK', 'GARAN', 'THYAO']);
      expect(await market.latestDailyDate()).toBe('2026-11-18');
    });
  },
);
