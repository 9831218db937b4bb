import { describe, expect, it } from 'vitest';
import type { PlatformEvent } from './audit-events.ts';
import { bruteForce, BRUTE_FORCE_DEFAULTS } from './brute-force.ts';
import { bulkExport, BULK_EXPORT_DEFAULTS } from './bulk-export.ts';
import { dormantStaff, DORMANT_STAFF_DEFAULTS } from './dormant-staff.ts';
import { offHoursSignIn, OFF_HOURS_SIGN_IN_DEFAULTS } from './off-hours-sign-in.ts';
import { privilegeChange, PRIVILEGE_CHANGE_DEFAULTS } from './privilege-change.ts';
import { settingsChange } from './settings-change.ts';

let nextId = 1;
const event = (over: Partial<PlatformEvent>): PlatformEvent => ({
  id: nextId++,
  eventType: 'user_login',
  action: 'login_failed',
  userId: null,
  userEmail: 'ops@bist.ai',
  entityType: null,
  entityId: null,
  before: null,
  after: null,
  details: null,
  ip: '10.0.0.1',
  at: '2026-03-02T09:00:00.000Z',
  ...over,
});
/** `n` events one minute apart from 09:00 UTC. */
const burst = (n: number, over: Partial<PlatformEvent> = {}) =>
  Array.from({ length: n }, (_, i) =>
    event({ at: new Date(Date.UTC(2026, 2, 2, 9, i)).toISOString(), ...over }),
  );

describe(bruteForce.name, () => {
  it('fires on 10 failed sign-ins within 15 minutes, once', () => {
    const findings = bruteForce(burst(12), BRUTE_FORCE_DEFAULTS);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ entityId: 'ops@bist.ai', evidence: { figures: { failures: 12 } } });
  });
  it('stays quiet on 9, and does not count successes', () => {
    expect(bruteForce(burst(9), BRUTE_FORCE_DEFAULTS)).toEqual([]);
    expect(bruteForce(burst(12, { action: 'login_succeeded' }), BRUTE_FORCE_DEFAULTS)).toEqual([]);
  });
});

describe(offHoursSignIn.name, () => {
  const signIn = (at: string) => event({ action: 'login_succeeded', at });
  it('fires on 21:30 Istanbul (18:30 UTC) on a Monday and on a Saturday noon', () => {
    const findings = offHoursSignIn(
      [signIn('2026-03-02T18:30:00.000Z'), signIn('2026-03-07T09:00:00.000Z')],
      OFF_HOURS_SIGN_IN_DEFAULTS,
    );
    expect(findings.map((f) => f.evidence.figures)).toMatchObject([
      { istanbul_hour: 21, weekend: false },
      { istanbul_hour: 12, weekend: true },
    ]);
  });
  it('stays quiet at 19:59 Istanbul on a weekday', () => {
    expect(offHoursSignIn([signIn('2026-03-02T16:59:00.000Z')], OFF_HOURS_SIGN_IN_DEFAULTS)).toEqual([]);
  });
});

describe(privilegeChange.name, () => {
  it('fires on a role change and on a new super_admin', () => {
    const findings = privilegeChange(
      [
        event({
          action: 'user_updated',
          entityId: 's1',
          before: { role: 'data_analyst' },
          after: { role: 'cto' },
        }),
        event({ action: 'user_created', entityId: 's2', after: { role: 'super_admin' } }),
      ],
      PRIVILEGE_CHANGE_DEFAULTS,
    );
    expect(findings.map((f) => f.entityId)).toEqual(['s1', 's2']);
  });
  it('stays quiet on an edit that keeps the role and on a new analyst', () => {
    const findings = privilegeChange(
      [
        event({
          action: 'user_updated',
          before: { role: 'cto', name: 'A' },
          after: { role: 'cto', name: 'B' },
        }),
        event({ action: 'user_created', after: { role: 'data_analyst' } }),
      ],
      PRIVILEGE_CHANGE_DEFAULTS,
    );
    expect(findings).toEqual([]);
  });
});

describe(bulkExport.name, () => {
  it('fires on 5 exports within the hour and stays quiet on 4', () => {
    expect(
      bulkExport(burst(5, { action: 'bi_export', eventType: 'data_access' }), BULK_EXPORT_DEFAULTS),
    ).toHaveLength(1);
    expect(
      bulkExport(burst(4, { action: 'bi_export', eventType: 'data_access' }), BULK_EXPORT_DEFAULTS),
    ).toEqual([]);
  });
});

describe(dormantStaff.name, () => {
  const account = (lastLoginAt: string | null, isActive = true) => ({
    id: 'a',
    email: 'old@bist.ai',
    role: 'cfo',
    isActive,
    lastLoginAt,
    createdAt: '2025-01-01T00:00:00.000Z',
  });
  const now = '2026-03-02T00:00:00.000Z';
  it('fires on an active account idle for 90 days', () => {
    const findings = dormantStaff([account('2025-12-02T00:00:00.000Z')], now, DORMANT_STAFF_DEFAULTS);
    expect(findings[0]!.evidence.figures.idle_days).toBe(90);
  });
  it('stays quiet at 89 days and for an inactive account', () => {
    expect(dormantStaff([account('2025-12-03T00:00:00.000Z')], now, DORMANT_STAFF_DEFAULTS)).toEqual([]);
    expect(dormantStaff([account(null, false)], now, DORMANT_STAFF_DEFAULTS)).toEqual([]);
  });
});

describe(settingsChange.name, () => {
  it('fires on a changed setting, naming it, and stays quiet on a save that changed nothing', () => {
    const changed = event({ action: 'settings_updated', before: { a: 1, b: 2 }, after: { a: 1, b: 3 } });
    const same = event({ action: 'settings_updated', before: { a: 1 }, after: { a: 1 } });
    const findings = settingsChange([changed, same]);
    expect(findings).toHaveLength(1);
    expect(findings[0]!.evidence.figures.changed_keys).toBe('b');
  });
});
