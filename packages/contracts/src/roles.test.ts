import { describe, expect, it } from 'vitest';
import {
  ADMIN_ROLES,
  ROLE_INFO,
  hasAnyPermission,
  hasPermission,
  meetsRequirement,
  permissionsOf,
} from './roles.ts';
import { aiHealthOf } from './constants.ts';

describe('hasPermission', () => {
  it('passes with all or the named permission, and fails otherwise', () => {
    expect(hasPermission(['all'], 'user_management')).toBe(true);
    expect(hasPermission(permissionsOf('ceo'), 'user_management')).toBe(true);
    expect(hasPermission(permissionsOf('data_analyst'), 'user_management')).toBe(false);
    expect(hasPermission([], 'reports_read')).toBe(false);
  });

  it('gives compliance_management and ai_management to nobody but super_admin', () => {
    for (const role of ADMIN_ROLES) {
      const expected = role === 'super_admin';
      expect(hasPermission(permissionsOf(role), 'compliance_management')).toBe(expected);
      expect(hasPermission(permissionsOf(role), 'ai_management')).toBe(expected);
    }
  });
});

describe('hasAnyPermission', () => {
  it('passes when any is held', () => {
    expect(hasAnyPermission(permissionsOf('cfo'), ['user_management', 'revenue_metrics'])).toBe(true);
    expect(hasAnyPermission(permissionsOf('cfo'), ['user_management', 'business_metrics'])).toBe(false);
    expect(hasAnyPermission(['all'], ['business_metrics'])).toBe(true);
  });

  it('evaluates requirements', () => {
    expect(meetsRequirement([], { kind: 'authenticated' })).toBe(true);
    expect(meetsRequirement(['reports_read'], { kind: 'permission', permission: 'all' })).toBe(false);
    expect(meetsRequirement(['all'], { kind: 'permission', permission: 'all' })).toBe(true);
  });
});

describe('ROLE_INFO', () => {
  it('has the levels of spec §6', () => {
    expect(ADMIN_ROLES.map((r) => ROLE_INFO[r].level)).toEqual([1, 1, 1, 1, 2, 2, 3, 4, 4, 5]);
  });
});

describe(aiHealthOf.name, () => {
  it('follows spec §9 boundaries', () => {
    expect(aiHealthOf(80.1)).toBe('healthy');
    expect(aiHealthOf(80)).toBe('warning');
    expect(aiHealthOf(70.01)).toBe('warning');
    expect(aiHealthOf(70)).toBe('critical');
  });
});
