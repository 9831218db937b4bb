import { afterEach, describe, expect, it } from 'vitest';
import { adminSessionUserSchema, ROLE_INFO, type AdminSessionUser } from '@bist/contracts';
import {
  adminCan,
  adminSession,
  canAccessScreen,
  safeAdminReturnPath,
  storedAdminUser,
} from './admin-session';
import { STORAGE_KEYS } from './storage';
import { adminScreens } from '@/app/route-table';

const screens = adminScreens();

function staff(role: AdminSessionUser['role']): AdminSessionUser {
  return {
    id: `id-${role}`,
    name: `Demo ${role}`,
    email: `${role}@example.com`,
    role,
    permissions: [...ROLE_INFO[role].permissions],
    description: ROLE_INFO[role].description,
  };
}

afterEach(() => localStorage.clear());

describe('admin session storage', () => {
  it("round-trips under its own keys, never the investor's", () => {
    adminSession.persist({ token: 'adm', user: staff('super_admin') });
    expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBe('adm');
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(adminSession.restore()).toEqual({ token: 'adm', user: staff('super_admin') });
  });

  it('clears both when the stored user is unparseable or the token is missing', () => {
    localStorage.setItem(STORAGE_KEYS.adminToken, 'adm');
    localStorage.setItem(STORAGE_KEYS.adminUser, '{not json');
    expect(adminSession.restore()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBeNull();

    localStorage.setItem(STORAGE_KEYS.adminUser, JSON.stringify(staff('ceo')));
    expect(adminSession.restore()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.adminUser)).toBeNull();
  });

  it('returns null with nothing stored and clear removes everything', () => {
    expect(adminSession.restore()).toBeNull();
    adminSession.persist({ token: 'adm', user: staff('cto') });
    adminSession.clear();
    expect(adminSession.restore()).toBeNull();
  });
});

describe('admin permissions', () => {
  it('super_admin holds everything through all', () => {
    const user = staff('super_admin');
    expect(adminCan(user, 'user_management')).toBe(true);
    for (const path of [
      '/admin/users',
      '/admin/audit',
      '/admin/settings',
      '/admin/ai',
      '/admin/compliance',
    ] as const) {
      expect(canAccessScreen(user, screens, path)).toBe(true);
    }
  });

  it('compliance: risk_manager and cfo see it besides super_admin, ceo and data_analyst do not', () => {
    expect(canAccessScreen(staff('risk_manager'), screens, '/admin/compliance')).toBe(true);
    expect(canAccessScreen(staff('cfo'), screens, '/admin/compliance')).toBe(true);
    expect(canAccessScreen(staff('ceo'), screens, '/admin/compliance')).toBe(false);
    expect(canAccessScreen(staff('data_analyst'), screens, '/admin/compliance')).toBe(false);
  });

  it('ceo and cto manage users but see neither audit nor settings', () => {
    for (const role of ['ceo', 'cto'] as const) {
      expect(canAccessScreen(staff(role), screens, '/admin/users')).toBe(true);
      expect(canAccessScreen(staff(role), screens, '/admin/audit')).toBe(false);
      expect(canAccessScreen(staff(role), screens, '/admin/settings')).toBe(false);
    }
    expect(canAccessScreen(staff('ceo'), screens, '/admin/analytics')).toBe(true);
    // Business intelligence opens to the permissions naming one of its parts (decision 0058): cto's performance.
    expect(canAccessScreen(staff('cto'), screens, '/admin/analytics')).toBe(true);
    expect(canAccessScreen(staff('risk_manager'), screens, '/admin/analytics')).toBe(false);
  });

  it('a data_analyst does not manage users', () => {
    expect(adminCan(staff('data_analyst'), 'user_management')).toBe(false);
  });

  it('nobody without a session passes, and no path that is not an admin screen', () => {
    expect(adminCan(null, 'user_management')).toBe(false);
    expect(canAccessScreen(undefined, screens, '/admin/dashboard')).toBe(false);
    expect(canAccessScreen(staff('super_admin'), screens, '/admin/unknown')).toBe(false);
    expect(canAccessScreen(staff('super_admin'), [], '/admin/dashboard')).toBe(false);
  });
});

describe('safeAdminReturnPath', () => {
  it('keeps admin paths and refuses the login page, other sites and customer pages', () => {
    expect(safeAdminReturnPath('/admin/users?x=1')).toBe('/admin/users?x=1');
    expect(safeAdminReturnPath('/admin/login')).toBeNull();
    expect(safeAdminReturnPath('//evil.example/admin/')).toBeNull();
    expect(safeAdminReturnPath('https://evil.example/admin/users')).toBeNull();
    expect(safeAdminReturnPath('/dashboard')).toBeNull();
    expect(safeAdminReturnPath(42)).toBeNull();
  });
});

describe('storedAdminUser', () => {
  // It stands in for adminSessionUserSchema when a stored session is restored: both must accept and refuse the same
  // values, and give the same user.
  const user = staff('risk_manager');
  const samples: unknown[] = [
    user,
    staff('super_admin'),
    { ...user, permissions: [] },
    { ...user, extra: 'kept out' },
    { ...user, role: 'investor' },
    { ...user, role: undefined },
    { ...user, permissions: ['all', 'root'] },
    { ...user, permissions: 'all' },
    { ...user, id: 7 },
    { ...user, email: null },
    { ...user, name: undefined },
    { ...user, description: undefined },
    null,
    'user',
    [],
  ];
  it.each(samples.map((sample) => [JSON.stringify(sample), sample]))(
    'agrees with the schema on %s',
    (_, sample) => {
      const ours = storedAdminUser.safeParse(sample);
      const schema = adminSessionUserSchema.safeParse(sample);
      expect(ours.success).toBe(schema.success);
      if (ours.success && schema.success) expect(ours.data).toEqual(schema.data);
    },
  );
});
