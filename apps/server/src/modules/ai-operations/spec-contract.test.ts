// The AI operations API under the spec's names (§3, §7): algorithm items carry algorithm_id, algorithm_name,
// algorithm_type, category and is_active; the performance overview serves avg_accuracy, avg_r2, total_predictions,
// performance_alerts and recent activity's count; enable and disable need no body (the spec sends none), while an
// emergency stop still needs its reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAlgorithmListResponseSchema, performanceOverviewResponseSchema } from '@bist/contracts';
import type { TestApp } from '@test/helpers';
import { createAdminTestApp, tokenFor, withToken } from '@test/admin-test-kit';

describe('AI operations: the spec contract', () => {
  let t: TestApp;
  let admin = '';

  beforeAll(async () => {
    t = await createAdminTestApp();
    admin = await tokenFor(t, 'super_admin');
  });
  afterAll(async () => t?.close());

  const algorithms = async () => {
    const res = await t.app.inject(withToken(admin, { method: 'GET', url: '/admin/api/ai/algorithms' }));
    expect(res.statusCode).toBe(200);
    return adminAlgorithmListResponseSchema.parse(res.json()).data;
  };

  it("lists algorithms under the spec's names", async () => {
    const list = await algorithms();
    expect(list.length).toBeGreaterThan(0);
    for (const a of list) {
      expect(a).toEqual(
        expect.objectContaining({
          algorithm_id: a.id,
          algorithm_name: a.name,
          algorithm_type: a.type,
          category: expect.any(String),
          is_active: a.enabled,
        }),
      );
    }
  });

  it("serves the performance overview under the spec's names", async () => {
    const res = await t.app.inject(
      withToken(admin, { method: 'GET', url: '/admin/api/ai/performance/overview' }),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const parsed = performanceOverviewResponseSchema.parse(body);
    expect(Array.isArray(body.performance_alerts)).toBe(true);
    expect(parsed.performance_alerts).toEqual(parsed.alerts);
    const row = parsed.performance_data[0]!;
    expect(Object.keys(row)).toEqual(
      expect.arrayContaining([
        'algorithm_id',
        'algorithm_name',
        'algorithm_type',
        'avg_accuracy',
        'avg_r2',
        'total_predictions',
      ]),
    );
    expect(row.avg_accuracy).toBe(row.accuracy);
    expect(row.total_predictions).toBe(row.predictions);
    for (const a of parsed.recent_activity) expect(a.count).toBe(a.event_count);
  });

  it('enables and disables with no body at all, or an empty object; audited without a reason', async () => {
    const noBody = await t.app.inject(
      withToken(admin, { method: 'POST', url: '/admin/api/ai/algorithms/ols/disable' }),
    );
    expect(noBody.statusCode, noBody.body).toBe(200);
    expect((await algorithms()).find((a) => a.algorithm_id === 'ols')!.is_active).toBe(false);
    const emptyObject = await t.app.inject(
      withToken(admin, { method: 'POST', url: '/admin/api/ai/algorithms/ols/enable', payload: {} }),
    );
    expect(emptyObject.statusCode, emptyObject.body).toBe(200);
    expect((await algorithms()).find((a) => a.algorithm_id === 'ols')!.is_active).toBe(true);
    const { entries } = await t.services.audit.list({ page: 1, limit: 10, action: 'algorithm_disabled' });
    expect(entries.length).toBeGreaterThanOrEqual(1);
  });

  it('still refuses an emergency stop without its reason (400 naming the field)', async () => {
    const res = await t.app.inject(
      withToken(admin, { method: 'POST', url: '/admin/api/control/algorithms/ols/emergency-stop' }),
    );
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('reason');
  });
});
