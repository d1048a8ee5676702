import { deciderSpec } from '../../commands/decider-spec.ts';
import { Conflict, NotFound, RuleBroken } from '../../commands/errors.ts';
import { sentEmailDecider } from './decider.ts';
import type { EmailMessage, SentEmailEvent } from './events.ts';

const owner = '11111111-1111-4111-8111-111111111111';
const stranger = '22222222-2222-4222-8222-222222222222';
const emailId = '99999999-9999-4999-8999-999999999999';
const at = '2026-11-22T10:00:00.000Z';
const message: EmailMessage = {
  contactId: null,
  bankId: 628,
  bankName: 'JPMorgan Chase Bank',
  recipientName: 'Jane Doe',
  recipientEmail: 'jane@example.com',
  subject: 'Hello',
  body: 'Hi Jane,',
};
const queued: SentEmailEvent = { type: 'EmailQueued', data: { emailId, ownerId: owner, queuedAt: at, ...message } };
const sent: SentEmailEvent = { type: 'EmailSent', data: { sentAt: '2026-11-22T10:00:05.000Z', providerMessageId: 'mg-1' } };
const failed: SentEmailEvent = { type: 'EmailSendFailed', data: { failedAt: at, reason: 'Mailbox unavailable' } };
const spec = deciderSpec(sentEmailDecider);

describe('sent email decider', () => {
  it('records an email sent elsewhere as queued and sent at once', () => {
    const sentAt = '2026-11-21T09:30:00.000Z';
    spec
      .given([])
      .when({ type: 'RecordSentEmail', emailId, userId: owner, message, sentAt, at, contactIsTheirs: true })
      .then([
        { type: 'EmailQueued', data: { emailId, ownerId: owner, queuedAt: sentAt, ...message } },
        { type: 'EmailSent', data: { sentAt, providerMessageId: null } },
      ]);
  });

  it("refuses to log an email naming a contact that is not the user's", () => {
    spec.given([]).when({ type: 'RecordSentEmail', emailId, userId: owner, message, sentAt: at, at, contactIsTheirs: false }).thenThrows(/contactId: choose one of your contacts/, RuleBroken);
  });

  it('refuses a send time in the future, beyond a little clock skew', () => {
    spec.given([]).when({ type: 'RecordSentEmail', emailId, userId: owner, message, sentAt: '2026-11-22T11:00:00.000Z', at, contactIsTheirs: true }).thenThrows(/cannot be in the future/, RuleBroken);
    spec
      .given([])
      .when({ type: 'RecordSentEmail', emailId, userId: owner, message, sentAt: '2026-11-22T10:01:00.000Z', at, contactIsTheirs: true })
      .then([
        { type: 'EmailQueued', data: { emailId, ownerId: owner, queuedAt: '2026-11-22T10:01:00.000Z', ...message } },
        { type: 'EmailSent', data: { sentAt: '2026-11-22T10:01:00.000Z', providerMessageId: null } },
      ]);
  });

  it('refuses to record the same email twice', () => {
    spec.given([queued, sent]).when({ type: 'RecordSentEmail', emailId, userId: owner, message, sentAt: at, at, contactIsTheirs: true }).thenThrows(/already exists/, Conflict);
  });

  it('queues an email, then confirms it sent once; a repeated confirmation changes nothing', () => {
    spec.given([]).when({ type: 'QueueEmail', emailId, userId: owner, message, at }).then([queued]);
    spec.given([queued]).when({ type: 'ConfirmEmailSent', userId: owner, sentAt: sent.data.sentAt, providerMessageId: 'mg-1' }).then([sent]);
    spec.given([queued, sent]).when({ type: 'ConfirmEmailSent', userId: owner, sentAt: at, providerMessageId: 'mg-2' }).then([]);
  });

  it('records a failed send once, and refuses the opposite outcome afterwards', () => {
    spec.given([queued]).when({ type: 'RecordEmailSendFailure', userId: owner, reason: 'Mailbox unavailable', at }).then([failed]);
    spec.given([queued, failed]).when({ type: 'RecordEmailSendFailure', userId: owner, reason: 'again', at }).then([]);
    spec.given([queued, failed]).when({ type: 'ConfirmEmailSent', userId: owner, sentAt: at, providerMessageId: null }).thenThrows(/already failed/, Conflict);
    spec.given([queued, sent]).when({ type: 'RecordEmailSendFailure', userId: owner, reason: 'late bounce', at }).thenThrows(/already sent/, Conflict);
  });

  const claimed: SentEmailEvent = { type: 'EmailSendClaimed', data: { claimedAt: at, attempt: 1, dispatcherId: 'd1' } };
  const unknown: SentEmailEvent = { type: 'EmailDeliveryUnknown', data: { markedAt: at, reason: 'interrupted' } };

  it('lets one dispatcher claim a queued email; a second claim gets nothing', () => {
    spec.given([queued]).when({ type: 'ClaimEmailSend', userId: owner, dispatcherId: 'd1', at }).then([claimed]);
    spec.given([queued, claimed]).when({ type: 'ClaimEmailSend', userId: owner, dispatcherId: 'd2', at }).then([]);
    spec.given([queued, sent]).when({ type: 'ClaimEmailSend', userId: owner, dispatcherId: 'd2', at }).then([]);
  });

  it('defers a claimed email back to the queue, and counts the next claim as the second attempt', () => {
    const deferred: SentEmailEvent = { type: 'EmailSendDeferred', data: { deferredAt: at, reason: 'busy', retryAt: '2026-11-22T10:00:10.000Z' } };
    spec.given([queued, claimed]).when({ type: 'DeferEmailSend', userId: owner, reason: 'busy', retryAt: '2026-11-22T10:00:10.000Z', at }).then([deferred]);
    spec
      .given([queued, claimed, deferred])
      .when({ type: 'ClaimEmailSend', userId: owner, dispatcherId: 'd1', at })
      .then([{ type: 'EmailSendClaimed', data: { claimedAt: at, attempt: 2, dispatcherId: 'd1' } }]);
    spec.given([queued]).when({ type: 'DeferEmailSend', userId: owner, reason: 'busy', retryAt: at, at }).then([]);
  });

  it('marks only an unsettled claim unknown; never a queued or sent email', () => {
    spec.given([queued, claimed]).when({ type: 'MarkEmailDeliveryUnknown', userId: owner, reason: 'interrupted', at }).then([unknown]);
    spec.given([queued]).when({ type: 'MarkEmailDeliveryUnknown', userId: owner, reason: 'x', at }).then([]);
    spec.given([queued, claimed, sent]).when({ type: 'MarkEmailDeliveryUnknown', userId: owner, reason: 'x', at }).then([]);
  });

  it('accepts a late confirmation of an unknown email, and dismisses only unknown or failed ones', () => {
    spec.given([queued, claimed, unknown]).when({ type: 'ConfirmEmailSent', userId: owner, sentAt: at, providerMessageId: 'mg-9', transport: 'mailgun' }).then([
      { type: 'EmailSent', data: { sentAt: at, providerMessageId: 'mg-9', transport: 'mailgun' } },
    ]);
    spec.given([queued, claimed, unknown]).when({ type: 'DismissEmail', userId: owner, at }).then([{ type: 'EmailDismissed', data: { dismissedAt: at } }]);
    spec.given([queued, failed]).when({ type: 'DismissEmail', userId: owner, at }).then([{ type: 'EmailDismissed', data: { dismissedAt: at } }]);
    spec.given([queued, sent]).when({ type: 'DismissEmail', userId: owner, at }).thenThrows(/can be dismissed/, Conflict);
  });

  it("treats another user's email, and one never queued, as not found", () => {
    spec.given([queued]).when({ type: 'ConfirmEmailSent', userId: stranger, sentAt: at, providerMessageId: null }).thenThrows(/Sent email not found/, NotFound);
    spec.given([]).when({ type: 'RecordEmailSendFailure', userId: owner, reason: 'x', at }).thenThrows(/not found/, NotFound);
  });
});
