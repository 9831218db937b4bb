import { minuteBucket, platformEvidence, type PlatformEvent } from './audit-events.ts';
import type { Finding } from './finding.ts';

export interface BruteForceParams {
  /** At least this many failed or locked sign-ins on one account … */
  minFailures: number;
  /** … within a window of this many minutes. */
  windowMinutes: number;
}

export const BRUTE_FORCE_DEFAULTS: BruteForceParams = { minFailures: 10, windowMinutes: 15 };

const FAILURES = new Set(['login_failed', 'login_locked']);

/** Repeated failed staff sign-ins on one account (from the audit log). One finding per account and window. */
export function bruteForce(events: readonly PlatformEvent[], params: BruteForceParams): Finding[] {
  const groups = new Map<string, PlatformEvent[]>();
  for (const event of events) {
    if (!FAILURES.has(event.action) || !event.userEmail) continue;
    const key = `${event.userEmail.toLowerCase()}|${minuteBucket(event.at, params.windowMinutes)}`;
    groups.set(key, [...(groups.get(key) ?? []), event]);
  }
  const findings: Finding[] = [];
  for (const [key, group] of groups) {
    if (group.length < params.minFailures) continue;
    const [email, bucket] = key.split('|') as [string, string];
    const ips = new Set(group.map((e) => e.ip ?? 'unknown'));
    findings.push({
      entityType: 'staff_account',
      entityId: email,
      windowKey: bucket,
      occurredAt: group[group.length - 1]!.at,
      description: `${group.length} failed sign-ins on ${email} within ${params.windowMinutes} minutes from ${ips.size} address(es)`,
      evidence: {
        figures: {
          failures: group.length,
          addresses: ips.size,
          min_failures: params.minFailures,
          window_minutes: params.windowMinutes,
        },
        events: group.map(platformEvidence),
      },
    });
  }
  return findings;
}
