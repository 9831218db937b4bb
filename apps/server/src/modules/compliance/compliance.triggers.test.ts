// Event-driven rule runs on a real database: failed sign-ins written to the audit log run the platform rules (no
// schedule needed), a burst gives one run, a closed minute bar runs the market rules only; and the rule list shows
// the last run that covered each rule and the violations each raised.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ruleListResponseSchema, violationListResponseSchema } from '@bist/contracts';
import { adminLogin, createAdminTestApp, tokenFor, withToken } from '@test/admin-test-kit';
import { FakeMarketData } from '@test/fake-market-data';
import type { TestApp } from '@test/helpers';
import { startComplianceJobs } from '@/composition/background';
import type { Logger } from '@/composition/infrastructure';
import { MarketRepository } from '@/market/market.repository';

const quiet: Logger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  child: () => quiet,
};

describe('compliance runs on events', () => {
  let t: TestApp;
  let token: string;
  const market = new FakeMarketData();

  const runsOf = async (trigger: string) =>
    Number(
      (
        await t.infra.database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from compliance_runs where trigger = ${trigger}`,
        )
      ).rows[0]!.n,
    );
  const rules = async () =>
    ruleListResponseSchema.parse(
      (
        await t.app.inject(withToken(token, { method: 'GET', url: '/admin/api/compliance/rules?days=7' }))
      ).json(),
    ).data;

  beforeAll(async () => {
    // The debounce timers never fire by themselves: the test fires them (flushEventRuns), so a slow machine cannot run
    // the rules in the middle of the sign-in burst.
    t = await createAdminTestApp({ market, timers: { set: () => ({}), clear: () => undefined } });
    token = await tokenFor(t, 'super_admin');
    // As main.ts: catalogue stored, the first run, then the audit log and the feed wired to event-driven runs.
    await startComplianceJobs(t.services, undefined, quiet, market);
  });
  afterAll(async () => {
    t.services.complianceRuns.stopEventRuns();
    await t.close();
  });

  it('raises a brute-force violation from a burst of failed sign-ins with one platform run, no schedule', async () => {
    expect(await runsOf('start')).toBe(1);
    const before = await runsOf('audit_event');
    for (let i = 0; i < 12; i += 1) {
      const res = await adminLogin(t, 'cto@bistai.demo', `wrong-${i}`, `10.9.0.${i % 3}`);
      expect([401, 429]).toContain(res.statusCode); // the request is answered; the run waits for its timer
    }
    expect(t.services.complianceRuns.eventRunArmed('audit_event')).toBe(true);
    expect(await runsOf('audit_event')).toBe(before); // nothing ran inside the requests
    await t.services.complianceRuns.flushEventRuns(); // what the 2 s timer would do
    expect(await runsOf('audit_event')).toBe(before + 1);

    const list = violationListResponseSchema.parse(
      (
        await t.app.inject(
          withToken(token, { method: 'GET', url: '/admin/api/compliance/violations?days=1' }),
        )
      ).json(),
    ).data;
    const brute = list.filter((v) => v.rule_code === 'PLT_BRUTE_FORCE');
    expect(brute).toHaveLength(1);
    expect(brute[0]).toMatchObject({ entity_id: 'cto@bistai.demo', severity_level: 'critical' });
    expect(Number(brute[0]!.evidence.figures.failures)).toBeGreaterThanOrEqual(10);
  });

  it('does not run on audit actions the platform rules do not read', async () => {
    const res = await t.app.inject(
      withToken(token, { method: 'POST', url: '/admin/api/compliance/rules/run' }),
    );
    expect(res.statusCode).toBe(200);
    // compliance_rules_run_requested was written: no platform run armed by it (no run triggers another)
    expect(t.services.complianceRuns.eventRunArmed('audit_event')).toBe(false);
  });

  it('runs only the market rules after a closed minute bar, and lists each rule with its last run and count', async () => {
    const platformBefore = (await rules()).find((r) => r.code === 'PLT_BRUTE_FORCE')!;
    t.clock.advanceMs(60_000);
    market.closeMinute(new Date(t.clock.now().getTime() - 60_000));
    market.closeMinute(t.clock.now());
    expect(t.services.complianceRuns.eventRunArmed('minute_bar')).toBe(true);
    await t.services.complianceRuns.flushEventRuns();
    expect(await runsOf('minute_bar')).toBe(1);

    const after = await rules();
    const volume = after.find((r) => r.code === 'MKT_VOLUME_SPIKE')!;
    const brute = after.find((r) => r.code === 'PLT_BRUTE_FORCE')!;
    expect(volume.last_run_at).toBe(t.clock.now().toISOString());
    expect(brute.last_run_at).toBe(platformBefore.last_run_at); // the market run did not cover it
    expect(brute.violations_in_period).toBe(1);
    expect(brute.parameter_specs.map((s) => [s.key, s.unit])).toEqual([
      ['minFailures', 'count'],
      ['windowMinutes', 'minutes'],
    ]);
  });

  it('re-reads the daily bars on a minute bar only when they changed, and then finds what is new', async () => {
    const reads = vi.spyOn(MarketRepository.prototype, 'stockBarsSince');
    market.addStock({ symbol: 'KONTR', name: 'Kontrolmatik', sector: 'Teknoloji' });
    market.closeMinute(t.clock.now());
    await t.services.complianceRuns.flushEventRuns();
    expect(reads).not.toHaveBeenCalled(); // same newest daily bar and rule versions as the last scan

    // Three closes at the upper limit (the feed writes daily bars after the session): the next minute-bar run scans.
    for (const [i, close] of [100, 110, 121, 133.1].entries()) {
      const date = new Date(t.clock.now().getTime() - (4 - i) * 86_400_000).toISOString().slice(0, 10);
      await t.infra.database.db.execute(sql`insert into daily_bars values
        ('KONTR', ${date}, ${close}, ${close}, ${close}, ${close}, 1000, ${close * 1000}, 'import')`);
    }
    market.closeMinute(t.clock.now());
    await t.services.complianceRuns.flushEventRuns();
    expect(reads).toHaveBeenCalledTimes(1);
    const streak = (await rules()).find((r) => r.code === 'MKT_PRICE_LIMIT_STREAK')!;
    expect(streak.violations_in_period).toBe(1);
    reads.mockRestore();
  });
});
