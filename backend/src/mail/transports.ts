import type { Knex } from 'knex';
import type { AppConfig } from '../config.ts';
import type { SecretBox } from '../settings/secret-box.ts';
import { readUserSecrets } from '../settings/settings.ts';
import { mailgunTransport, type MailgunAccount } from './mailgun.ts';
import { smtpTransport } from './smtp.ts';
import type { MailTransport } from './transport.ts';

/** The user's Mailgun account from Settings, or null when no key and domain are saved. */
export type MailSettingsReader = (userId: string) => Promise<MailgunAccount | null>;

/** Which transport sends a user's mail, or null when none is configured. */
export type TransportFinder = (userId: string) => Promise<MailTransport | null>;

/** The user's Mailgun account as saved in Settings: a key and a sending domain, or none. */
export const savedMailgunAccount =
  (services: { knex: Knex; secrets: SecretBox }): MailSettingsReader =>
  async (userId) => {
    const saved = await readUserSecrets(services.knex, services.secrets, userId);
    return saved.mailgunApiKey && saved.mailgunDomain ? { apiKey: saved.mailgunApiKey, domain: saved.mailgunDomain, region: saved.mailgunRegion } : null;
  };

/** Why an email was not sent when its user has no mail service. */
export const noMailServiceReason = 'No mail service is configured: add your Mailgun key and sending domain in Settings › Data Enrichment.';
export const noMailServiceMessage = `Failed to send email. ${noMailServiceReason}`;

/** The service that sends a user's mail: Mailgun with their own key and domain when saved; else the deployment's SMTP server (SMTP_URL); else none. */
export type MailService = { kind: 'mailgun'; account: MailgunAccount } | { kind: 'smtp'; url: string } | null;

export async function mailServiceOf(config: Pick<AppConfig, 'smtpUrl'>, mailSettings: MailSettingsReader, userId: string): Promise<MailService> {
  const account = await mailSettings(userId);
  if (account) return { kind: 'mailgun', account };
  return config.smtpUrl ? { kind: 'smtp', url: config.smtpUrl } : null;
}

/** The transport of a user's mail service (SMTP: one pool per process), or null when they have none. */
export function transportFinder(config: Pick<AppConfig, 'mailgunApiUrl' | 'smtpUrl'>, mailSettings: MailSettingsReader): TransportFinder & { close(): Promise<void> } {
  let smtp: MailTransport | undefined;
  const find = async (userId: string) => {
    const service = await mailServiceOf(config, mailSettings, userId);
    if (service?.kind === 'mailgun') return mailgunTransport(service.account, { baseUrl: config.mailgunApiUrl });
    if (service?.kind !== 'smtp') return null;
    smtp ??= smtpTransport(service.url);
    return smtp;
  };
  return Object.assign(find, {
    async close() {
      await smtp?.close?.();
      smtp = undefined;
    },
  });
}
