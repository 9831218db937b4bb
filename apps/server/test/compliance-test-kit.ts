// Helpers for the compliance integration tests (not a test file itself): violations and alerts planted as a rule run
// would store them.
import { ackDeadline } from '@/modules/compliance/compliance-runs';
import { ComplianceRepository, type ViolationRow } from '@/modules/compliance/compliance.repository';
import type { TestApp } from '@test/helpers';

let planted = 0;

/** Stores an open violation of MKT_VOLUME_SPIKE (or as overridden) with its alert; returns both ids. */
export async function plantViolation(
  t: TestApp,
  over: Partial<Pick<ViolationRow, 'ruleCode' | 'severity' | 'entityId' | 'status' | 'detectedAt'>> = {},
): Promise<{ violationId: string; alertId: string }> {
  const repo = new ComplianceRepository(t.infra.database.db);
  const now = over.detectedAt ?? t.clock.now();
  planted += 1;
  const [violation] = await repo.insertViolations([
    {
      ruleCode: over.ruleCode ?? 'MKT_VOLUME_SPIKE',
      ruleVersion: 1,
      severity: over.severity ?? 'high',
      status: over.status ?? 'open',
      entityType: 'stock',
      entityId: over.entityId ?? 'THYAO',
      windowKey: `planted-${planted}`,
      description: 'THYAO traded 6× its 30-day average volume with a 9 % move',
      evidence: {
        figures: { volume_multiple: 6, move_fraction: 0.09 },
        bars: [
          {
            at: '2026-03-02',
            openTry: 300,
            highTry: 330,
            lowTry: 299,
            closeTry: 327,
            volumeShares: 6_000_000,
          },
        ],
      },
      occurredAt: now.toISOString().slice(0, 10),
      detectedAt: now,
      history: [],
      updatedAt: now,
    },
  ]);
  const severity = (over.severity ?? 'high') as 'high';
  const [alert] = await repo.insertAlerts([
    {
      violationId: violation!.id,
      source: 'market',
      severity,
      title: `Volume spike with price move: ${violation!.entityId}`,
      description: violation!.description,
      createdAt: now,
      ackDeadlineAt: ackDeadline(now, severity),
    },
  ]);
  return { violationId: violation!.id, alertId: alert!.id };
}
