import { sentEmailEvents } from '../backend/src/outreach/sent-emails/events.ts';
import { defineRowProjection, insert, update } from './row-projection.ts';

export const sentEmailsProjection = defineRowProjection(
  { name: 'sent-emails', title: 'Sent emails', table: 'sent_emails', key: ['id'], version: 1, events: sentEmailEvents, streamKey: (streamId) => ({ id: streamId.slice('sent-email-'.length) }) },
  {
    EmailQueued: ({ emailId, ownerId, contactId, bankId, bankName, recipientName, recipientEmail, subject, body, queuedAt, resendOf, unsubscribeUrl }) =>
      insert({
        id: emailId,
        user_id: ownerId,
        contact_id: contactId,
        bank_id: bankId,
        bank_name: bankName,
        recipient_name: recipientName,
        recipient_email: recipientEmail,
        subject,
        body,
        status: 'queued',
        queued_at: queuedAt,
        next_attempt_at: queuedAt,
        attempts: 0,
        resend_of: resendOf ?? null,
        unsubscribe_url: unsubscribeUrl ?? null,
      }),
    EmailSendClaimed: (data) => update({ status: 'sending', claimed_at: data.claimedAt, attempts: data.attempt }),
    EmailSent: (data) =>
      update({ status: 'sent', sent_at: data.sentAt, failure_reason: null, provider_message_id: data.providerMessageId, transport: data.transport ?? null, next_attempt_at: null }),
    EmailSendDeferred: (data) => update({ status: 'queued', failure_reason: data.reason, next_attempt_at: data.retryAt, claimed_at: null }),
    EmailSendFailed: (data) => update({ status: 'failed', failure_reason: data.reason, next_attempt_at: null }),
    EmailDeliveryUnknown: (data) => update({ status: 'unknown', failure_reason: data.reason, next_attempt_at: null }),
    EmailDismissed: () => update({ status: 'dismissed' }),
    EmailBounced: (data) => update(data.severity === 'permanent' ? { status: 'failed', failure_reason: `Bounced: ${data.reason}`, next_attempt_at: null } : {}),
    // Nothing shown changes, but the row keeps the stream's version.
    EmailComplaintReceived: () => update({}),
    EmailUnsubscribeReceived: () => update({}),
  },
);
