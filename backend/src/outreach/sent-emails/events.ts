import { z } from 'zod';
import { defineEvent, type EventOf } from '../../events/registry.ts';

/** Who the email went to and what it said, fixed once queued. */
export const emailMessageSchema = z.object({
  contactId: z.uuid().nullable(),
  bankId: z.number().int().nullable(),
  bankName: z.string().nullable(),
  recipientName: z.string().nullable(),
  recipientEmail: z.string(),
  subject: z.string(),
  body: z.string(),
});
export type EmailMessage = z.output<typeof emailMessageSchema>;

/**
 * An email's delivery through the outbox: queued, claimed by one dispatcher (recorded before the
 * provider is called), then sent, failed, deferred back to the queue for a retry, or of unknown
 * outcome when a claim was never settled (the dispatcher died mid-send); an unknown or failed email
 * can be dismissed. Recording a send made elsewhere queues and sends it in one step.
 */
export const sentEmailEvents = {
  EmailQueued: defineEvent(
    'EmailQueued',
    emailMessageSchema.extend({
      emailId: z.uuid(),
      ownerId: z.uuid(),
      queuedAt: z.string(),
      /** A resend names the email it repeats. */
      resendOf: z.uuid().nullish(),
      /** An automated email's one-click unsubscribe address, sent as its List-Unsubscribe header. */
      unsubscribeUrl: z.url().nullish(),
    }),
  ),
  EmailSendClaimed: defineEvent('EmailSendClaimed', z.object({ claimedAt: z.string(), attempt: z.number().int().min(1), dispatcherId: z.string() })),
  EmailSent: defineEvent('EmailSent', z.object({ sentAt: z.string(), providerMessageId: z.string().nullable(), transport: z.enum(['mailgun', 'smtp']).nullish() })),
  EmailSendDeferred: defineEvent('EmailSendDeferred', z.object({ deferredAt: z.string(), reason: z.string(), retryAt: z.string() })),
  EmailSendFailed: defineEvent('EmailSendFailed', z.object({ failedAt: z.string(), reason: z.string() })),
  EmailDeliveryUnknown: defineEvent('EmailDeliveryUnknown', z.object({ markedAt: z.string(), reason: z.string() })),
  EmailDismissed: defineEvent('EmailDismissed', z.object({ dismissedAt: z.string() })),
  /** The mail provider reported the email undeliverable: for good (permanent), or for now while it retries (temporary). */
  EmailBounced: defineEvent(
    'EmailBounced',
    z.object({ bouncedAt: z.string(), severity: z.enum(['permanent', 'temporary']), reason: z.string(), providerEventId: z.string() }),
  ),
  /** The recipient marked the email as spam, as the mail provider reported. */
  EmailComplaintReceived: defineEvent('EmailComplaintReceived', z.object({ receivedAt: z.string(), providerEventId: z.string() })),
  /** The recipient unsubscribed through the mail provider's own link. */
  EmailUnsubscribeReceived: defineEvent('EmailUnsubscribeReceived', z.object({ receivedAt: z.string(), providerEventId: z.string() })),
};

export type SentEmailEvent = EventOf<typeof sentEmailEvents>;
