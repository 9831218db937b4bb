// One verdict per model: on planted walk-forward evaluations — one ahead of the market direction, one that cannot be
// told apart from it, one behind it — the AI operations page's edge check and verdict equal what the investor page
// says of the same model (its 'piyasa yönünden ayırt edilemiyor' flag and edge interval), and the health label follows
// the verdict, not the 50 % coin flip or the Rank IC.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAlgorithmListResponseSchema,
  algorithmListSchema,
  type AlgorithmEvaluation,
} from '@bist/contracts';
import { createAdminTestApp, tokenFor, withToken } from '@test/admin-test-kit';
import type { TestApp } from '@test/helpers';
import { walkForwardRecord } from '@test/ml-test-kit';
import { evaluationRow, ModelRegistryRepository } from '@/modules/models/registry.repository';

const NOW = new Date('2026-11-18T09:30:00Z');
const AS_OF = '2026-11-17';

/** A walk-forward whose edge over the market direction has the given interval (hit rate 56 % vs coin flip 50 %). */
function planted(algorithmId: string, edge: number, low: number, high: number): AlgorithmEvaluation {
  return {
    ...walkForwardRecord(algorithmId, 0.01, AS_OF),
    // Far above the coin flip by its own interval: the old edge check called all three healthy.
    accuracyPercent: 56,
    accuracyCiLowPercent: 55,
    accuracyCiHighPercent: 57,
    baselinePercent: 56 - edge,
    alwaysUpPercent: 56 - edge,
    alwaysDownPercent: 44 + edge,
    edgePoints: edge,
    edgeClusteredCiLowPoints: low,
    edgeClusteredCiHighPoints: high,
    // A negative Rank IC on the one ahead: shown, not counted.
    rankIc: { mean: algorithmId === 'ols' ? -0.05 : 0.02, sd: 0.1, icir: 0.2, days: 200 },
  };
}

describe('one verdict per model for staff and investors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createAdminTestApp({ now: NOW });
    await t.services.models.registry.syncRegistry();
    const registry = new ModelRegistryRepository(t.infra.database.db);
    const ids = ['ols', 'ridge', 'lasso'];
    await registry.insertModels(
      ids.map((algorithmId) => ({
        algorithmId,
        horizonDays: 1,
        cutoffDate: AS_OF,
        stateJson: '{}',
        metrics: { error: null },
        createdAt: NOW,
      })),
    );
    await registry.insertEvaluations(
      [planted('ols', 3, 1, 5), planted('ridge', 0.5, -1, 2), planted('lasso', -4, -6, -2)].map((e) =>
        evaluationRow(e, { createdAt: NOW }),
      ),
    );
  });
  afterAll(async () => t?.close());

  it('gives each model the investor page’s verdict, and the health label follows it', async () => {
    const token = await tokenFor(t, 'data_analyst');
    const admin = adminAlgorithmListResponseSchema.parse(
      (await t.app.inject(withToken(token, { method: 'GET', url: '/admin/api/ai/algorithms' }))).json(),
    );
    const investor = algorithmListSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: `/api/ml-algorithms/list?horizon=${admin.horizon_days}` })
      ).json(),
    ).data;
    const expected = { ols: 'ahead', ridge: 'indistinguishable', lasso: 'behind' } as const;
    for (const [id, verdict] of Object.entries(expected)) {
      const staff = admin.data.find((a) => a.id === id)!;
      const shown = investor.algorithms.find((a) => a.algorithm_id === id)!.accuracy_detail!;
      expect(staff.verdict, id).toBe(verdict);
      expect(shown.indistinguishable, id).toBe(verdict === 'indistinguishable');
      const edge = staff.health_checks.find((c) => c.check === 'edge')!;
      expect(edge.value, id).toBe(shown.edge_points);
      expect(edge.interval, id).toEqual(shown.edge_ci);
      expect(
        shown.edge_ci!.low > 0 ? 'ahead' : shown.edge_ci!.high < 0 ? 'behind' : 'indistinguishable',
      ).toBe(verdict);
    }
    const health = Object.fromEntries(
      admin.data.filter((a) => a.id in expected).map((a) => [a.id, a.health]),
    );
    expect(health).toEqual({ ols: 'healthy', ridge: 'warning', lasso: 'critical' });
    const olsIc = admin.data.find((a) => a.id === 'ols')!.health_checks.find((c) => c.check === 'rank_ic')!;
    expect(olsIc).toMatchObject({ status: 'critical', counted: false });
  });
});
