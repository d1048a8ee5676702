import type { DeliveryStatus } from '../../../../domain/records/sent-email.ts';
import type { Decider } from '../../commands/decider.ts';
import { Conflict, RuleBroken } from '../../commands/errors.ts';
import { assertOwnedActive, type RecordStatus } from '../ownership.ts';
import type { ProviderReport, SentEmailCommand } from './commands.ts';
import { sentEmailEvents, type EmailMessage, type SentEmailEvent } from './events.ts';

/** queued -> sending (claimed) -> sent | failed | queued again (deferred) | unknown; unknown and failed may be dismissed. */

export type SentEmailState = { status: RecordStatus; ownerId?: string; delivery?: DeliveryStatus; attempts: number; providerEvents: ReadonlySet<string> };

const initialState = (): SentEmailState => ({ status: 'absent', attempts: 0, providerEvents: new Set() });

/** Clocks differ a little between a client and us; a send further ahead than this is a mistake. */
const allowedClockSkewMs = 5 * 60_000;

function queued(emailId: string, userId: string, message: EmailMessage, queuedAt: string, outbox: { resendOf?: string; unsubscribeUrl?: string } = {}) {
  return sentEmailEvents.EmailQueued.create({
    emailId,
    ownerId: userId,
    queuedAt,
    ...message,
    ...(outbox.resendOf ? { resendOf: outbox.resendOf } : {}),
    ...(outbox.unsubscribeUrl ? { unsubscribeUrl: outbox.unsubscribeUrl } : {}),
  });
}

function decide(command: SentEmailCommand, state: SentEmailState): SentEmailEvent[] {
  if (command.type === 'RecordSentEmail' || command.type === 'QueueEmail') {
    if (state.status !== 'absent') throw new Conflict('This email already exists.');
    if (command.type === 'QueueEmail') return [queued(command.emailId, command.userId, command.message, command.at, command)];
    if (Date.parse(command.sentAt) > Date.parse(command.at) + allowedClockSkewMs) throw new RuleBroken('sentAt cannot be in the future.');
    if (!command.contactIsTheirs) throw new RuleBroken('contactId: choose one of your contacts.', { issues: [{ path: 'contactId', message: 'Choose one of your contacts.' }] });
    return [
      queued(command.emailId, command.userId, command.message, command.sentAt),
      sentEmailEvents.EmailSent.create({ sentAt: command.sentAt, providerMessageId: null }),
    ];
  }
  assertOwnedActive(state, command.userId, 'Sent email');
  const delivery = state.delivery;
  switch (command.type) {
    // A claim only takes a queued email: a second dispatcher racing for it gets nothing and moves on.
    case 'ClaimEmailSend':
      return delivery === 'queued' ? [sentEmailEvents.EmailSendClaimed.create({ claimedAt: command.at, attempt: state.attempts + 1, dispatcherId: command.dispatcherId })] : [];
    // Repeating the outcome already recorded changes nothing (an outbox may report twice); the other outcome is a conflict.
    // A late confirmation of an email marked unknown or dismissed is welcome: now we know it left.
    case 'ConfirmEmailSent':
      if (delivery === 'failed') throw new Conflict('This email already failed to send.');
      return delivery === 'sent'
        ? []
        : [sentEmailEvents.EmailSent.create({ sentAt: command.sentAt, providerMessageId: command.providerMessageId, ...(command.transport ? { transport: command.transport } : {}) })];
    case 'DeferEmailSend':
      return delivery === 'sending' ? [sentEmailEvents.EmailSendDeferred.create({ deferredAt: command.at, reason: command.reason, retryAt: command.retryAt })] : [];
    case 'RecordEmailSendFailure':
      if (delivery === 'sent') throw new Conflict('This email was already sent.');
      return delivery === 'failed' ? [] : [sentEmailEvents.EmailSendFailed.create({ failedAt: command.at, reason: command.reason })];
    case 'MarkEmailDeliveryUnknown':
      return delivery === 'sending' ? [sentEmailEvents.EmailDeliveryUnknown.create({ markedAt: command.at, reason: command.reason })] : [];
    case 'DismissEmail':
      if (delivery === 'dismissed') return [];
      if (delivery !== 'unknown' && delivery !== 'failed') throw new Conflict('Only an email that failed or whose delivery is unknown can be dismissed.');
      return [sentEmailEvents.EmailDismissed.create({ dismissedAt: command.at })];
    case 'RecordProviderReport':
      return providerReportEvents(command.report, state, command.at);
  }
}

/** A provider report, once per provider event (webhooks are delivered at least once). */
function providerReportEvents(report: ProviderReport, state: SentEmailState, at: string): SentEmailEvent[] {
  if (state.providerEvents.has(report.providerEventId)) return [];
  const { providerEventId } = report;
  switch (report.kind) {
    case 'bounced':
      return [sentEmailEvents.EmailBounced.create({ bouncedAt: at, severity: report.severity, reason: report.reason, providerEventId })];
    case 'complained':
      return [sentEmailEvents.EmailComplaintReceived.create({ receivedAt: at, providerEventId })];
    case 'unsubscribed':
      return [sentEmailEvents.EmailUnsubscribeReceived.create({ receivedAt: at, providerEventId })];
  }
}

const withProviderEvent = (state: SentEmailState, providerEventId: string) => ({ ...state, providerEvents: new Set([...state.providerEvents, providerEventId]) });

function evolve(state: SentEmailState, event: SentEmailEvent): SentEmailState {
  switch (event.type) {
    case 'EmailQueued':
      return { status: 'active', ownerId: event.data.ownerId, delivery: 'queued', attempts: 0, providerEvents: new Set() };
    case 'EmailSendClaimed':
      return { ...state, delivery: 'sending', attempts: event.data.attempt };
    case 'EmailSent':
      return { ...state, delivery: 'sent' };
    case 'EmailSendDeferred':
      return { ...state, delivery: 'queued' };
    case 'EmailSendFailed':
      return { ...state, delivery: 'failed' };
    case 'EmailDeliveryUnknown':
      return { ...state, delivery: 'unknown' };
    case 'EmailDismissed':
      return { ...state, delivery: 'dismissed' };
    // A permanent bounce after the provider took the email: it was never delivered.
    case 'EmailBounced':
      return withProviderEvent(event.data.severity === 'permanent' ? { ...state, delivery: 'failed' } : state, event.data.providerEventId);
    case 'EmailComplaintReceived':
    case 'EmailUnsubscribeReceived':
      return withProviderEvent(state, event.data.providerEventId);
  }
}

export const sentEmailDecider: Decider<SentEmailState, SentEmailCommand, SentEmailEvent> = { initialState, decide, evolve };
