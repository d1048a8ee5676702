import type { Decider } from '../../commands/decider.ts';
import { BadRequestError, ConflictError } from '../../http/errors.ts';
import { assertOwnedActive, type RecordStatus } from '../ownership.ts';
import type { SentEmailCommand } from './commands.ts';
import { sentEmailEvents, type EmailMessage, type SentEmailEvent } from './events.ts';

export type DeliveryStatus = 'queued' | 'sent' | 'failed';

export type SentEmailState = { status: RecordStatus; ownerId?: string; delivery?: DeliveryStatus };

const initialState = (): SentEmailState => ({ status: 'absent' });

/** Clocks differ a little between a client and us; a send further ahead than this is a mistake. */
const allowedClockSkewMs = 5 * 60_000;

function queued(emailId: string, userId: string, message: EmailMessage, queuedAt: string) {
  return sentEmailEvents.EmailQueued.create({ emailId, ownerId: userId, queuedAt, ...message });
}

function decide(command: SentEmailCommand, state: SentEmailState): SentEmailEvent[] {
  if (command.type === 'RecordSentEmail' || command.type === 'QueueEmail') {
    if (state.status !== 'absent') throw new ConflictError('This email already exists.');
    if (command.type === 'QueueEmail') return [queued(command.emailId, command.userId, command.message, command.at)];
    if (Date.parse(command.sentAt) > Date.parse(command.at) + allowedClockSkewMs) throw new BadRequestError('sentAt cannot be in the future.');
    return [
      queued(command.emailId, command.userId, command.message, command.sentAt),
      sentEmailEvents.EmailSent.create({ sentAt: command.sentAt, providerMessageId: null }),
    ];
  }
  assertOwnedActive(state, command.userId, 'Sent email');
  switch (command.type) {
    // Repeating the outcome already recorded changes nothing (an outbox may report twice); the other outcome is a conflict.
    case 'ConfirmEmailSent':
      if (state.delivery === 'failed') throw new ConflictError('This email already failed to send.');
      return state.delivery === 'sent' ? [] : [sentEmailEvents.EmailSent.create({ sentAt: command.sentAt, providerMessageId: command.providerMessageId })];
    case 'RecordEmailSendFailure':
      if (state.delivery === 'sent') throw new ConflictError('This email was already sent.');
      return state.delivery === 'failed' ? [] : [sentEmailEvents.EmailSendFailed.create({ failedAt: command.at, reason: command.reason })];
  }
}

function evolve(state: SentEmailState, event: SentEmailEvent): SentEmailState {
  switch (event.type) {
    case 'EmailQueued':
      return { status: 'active', ownerId: event.data.ownerId, delivery: 'queued' };
    case 'EmailSent':
      return { ...state, delivery: 'sent' };
    case 'EmailSendFailed':
      return { ...state, delivery: 'failed' };
  }
}

export const sentEmailDecider: Decider<SentEmailState, SentEmailCommand, SentEmailEvent> = { initialState, decide, evolve };
