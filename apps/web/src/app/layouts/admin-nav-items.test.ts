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
  it('shows a data_analyst the dashboard and the unified AI screen only', () => {
    expect(visibleNavItems(staff('data_analyst')).map((item) => item.to)).toEqual([
      '/admin/dashboard',
      '/admin/ai-unified',
    ]);
  });
});
