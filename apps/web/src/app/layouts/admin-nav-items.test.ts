import { describe, expect, it } from 'vitest';
import { meetsRequirement, ROLE_INFO, type AdminSessionUser } from '@bist/contracts';
import { adminScreens } from '@/app/route-table';
import { visibleNavItems } from './admin-nav-items';

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

const screens = adminScreens();

describe('visibleNavItems', () => {
  it('shows each role exactly the screens it may open, in the menu order', () => {
    for (const role of Object.keys(ROLE_INFO) as AdminSessionUser['role'][]) {
      const mayOpen = screens.filter((screen) =>
        meetsRequirement(ROLE_INFO[role].permissions, screen.access),
      );
      expect(
        visibleNavItems(staff(role), screens).map((item) => item.to),
        role,
      ).toEqual(mayOpen.map((screen) => screen.path));
    }
  });

  it('shows a data_analyst the dashboard, business intelligence (read-only) and the unified AI screen', () => {
    expect(visibleNavItems(staff('data_analyst'), screens).map((item) => item.to)).toEqual([
      '/admin/dashboard',
      '/admin/analytics',
      '/admin/ai-unified',
    ]);
  });

  it('leads every role whose permissions name a BI part to business intelligence, and risk elsewhere', () => {
    const sees = (role: AdminSessionUser['role']) =>
      visibleNavItems(staff(role), screens).some((item) => item.to === '/admin/analytics');
    for (const role of [
      'super_admin',
      'ceo',
      'cto',
      'cfo',
      'operations_manager',
      'technical_lead',
      'customer_success',
      'marketing_manager',
      'data_analyst',
    ] as const)
      expect(sees(role), role).toBe(true);
    expect(sees('risk_manager')).toBe(false);
    expect(visibleNavItems(staff('risk_manager'), screens).map((item) => item.to)).toContain(
      '/admin/compliance',
    );
  });

  it('shows nothing without a session', () => {
    expect(visibleNavItems(null, screens)).toEqual([]);
  });
});
