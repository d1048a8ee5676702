import type { Decider } from '../../commands/decider.ts';
import { Conflict, RecordNotFound, RuleBroken } from '../../commands/errors.ts';
import { erasedContactName } from '../../../../domain/records/contact.ts';
import { assertOwnedActive, assertOwnedDeleted, sameTags, type RecordStatus } from '../ownership.ts';
import type { ContactCommand, ContactFields } from './commands.ts';
import { contactEvents, type CheckedVerification, type ContactEvent } from './events.ts';

export type ContactState = ContactFields & {
  status: RecordStatus;
  ownerId?: string;
  isHotLead: boolean;
  verification: CheckedVerification | null;
  repliedAt: string | null;
  /** Its personal data was erased (its key destroyed): what it was cannot come back. */
  erased: boolean;
};

const sameReplyWithinMs = 60_000;

const initialState = (): ContactState => ({
  status: 'absent',
  bankId: 0,
  bankName: null,
  name: '',
  title: '',
  email: null,
  linkedinUrl: null,
  tags: [],
  isHotLead: false,
  verification: null,
  repliedAt: null,
  erased: false,
});

const hotLeadEvents = (state: ContactState, isHotLead: boolean): ContactEvent[] =>
  isHotLead === state.isHotLead ? [] : [isHotLead ? contactEvents.ContactMarkedHotLead.create({}) : contactEvents.ContactUnmarkedHotLead.create({})];

function decide(command: ContactCommand, state: ContactState): ContactEvent[] {
  if (command.type === 'AddContact') {
    if (state.status !== 'absent') throw new Conflict('This contact already exists.');
    const { fields, verification } = command;
    const events: ContactEvent[] = [contactEvents.ContactAdded.create({ contactId: command.contactId, ownerId: command.userId, ...fields, addressHeld: command.holdAddress })];
    events.push(...hotLeadEvents(state, command.isHotLead));
    if (verification) events.push(contactEvents.ContactEmailVerified.create({ ...verification, verifiedAt: command.at }));
    return events;
  }
  if (command.type === 'EraseContact') {
    // A deleted contact's data is still in its history: erasing it is allowed, and repeating it is harmless.
    if (state.status === 'absent' || state.ownerId !== command.userId) throw new RecordNotFound('Contact');
    return [contactEvents.ContactErased.create({ erasedAt: command.at })];
  }
  if (command.type === 'RestoreContact') {
    assertOwnedDeleted(state, command.userId, 'Contact');
    if (state.erased) throw new Conflict('This contact\'s personal data was erased: an erased contact cannot be restored.');
    const { status: _status, ownerId, erased: _erased, ...fields } = state;
    return [contactEvents.ContactRestored.create({ contactId: command.contactId, ownerId: ownerId!, ...fields, addressHeld: command.holdAddress, addedAt: command.addedAt })];
  }
  assertOwnedActive(state, command.userId, 'Contact');
  switch (command.type) {
    case 'EditContact': {
      const { bankId, bankName, name, title, email, linkedinUrl, tags, isHotLead } = command.changes;
      const events: ContactEvent[] = [];
      if (name !== undefined && name !== state.name) events.push(contactEvents.ContactRenamed.create({ name }));
      if (title !== undefined && title !== state.title) events.push(contactEvents.ContactTitleChanged.create({ title }));
      if (email !== undefined && email !== state.email) events.push(contactEvents.ContactEmailChanged.create({ email, addressHeld: command.holdAddress }));
      if (linkedinUrl !== undefined && linkedinUrl !== state.linkedinUrl) events.push(contactEvents.ContactLinkedinUrlChanged.create({ linkedinUrl }));
      if (tags !== undefined && !sameTags(tags, state.tags)) events.push(contactEvents.ContactTagsChanged.create({ tags }));
      const movedBank = bankId !== undefined && bankId !== state.bankId;
      const renamedBank = bankName !== undefined && bankName !== state.bankName;
      if (movedBank || renamedBank) {
        // A whole record sent back still names the old bank: a new bank without a new name takes the new bank's (tracked, else FDIC's).
        events.push(contactEvents.ContactMovedToBank.create({ bankId: bankId ?? state.bankId, bankName: renamedBank ? bankName : command.newBankName, addressHeld: command.holdAddress }));
      }
      if (isHotLead !== undefined) events.push(...hotLeadEvents(state, isHotLead));
      return events;
    }
    case 'SetHotLead':
      return hotLeadEvents(state, command.isHotLead);
    case 'RecordEmailVerification':
      if (!state.email) throw new RuleBroken('This contact has no email address to verify.');
      // Every check is a new fact (a later check may differ), so it is recorded even when the result repeats.
      return [contactEvents.ContactEmailVerified.create({ ...command.verification, verifiedAt: command.at })];
    case 'MarkContactReplied':
      // Each reply is a fact of its own (it stops the automations under way when it came), but a mark
      // repeated within a minute is the same reply clicked twice or a request retried.
      return state.repliedAt && Date.parse(command.at) - Date.parse(state.repliedAt) < sameReplyWithinMs ? [] : [contactEvents.ContactReplied.create({ repliedAt: command.at })];
    case 'DeleteContact':
      return [contactEvents.ContactDeleted.create({})];
  }
}

function evolve(state: ContactState, event: ContactEvent): ContactState {
  switch (event.type) {
    case 'ContactAdded': {
      const { contactId: _id, ownerId, addressHeld: _held, ...fields } = event.data;
      return { ...state, ...fields, status: 'active', ownerId };
    }
    case 'ContactRenamed':
      return { ...state, name: event.data.name };
    case 'ContactTitleChanged':
      return { ...state, title: event.data.title };
    case 'ContactEmailChanged':
      return { ...state, email: event.data.email, verification: null };
    case 'ContactLinkedinUrlChanged':
      return { ...state, linkedinUrl: event.data.linkedinUrl };
    case 'ContactTagsChanged':
      return { ...state, tags: event.data.tags };
    case 'ContactMovedToBank':
      return { ...state, bankId: event.data.bankId, bankName: event.data.bankName };
    case 'ContactMarkedHotLead':
      return { ...state, isHotLead: true };
    case 'ContactUnmarkedHotLead':
      return { ...state, isHotLead: false };
    case 'ContactEmailVerified':
      return { ...state, verification: { result: event.data.result, score: event.data.score, verifiedAt: event.data.verifiedAt } };
    case 'ContactReplied':
      return { ...state, repliedAt: event.data.repliedAt };
    case 'ContactDeleted':
      return { ...state, status: 'deleted' };
    case 'ContactRestored': {
      const { contactId: _id, addressHeld: _held, addedAt: _added, ...fields } = event.data;
      return { ...state, ...fields, status: 'active' };
    }
    case 'ContactErased':
      return { ...state, name: erasedContactName, email: null, linkedinUrl: null, erased: true };
  }
}

export const contactDecider: Decider<ContactState, ContactCommand, ContactEvent> = { initialState, decide, evolve };
