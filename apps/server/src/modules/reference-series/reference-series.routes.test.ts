import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceSeriesStatusResponseSchema } from '@bist/contracts';
import { systemClock } from '@/lib/clock';
import { createAdminTestApp, tokenFor, withToken } from '@test/admin-test-kit';
import { startFakeEvds, type FakeEvds } from '@test/fake-evds/fake-evds';
import type { TestApp } from '@test/helpers';
import { createEvdsClient } from './evds-client.ts';

const REFUSED_KEY = 'refused-key-3Hq8';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('GET /admin/api/reference-series with a failed TCMB EVDS fetch', () => {
  let t: TestApp;
  let evds: FakeEvds;

  beforeAll(async () => {
    t = await createAdminTestApp();
    evds = await startFakeEvds('the-right-key');
  });
  afterAll(async () => {
    await evds.close();
    await t.close();
  });

  it("names the failure on each EVDS series for staff, without the key, and leaves the gold series' status alone", async () => {
    const client = createEvdsClient({ key: REFUSED_KEY, baseUrl: evds.url, log: quiet, clock: systemClock });
    await t.services.referenceSeries.fillFromEvds(client);
    const res = await t.app.inject(
      withToken(await tokenFor(t, 'data_analyst'), { method: 'GET', url: '/admin/api/reference-series' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(REFUSED_KEY);
    const body = referenceSeriesStatusResponseSchema.parse(res.json());
    const problem = (code: string) => body.data.series.find((s) => s.code === code)!.fetch_problem;
    for (const code of ['TUFE', 'USDTRY', 'EURTRY', 'DEPOSIT_RATE'])
      expect(problem(code)).toMatchObject({
        source: 'evds',
        message: expect.stringMatching(/^TCMB EVDS answered 401 .*the EVDS_API_KEY was refused$/) as unknown,
      });
    expect(problem('GOLD_TRY_GRAM')).toBeNull();
  });
});
