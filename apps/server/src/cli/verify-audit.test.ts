import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, testBackends, type TestApp } from '@test/helpers';
import { MIGRATIONS_FOLDER, migrateDatabase, openDatabase, type Database } from '@/db/client';
import { CLI_ACTOR, NO_REQUEST } from '@/lib/actor';
import { FixedClock } from '@/lib/clock';
import { entryHash, GENESIS_HASH } from '@/modules/audit/audit-chain';
import { AuditRepository } from '@/modules/audit/audit.repository';
import { PrivacyRepository } from '@/modules/privacy/privacy.repository';
import { AuditService } from '@/modules/audit/audit.service';
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

describe.each(testBackends())('verify-audit against the stored head, on %s', (backend) => {
  const clock = new FixedClock(new Date('2026-11-18T10:00:00Z'));
  let database: Database;
  let audit: AuditService;
  const sql = (text: string) => database.pool.query(text);
  const tamper = async (text: string) => {
    // Someone with the database owner's rights, the append-only trigger switched off around the change.
    await sql('alter table admin_audit_log disable trigger admin_audit_log_no_update_delete');
    await sql(text);
    await sql('alter table admin_audit_log enable trigger admin_audit_log_no_update_delete');
  };
  const record = (n: number) =>
    audit.record({
      eventType: 'system_config',
      action: 'settings_updated',
      actor: CLI_ACTOR,
      details: { n },
    });
  const ids = async () =>
    (await sql('select id from admin_audit_log order by id')).rows.map((r: { id: string }) => Number(r.id));

  beforeEach(async () => {
    database = await createTestDatabase(backend);
    audit = new AuditService(new AuditRepository(database.db), clock, new PrivacyRepository(database.db));
  });
  afterEach(async () => database.close());

  it('holds for an intact chain and prints the head; a kept head still verifies after later entries', async () => {
    // Concurrent writers (several pool connections on PostgreSQL) take turns on the chain and its anchor.
    await Promise.all(Array.from({ length: 5 }, (_, i) => record(i)));
    const first = await verifyAudit({ audit });
    expect(first).toMatchObject({ ok: true });
    const kept = /Head (\d+):([0-9a-f]{64})/.exec(first.report);
    expect(kept).not.toBeNull();
    const keptHead = { id: Number(kept![1]), hash: kept![2]! };
    expect(keptHead.id).toBe((await ids())[4]);
    await record(5);
    expect(await verifyAudit({ audit }, keptHead)).toMatchObject({ ok: true });
    expect((await verifyAudit({ audit }, { ...keptHead, hash: 'f'.repeat(64) })).ok).toBe(false);
  });

  it('is broken when every hash is stripped and an entry edited', async () => {
    for (let i = 0; i < 5; i++) await record(i);
    const [first] = await ids();
    await tamper(`update admin_audit_log set hash = null, prev_hash = null`);
    await tamper(`update admin_audit_log set details = '{"n": 999}' where id = ${first}`);
    const result = await verifyAudit({ audit });
    expect(result.ok).toBe(false);
    expect(result.report).toContain(`entry ${first}: hash removed`);
  });

  it('is broken when one hash after the chain start is stripped', async () => {
    for (let i = 0; i < 5; i++) await record(i);
    const list = await ids();
    await tamper(`update admin_audit_log set hash = null, prev_hash = null where id = ${list[4]}`);
    expect((await verifyAudit({ audit })).report).toContain(`entry ${list[4]}: hash removed`);
  });

  it('is broken when every entry is deleted', async () => {
    for (let i = 0; i < 5; i++) await record(i);
    const list = await ids();
    await tamper('delete from admin_audit_log');
    const result = await verifyAudit({ audit });
    expect(result.ok).toBe(false);
    expect(result.report).toContain(`entry ${list[4]}: newest entries missing`);
  });

  it('is broken when the newest entries are deleted', async () => {
    for (let i = 0; i < 5; i++) await record(i);
    const list = await ids();
    await tamper(`delete from admin_audit_log where id >= ${list[3]}`);
    const result = await verifyAudit({ audit });
    expect(result.ok).toBe(false);
    expect(result.report).toContain(`entry ${list[4]}: newest entries missing`);
  });

  it('is broken when the anchor row is removed', async () => {
    await record(0);
    await sql('delete from audit_chain_head');
    expect(await verifyAudit({ audit })).toMatchObject({
      ok: false,
      report: expect.stringContaining('chain head missing') as string,
    });
  });

  it('accepts entries older than the chain only before the start the anchor names', async () => {
    // Two entries from before the chain existed: no hash, and the anchor has no start yet.
    await sql(`insert into admin_audit_log (event_type, action, at) values
      ('system_config', 'settings_updated', now()), ('system_config', 'settings_updated', now())`);
    for (let i = 0; i < 3; i++) await record(i);
    const list = await ids();
    const held = await verifyAudit({ audit });
    expect(held.ok).toBe(true);
    expect(held.report).toContain(`2 older entries predate the chain (it starts at entry ${list[2]})`);
    // Stripping the chained entries does not turn them into 'older' ones.
    await tamper(`update admin_audit_log set hash = null, prev_hash = null where id >= ${list[2]}`);
    expect((await verifyAudit({ audit })).report).toContain(`entry ${list[2]}: hash removed`);
  });

  it('holds after a legitimate erasure redacted entries; an edit of a redacted entry still breaks it', async () => {
    const subject = 'ayse.yilmaz@example.com';
    await audit.record({
      eventType: 'user_login',
      action: 'login_failed',
      actor: { id: null, email: subject },
      details: { reason: 'unknown_email' },
    });
    await record(1);
    await audit.record({
      eventType: 'compliance_check',
      action: 'violation_updated',
      actor: CLI_ACTOR,
      after: { resolution_notes: `called ${subject}` },
    });
    const kept = /Head (\d+):([0-9a-f]{64})/.exec((await verifyAudit({ audit })).report)!;
    const keptHead = { id: Number(kept[1]), hash: kept[2]! };
    const redacted = await database.db.transaction((tx) =>
      audit.redact(
        {
          mentioning: [subject],
          targets: [],
          rewrite: (text) => text.replaceAll(subject, '[erased]'),
          reason: { type: 'kvkk_request', id: 'r1' },
        },
        tx,
      ),
    );
    expect(redacted).toBe(2);
    const left = await sql(`select count(*)::int as n from admin_audit_log
      where concat_ws(' ', user_email, after::text, details::text) like '%ayse.yilmaz%'`);
    expect(Number(left.rows[0].n)).toBe(0);
    expect(await verifyAudit({ audit }, keptHead)).toMatchObject({ ok: true });
    // Outside a redaction the trigger still refuses an update, and a later edit of a redacted entry is seen.
    await expect(
      sql(`update admin_audit_log set user_email = 'x' where id = ${keptHead.id}`),
    ).rejects.toThrow(/append-only/);
    const [first] = await ids();
    await tamper(`update admin_audit_log set user_email = 'someone@example.com' where id = ${first}`);
    expect((await verifyAudit({ audit })).report).toContain(`entry ${first}: content changed`);
  });

  it('reveals a chain rewritten together with its anchor only against a head kept outside', async () => {
    for (let i = 0; i < 4; i++) await record(i);
    const kept = /Head (\d+):([0-9a-f]{64})/.exec((await verifyAudit({ audit })).report)!;
    // Edit the second entry and recompute every hash after it, and the anchor: consistent inside the database.
    const list = await ids();
    await tamper(`update admin_audit_log set details = '{"n": 999}' where id = ${list[1]}`);
    const rows = (await new AuditRepository(database.db).chainBatch(0, 100)).map((row) => ({ ...row }));
    let previous = GENESIS_HASH;
    for (const row of rows) {
      const hash = entryHash(previous, row);
      await tamper(
        `update admin_audit_log set prev_hash = '${previous}', hash = '${hash}' where id = ${row.id}`,
      );
      previous = hash;
    }
    await sql(`update audit_chain_head set head_hash = '${previous}'`);
    expect((await verifyAudit({ audit })).ok).toBe(true);
    const against = await verifyAudit({ audit }, { id: Number(kept[1]), hash: kept[2]! });
    expect(against.ok).toBe(false);
    expect(against.report).toContain(`entry ${kept[1]}: kept head not in the chain`);
  });
});

describe('verify-audit on a database chained before the anchor existed', () => {
  it('anchors the chain where it stands at migration: old entries still verify, stripping them does not', async () => {
    // The migrations as they were before the anchor (0016), in a folder of their own.
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'bist-migrations-'));
    fs.cpSync(MIGRATIONS_FOLDER, before, { recursive: true });
    const journalPath = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
    journal.entries = journal.entries.filter((entry) => entry.idx < 16);
    fs.writeFileSync(journalPath, JSON.stringify(journal));
    const database = await openDatabase({ dataDir: null, inWorker: false });
    try {
      await migrate(database.db, { migrationsFolder: before });
      const sql = (text: string) => database.pool.query(text);
      // Two entries from before the chain, then three chained the old way (no salt, the newest hash read back).
      await sql(`insert into admin_audit_log (event_type, action, at) values
        ('system_config', 'settings_updated', '2026-01-01T00:00:00Z'),
        ('system_config', 'settings_updated', '2026-01-02T00:00:00Z')`);
      let previous = GENESIS_HASH;
      for (let n = 0; n < 3; n++) {
        const next = await sql(`select nextval(pg_get_serial_sequence('admin_audit_log', 'id')) as id`);
        const id = Number((next.rows[0] as { id: string }).id);
        const at = new Date(Date.UTC(2026, 1, n + 1));
        const content = {
          id,
          eventType: 'system_config',
          action: 'settings_updated',
          userId: null,
          userEmail: 'yonetici@bistai.demo',
          entityType: null,
          entityId: null,
          before: null,
          after: null,
          details: { n },
          ip: null,
          userAgent: null,
          at,
          salt: null,
        };
        const hash = entryHash(previous, content);
        await sql(`insert into admin_audit_log (id, event_type, action, user_email, details, at, prev_hash, hash)
          values (${id}, 'system_config', 'settings_updated', 'yonetici@bistai.demo', '{"n": ${n}}',
            '${at.toISOString()}', '${previous}', '${hash}')`);
        previous = hash;
      }
      await migrateDatabase(database);
      const audit = new AuditService(
        new AuditRepository(database.db),
        new FixedClock(new Date()),
        new PrivacyRepository(database.db),
      );
      const migrated = await verifyAudit({ audit });
      expect(migrated.ok).toBe(true);
      expect(migrated.report).toContain('3 entries checked');
      expect(migrated.report).toContain('2 older entries predate the chain (it starts at entry 3)');
      expect(migrated.report).toContain(`Head 5:${previous}`);
      await audit.record({ eventType: 'system_config', action: 'settings_updated', actor: CLI_ACTOR });
      expect((await verifyAudit({ audit })).report).toContain('4 entries checked');
      await sql('alter table admin_audit_log disable trigger admin_audit_log_no_update_delete');
      await sql('update admin_audit_log set hash = null, prev_hash = null');
      expect((await verifyAudit({ audit })).report).toContain('entry 3: hash removed');
    } finally {
      await database.close();
      fs.rmSync(before, { recursive: true, force: true });
    }
  });
});
