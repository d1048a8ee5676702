import type { Knex } from 'knex';
import { z } from 'zod';
import { BadRequestError } from '../http/errors.ts';
import { logger } from '../logging/logger.ts';
import type { SecretBox } from './secret-box.ts';

export const mailgunRegions = ['US', 'EU'] as const;
export type MailgunRegion = (typeof mailgunRegions)[number];

type SettingsRow = {
  user_id: string;
  hunter_api_key_sealed: string | null;
  mailgun_api_key_sealed: string | null;
  mailgun_domain: string | null;
  mailgun_region: MailgunRegion;
  mailgun_webhook_signing_key_sealed: string | null;
  send_window_start_hour: number;
  send_window_end_hour: number;
  send_days: number[];
  time_zone: string | null;
  daily_send_cap: number;
  updated_at: Date;
};

/**
 * When automation may send for a user: between the start and end hour (local time) on the send days
 * (1 Monday to 7 Sunday), at most the daily cap of emails. No time zone means each bank's state's own.
 */
export type AutomationSettings = {
  sendWindowStartHour: number;
  sendWindowEndHour: number;
  sendDays: number[];
  timeZone: string | null;
  dailySendCap: number;
};

export const defaultAutomationSettings: AutomationSettings = { sendWindowStartHour: 8, sendWindowEndHour: 18, sendDays: [1, 2, 3, 4, 5], timeZone: null, dailySendCap: 50 };

/** Whether automation may send at other moments now: the hours, the days or the time zone changed (the daily cap is not the window). */
export function sendWindowChanged(before: AutomationSettings, after: AutomationSettings): boolean {
  return (
    before.sendWindowStartHour !== after.sendWindowStartHour ||
    before.sendWindowEndHour !== after.sendWindowEndHour ||
    before.timeZone !== after.timeZone ||
    before.sendDays.join() !== after.sendDays.join()
  );
}

const timeZoneMessage = 'timeZone must be a time zone like America/Chicago.';
/**
 * A reader's time zone given with a request (IANA), for what it shows on the reader's clock. Given
 * twice (`?timeZone=a&timeZone=b`) or as a number, the same message names it.
 */
export const timeZoneParam = z.string({ error: timeZoneMessage }).refine(isTimeZone, { message: timeZoneMessage });

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A user's provider settings with the secrets in clear: for server-side callers only, never a response. */
export type UserSecrets = {
  hunterApiKey: string | null;
  mailgunApiKey: string | null;
  mailgunDomain: string | null;
  mailgunRegion: MailgunRegion;
  /** Checks that a Mailgun event webhook call comes from Mailgun. */
  mailgunWebhookSigningKey: string | null;
  /** The saved secrets this server cannot open (they read as not saved above). */
  unreadable: SecretField[];
};

/** The secrets a user saves, each with the column that keeps it sealed. */
const secretColumns = {
  hunterApiKey: 'hunter_api_key_sealed',
  mailgunApiKey: 'mailgun_api_key_sealed',
  mailgunWebhookSigningKey: 'mailgun_webhook_signing_key_sealed',
} as const;
export type SecretField = keyof typeof secretColumns;

/** Why a saved key is not used, when this server cannot open it. */
export const unreadableSecretMessage = (label: string) =>
  `Your saved ${label} can no longer be read: this server's secrets key is not the one it was saved with. Enter the key again in Settings, or give the server its old secrets key.`;

/** The settings as the Settings screen sees them: secrets only as a preview. */
export type SettingsView = {
  hunterApiKey: string;
  hunterApiKeySet: boolean;
  mailgunApiKey: string;
  mailgunApiKeySet: boolean;
  mailgunDomain: string;
  mailgunRegion: MailgunRegion;
  mailgunWebhookSigningKey: string;
  mailgunWebhookSigningKeySet: boolean;
  /** Saved secrets this server cannot open: the screen asks for them again. */
  unreadableSecrets: SecretField[];
  updatedAt: string | null;
} & AutomationSettings;

/** What marks a preview: a secret sent back starting with it is the stored one, unchanged. */
export const maskPrefix = '••••';

/** The last four characters behind a mask: enough to recognise a key, useless to anyone else. */
export function previewSecret(secret: string | null): string {
  if (!secret) return '';
  return maskPrefix + (secret.length > 8 ? secret.slice(-4) : '');
}

/** A preview sent back untouched: the mask and at most the key's last four characters. */
const untouchedPreview = new RegExp(`^${maskPrefix}.{0,4}$`, 'u');

/**
 * A secret as typed in Settings: a new key, blank to remove it, or its preview to keep it. A key typed
 * or pasted into the preview without clearing it is refused, since keeping the saved key would lose it.
 */
export const secretInput = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(200, `${label} can be at most 200 characters.`)
    .refine((value) => !value.startsWith(maskPrefix) || untouchedPreview.test(value), {
      message: `${label} field still holds the saved key's dots (${maskPrefix}): clear the field, then type or paste the whole new key.`,
    })
    .refine((value) => !/\s/.test(value), { message: 'An API key has no spaces.' })
    .nullable()
    .optional();

/**
 * Test Connection with a key field the user emptied: there is nothing to test, and it must not
 * report the saved key as connected, since saving the form now removes that key.
 */
export const emptiedKeyTestMessage = (service: string, hasSavedKey: boolean) =>
  `Enter your ${service} API key to test the connection.${hasSavedKey ? ' With the field empty, Save API Keys removes the saved key.' : ''}`;

const hour = (label: string) =>
  z.number({ error: `${label} must be an hour from 0 to 24.` }).int(`${label} must be a whole hour.`).min(0, `${label} must be an hour from 0 to 24.`).max(24, `${label} must be an hour from 0 to 24.`);

const sendWindowOrderMessage = 'The send window must end after it starts.';

const domainPattern = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const domainMessage = 'Enter the sending domain like mg.yourcompany.com (no https://).';
const mailgunDomainMissing = 'Enter the sending domain of your Mailgun key (like mg.yourcompany.com): Mailgun sends only from it.';

/** PUT /api/data/settings. A secret sent back as its preview (or left out) keeps the stored one; blank removes it. */
export const settingsBody = z
  .preprocess(
    (body) => {
      if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
      // what GET and PUT answer besides the settings themselves is ignored when sent back
      const { hunterApiKeySet: _h, mailgunApiKeySet: _m, mailgunWebhookSigningKeySet: _w, unreadableSecrets: _r, updatedAt: _u, rescheduledSteps: _s, ...rest } = body as Record<string, unknown>;
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
        mailgunWebhookSigningKey: secretInput('The Mailgun webhook signing key'),
        sendWindowStartHour: hour('The send window start').optional(),
        sendWindowEndHour: hour('The send window end').optional(),
        sendDays: z
          .array(z.number({ error: 'Send days are numbers from 1 (Monday) to 7 (Sunday).' }).int().min(1, 'Send days are numbers from 1 (Monday) to 7 (Sunday).').max(7, 'Send days are numbers from 1 (Monday) to 7 (Sunday).'), {
            error: 'Send days must be a list of days.',
          })
          .min(1, 'Choose at least one send day.')
          .transform((days) => [...new Set(days)].sort())
          .optional(),
        timeZone: z
          .string({ error: 'Time zone must be text like America/Chicago.' })
          .trim()
          .refine((zone) => zone === '' || isTimeZone(zone), { message: 'Time zone must be a zone like America/Chicago.' })
          .nullable()
          .optional(),
        dailySendCap: z
          .number({ error: 'The daily send cap must be a whole number.' })
          .int('The daily send cap must be a whole number.')
          .min(1, 'The daily send cap must be at least 1.')
          .max(10_000, 'The daily send cap can be at most 10,000.')
          .optional(),
      })
      .strict()
      // Said beside the other fields' refusals, so one Save shows everything to correct; a window
      // with one end sent is checked against the saved other end when saved.
      .superRefine(({ sendWindowStartHour: start, sendWindowEndHour: end }, ctx) => {
        if (typeof start === 'number' && typeof end === 'number' && start >= end) ctx.addIssue({ code: 'custom', path: ['sendWindowEndHour'], message: sendWindowOrderMessage });
      }),
  );

export type SettingsChanges = z.infer<typeof settingsBody>;

async function readRow(knex: Knex, userId: string): Promise<SettingsRow | undefined> {
  return knex('user_settings').where({ user_id: userId }).first();
}

/**
 * The row's secrets opened. One sealed with another secrets key reads as not saved and is named
 * unreadable: a server given a new key (SECRETS_KEY, or a data folder without the old secrets.key,
 * as a new container has) cannot open what the old key sealed, and the user enters it again.
 */
function openSecrets(secrets: SecretBox, row: SettingsRow | undefined): { opened: Record<SecretField, string | null>; unreadable: SecretField[] } {
  const opened = { hunterApiKey: null, mailgunApiKey: null, mailgunWebhookSigningKey: null } as Record<SecretField, string | null>;
  const unreadable: SecretField[] = [];
  for (const field of Object.keys(secretColumns) as SecretField[]) {
    const sealed = row?.[secretColumns[field]] ?? null;
    if (!sealed) continue;
    try {
      opened[field] = secrets.decrypt(sealed);
    } catch {
      unreadable.push(field);
    }
  }
  return { opened, unreadable };
}

/**
 * Says at start, once, when the newest saved key cannot be opened with this process's key: the
 * operator learns that a backup was restored without its secrets.key, or that processes were given
 * different keys, before users find their keys gone.
 */
export async function warnOfKeysSealedElsewhere(knex: Knex, secrets: SecretBox): Promise<void> {
  const sealed = 'coalesce(hunter_api_key_sealed, mailgun_api_key_sealed, mailgun_webhook_signing_key_sealed)';
  const row: { sealed: string } | undefined = await knex('user_settings')
    .whereRaw(`${sealed} is not null`)
    .orderBy('updated_at', 'desc')
    .first(knex.raw(`${sealed} as sealed`));
  if (!row) return;
  try {
    secrets.decrypt(row.sealed);
  } catch {
    logger.warn(
      "Users' saved API keys were sealed with another key than this server's (SECRETS_KEY, else DATA_DIR/secrets.key): restore the secrets.key of the backup, or give every process the same SECRETS_KEY. Until then users must enter their keys again.",
    );
  }
}

/** The user's provider keys in clear (mail sending, contact finding). Defaults when never saved. */
export async function readUserSecrets(knex: Knex, secrets: SecretBox, userId: string): Promise<UserSecrets> {
  const row = await readRow(knex, userId);
  const { opened, unreadable } = openSecrets(secrets, row);
  return { ...opened, mailgunDomain: row?.mailgun_domain ?? null, mailgunRegion: row?.mailgun_region ?? 'US', unreadable };
}

export async function readSettingsView(knex: Knex, secrets: SecretBox, userId: string): Promise<SettingsView> {
  const row = await readRow(knex, userId);
  const { opened, unreadable } = openSecrets(secrets, row);
  return {
    hunterApiKey: previewSecret(opened.hunterApiKey),
    hunterApiKeySet: Boolean(opened.hunterApiKey),
    mailgunApiKey: previewSecret(opened.mailgunApiKey),
    mailgunApiKeySet: Boolean(opened.mailgunApiKey),
    mailgunDomain: row?.mailgun_domain ?? '',
    mailgunRegion: row?.mailgun_region ?? 'US',
    mailgunWebhookSigningKey: previewSecret(opened.mailgunWebhookSigningKey),
    mailgunWebhookSigningKeySet: Boolean(opened.mailgunWebhookSigningKey),
    unreadableSecrets: unreadable,
    ...automationSettingsOf(row),
    updatedAt: row?.updated_at.toISOString() ?? null,
  };
}

function automationSettingsOf(row: SettingsRow | undefined): AutomationSettings {
  if (!row) return defaultAutomationSettings;
  return {
    sendWindowStartHour: row.send_window_start_hour,
    sendWindowEndHour: row.send_window_end_hour,
    sendDays: row.send_days,
    timeZone: row.time_zone,
    dailySendCap: row.daily_send_cap,
  };
}

/** The user's send window and daily cap (the defaults when never saved). */
export async function readAutomationSettings(knex: Knex, userId: string): Promise<AutomationSettings> {
  return automationSettingsOf(await readRow(knex, userId));
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
  if (isNewSecret(changes.mailgunWebhookSigningKey)) row.mailgun_webhook_signing_key_sealed = sealed(secrets, changes.mailgunWebhookSigningKey);
  if ('mailgun_api_key_sealed' in row || 'mailgun_domain' in row) {
    // Mail is sent through Mailgun only with both; a key alone would leave the user's mail going out
    // another way (or nowhere) while Settings reads as if Mailgun were set up.
    const current = await readRow(knex, userId);
    const key = 'mailgun_api_key_sealed' in row ? row.mailgun_api_key_sealed : current?.mailgun_api_key_sealed;
    const domain = 'mailgun_domain' in row ? row.mailgun_domain : current?.mailgun_domain;
    if (key && !domain) throw new BadRequestError(mailgunDomainMissing, { issues: [{ path: 'mailgunDomain', message: mailgunDomainMissing }] });
  }
  const window = { start: changes.sendWindowStartHour, end: changes.sendWindowEndHour };
  if (window.start !== undefined || window.end !== undefined) {
    const current = await readAutomationSettings(knex, userId);
    if ((window.start ?? current.sendWindowStartHour) >= (window.end ?? current.sendWindowEndHour)) {
      throw new BadRequestError(sendWindowOrderMessage, { issues: [{ path: 'sendWindowEndHour', message: sendWindowOrderMessage }] });
    }
  }
  if (window.start !== undefined) row.send_window_start_hour = window.start;
  if (window.end !== undefined) row.send_window_end_hour = window.end;
  if (changes.sendDays !== undefined) row.send_days = JSON.stringify(changes.sendDays);
  if (changes.timeZone !== undefined) row.time_zone = changes.timeZone || null;
  if (changes.dailySendCap !== undefined) row.daily_send_cap = changes.dailySendCap;
  await knex('user_settings')
    .insert({ user_id: userId, ...row, updated_at: knex.fn.now() })
    .onConflict('user_id')
    .merge({ ...row, updated_at: knex.fn.now() });
}
