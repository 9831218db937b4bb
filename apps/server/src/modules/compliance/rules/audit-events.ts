/** An audit log entry as the platform rules read it. */
export interface PlatformEvent {
  id: number;
  eventType: string;
  action: string;
  userId: string | null;
  userEmail: string | null;
  entityType: string | null;
  entityId: string | null;
  before: unknown;
  after: unknown;
  details: unknown;
  ip: string | null;
  /** ISO instant. */
  at: string;
}

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
