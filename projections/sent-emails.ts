import { toDomainEvent } from '../backend/src/events/registry.ts';
import { sentEmailEvents, type SentEmailEvent } from '../backend/src/outreach/sent-emails/events.ts';
import type { Projection } from './projection.ts';
import { insertRow, updateRow } from './versioned-rows.ts';

const emailIdOf = (streamId: string) => streamId.slice('sent-email-'.length);

export const sentEmailsProjection: Projection = {
  name: 'sent-emails',
  tables: ['sent_emails'],
  bufferedRebuild: true,
  handles: Object.keys(sentEmailEvents),
  async apply(recorded, trx) {
    const event = toDomainEvent<SentEmailEvent>(recorded);
    const key = { id: emailIdOf(recorded.streamId) };
    switch (event.type) {
      case 'EmailQueued': {
        const { emailId, ownerId, contactId, bankId, bankName, recipientName, recipientEmail, subject, body, queuedAt, resendOf } = event.data;
        return insertRow(trx, 'sent_emails', recorded, {
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
        });
      }
      case 'EmailSendClaimed':
        return updateRow(trx, 'sent_emails', key, recorded, { status: 'sending', claimed_at: event.data.claimedAt, attempts: event.data.attempt });
      case 'EmailSent':
        return updateRow(trx, 'sent_emails', key, recorded, {
          status: 'sent',
          sent_at: event.data.sentAt,
          failure_reason: null,
          provider_message_id: event.data.providerMessageId,
          transport: event.data.transport ?? null,
          next_attempt_at: null,
        });
      case 'EmailSendDeferred':
        return updateRow(trx, 'sent_emails', key, recorded, { status: 'queued', failure_reason: event.data.reason, next_attempt_at: event.data.retryAt, claimed_at: null });
      case 'EmailSendFailed':
        return updateRow(trx, 'sent_emails', key, recorded, { status: 'failed', failure_reason: event.data.reason, next_attempt_at: null });
      case 'EmailDeliveryUnknown':
        return updateRow(trx, 'sent_emails', key, recorded, { status: 'unknown', failure_reason: event.data.reason, next_attempt_at: null });
      case 'EmailDismissed':
        return updateRow(trx, 'sent_emails', key, recorded, { status: 'dismissed' });
      case 'EmailBounced':
        if (event.data.severity === 'permanent') {
          return updateRow(trx, 'sent_emails', key, recorded, { status: 'failed', failure_reason: `Bounced: ${event.data.reason}`, next_attempt_at: null });
        }
        return updateRow(trx, 'sent_emails', key, recorded, {});
      // Nothing shown changes, but the row keeps the stream's version.
      case 'EmailComplaintReceived':
      case 'EmailUnsubscribeReceived':
        return updateRow(trx, 'sent_emails', key, recorded, {});
    }
  },
};
