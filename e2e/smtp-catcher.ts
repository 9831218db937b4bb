// A local SMTP server on 127.0.0.1 that a spec starts to receive the app's account e-mails: the e2e server sends
// through its real SMTP client to SMTP_URL (playwright.config.ts points it at E2E_SMTP_PORT), and the spec reads
// the message. Without a started catcher the server's mails fail in the background, logged, and nothing waits.
import smtpServer from 'smtp-server';

export interface CaughtMail {
  to: string[];
  /** The body with quoted-printable soft breaks and escapes undone (enough to read a link). */
  text: string;
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export class SmtpCatcher {
  private readonly mails: CaughtMail[] = [];
  private waiters: { match: (m: CaughtMail) => boolean; resolve: (m: CaughtMail) => void }[] = [];
  private readonly server = new smtpServer.SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: CaughtMail = {
          to: session.envelope.rcptTo.map((r) => r.address),
          text: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
        };
        this.mails.push(mail);
        this.waiters = this.waiters.filter((w) => (w.match(mail) ? (w.resolve(mail), false) : true));
        callback();
      });
    },
  });

  /** Listens on the port the e2e server sends to (E2E_SMTP_PORT, set by playwright.config.ts). */
  async start(): Promise<void> {
    const port = Number(process.env.E2E_SMTP_PORT);
    if (!port) throw new Error('E2E_SMTP_PORT is not set (playwright.config.ts sets it)');
    await new Promise<void>((resolve, reject) => {
      this.server.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
  }

  /** The first mail to this address (received or still to come). */
  next(to: string): Promise<CaughtMail> {
    const match = (m: CaughtMail) => m.to.includes(to);
    const found = this.mails.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The reset link of a mail (the token is in its fragment). */
export function resetLinkIn(mail: CaughtMail): string {
  const match = /https?:\/\/\S+#token=[A-Za-z0-9_-]+/.exec(mail.text);
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  return match[0];
}
