// A staff action and its audit row commit together or not at all: an emergency stop whose audit entry cannot be
// stored leaves the algorithm enabled, and one with an unpaired surrogate in its reason never gets that far (400).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@bist/contracts';
import type { TestApp } from '@test/helpers';
import { createAdminTestApp, tokenFor, withRawJson } from '@test/admin-test-kit';
import type { StaffAction } from '@/modules/predictions/prediction-runs.service';

describe('emergency stop and its audit row', () => {
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
});
