import type { Transporter } from 'nodemailer';
import { listUnsubscribeHeaders, type MailTransport, type OutgoingMail, type SendOutcome } from './transport.ts';

/** Errors nodemailer raises before the server has the message: trying again cannot send it twice. */
const beforeMessageCodes = new Set(['ECONNECTION', 'EDNS', 'ETLS', 'EAUTH', 'ESOCKET']);

/** What nodemailer tells of a refused or broken send: the command the server answered, its reply and the reply's code. */
export type SmtpError = { responseCode?: number; code?: string; command?: string; response?: string; message?: string };

/**
 * The enhanced status codes (RFC 3463, RFC 7505) by which a server says the recipient's address
 * itself is bad: no such mailbox (5.1.1), no such domain (5.1.2), an address that is not one (5.1.3),
 * a domain that takes no mail (5.1.10). Other refusals (policy 5.7.x, message too big 5.3.4, ...)
 * say nothing about the address.
 */
const badAddressCodes = new Set(['5.1.1', '5.1.2', '5.1.3', '5.1.10']);

/** The enhanced status code a reply opens with ("550 5.1.1 ..." or "550-5.1.1 ..."), if it has one. */
export function enhancedStatusCode(reply: string): string | undefined {
  return /^\d{3}[ -]([245]\.\d{1,3}\.\d{1,3})(?=\s|$)/.exec(reply.trimStart())?.[1];
}

/**
 * Whether the server refused the recipient (RCPT TO) for good because the address is bad, so mail to
 * it can never arrive. Only an enhanced code tells: a bare 550 is also the reply to a policy refusal
 * (RFC 5321 4.2.3), and 551 and 553 are what some servers (qmail, for one) answer to relaying they
 * will not do, a fault of our own server's setup that would put every recipient on the list.
 */
export function refusesRecipientAddress(error: SmtpError): boolean {
  const code = enhancedStatusCode(error.response ?? '');
  return error.command === 'RCPT TO' && (error.responseCode ?? 0) >= 500 && code !== undefined && badAddressCodes.has(code);
}

/** A refused login is fixed by whoever runs the server, not by the user whose send failed. */
const smtpLoginRefusedText =
  'The mail server refused to log in, so the email was not sent. Ask the person who runs your Charterline server to check the SMTP user name and password in the SMTP_URL setting.';

/** What a send that nodemailer failed came to, from what the server answered (or did not). */
export function outcomeOfSmtpError(error: SmtpError): SendOutcome {
  const said = (error.response ?? error.message ?? '').slice(0, 200);
  if (typeof error.responseCode === 'number' && error.responseCode >= 500) {
    if (error.code === 'EAUTH') return { kind: 'failed', reason: smtpLoginRefusedText };
    if (refusesRecipientAddress(error)) return { kind: 'bounced', reason: `The SMTP server refused the address for good: ${said}` };
    return { kind: 'failed', reason: `The SMTP server refused the email: ${said}` };
  }
  if (typeof error.responseCode === 'number' && error.responseCode >= 400) return { kind: 'retry', reason: `The SMTP server is busy: ${said}` };
  if (error.command === 'CONN' || (error.code && beforeMessageCodes.has(error.code) && error.command !== 'DATA')) return { kind: 'retry', reason: 'The SMTP server could not be reached.' };
  return { kind: 'unknown', reason: 'The SMTP connection broke while sending; the email may or may not have been sent.' };
}

/**
 * SMTP through nodemailer (`SMTP_URL`, e.g. `smtp://user:pass@host:587`), one pooled connection set
 * per process. nodemailer is loaded with the first email, not with the server (about 11 MB resident).
 */
export function smtpTransport(url: string, options: { pool?: boolean; maxConnections?: number } = {}): MailTransport {
  let transporter: Promise<Transporter> | undefined;
  const connected = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url,
        pool: options.pool ?? true,
        maxConnections: options.maxConnections ?? 5,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      } as never),
    ));
  return {
    kind: 'smtp',
    async send(mail: OutgoingMail): Promise<SendOutcome> {
      const smtp = await connected();
      try {
        const info = await smtp.sendMail({
          from: { name: mail.from.name ?? '', address: mail.from.email },
          to: { name: mail.to.name ?? '', address: mail.to.email },
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: { 'X-Charterline-Email-Id': mail.emailId, ...listUnsubscribeHeaders(mail) },
        });
        return { kind: 'sent', providerMessageId: info.messageId ?? null };
      } catch (error) {
        return outcomeOfSmtpError(error as SmtpError);
      }
    },
    close: async () => (await transporter)?.close(),
  };
}

/**
 * What is wrong with the SMTP server of SMTP_URL, asked once at start by the process that sends mail
 * (a connection and its login, no mail): a sentence for the log naming the server but never the
 * URL's password, or undefined when it takes the login.
 */
export async function smtpServerProblem(url: string): Promise<string | undefined> {
  const { default: nodemailer } = await import('nodemailer');
  const transporter = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 10_000 } as never);
  const { hostname, port, protocol } = new URL(url);
  const server = `${hostname}:${port || (protocol === 'smtps:' ? 465 : 587)}`;
  try {
    await transporter.verify();
    return undefined;
  } catch (raw) {
    const error = raw as { code?: string };
    const why = error.code === 'EAUTH' ? 'refused the user or password in SMTP_URL' : `could not be reached (${error.code ?? 'no answer'})`;
    return `The SMTP server of SMTP_URL (${server}) ${why}: mail of users without a Mailgun key fails until it is corrected.`;
  } finally {
    transporter.close();
  }
}

