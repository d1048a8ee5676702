import { quoted, type ActivityDescription } from '../activity.ts';
import type { SentEmailEvent } from './events.ts';

export const sentEmailActivity: ActivityDescription<SentEmailEvent> = {
  resource: 'sent-emails',
  recordId: (streamId) => streamId.slice('sent-email-'.length),
  summaries: {
    EmailQueued: (data) => `Queued email ${quoted(data.subject)} to ${data.recipientName ?? data.recipientEmail}`,
    EmailSent: () => 'Sent email',
    EmailSendFailed: (data) => `Email could not be sent: ${data.reason}`,
  },
};
