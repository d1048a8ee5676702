import type { Knex } from 'knex';
import { z } from 'zod';
import type { SecretBox } from './secret-box.ts';

export const mailgunRegions = ['US', 'EU'] as const;
export type MailgunRegion = (typeof mailgunRegions)[number];

type SettingsRow = {
  user_id: string;
  hunter_api_key_sealed: string | null;
  mailgun_api_key_sealed: string | null;
  mailgun_domain: string | null;
  mailgun_region: MailgunRegion;
  updated_at: Date;
};

/** A user's provider settings with the secrets in clear: for server-side callers only, never a response. */
export type UserSecrets = {
  hunterApiKey: string | null;
  mailgunApiKey: string | null;
  mailgunDomain: string | null;
  mailgunRegion: MailgunRegion;
};

/** The settings as the Settings screen sees them: secrets only as a preview. */
export type SettingsView = {
  hunterApiKey: string;
  hunterApiKeySet: boolean;
  mailgunApiKey: string;
  mailgunApiKeySet: boolean;
  mailgunDomain: string;
  mailgunRegion: MailgunRegion;
  updatedAt: string | null;
};

/** What marks a preview: a secret sent back starting with it is the stored one, unchanged. */
export const maskPrefix = '••••';

/** The last four characters behind a mask: enough to recognise a key, useless to anyone else. */
export function previewSecret(secret: string | null): string {
  if (!secret) return '';
  return maskPrefix + (secret.length > 8 ? secret.slice(-4) : '');
}

const secretInput = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(200, `${label} can be at most 200 characters.`)
    .refine((value) => !/\s/.test(value), { message: 'An API key has no spaces.' })
    .nullable()
    .optional();

const domainPattern = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const domainMessage = 'Enter the sending domain like mg.yourcompany.com (no https://).';

/** PUT /api/data/settings. A secret sent back as its preview (or left out) keeps the stored one; blank removes it. */
export const settingsBody = z
  .preprocess(
    (body) => {
      if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
      // what GET answers besides the settings themselves is ignored when sent back
      const { hunterApiKeySet: _h, mailgunApiKeySet: _m, updatedAt: _u, ...rest } = body as Record<string, unknown>;
      return rest;
    },
    z
      .object({
        hunterApiKey: secretInput('The Hunter.io API key'),
        mailgunApiKey: secretInput('The Mailgun API key'),
        mailgunDomain: z
          .string({ error: domainMessage })
          .trim()
          .refine((value) => value === '' || domainPattern.test(value), { message: domainMessage })
          .nullable()
          .optional(),
        mailgunRegion: z.enum(mailgunRegions, { error: 'Region must be US or EU.' }).optional(),
      })
      .strict(),
  );

export type SettingsChanges = z.infer<typeof settingsBody>;

async function readRow(knex: Knex, userId: string): Promise<SettingsRow | undefined> {
  return knex('user_settings').where({ user_id: userId }).first();
}

const open = (secrets: SecretBox, sealed: string | null): string | null => (sealed ? secrets.decrypt(sealed) : null);

/** The user's provider keys in clear (mail sending, contact finding). Defaults when never saved. */
export async function readUserSecrets(knex: Knex, secrets: SecretBox, userId: string): Promise<UserSecrets> {
  const row = await readRow(knex, userId);
  return {
    hunterApiKey: open(secrets, row?.hunter_api_key_sealed ?? null),
    mailgunApiKey: open(secrets, row?.mailgun_api_key_sealed ?? null),
    mailgunDomain: row?.mailgun_domain ?? null,
    mailgunRegion: row?.mailgun_region ?? 'US',
  };
}

export async function readSettingsView(knex: Knex, secrets: SecretBox, userId: string): Promise<SettingsView> {
  const row = await readRow(knex, userId);
  const hunter = open(secrets, row?.hunter_api_key_sealed ?? null);
  const mailgun = open(secrets, row?.mailgun_api_key_sealed ?? null);
  return {
    hunterApiKey: previewSecret(hunter),
    hunterApiKeySet: Boolean(hunter),
    mailgunApiKey: previewSecret(mailgun),
    mailgunApiKeySet: Boolean(mailgun),
    mailgunDomain: row?.mailgun_domain ?? '',
    mailgunRegion: row?.mailgun_region ?? 'US',
    updatedAt: row?.updated_at.toISOString() ?? null,
  };
}

/** A new secret to store, or undefined to keep the stored one (left out, or sent back as its preview). */
export function isNewSecret(value: string | null | undefined): value is string | null {
  return value !== undefined && !(value !== null && value.startsWith(maskPrefix));
}

const sealed = (secrets: SecretBox, value: string | null) => (value ? secrets.encrypt(value) : null);

export async function saveSettings(knex: Knex, secrets: SecretBox, userId: string, changes: SettingsChanges): Promise<void> {
  const row: Record<string, unknown> = {};
  if (isNewSecret(changes.hunterApiKey)) row.hunter_api_key_sealed = sealed(secrets, changes.hunterApiKey);
  if (isNewSecret(changes.mailgunApiKey)) row.mailgun_api_key_sealed = sealed(secrets, changes.mailgunApiKey);
  if (changes.mailgunDomain !== undefined) row.mailgun_domain = changes.mailgunDomain ? changes.mailgunDomain.toLowerCase() : null;
  if (changes.mailgunRegion !== undefined) row.mailgun_region = changes.mailgunRegion;
  await knex('user_settings')
    .insert({ user_id: userId, ...row, updated_at: knex.fn.now() })
    .onConflict('user_id')
    .merge({ ...row, updated_at: knex.fn.now() });
}
