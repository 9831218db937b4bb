import { minuteBucket, platformEvidence, type PlatformEvent } from './audit-events.ts';
import type { Finding } from './finding.ts';

export interface BulkExportParams {
  /** At least this many exports by one staff member … */
  minExports: number;
  /** … within a window of this many minutes. */
  windowMinutes: number;
}

export const BULK_EXPORT_DEFAULTS: BulkExportParams = { minExports: 5, windowMinutes: 60 };

/** An audit action that is an export of data (e.g. bi_export, audit_exported, kvkk_export). */
export const isExportAction = (action: string): boolean => /export/.test(action);

/** Many data exports by one staff member in a short window. One finding per staff member and window. */
export function bulkExport(events: readonly PlatformEvent[], params: BulkExportParams): Finding[] {
  const groups = new Map<string, PlatformEvent[]>();
  for (const event of events) {
    if (!isExportAction(event.action) || !event.userEmail) continue;
    const key = `${event.userEmail}|${minuteBucket(event.at, params.windowMinutes)}`;
    groups.set(key, [...(groups.get(key) ?? []), event]);
  }
  const findings: Finding[] = [];
  for (const [key, group] of groups) {
    if (group.length < params.minExports) continue;
    const [email, bucket] = key.split('|') as [string, string];
    findings.push({
      entityType: 'staff_account',
      entityId: email,
      windowKey: bucket,
      occurredAt: group[group.length - 1]!.at,
      description: `${email} ran ${group.length} data exports within ${params.windowMinutes} minutes`,
      evidence: {
        figures: {
          exports: group.length,
          min_exports: params.minExports,
          window_minutes: params.windowMinutes,
        },
        events: group.map(platformEvidence),
      },
    });
  }
  return findings;
}
