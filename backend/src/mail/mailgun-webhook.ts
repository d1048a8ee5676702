import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { ProviderReport } from '../outreach/sent-emails/commands.ts';

/**
 * Mailgun's event webhooks: a JSON body `{ signature: { timestamp, token, signature }, 'event-data': {...} }`.
 * The signature is the hex HMAC-SHA256 of timestamp and token joined, keyed with the account's
 * webhook signing key. A call older than the freshness window, or one whose token was seen before,
 * is a replay.
 */
export const webhookFreshnessMs = 15 * 60_000;

export const mailgunWebhookSchema = z.object({
  signature: z.object({
    timestamp: z.union([z.string().regex(/^\d{1,12}$/), z.number().int().nonnegative()]).transform(String),
    token: z.string().min(1).max(200),
    signature: z.string().regex(/^[0-9a-f]{64}$/i, 'The signature must be 64 hex digits.'),
  }),
  'event-data': z.object({
    id: z.string().min(1).max(200),
    event: z.string().min(1).max(50),
    severity: z.string().max(50).optional(),
    reason: z.string().max(200).optional(),
    'delivery-status': z.object({ message: z.string().max(2000).optional(), description: z.string().max(2000).optional(), code: z.union([z.number(), z.string()]).optional() }).partial().optional(),
    'user-variables': z.record(z.string(), z.unknown()).optional(),
    message: z.object({ headers: z.object({ 'message-id': z.string().max(500).optional() }).partial().optional() }).partial().optional(),
  }),
});
export type MailgunWebhook = z.infer<typeof mailgunWebhookSchema>;

/** Mailgun's signature over a timestamp and token with a signing key (what a genuine call carries). */
export function mailgunSignature(signingKey: string, timestamp: string, token: string): string {
  return createHmac('sha256', signingKey).update(timestamp + token).digest('hex');
}

export function isGenuineSignature(signingKey: string, signature: MailgunWebhook['signature']): boolean {
  const expected = Buffer.from(mailgunSignature(signingKey, signature.timestamp, signature.token), 'hex');
  const given = Buffer.from(signature.signature, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function isFresh(timestamp: string, now: Date): boolean {
  return Math.abs(now.getTime() - Number(timestamp) * 1000) <= webhookFreshnessMs;
}

/** Our email id, sent with every Mailgun message as the user variable `charterline-email-id`. */
export function emailIdOf(event: MailgunWebhook['event-data']): string | null {
  const id = event['user-variables']?.['charterline-email-id'];
  return typeof id === 'string' && z.uuid().safeParse(id).success ? id : null;
}

/** What a Mailgun event means for the email, or null for the events we do not act on (delivered, opened, ...). */
export function reportOf(event: MailgunWebhook['event-data']): ProviderReport | null {
  const providerEventId = event.id;
  switch (event.event) {
    case 'failed': {
      const status = event['delivery-status'];
      const detail = status?.description || status?.message || event.reason || 'no reason given';
      return { kind: 'bounced', severity: event.severity === 'permanent' ? 'permanent' : 'temporary', reason: `${status?.code ? `${status.code} ` : ''}${detail}`.slice(0, 500), providerEventId };
    }
    case 'complained':
      return { kind: 'complained', providerEventId };
    case 'unsubscribed':
      return { kind: 'unsubscribed', providerEventId };
    default:
      return null;
  }
}
