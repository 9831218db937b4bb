// The AI operations centre against the real job system: pg-boss jobs in the worker-thread pool on a short simulated
// history. Staff train through the API and get model versions; promotion and rollback change which model serves;
// emergency stops cancel runs, disable algorithms and take their predictions off the investor pages.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  adminAlgorithmListResponseSchema,
  dailySummarySchema,
  performanceOverviewResponseSchema,
  realtimeDashboardResponseSchema,
  systemPerformanceResponseSchema,
  emergencyStopResultSchema,
  mlRunResponseSchema,
  modelVersionListResponseSchema,
  promoteResultSchema,
  type MlRun,
} from '@bist/contracts';
import { testBackends } from '@test/helpers';
import { CHEAP_ALGORITHMS as CHEAP, createMlTestApp, waitFor, type MlTestApp } from '@test/ml-test-kit';
import { tokenFor, withToken } from '@test/admin-test-kit';
import type { MlWorkerPool } from '@/jobs/worker-pool';

const FINAL = ['succeeded', 'failed', 'cancelled'];

describe.each(testBackends())('AI operations centre on %s', (backend) => {
  let t: MlTestApp;
  let pool: MlWorkerPool;
  let admin = '';
  let analyst = '';

  const post = (token: string, url: string, payload: object = {}) =>
    t.app.inject(withToken(token, { method: 'POST', url, payload }));
  const get = (token: string, url: string) => t.app.inject(withToken(token, { method: 'GET', url }));
  const runOf = async (id: string): Promise<MlRun> =>
    mlRunResponseSchema.parse((await get(admin, `/admin/api/ml/runs/${id}`)).json()).data;
  const finished = (id: string) =>
    waitFor(
      () => runOf(id),
      (r) => FINAL.includes(r.status),
      60_000,
    );
  const versionsOf = async (id: string) =>
    modelVersionListResponseSchema.parse(
      (await get(analyst, `/admin/api/ai/algorithms/${id}/versions`)).json(),
    ).data.versions;
  /** The served predictions of an algorithm at the newest as-of date, by symbol and horizon. */
  const predictionsOf = async (id: string) => {
    const result = await t.infra.database.db.execute<{ k: string; er: number }>(sql`
      select symbol || ':' || horizon_days as k, expected_return as er from predictions
      where algorithm_id = ${id} and as_of_date = (select max(as_of_date) from predictions) order by 1`);
    return new Map(result.rows.map((r) => [r.k, Number(r.er)]));
  };

  beforeAll(async () => {
    t = await createMlTestApp(backend);
    pool = t.pool;
    admin = await tokenFor(t, 'super_admin');
    analyst = await tokenFor(t, 'data_analyst');
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  it('trains through the API: the run succeeds and stores version 1, the champion, with its provenance', async () => {
    const res = await post(admin, '/admin/api/ai/algorithms/ols/train', {
      symbols: ['THYAO', 'GARAN.IS'],
      reason: 'first model',
    });
    expect(res.statusCode).toBe(202);
    const queued = mlRunResponseSchema.parse(res.json()).data;
    expect(queued).toMatchObject({ kind: 'train', status: 'queued', algorithm_ids: ['ols'] });
    const done = await finished(queued.id);
    expect(done.error).toBeNull();
    expect(done.status).toBe('succeeded');
    expect(done.progress).toBe(1);
    // The run's log: who queued it, its stages (one per algorithm × horizon), its outcome.
    const lines = done.log.map((l) => l.line);
    expect(lines[0]).toMatch(/^Queued by superadmin@/);
    expect(lines).toContain('Started (train)');
    expect(lines.filter((l) => /^ols h=\d done \(\d+\/\d+\)$/.test(l))).toHaveLength(2);
    expect(lines).toContainEqual(expect.stringMatching(/^Succeeded: 2 model versions/));
    expect(done.duration_ms).toBeGreaterThanOrEqual(0);
    // A staff training ends with its model's predictions served: the predict run it queued (then its evaluation).
    const followed = await waitFor(
      () => runOf(queued.id),
      (r) => r.log.some((l) => l.line.startsWith('Predictions follow')),
      30_000,
    );
    const follow = followed.log
      .map((l) => /^Predictions follow: run (\S+) queued$/.exec(l.line))
      .find(Boolean);
    expect(follow).not.toBeNull();
    const predict = await finished(follow![1]!);
    expect(predict).toMatchObject({ kind: 'predict', status: 'succeeded', algorithm_ids: ['ols'] });
    await waitFor(
      () => t.services.models.runs.list(20),
      (runs) => runs.every((r) => FINAL.includes(r.status)),
      60_000,
    );

    const versions = await versionsOf('ols');
    expect(versions.map((v) => [v.horizon_days, v.version, v.champion])).toEqual([
      [1, 1, true],
      [5, 1, true],
    ]);
    const v = versions[0]!;
    expect(v.run_id).toBe(queued.id);
    expect(v.started_by).toBe(queued.requested_by);
    expect(v.data_fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(v.code_version).toMatch(/^0\.1\.0/);
    expect(v.train_from! < v.train_to).toBe(true);
    expect(v.size_bytes).toBeGreaterThan(0);
    expect(v.train_rows).toBeGreaterThan(0);
    expect(v.walk_forward.predictions_count).toBeGreaterThan(0);
    expect(v.walk_forward.accuracy_percent).not.toBeNull();
  });

  it('grades every algorithm by the measured-skill rule and stores critical checks as alerts', async () => {
    // Drift is measured in the background on the first read.
    await get(analyst, '/admin/api/ai/algorithms');
    await t.services.models.drift.settleDrift();
    const res = await get(analyst, '/admin/api/ai/algorithms');
    expect(res.statusCode).toBe(200);
    const body = adminAlgorithmListResponseSchema.parse(res.json());
    const ols = body.data.find((a) => a.id === 'ols')!;
    expect(ols).toMatchObject({ enabled: true, status: 'active', accuracy_source: 'walk_forward' });
    expect(ols.accuracy).not.toBeNull();
    expect(ols.r2).not.toBeNull();
    // The label is the worst of the checks, and the checks follow the contracts' rule.
    expect(ols.health).not.toBeNull();
    const rank = { healthy: 0, warning: 1, critical: 2 } as const;
    expect(rank[ols.health!]).toBe(
      Math.max(...ols.health_checks.filter((c) => c.counted).map((c) => rank[c.status])),
    );
    expect(ols.health_checks.find((c) => c.check === 'rank_ic')!.counted).toBe(false);
    expect(ols.health_checks.map((c) => c.check)).toEqual(
      expect.arrayContaining(['edge', 'rank_ic', 'staleness']),
    );
    const edge = ols.health_checks.find((c) => c.check === 'edge')!;
    expect(edge.interval!.low).toBeLessThanOrEqual(edge.value!);
    // An algorithm never trained has no label.
    expect(body.data.find((a) => a.id === 'arima')!.health).toBeNull();
    // Drift is measured per feature on the stored bars.
    expect(body.drift!.features.length).toBeGreaterThan(10);
    expect(body.drift!.max_psi).toBe(
      Math.max(...body.drift!.features.flatMap((f) => (f.psi === null ? [] : [f.psi]))),
    );

    const overview = performanceOverviewResponseSchema.parse(
      (await get(analyst, '/admin/api/ai/performance/overview')).json(),
    );
    const stats = overview.system_stats;
    expect(stats.total_algorithms).toBe(body.data.length);
    expect(stats.active_algorithms).toBe(CHEAP.length);
    expect(stats.healthy + stats.warning + stats.critical + stats.unrated).toBe(stats.total_algorithms);
    expect(stats.trained_models).toBe(2);
    const critical = body.data.flatMap((a) =>
      a.health_checks.filter((c) => c.counted && c.status === 'critical').map((c) => `${a.id}:${c.check}`),
    );
    expect(overview.alerts.map((a) => `${a.algorithm_id}:${a.alert_type}`).sort()).toEqual(critical.sort());
    expect(stats.performance_alerts).toBe(critical.length);
    expect(overview.recent_activity).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ algorithm_id: 'ols', log_type: 'train', event_count: 1 }),
        expect.objectContaining({ algorithm_id: 'ols', log_type: 'predict' }),
      ]),
    );
  });

  it('reports measured resources of this process and machine', async () => {
    const res = await get(analyst, '/admin/api/monitoring/system/performance');
    expect(res.statusCode).toBe(200);
    const stats = systemPerformanceResponseSchema.parse(res.json()).system_stats;
    expect(stats.cores).toBe(os.availableParallelism());
    expect(stats.machine_memory_bytes).toBe(os.totalmem());
    expect(stats.rss_bytes).toBeGreaterThan(0);
    expect(stats.rss_bytes).toBeLessThan(os.totalmem());
    expect(stats.machine_memory_percent).toBeGreaterThan(0);
    expect(stats.machine_memory_percent).toBeLessThanOrEqual(100);
    expect(stats.machine_cpu_percent).toBeGreaterThanOrEqual(0);
    expect(stats.machine_cpu_percent).toBeLessThanOrEqual(100);
    expect(stats).toMatchObject({
      jobs_running: 0,
      jobs_queued: 0,
      workers: { threads: 2, busy: 0, idle: 2 },
    });
  });

  it('refuses bad input with 4xx naming the field, and lets a data_analyst read but not act', async () => {
    const unknown = await post(admin, '/admin/api/ai/algorithms/ols/train', { symbols: ['NOPE1'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('symbols');
    const malformed = await post(admin, '/admin/api/ai/algorithms/ols/predict', { symbols: ['bad ticker!'] });
    expect(malformed.statusCode).toBe(400);
    expect(JSON.stringify(malformed.json())).toContain('symbols');
    expect((await post(admin, '/admin/api/ai/algorithms/no-such/train')).statusCode).toBe(404);
    const noReason = await post(admin, '/admin/api/control/algorithms/ols/emergency-stop', {});
    expect(noReason.statusCode).toBe(400);
    expect(JSON.stringify(noReason.json())).toContain('reason');

    for (const url of [
      '/admin/api/ai/algorithms/ols/train',
      '/admin/api/ai/algorithms/ols/predict',
      '/admin/api/ai/algorithms/ols/disable',
      '/admin/api/control/algorithms/ols/emergency-stop',
      '/admin/api/control/emergency-stop-all',
    ]) {
      const res = await post(analyst, url, { reason: 'not allowed' });
      expect(res.statusCode, url).toBe(403);
    }
    expect((await get(analyst, '/admin/api/ai/algorithms/ols/versions')).statusCode).toBe(200);
    expect((await get(analyst, '/admin/api/ml/runs')).statusCode).toBe(200);
  });

  it('rolls back: promoting an earlier version makes its predictions the served ones again', async () => {
    // A day later the data differ, so a second version differs from the first.
    t.clock.set(new Date('2026-11-19T16:30:00Z'));
    await t.engine.catchUp();
    // Staff sessions time out while idle: sign in again after the jump.
    admin = await tokenFor(t, 'super_admin');
    analyst = await tokenFor(t, 'data_analyst');
    const predict1 = mlRunResponseSchema.parse(
      (await post(admin, '/admin/api/ai/algorithms/ols/predict', {})).json(),
    ).data;
    expect((await finished(predict1.id)).status).toBe('succeeded');
    const fromV1 = await predictionsOf('ols');
    expect(fromV1.size).toBeGreaterThan(0);

    const train2 = mlRunResponseSchema.parse(
      (await post(admin, '/admin/api/ai/algorithms/ols/train')).json(),
    ).data;
    expect((await finished(train2.id)).status).toBe('succeeded');
    let versions = await versionsOf('ols');
    const v1 = versions.find((v) => v.horizon_days === 1 && v.version === 1)!;
    const v2 = versions.find((v) => v.horizon_days === 1 && v.version === 2)!;
    expect(v2.data_fingerprint).not.toBe(v1.data_fingerprint);

    const promote = async (versionId: string, reason: string) => {
      const res = await post(admin, `/admin/api/ai/algorithms/ols/versions/${versionId}/promote`, { reason });
      expect(res.statusCode).toBe(200);
      const body = promoteResultSchema.parse(res.json()).data;
      expect(body.version.champion).toBe(true);
      expect((await finished(body.predict_run_id!)).status).toBe('succeeded');
    };
    await promote(v2.id, 'try the newer model');
    const fromV2 = await predictionsOf('ols');
    const h1 = (m: Map<string, number>) => [...m].filter(([k]) => k.endsWith(':1'));
    expect(h1(fromV2).some(([k, er]) => Math.abs(er - fromV1.get(k)!) > 1e-12)).toBe(true);

    await promote(v1.id, 'roll back to the first model');
    versions = await versionsOf('ols');
    expect(versions.filter((v) => v.horizon_days === 1 && v.champion).map((v) => v.version)).toEqual([1]);
    const back = await predictionsOf('ols');
    for (const [k, er] of h1(fromV1)) expect(back.get(k), k).toBeCloseTo(er, 12);

    const missing = await post(
      admin,
      '/admin/api/ai/algorithms/ols/versions/00000000-0000-4000-8000-000000000000/promote',
      { reason: 'nothing there' },
    );
    expect(missing.statusCode).toBe(404);
  });

  it('ends a training that has nothing to train as failed, with its error', async () => {
    const res = await post(admin, '/admin/api/ai/algorithms/arima/train', {});
    expect(res.statusCode).toBe(202); // arima is disabled in this suite
    const done = await finished(mlRunResponseSchema.parse(res.json()).data.id);
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/No enabled algorithm to train/);
    expect(done.log.at(-1)!.line).toMatch(/^Failed: No enabled algorithm to train/);
  });

  it('emergency stop: cancels the running job, disables the algorithm and takes it off the investor pages', async () => {
    // Only ols serves. Its walk-forward here is too short to make it the production model, so the investor's top
    // list is empty either way; the investor's algorithm list shows it enabled before the stop.
    expect(
      (await post(admin, '/admin/api/ai/algorithms/ridge/disable', { reason: 'isolate ols' })).statusCode,
    ).toBe(200);
    const listed = (await t.services.predictions.algorithmList({ limit: 100, page: 1 }))
      .value()
      .algorithms.find((a) => a.algorithm_id === 'ols')!;
    expect(listed.enabled).toBe(true);

    await t.services.models.registry.setEnabled('arima', true);
    const long = await t.services.models.runs.request('train', {
      requestedBy: 'test',
      algorithmIds: ['ols', 'arima'],
    });
    await waitFor(
      () => runOf(long.id),
      (r) => r.status === 'running',
      30_000,
    );
    await waitFor(
      async () => pool.busy,
      (busy) => busy > 0,
      30_000,
    );
    // The real-time view counts running jobs as active processes and shows the run's progress.
    const live = realtimeDashboardResponseSchema.parse(
      (await get(analyst, '/admin/api/monitoring/real-time/dashboard')).json(),
    );
    expect(live.active_processes).toBe(1);
    expect(live.system_stats.jobs_running).toBe(1);
    expect(live.active_runs.map((r) => r.id)).toContain(long.id);
    expect(live.system_stats.workers).toMatchObject({ threads: 2 });
    expect(live.system_stats.workers!.busy + live.system_stats.workers!.idle).toBe(2);

    const res = await post(admin, '/admin/api/control/algorithms/ols/emergency-stop', {
      reason: 'predictions look wrong',
    });
    expect(res.statusCode).toBe(200);
    const stop = emergencyStopResultSchema.parse(res.json()).data;
    expect(stop).toEqual({ algorithms: ['ols'], cancelled_runs: [long.id], nightly_paused: false });
    // Cancelled when the answer arrives; the threads stop within the run's poll (bench:ml-cancel measures it).
    expect((await runOf(long.id)).status).toBe('cancelled');
    expect(
      await waitFor(
        async () => pool.busy,
        (busy) => busy === 0,
        10_000,
      ),
    ).toBe(0);

    const after = dailySummarySchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/predictions/daily-summary' })).json(),
    ).data;
    expect(after.top_predictions.filter((p) => p.algorithm_id === 'ols')).toEqual([]);
    const row = (await t.services.predictions.algorithmList({ limit: 100, page: 1 }))
      .value()
      .algorithms.find((a) => a.algorithm_id === 'ols')!;
    expect(row.enabled).toBe(false);

    const audit = await t.services.audit.recent(100);
    const stopEntry = audit.find((e) => e.action === AUDIT_ACTIONS.emergencyStop)!;
    expect(stopEntry).toMatchObject({ entity_id: 'ols', user_email: expect.stringContaining('@') });
    expect(stopEntry.details).toMatchObject({ reason: 'predictions look wrong', cancelled_runs: [long.id] });
  });

  it('does not cancel a run over every algorithm for one stopped algorithm: the run stores nothing of it', async () => {
    const { runs, registry } = t.services.models;
    await registry.setEnabled('arima', false);
    await registry.setEnabled('ridge', true);
    const all = await runs.request('train', { requestedBy: 'test' });
    await waitFor(
      () => runOf(all.id),
      (r) => r.status !== 'queued',
      30_000,
    );
    const res = await post(admin, '/admin/api/control/algorithms/ridge/emergency-stop', {
      reason: 'ridge only',
    });
    expect(emergencyStopResultSchema.parse(res.json()).data.cancelled_runs).toEqual([]);
    expect((await finished(all.id)).status).toBe('succeeded');
    const fromRun = (await versionsOf('ridge')).filter((v) => v.run_id === all.id);
    expect(fromRun).toEqual([]);
    expect((await versionsOf('random-walk')).filter((v) => v.run_id === all.id)).toHaveLength(2);
  });

  it('emergency stop all: disables every algorithm and pauses the nightly schedule; every action is audited', async () => {
    expect((await post(admin, '/admin/api/ai/algorithms/ridge/enable', {})).statusCode).toBe(200);
    const res = await post(admin, '/admin/api/control/emergency-stop-all', {
      reason: 'market data incident',
    });
    expect(res.statusCode).toBe(200);
    const stop = emergencyStopResultSchema.parse(res.json()).data;
    expect(stop.nightly_paused).toBe(true);
    const algorithms = (await t.services.predictions.algorithmList({ limit: 100, page: 1 })).value()
      .algorithms;
    expect(stop.algorithms.length).toBe(algorithms.length);
    expect(algorithms.every((a) => !a.enabled)).toBe(true);
    expect((await t.services.settings.get()).ml_auto_retrain).toBe(false);

    const actions = new Set((await t.services.audit.recent(200)).map((e) => e.action));
    for (const action of [
      AUDIT_ACTIONS.mlRunRequested,
      AUDIT_ACTIONS.modelPromoted,
      AUDIT_ACTIONS.algorithmDisabled,
      AUDIT_ACTIONS.algorithmEnabled,
      AUDIT_ACTIONS.emergencyStop,
      AUDIT_ACTIONS.emergencyStopAll,
      AUDIT_ACTIONS.settingsUpdated,
    ]) {
      expect(actions.has(action), action).toBe(true);
    }
    const trainEntry = (await t.services.audit.recent(200)).find(
      (e) =>
        e.action === AUDIT_ACTIONS.mlRunRequested &&
        (e.details as { reason?: string }).reason === 'first model',
    );
    expect(trainEntry?.details).toMatchObject({ symbols: ['THYAO', 'GARAN'] });
  });
});
