// A staff action and its audit row commit together or not at all: an emergency stop whose audit entry cannot be
// stored leaves the algorithm enabled, and one with an unpaired surrogate in its reason never gets that far (400).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@bist/contracts';
import type { TestApp } from '@test/helpers';
import { createAdminTestApp, tokenFor, withRawJson } from '@test/admin-test-kit';
import type { StaffAction } from '@/modules/models/runs.service';

describe('staff actions and their audit rows', () => {
  let t: TestApp;
  let staff: string;
  beforeAll(async () => {
    t = await createAdminTestApp();
    staff = await tokenFor(t, 'super_admin');
  });
  afterAll(async () => t.close());

  const query = async (text: ReturnType<typeof sql>) =>
    (await t.infra.database.db.execute<Record<string, unknown>>(text)).rows;
  const enabled = async (id: string) =>
    (await query(sql`select enabled from ml_algorithms where id = ${id}`))[0]?.enabled;
  const stopEntries = async () =>
    (
      await query(
        sql`select count(*)::int as n from admin_audit_log where action in (${AUDIT_ACTIONS.emergencyStop}, ${AUDIT_ACTIONS.emergencyStopAll})`,
      )
    )[0]?.n;

  it('a lone surrogate in the reason is a 400 naming it; the algorithm stays enabled and nothing is audited', async () => {
    const stop = await t.app.inject(
      withRawJson(
        staff,
        'POST',
        '/admin/api/control/algorithms/ols/emergency-stop',
        '{"reason":"market halt \\ud800"}',
      ),
    );
    expect(stop.statusCode).toBe(400);
    expect(stop.json()).toMatchObject({
      success: false,
      field: 'reason',
      error: expect.stringMatching(/Unicode/),
    });
    expect(await enabled('ols')).toBe(true);
    expect(await stopEntries()).toBe(0);
  });

  it('when the audit row cannot be written, the stop is undone (one transaction)', async () => {
    // Past the HTTP guard (a caller inside the process): jsonb refuses '\ud800', so the audit insert fails.
    const action: StaffAction = {
      actor: { id: null, email: 'operator@bistai.demo', permissions: ['all'] },
      meta: { ip: '10.0.0.1', userAgent: 'test' },
    };
    await expect(t.services.aiOperations.emergencyStop('ols', 'halt \ud800', action)).rejects.toThrow();
    expect(await enabled('ols')).toBe(true);
    await expect(t.services.aiOperations.emergencyStopAll('halt \ud800', action)).rejects.toThrow();
    expect(await query(sql`select id from ml_algorithms where not enabled`)).toEqual([]);
    expect(await stopEntries()).toBe(0);

    // The same stop with a valid reason goes through with its audit row.
    await t.services.aiOperations.emergencyStop('ols', 'halt', action);
    expect(await enabled('ols')).toBe(false);
    expect(await stopEntries()).toBe(1);
  });

  it('a compliance risk or an algorithm flag is not changed when the audit log refuses the row', async () => {
    // The database refuses these audit rows (a full disk, a lost connection would do the same).
    await t.infra.database.db.execute(
      sql.raw(`
      create function refuse_test_audit() returns trigger language plpgsql as $$
        begin raise exception 'audit log unavailable'; end $$;
      create trigger refuse_test_audit before insert on admin_audit_log for each row
        when (new.action in ('risk_created', 'risk_updated', 'algorithm_disabled'))
        execute function refuse_test_audit();`),
    );
    const action: StaffAction = {
      actor: { id: null, email: 'operator@bistai.demo', permissions: ['all'] },
      meta: { ip: null, userAgent: null },
    };
    const risk = {
      title: 'Model drift',
      risk_category: 'Model',
      risk_description: 'Predictions degrade unnoticed',
      mitigation_strategy: 'Weekly review',
      likelihood: 3,
      impact: 4,
      residual_likelihood: 2,
      residual_impact: 2,
      owner: 'CTO',
      review_date: '2026-12-01',
    };
    const risks = async () => query(sql`select title from compliance_risks where not is_demo`);
    await expect(t.services.compliance.createRisk(risk, action)).rejects.toThrow();
    expect(await risks()).toEqual([]);
    await expect(t.services.aiOperations.setEnabled('ridge', false, action)).rejects.toThrow();
    expect(await enabled('ridge')).toBe(true);
  });
});
