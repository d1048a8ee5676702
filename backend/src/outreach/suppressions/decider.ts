import type { Decider } from '../../commands/decider.ts';
import { NotFound } from '../../commands/errors.ts';
import type { SuppressionCommand } from './commands.ts';
import { suppressionEvents, type SuppressionEvent } from './events.ts';

/** The list is the user's own stream (its id names the user), so there is no owner to check. */
export type SuppressionState = { emails: ReadonlySet<string> };

const initialState = (): SuppressionState => ({ emails: new Set() });

/** Addresses compare without regard to letter case. */
export const normalisedEmail = (email: string) => email.trim().toLowerCase();

function decide(command: SuppressionCommand, state: SuppressionState): SuppressionEvent[] {
  const email = normalisedEmail(command.email);
  switch (command.type) {
    case 'SuppressAddress':
      // Already on the list: the first reason stands.
      if (state.emails.has(email)) return [];
      return [suppressionEvents.AddressSuppressed.create({ email, reason: command.reason, contactId: command.contactId, detail: command.detail, suppressedAt: command.at })];
    case 'UnsuppressAddress':
      if (!state.emails.has(email)) throw new NotFound('That address is not on your Do Not Contact list (it may have been removed already).');
      return [suppressionEvents.AddressUnsuppressed.create({ email })];
  }
}

function evolve(state: SuppressionState, event: SuppressionEvent): SuppressionState {
  const emails = new Set(state.emails);
  if (event.type === 'AddressSuppressed') emails.add(event.data.email);
  else emails.delete(event.data.email);
  return { emails };
}

export const suppressionDecider: Decider<SuppressionState, SuppressionCommand, SuppressionEvent> = { initialState, decide, evolve };
