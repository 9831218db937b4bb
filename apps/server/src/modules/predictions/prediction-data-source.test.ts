// The data source of runs, model versions and predictions (decision 0044): models learn from real history when any
// is stored and then from it alone; a version that learned from real history replaces one that learned from the
// simulation; GET /api/market/source says what the served models learned from.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketSource } from '@bist/contracts';
import { createMlTestApp, waitFor, type MlTestApp } from '@test/ml-test-kit';

describe('the data source of ML runs, model versions and predictions', () => {
  let t: MlTestApp;
  beforeAll(async () => {
    t = await createMlTestApp('pglite');
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  const sql = <R extends Record<string, unknown>>(text: string) =>
    t.infra.database.pool.query<R>(text).then((r) => r.rows);

  type Run = { id: string; kind: string; status: string; data_source: string | null };

  /** Train → predict → evaluate, as the nightly run does; resolves with the chain's runs once all have finished. */
  async function trainChain(): Promise<Map<string, Run>> {
    const before = new Set((await sql<Run>(`select id from ml_runs`)).map((r) => r.id));
    await t.services.models.runs.request('train', { requestedBy: 'test', chain: true });
    const fresh = await waitFor(
      async () =>
        (await sql<Run>(`select id, kind, status, data_source from ml_runs`)).filter(
          (r) => !before.has(r.id),
        ),
      (list) => list.length >= 3 && list.every((r) => r.status !== 'queued' && r.status !== 'running'),
      240_000,
    );
    expect(fresh.map((r) => `${r.kind} ${r.status}`).sort()).toEqual([
      'evaluate succeeded',
      'predict succeeded',
      'train succeeded',
    ]);
    return new Map(fresh.map((r) => [r.kind, r]));
  }

  async function modelsSource(): Promise<MarketSource['models']> {
    t.clock.advanceMs(60_000); // the source route reads the served models again every minute
    const res = await t.app.inject({ method: 'GET', url: '/api/market/source' });
    return res.json<{ data: MarketSource }>().data.models;
  }

  it('stores the simulation as the source while only simulated history exists', async () => {
    expect(await modelsSource()).toBeNull();
    const runs = await trainChain();
    expect(runs.get('train')?.data_source).toBe('simulated');
    expect(runs.get('predict')?.data_source).toBe('simulated');
    expect(await sql(`select distinct data_source from ml_models`)).toEqual([{ data_source: 'simulated' }]);
    expect(await sql(`select distinct data_source from ml_evaluations`)).toEqual([
      { data_source: 'simulated' },
    ]);
    expect(await sql(`select distinct data_source from predictions`)).toEqual([{ data_source: 'simulated' }]);
    expect(await modelsSource()).toMatchObject({ source: 'simulated' });
  }, 300_000);

  it('learns from real history alone once it exists, and its versions replace the simulated champions', async () => {
    // Real history arrives (an end-of-day CSV import) for every stock but one, which stays simulated.
    await sql(`update daily_bars set source = 'import' where source = 'simulated' and symbol <> 'THYAO'`);
    const runs = await trainChain();
    expect(runs.get('train')?.data_source).toBe('real');
    expect(runs.get('predict')?.data_source).toBe('real');
    expect(await sql(`select distinct data_source from ml_models where champion`)).toEqual([
      { data_source: 'real' },
    ]);
    expect(
      await sql(`select distinct data_source from ml_evaluations where run_id = '${runs.get('train')!.id}'`),
    ).toEqual([{ data_source: 'real' }]);
    const latest = await sql<{ symbol: string; data_source: string }>(
      `select symbol, data_source from predictions where run_id = '${runs.get('predict')!.id}'`,
    );
    expect(latest.length).toBeGreaterThan(0);
    expect(new Set(latest.map((p) => p.data_source))).toEqual(new Set(['real']));
    // Never a mix: the stock whose bars are still simulated was left out of the real panel.
    expect(latest.some((p) => p.symbol === 'THYAO')).toBe(false);
    expect(await modelsSource()).toMatchObject({ source: 'real' });
  }, 300_000);
});
