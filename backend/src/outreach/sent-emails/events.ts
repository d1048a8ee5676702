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

/** An email's delivery: queued, then sent or failed (an outbox will drive this; recording a send does both steps at once). */
export const sentEmailEvents = {
  EmailQueued: defineEvent('EmailQueued', emailMessageSchema.extend({ emailId: z.uuid(), ownerId: z.uuid(), queuedAt: z.string() })),
  EmailSent: defineEvent('EmailSent', z.object({ sentAt: z.string(), providerMessageId: z.string().nullable() })),
  EmailSendFailed: defineEvent('EmailSendFailed', z.object({ failedAt: z.string(), reason: z.string() })),
};

export type SentEmailEvent = EventOf<typeof sentEmailEvents>;
