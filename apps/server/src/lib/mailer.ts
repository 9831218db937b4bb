// Account e-mail (password-reset links, sign-in notices): through an SMTP server when SMTP_URL is set; in demo mode
// without one, written as .eml files to DATA_DIR/outbox (a log line names the file, never its content); otherwise
// there is no mailer and what needs one says so (decision 0046).
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Where the mail goes, for logs: 'smtp' or 'outbox'. */
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

interface MailLog {
  info(obj: object, msg?: string): void;
}

/** Sends through an SMTP server (nodemailer; smtp:// with STARTTLS when offered, smtps:// for implicit TLS). */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp';
  private readonly transport;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }
  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }
}

/** Demo mode without SMTP: each message as an RFC 822 file in `dir`, one log line naming the file. */
export class OutboxMailer implements Mailer {
  readonly kind = 'outbox';
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly log: MailLog,
  ) {}
  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({ from: this.from, ...message });
    await fs.mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, `${randomUUID()}.eml`);
    await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
    this.log.info(
      { file, subject: message.subject },
      'e-mail written to the outbox (demo mode, no SMTP_URL)',
    );
  }
}

/** The mailer the configuration asks for, or null (demo mode off and no SMTP_URL: nothing can be sent). */
export function createMailer(
  config: { smtpUrl: string | undefined; mailFrom: string; demoMode: boolean; dataDir: string },
  log: MailLog,
): Mailer | null {
  if (config.smtpUrl) return new SmtpMailer(config.smtpUrl, config.mailFrom);
  if (config.demoMode) return new OutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, log);
  return null;
}
