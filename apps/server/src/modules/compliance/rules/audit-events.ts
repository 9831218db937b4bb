import type { ChainedContent } from '@/modules/audit/audit-chain';
/** An audit log entry as the platform rules read it: the stored entry without the user agent, its time as ISO. */
export type PlatformEvent = Omit<ChainedContent, 'userAgent' | 'at'> & {
  /** ISO instant. */
  at: string;
};

export const platformEvidence = (e: PlatformEvent): Record<string, unknown> => ({
  audit_id: e.id,
  action: e.action,
  user_email: e.userEmail,
  entity_type: e.entityType,
  entity_id: e.entityId,
  ip: e.ip,
  at: e.at,
});

/** Start of the fixed `minutes`-long bucket an instant falls in (ISO), for windows of repeated events. */
export function minuteBucket(isoInstant: string, minutes: number): string {
  const size = minutes * 60_000;
  return new Date(Math.floor(Date.parse(isoInstant) / size) * size).toISOString();
}
