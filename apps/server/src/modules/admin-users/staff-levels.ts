import { ROLE_INFO, type AdminRole } from '@bist/contracts';
import type { AdminActor } from '@/lib/actor';

export const STAFF_LEVEL_MESSAGES = {
  belowOwnLevel: 'You can only manage staff below your own level',
  ownRole: 'You cannot change your own role',
  othersPassword: "Only a super_admin can set another staff member's password",
} as const;

export type StaffChange =
  | { kind: 'create'; role: AdminRole }
  | {
      kind: 'update';
      target: { id: string; role: AdminRole };
      newRole?: AdminRole;
      setsPassword: boolean;
    }
  | { kind: 'delete'; target: { id: string; role: AdminRole } };

/** Level 1 is the top; an actor without a role and without 'all' ranks below everyone. */
function levelOf(role: AdminRole | undefined): number {
  return role ? ROLE_INFO[role].level : Number.POSITIVE_INFINITY;
}

/**
 * Why this actor may not make this change to staff accounts, or null when it may. Holders of 'all' (super_admin, the
 * CLI) may do anything the other rules allow. Everyone else with user_management manages only staff strictly below
 * their own level — the account as it is and the role it would get — may not change their own role, and may not set
 * another staff member's password (which would let them sign in as that person).
 */
export function staffChangeRefusal(
  actor: AdminActor,
  change: StaffChange,
): { message: string; field?: string } | null {
  const self = change.kind !== 'create' && change.target.id === actor.id;
  if (
    change.kind === 'update' &&
    self &&
    change.newRole !== undefined &&
    change.newRole !== change.target.role
  )
    return { message: STAFF_LEVEL_MESSAGES.ownRole, field: 'role' };
  if (actor.permissions.includes('all')) return null;
  const own = levelOf(actor.role);
  const below = (role: AdminRole) => ROLE_INFO[role].level > own;
  switch (change.kind) {
    case 'create':
      return below(change.role) ? null : { message: STAFF_LEVEL_MESSAGES.belowOwnLevel, field: 'role' };
    case 'delete':
      return below(change.target.role) ? null : { message: STAFF_LEVEL_MESSAGES.belowOwnLevel };
    case 'update':
      if (self) return null; // own name, e-mail and password
      if (!below(change.target.role)) return { message: STAFF_LEVEL_MESSAGES.belowOwnLevel };
      if (change.newRole !== undefined && !below(change.newRole))
        return { message: STAFF_LEVEL_MESSAGES.belowOwnLevel, field: 'role' };
      if (change.setsPassword) return { message: STAFF_LEVEL_MESSAGES.othersPassword, field: 'password' };
      return null;
  }
}
