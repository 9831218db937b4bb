// What a surveillance rule reports. Rules are pure: they take bars, trades or audit events and their parameters and
// return findings; the compliance service stores each finding as a violation (deduplicated by its key).

/** The bars, trades or audit events behind a finding, with the figures that crossed the threshold. */
export interface FindingEvidence {
  /** The measured figures and the thresholds they were compared with, by name (e.g. volume_multiple, threshold). */
  figures: Record<string, number | string | boolean | null>;
  /** The daily or minute bars that triggered it, as stored. */
  bars?: readonly EvidenceBar[];
  /** The audit events or trades that triggered it. */
  events?: readonly Record<string, unknown>[];
}

export interface EvidenceBar {
  /** YYYY-MM-DD for daily bars, an ISO instant for minute bars. */
  at: string;
  openTry: number;
  highTry: number;
  lowTry: number;
  closeTry: number;
  volumeShares: number;
}

export interface Finding {
  entityType: 'stock' | 'investor' | 'staff_account' | 'platform_setting';
  entityId: string;
  /**
   * The window this finding belongs to (e.g. the first day of a limit streak, a trade id, a 15-minute bucket): one
   * violation per rule, entity and window, however often the rule runs over it.
   */
  windowKey: string;
  /** When it happened (the last bar's day or the event's instant), ISO. */
  occurredAt: string;
  description: string;
  evidence: FindingEvidence;
}

/** The key a violation is deduplicated on. */
export function findingKey(
  ruleCode: string,
  finding: Pick<Finding, 'entityType' | 'entityId' | 'windowKey'>,
) {
  return `${ruleCode}|${finding.entityType}|${finding.entityId}|${finding.windowKey}`;
}

/** Findings with a key not in `seen` (and not repeated within the list), in order. */
export function newFindings<T extends Finding>(
  ruleCode: string,
  findings: readonly T[],
  seen: ReadonlySet<string>,
): T[] {
  const keys = new Set(seen);
  const out: T[] = [];
  for (const finding of findings) {
    const key = findingKey(ruleCode, finding);
    if (keys.has(key)) continue;
    keys.add(key);
    out.push(finding);
  }
  return out;
}

export const round = (value: number, digits = 4): number => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};
