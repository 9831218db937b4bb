import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@test/helpers';
import { CLI_ACTOR, NO_REQUEST } from '@/lib/actor';
import { verifyAudit } from './verify-audit.ts';

describe('verify-audit', () => {
  let t: TestApp;
  const record = (action: string, details: object) =>
    t.services.audit.record({
      eventType: 'system_config',
      action,
      actor: CLI_ACTOR,
      details,
      meta: NO_REQUEST,
    });
  const sql = (text: string) => t.infra.database.pool.query(text);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('holds for entries written concurrently, and names the entry edited or removed behind the trigger', async () => {
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => record('settings_updated', { n: i, nested: { b: 1, a: [i] } })),
    );
    const clean = await verifyAudit(t.services);
    expect(clean.ok).toBe(true);
    expect(clean.report).toMatch(/12 entries checked/);

    const ids = (await sql('select id from admin_audit_log order by id')).rows.map((r) => Number(r.id));
    // Someone with the database owner's rights switches the append-only trigger off and edits an entry.
    await sql('alter table admin_audit_log disable trigger admin_audit_log_no_update_delete');
    await sql(`update admin_audit_log set details = '{"n": 999}' where id = ${ids[4]}`);
    const edited = await verifyAudit(t.services);
    expect(edited.ok).toBe(false);
    expect(edited.report).toContain(`entry ${ids[4]}: content changed`);

    // Putting the content back restores it; removing an entry breaks its successor's link.
    await sql(`delete from admin_audit_log where id = ${ids[4]}`);
    const removed = await verifyAudit(t.services);
    expect(removed.ok).toBe(false);
    expect(removed.report).toContain(`entry ${ids[5]}: previous entry missing or changed`);
    await sql('alter table admin_audit_log enable trigger admin_audit_log_no_update_delete');
  });
});
