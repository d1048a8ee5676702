import type { Knex } from 'knex';
import type { AppConfig } from '../config.ts';
import { mailgunTransport, type MailgunAccount } from './mailgun.ts';
import { smtpTransport } from './smtp.ts';
import type { MailTransport } from './transport.ts';

/** The user's Mailgun account from Settings, or null when no key and domain are saved. */
export type MailSettingsReader = (userId: string) => Promise<MailgunAccount | null>;

/** Which transport sends a user's mail, or null when none is configured. */
export type TransportFinder = (userId: string) => Promise<MailTransport | null>;

/**
 * The user's Mailgun account as saved in Settings. Settings do not hold Mailgun accounts yet, so
 * every user has none and mail goes through SMTP_URL.
 */
export const savedMailgunAccount = (_services: { knex: Knex }): MailSettingsReader => async () => null;

export const noMailServiceMessage = 'Failed to send email. No mail service is configured: add a Mailgun key in Settings.';

/**
 * Mailgun with the user's own key and domain when saved; else the deployment's SMTP server
 * (SMTP_URL, one pool per process); else none.
 */
export function transportFinder(config: Pick<AppConfig, 'mailgunApiUrl' | 'smtpUrl'>, mailSettings: MailSettingsReader): TransportFinder & { close(): Promise<void> } {
  let smtp: MailTransport | undefined;
  const find = async (userId: string) => {
    const account = await mailSettings(userId);
    if (account) return mailgunTransport(account, { baseUrl: config.mailgunApiUrl });
    if (!config.smtpUrl) return null;
    smtp ??= smtpTransport(config.smtpUrl);
    return smtp;
  };
  return Object.assign(find, {
    async close() {
      await smtp?.close?.();
      smtp = undefined;
    },
  });
}
