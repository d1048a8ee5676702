import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; raw: string; subject: string; emailId: string | null };

const header = (raw: string, name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(raw.split(/\r?\n\r?\n/)[0])?.[1]?.trim() ?? null;

/** A real SMTP server (the `smtp-server` package) on a free local port that keeps every mail it receives. */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  private server?: SMTPServer;
  url = '';

  /**
   * `refuse`: the reply to RCPT TO of each recipient the server refuses, code first ('550 5.1.1 No such
   * mailbox'), or undefined for one it takes.
   */
  async start(options: { username?: string; password?: string; refuse?: (address: string) => string | undefined } = {}): Promise<this> {
    this.server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      authOptional: !options.username,
      logger: false,
      onAuth: (auth, _session, callback) =>
        auth.username === options.username && auth.password === options.password ? callback(null, { user: auth.username }) : callback(new Error('Invalid username or password')),
      onRcptTo: (address, _session, callback) => {
        const reply = options.refuse?.(address.address);
        if (!reply) return callback();
        const [, code, text] = /^(\d{3}) (.*)$/.exec(reply)!;
        callback(Object.assign(new Error(text), { responseCode: Number(code) }));
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          this.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            raw,
            subject: header(raw, 'Subject') ?? '',
            emailId: header(raw, 'X-Charterline-Email-Id'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
    const port = (this.server.server.address() as AddressInfo).port;
    const credentials = options.username ? `${encodeURIComponent(options.username)}:${encodeURIComponent(options.password ?? '')}@` : '';
    this.url = `smtp://${credentials}127.0.0.1:${port}`;
    return this;
  }

  /** How many mails carried this email id (exactly one, when the outbox works). */
  count(emailId: string): number {
    return this.received.filter((mail) => mail.emailId === emailId).length;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}
