import { quoted, type ActivityDescription } from '../activity.ts';
import type { SentEmailEvent } from './events.ts';

export const sentEmailActivity: ActivityDescription<SentEmailEvent> = {
  resource: 'sent-emails',
  recordId: (streamId) => streamId.slice('sent-email-'.length),
  summaries: {
    EmailQueued: (data) => `Queued email ${quoted(data.subject)} to ${data.recipientName ?? data.recipientEmail}`,
    EmailSendClaimed: (data) => (data.attempt > 1 ? `Sending email (attempt ${data.attempt})` : 'Sending email'),
    EmailSent: () => 'Sent email',
    EmailSendDeferred: (data) => `Email send will be retried: ${data.reason}`,
    EmailSendFailed: (data) => `Email could not be sent: ${data.reason}`,
    EmailDeliveryUnknown: () => 'Email delivery unknown: it may or may not have been sent',
    EmailDismissed: () => 'Dismissed email',
    EmailBounced: (data) => (data.severity === 'permanent' ? `Email bounced: ${data.reason}` : `Email delivery delayed, the provider retries: ${data.reason}`),
    EmailComplaintReceived: () => 'The recipient marked the email as spam',
    EmailUnsubscribeReceived: () => 'The recipient unsubscribed through the mail provider',
  },
};
