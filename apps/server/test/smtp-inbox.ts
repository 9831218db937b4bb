// A local SMTP server on 127.0.0.1 that keeps every message it receives, for tests of the account e-mails: the app
// sends through its real SMTP client (SMTP_URL), the test reads the message. The route tests listen on an ephemeral
// port; the e2e suite on the port its server was started with (e2e/smtp-catcher.ts).
import type { AddressInfo } from 'node:net';
import smtpServer from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The body with quoted-printable soft breaks and escapes undone (enough to read links and ASCII text). */
  text: string;
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export class SmtpInbox {
  readonly messages: ReceivedMail[] = [];
  private waiters: { match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }[] = [];
  private readonly server = new smtpServer.SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: ReceivedMail = {
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: decodeQuotedPrintable(raw),
        };
        this.messages.push(mail);
        this.waiters = this.waiters.filter((w) => (w.match(mail) ? (w.resolve(mail), false) : true));
        callback();
      });
    },
  });

  /** Starts listening (on `port`, or an ephemeral one); returns the SMTP_URL to configure. */
  async start(port = 0): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  /** The first message (received or still to come) that matches. */
  next(match: (m: ReceivedMail) => boolean): Promise<ReceivedMail> {
    const found = this.messages.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The token of the first reset link in a message. */
export function resetTokenIn(mail: ReceivedMail): string {
  const match = /#token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no reset link in: ${mail.text}`);
  return match[1];
}
