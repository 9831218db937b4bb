import type { Finding } from './finding.ts';

export interface DormantStaffParams {
  /** An active staff account not signed in for this many days (or never, and created that long ago). */
  days: number;
}

export const DORMANT_STAFF_DEFAULTS: DormantStaffParams = { days: 90 };

export interface StaffAccount {
  id: string;
  email: string;
  role: string;
  isActive: boolean;
  lastLoginAt: string | null;
  createdAt: string;
}

const DAY_MS = 86_400_000;

/** Active staff accounts nobody has used for `days` days. One finding per account per dormancy (its last sign-in). */
export function dormantStaff(
  accounts: readonly StaffAccount[],
  nowIso: string,
  params: DormantStaffParams,
): Finding[] {
  const now = Date.parse(nowIso);
  const findings: Finding[] = [];
  for (const account of accounts) {
    if (!account.isActive) continue;
    const since = account.lastLoginAt ?? account.createdAt;
    const idleDays = Math.floor((now - Date.parse(since)) / DAY_MS);
    if (idleDays < params.days) continue;
    findings.push({
      entityType: 'staff_account',
      entityId: account.email,
      windowKey: `since:${since}`,
      occurredAt: nowIso,
      description: `${account.email} (${account.role}) is active but has not signed in for ${idleDays} days`,
      evidence: {
        figures: { idle_days: idleDays, last_login_at: account.lastLoginAt, threshold_days: params.days },
      },
    });
  }
  return findings;
}
