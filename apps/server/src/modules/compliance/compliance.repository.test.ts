import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testBackends } from '@test/helpers';
import type { Database } from '@/db/client';
import { ComplianceRepository, type NewViolationRow } from './compliance.repository.ts';

describe.each(testBackends())('ComplianceRepository on %s', (backend) => {
  let database: Database;
  let repo: ComplianceRepository;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    repo = new ComplianceRepository(database.db);
  });
  afterAll(async () => database.close());

  const row = (windowKey: string, entityId = 'THYAO'): NewViolationRow => ({
    ruleCode: 'MKT_VOLUME_SPIKE',
    ruleVersion: 1,
    severity: 'medium',
    entityType: 'stock',
    entityId,
    windowKey,
    description: 'd',
    evidence: { figures: {} },
    occurredAt: '2026-03-02',
    detectedAt: new Date('2026-03-02T10:00:00Z'),
    updatedAt: new Date('2026-03-02T10:00:00Z'),
  });

  it('stores one violation per rule, entity and window, however often a run finds it', async () => {
    expect(await repo.insertViolations([row('2026-03-02'), row('2026-03-02')])).toHaveLength(1);
    expect(
      await repo.insertViolations([row('2026-03-02'), row('2026-03-03'), row('2026-03-02', 'AKBNK')]),
    ).toHaveLength(2);
    expect(await repo.violations({ limit: 10 })).toHaveLength(3);
  });

  it('acknowledges an alert only once', async () => {
    const [alert] = await repo.insertAlerts([
      {
        source: 'platform',
        severity: 'low',
        title: 't',
        description: 'd',
        createdAt: new Date('2026-03-02T10:00:00Z'),
        ackDeadlineAt: new Date('2026-03-05T10:00:00Z'),
      },
    ]);
    expect(await repo.acknowledgeAlert(alert!.id, 'a@x', new Date('2026-03-02T11:00:00Z'))).not.toBeNull();
    expect(await repo.acknowledgeAlert(alert!.id, 'b@x', new Date('2026-03-02T12:00:00Z'))).toBeNull();
    expect((await repo.alert(alert!.id))!.acknowledgedBy).toBe('a@x');
  });
});
