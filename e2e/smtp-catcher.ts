// The e2e suite's SMTP catcher: the server tests' inbox (apps/server/test/smtp-inbox.ts) listening on the port the
// e2e server sends its account e-mails to (playwright.config.ts sets SMTP_URL to E2E_SMTP_PORT). Without a started
// catcher the server's mails fail in the background, logged, and nothing waits.
import { SmtpInbox, type ReceivedMail } from '../apps/server/test/smtp-inbox.ts';

export class SmtpCatcher {
  private readonly inbox = new SmtpInbox();

  async start(): Promise<void> {
    const port = Number(process.env.E2E_SMTP_PORT);
    if (!port) throw new Error('E2E_SMTP_PORT is not set (playwright.config.ts sets it)');
    await this.inbox.start(port);
  }

  /** The first mail to this address (received or still to come). */
  next(to: string): Promise<ReceivedMail> {
    return this.inbox.next((m) => m.to.includes(to));
  }

  close(): Promise<void> {
    return this.inbox.close();
  }
}

/** The reset link of a mail (the token is in its fragment). */
export function resetLinkIn(mail: ReceivedMail): string {
  const match = /https?:\/\/\S+#token=[A-Za-z0-9_-]+/.exec(mail.text);
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  return match[0];
}
