import { z } from 'zod';

/** queued -> sending -> sent | failed; unknown when a send was interrupted after the provider was called (the user resends or dismisses it). */
export const deliveryStatuses = ['queued', 'sending', 'sent', 'failed', 'unknown', 'dismissed'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/** A sent email as `/api/data/sent-emails` answers it. */
export const sentEmailRecordSchema = z.object({
  id: z.string(),
  contactId: z.string().nullable(),
  bankId: z.number().nullable(),
  bankName: z.string().nullable(),
  recipientName: z.string().nullable(),
  recipientEmail: z.string(),
  subject: z.string(),
  body: z.string(),
  status: z.enum(deliveryStatuses),
  failureReason: z.string().nullable(),
  attempts: z.number(),
  providerMessageId: z.string().nullable(),
  transport: z.string().nullable(),
  resendOf: z.string().nullable(),
  /** The recipient's address is on the user's Do Not Contact list now, so the email cannot be sent again. */
  recipientOnDoNotContact: z.boolean(),
  queuedAt: z.string(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type SentEmailRecord = z.infer<typeof sentEmailRecordSchema>;
