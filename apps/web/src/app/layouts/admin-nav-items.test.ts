import { describe, expect, it } from 'vitest';
import { ROLE_INFO, type AdminSessionUser } from '@bist/contracts';
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

describe('visibleNavItems', () => {
  it('shows a data_analyst the dashboard, business intelligence (read-only) and the unified AI screen', () => {
    expect(visibleNavItems(staff('data_analyst')).map((item) => item.to)).toEqual([
      '/admin/dashboard',
      '/admin/analytics',
      '/admin/ai-unified',
    ]);
  });

  it('leads every role whose permissions name a BI part to business intelligence, and risk elsewhere', () => {
    const sees = (role: AdminSessionUser['role']) =>
      visibleNavItems(staff(role)).some((item) => item.to === '/admin/analytics');
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
    expect(visibleNavItems(staff('risk_manager')).map((item) => item.to)).toContain('/admin/compliance');
  });
});
