import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OutboxMailer, SmtpMailer, createMailer } from './mailer.ts';

describe(createMailer.name, () => {
  const base = { mailFrom: 'BIST AI <no-reply@example.com>', dataDir: os.tmpdir() };

  it('uses SMTP when SMTP_URL is set, the outbox only in demo mode, and nothing otherwise', () => {
    const log = { info: () => undefined };
    expect(createMailer({ ...base, smtpUrl: 'smtp://127.0.0.1:2525', demoMode: false }, log)).toBeInstanceOf(
      SmtpMailer,
    );
    expect(createMailer({ ...base, smtpUrl: undefined, demoMode: true }, log)).toBeInstanceOf(OutboxMailer);
    expect(createMailer({ ...base, smtpUrl: undefined, demoMode: false }, log)).toBeNull();
  });

  it('writes an outbox message as an .eml file and logs its path, never its text', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bist-outbox-'));
    const lines: object[] = [];
    const mailer = new OutboxMailer(dir, base.mailFrom, { info: (obj) => lines.push(obj) });
    await mailer.send({ to: 'owner@example.com', subject: 'Reset', text: 'secret-link#token=abc' });
    const [file] = fs.readdirSync(dir);
    expect(file).toMatch(/\.eml$/);
    const eml = fs.readFileSync(path.join(dir, file!), 'utf8');
    expect(eml).toMatch(/^To: owner@example.com/m);
    expect(eml).toContain('secret-link#token=abc');
    expect(JSON.stringify(lines)).toContain(file!);
    expect(JSON.stringify(lines)).not.toContain('token=abc');
    fs.rmSync(dir, { recursive: true });
  });
});
