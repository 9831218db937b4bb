import { platformEvidence, type PlatformEvent } from './audit-events.ts';
import type { Finding } from './finding.ts';

export interface OffHoursSignInParams {
  /** Business hours in Istanbul time (UTC+3 all year since 2016): from `startHour` up to `endHour`, Monday–Friday. */
  startHour: number;
  endHour: number;
}

export const OFF_HOURS_SIGN_IN_DEFAULTS: OffHoursSignInParams = { startHour: 8, endHour: 20 };

const ISTANBUL_OFFSET_MS = 3 * 3_600_000;

/** Hour (0–23) and weekday (0 = Sunday) of an instant in Istanbul. */
export function istanbulHourAndDay(isoInstant: string): { hour: number; weekday: number } {
  const local = new Date(Date.parse(isoInstant) + ISTANBUL_OFFSET_MS);
  return { hour: local.getUTCHours(), weekday: local.getUTCDay() };
}

/** A staff sign-in outside business hours (weekends, or before/after hours Istanbul time). One finding per sign-in. */
export function offHoursSignIn(events: readonly PlatformEvent[], params: OffHoursSignInParams): Finding[] {
  const findings: Finding[] = [];
  for (const event of events) {
    if (event.action !== 'login_succeeded') continue;
    const { hour, weekday } = istanbulHourAndDay(event.at);
    const weekend = weekday === 0 || weekday === 6;
    if (!weekend && hour >= params.startHour && hour < params.endHour) continue;
    const who = event.userEmail ?? event.userId ?? 'unknown';
    findings.push({
      entityType: 'staff_account',
      entityId: who,
      windowKey: `audit:${event.id}`,
      occurredAt: event.at,
      description: `${who} signed in ${weekend ? 'on a weekend' : `at ${String(hour).padStart(2, '0')}:xx`} (Istanbul), outside business hours`,
      evidence: {
        figures: { istanbul_hour: hour, weekend, start_hour: params.startHour, end_hour: params.endHour },
        events: [platformEvidence(event)],
      },
    });
  }
  return findings;
}
