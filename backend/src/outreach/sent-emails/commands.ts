import { z } from 'zod';
import { emailAddress } from '../../../../domain/email-address.ts';
import { certSchema } from '../schemas.ts';
import { emailBodySchema, emailSubjectSchema } from '../templates/email-fields.ts';
import type { EmailMessage } from './events.ts';

/** Optional text: blank means not given. */
const optionalText = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(300, `${label} can be at most 300 characters.`)
    .nullish()
    .transform((value) => value || null);

const recipientEmail = z
  .string({ error: 'Recipient email is required.' })
  .trim()
  .min(1, 'Recipient email is required.')
  .pipe(emailAddress('Recipient email must be an email address like name@bank.com.'));

/** POST /api/data/sent-emails: records an email that was sent. */
export const recordSentEmailBody = z
  .object({
    contactId: z.uuid({ error: 'contactId must be a contact id.' }).nullish().transform((value) => value ?? null),
    bankId: certSchema.nullish().transform((value) => value ?? null),
    bankName: optionalText('Bank name'),
    recipientName: optionalText('Recipient name'),
    recipientEmail,
    subject: emailSubjectSchema('Subject'),
    body: emailBodySchema('Body'),
    sentAt: z.iso
      .datetime({ offset: true, error: 'sentAt must be a date-time like 2026-11-22T10:00:00Z.' })
      .optional()
      .transform((value) => (value === undefined ? undefined : new Date(value).toISOString())),
  })
  .strict();

export type SentEmailCommand =
  /** An email sent elsewhere, logged after the fact: queued and sent in one go. `contactIsTheirs`: the contact it names (if any) is one of the user's. */
  | { type: 'RecordSentEmail'; emailId: string; userId: string; message: EmailMessage; sentAt: string; at: string; contactIsTheirs: boolean }
  /** For the outbox: the email waits to be sent (a resend names the email it repeats; an automated email its one-click unsubscribe address). */
  | { type: 'QueueEmail'; emailId: string; userId: string; message: EmailMessage; at: string; resendOf?: string; unsubscribeUrl?: string }
  /** One dispatcher takes the email before calling the provider; nobody else may send it then. */
  | { type: 'ClaimEmailSend'; userId: string; dispatcherId: string; at: string }
  | { type: 'ConfirmEmailSent'; userId: string; sentAt: string; providerMessageId: string | null; transport?: MailTransportKind }
  /** The provider was busy (429/5xx) and took nothing: back to the queue until retryAt. */
  | { type: 'DeferEmailSend'; userId: string; reason: string; retryAt: string; at: string }
  | { type: 'RecordEmailSendFailure'; userId: string; reason: string; at: string }
  /** A claim that never settled: the mail may or may not have left, so it is never sent again by itself. */
  | { type: 'MarkEmailDeliveryUnknown'; userId: string; reason: string; at: string }
  | { type: 'DismissEmail'; userId: string; at: string }
  /** What the mail provider reported about a sent email (a webhook); each provider event is recorded once. */
  | { type: 'RecordProviderReport'; userId: string; report: ProviderReport; at: string };

export type ProviderReport =
  | { kind: 'bounced'; severity: 'permanent' | 'temporary'; reason: string; providerEventId: string }
  | { kind: 'complained' | 'unsubscribed'; providerEventId: string };

export type MailTransportKind = 'mailgun' | 'smtp';
