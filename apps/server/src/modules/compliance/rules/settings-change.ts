import { platformEvidence, type PlatformEvent } from './audit-events.ts';
import type { Finding } from './finding.ts';

/** Platform settings changes worth a second look: every saved change, with the keys it changed. */
export function settingsChange(events: readonly PlatformEvent[]): Finding[] {
  const findings: Finding[] = [];
  for (const event of events) {
    if (event.action !== 'settings_updated') continue;
    const before = (event.before ?? {}) as Record<string, unknown>;
    const after = (event.after ?? {}) as Record<string, unknown>;
    const changed = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    if (changed.length === 0) continue;
    findings.push({
      entityType: 'platform_setting',
      entityId: event.entityId ?? 'platform',
      windowKey: `audit:${event.id}`,
      occurredAt: event.at,
      description: `${event.userEmail ?? 'Someone'} changed platform settings: ${changed.join(', ')}`,
      evidence: { figures: { changed_keys: changed.join(', ') }, events: [platformEvidence(event)] },
    });
  }
  return findings;
}
