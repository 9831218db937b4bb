import { describe, expect, it } from 'vitest';
import { CLI_ACTOR, type AdminActor } from '@/lib/actor';
import { STAFF_LEVEL_MESSAGES, staffChangeRefusal } from './staff-levels.ts';

const cto: AdminActor = { id: 'cto-1', email: 'cto@x', role: 'cto', permissions: ['user_management'] };
const superAdmin: AdminActor = { id: 'sa-1', email: 'sa@x', role: 'super_admin', permissions: ['all'] };

describe(staffChangeRefusal.name, () => {
  it('lets user_management manage only staff strictly below its own level', () => {
    expect(staffChangeRefusal(cto, { kind: 'create', role: 'operations_manager' })).toBeNull();
    expect(staffChangeRefusal(cto, { kind: 'create', role: 'ceo' })).toMatchObject({
      message: STAFF_LEVEL_MESSAGES.belowOwnLevel,
      field: 'role',
    });
    expect(staffChangeRefusal(cto, { kind: 'delete', target: { id: 'c', role: 'cfo' } })).not.toBeNull();
    expect(staffChangeRefusal(cto, { kind: 'delete', target: { id: 'd', role: 'data_analyst' } })).toBeNull();
    const promote = {
      kind: 'update',
      target: { id: 'd', role: 'data_analyst' },
      setsPassword: false,
    } as const;
    expect(staffChangeRefusal(cto, { ...promote, newRole: 'technical_lead' })).toBeNull();
    expect(staffChangeRefusal(cto, { ...promote, newRole: 'cfo' })).toMatchObject({ field: 'role' });
  });

  it("refuses another staff member's password to all but super_admin, and anyone's own role change", () => {
    const reset = { kind: 'update', target: { id: 'd', role: 'data_analyst' }, setsPassword: true } as const;
    expect(staffChangeRefusal(cto, reset)).toMatchObject({
      message: STAFF_LEVEL_MESSAGES.othersPassword,
      field: 'password',
    });
    expect(staffChangeRefusal(superAdmin, reset)).toBeNull();
    expect(staffChangeRefusal(CLI_ACTOR, reset)).toBeNull();
    const own = { kind: 'update', target: { id: 'cto-1', role: 'cto' }, setsPassword: true } as const;
    expect(staffChangeRefusal(cto, own)).toBeNull(); // own password
    expect(staffChangeRefusal(cto, { ...own, newRole: 'ceo' })).toMatchObject({
      message: STAFF_LEVEL_MESSAGES.ownRole,
    });
    const ownSuper = {
      kind: 'update',
      target: { id: 'sa-1', role: 'super_admin' },
      setsPassword: false,
    } as const;
    expect(staffChangeRefusal(superAdmin, { ...ownSuper, newRole: 'data_analyst' })).toMatchObject({
      message: STAFF_LEVEL_MESSAGES.ownRole,
    });
  });
});
