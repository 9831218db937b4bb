import { platformEvidence, type PlatformEvent } from './audit-events.ts';
import type { Finding } from './finding.ts';

/** No parameters: every change of a staff member's role, and every new staff account with the given roles. */
export interface PrivilegeChangeParams {
  /** Roles whose creation is itself a privilege change (e.g. super_admin). */
  watchedRoles: string[];
}

export const PRIVILEGE_CHANGE_DEFAULTS: PrivilegeChangeParams = { watchedRoles: ['super_admin'] };

const roleOf = (value: unknown): string | null =>
  value && typeof value === 'object' && 'role' in value && typeof value.role === 'string' ? value.role : null;

/** A staff member's role changed, or an account was created with a watched role. One finding per audit entry. */
export function privilegeChange(events: readonly PlatformEvent[], params: PrivilegeChangeParams): Finding[] {
  const findings: Finding[] = [];
  for (const event of events) {
    const before = roleOf(event.before);
    const after = roleOf(event.after);
    const changed = event.action === 'user_updated' && before !== null && after !== null && before !== after;
    const created = event.action === 'user_created' && after !== null && params.watchedRoles.includes(after);
    if (!changed && !created) continue;
    const target = event.entityId ?? 'unknown';
    findings.push({
      entityType: 'staff_account',
      entityId: target,
      windowKey: `audit:${event.id}`,
      occurredAt: event.at,
      description: created
        ? `${event.userEmail ?? 'Someone'} created a staff account with role ${after}`
        : `${event.userEmail ?? 'Someone'} changed a staff member's role from ${before} to ${after}`,
      evidence: { figures: { role_before: before, role_after: after }, events: [platformEvidence(event)] },
    });
  }
  return findings;
}
