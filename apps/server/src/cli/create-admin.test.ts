import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD_RULE_TEXT } from '@bist/contracts';
import { openDatabase } from '@/db/client';
import { createTestApp, type TestApp } from '@test/helpers';
import { adminLogin } from '@test/admin-test-kit';
import { createAdmin, CreateAdminError } from './create-admin.ts';

describe('createAdmin (DEMO_MODE off)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { demoMode: false } });
  });
  afterAll(async () => t.close());

  it('creates the first super_admin, who can sign in and is audited as created by the CLI', async () => {
    const user = await createAdmin(t.services, {
      email: 'Root@Example.com',
      name: 'Root Admin',
      password: 'very-strong-pass-1',
    });
    expect(user).toMatchObject({
      email: 'root@example.com',
      name: 'Root Admin',
      role: 'super_admin',
      is_active: true,
    });
    const login = await adminLogin(t, 'root@example.com', 'very-strong-pass-1');
    expect(login.statusCode).toBe(200);
    expect(login.json().user.permissions).toEqual(['all']);
    const log = await t.app.inject({
      method: 'GET',
      url: '/admin/api/audit-log?action=user_created',
      headers: { authorization: `Bearer ${login.json().token}` },
    });
    expect(log.json().entries[0]).toMatchObject({
      user_email: 'system:cli',
      user_id: null,
      entity_id: user.id,
    });
  });

  it('refuses a weak password, a missing name, a bad role and a taken e-mail', async () => {
    await expect(
      createAdmin(t.services, {
        email: 'weak@example.com',
        name: 'Weak',
        password: 'password',
      }),
    ).rejects.toThrow(ADMIN_PASSWORD_RULE_TEXT);
    await expect(
      createAdmin(t.services, { email: 'x@example.com', password: 'very-strong-pass-1' }),
    ).rejects.toThrow(/--name/);
    await expect(
      createAdmin(t.services, {
        email: 'y@example.com',
        name: 'Y',
        password: 'very-strong-pass-1',
        role: 'overlord',
      }),
    ).rejects.toThrow(/--role/);
    const taken = createAdmin(t.services, {
      email: 'root@example.com',
      name: 'Again',
      password: 'very-strong-pass-1',
    });
    await expect(taken).rejects.toBeInstanceOf(CreateAdminError);
    await expect(taken).rejects.toThrow(/--email: A user with this email already exists/);
    expect((await adminLogin(t, 'weak@example.com', 'password')).statusCode).toBe(401);
  });
});

describe('npm run cli -- create-admin (real process, embedded database in a temporary DATA_DIR)', () => {
  const serverDir = fileURLToPath(new URL('../../', import.meta.url));
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bist-cli-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const cli = (...args: string[]) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      cwd: serverDir,
      // eslint-disable-next-line no-restricted-properties -- the child gets this process's environment plus its own database settings
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', DEMO_MODE: 'false', LOG_LEVEL: 'silent' },
    }).then(
      (out) => ({ code: 0, stdout: out.stdout, stderr: out.stderr }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({
        code: error.code ?? -1,
        stdout: error.stdout ?? '',
        stderr: error.stderr ?? '',
      }),
    );

  it('creates a super_admin, refuses a weak password and explains its usage', async () => {
    const weak = await cli(
      'create-admin',
      '--email',
      'ops@example.com',
      '--name',
      'Ops',
      '--password',
      'weak',
    );
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain(ADMIN_PASSWORD_RULE_TEXT);

    const created = await cli(
      'create-admin',
      '--email',
      'ops@example.com',
      '--name',
      'Ops Admin',
      '--password',
      'ops-strong-pass-1',
    );
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('Created super_admin ops@example.com');

    const unknown = await cli('make-coffee');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('create-admin');

    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite'), inWorker: false });
    try {
      const rows = await database.pool.query<{ email: string; role: string; n: number }>(
        'select email, role, (select count(*)::int from admin_users) as n from admin_users',
      );
      expect(rows.rows).toEqual([{ email: 'ops@example.com', role: 'super_admin', n: 1 }]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
