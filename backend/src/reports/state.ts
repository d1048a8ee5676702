import { toDomainEvent } from '../events/registry.ts';
import type { RecordedEvent } from '../eventstore/types.ts';
import type { ContactEvent } from '../outreach/contacts/events.ts';
import type { SentEmailEvent } from '../outreach/sent-emails/events.ts';
import type { TargetEvent } from '../outreach/targets/events.ts';
import type { TaskEvent } from '../outreach/tasks/events.ts';
import { parseTargetStreamId } from '../outreach/targets/events.ts';
import { erasedName } from '../privacy/personal-data.ts';

/**
 * What the analyst's reports know of one user's outreach, folded from the user's events in order.
 * Plain JSON (records keyed by id), so a fold can be saved as a snapshot and resumed later.
 */
export type ReportState = {
  targets: Record<string, TargetFacts>;
  contacts: Record<string, ContactFacts>;
  emails: Record<string, EmailFacts>;
  tasks: Record<string, TaskFacts>;
  /** Automation outcomes: how many enrolment events of each kind (stops by reason). */
  automation: Record<string, number>;
};

export type TargetFacts = {
  cert: number;
  name: string;
  city: string | null;
  state: string | null;
  isTarget: boolean;
  tags: string[];
  financials: Record<string, number | string | null>;
};
export type ContactFacts = { name: string; title: string; bankId: number; bankName: string | null; email: string | null; isHotLead: boolean; replied: boolean };
export type EmailFacts = { contactId: string | null; status: string; sentAt: string | null };
export type TaskFacts = { bankId: number; text: string; completedAt: string | null };

export const initialReportState = (): ReportState => ({ targets: {}, contacts: {}, emails: {}, tasks: {}, automation: {} });

const after = (streamId: string, prefix: string) => streamId.slice(prefix.length);

/** Applies one event to the state in place (the fold owns its state) and returns it. */
export function foldReportEvent(state: ReportState, event: RecordedEvent): ReportState {
  const { streamId } = event;
  if (streamId.startsWith('target-')) foldTarget(state, event);
  else if (streamId.startsWith('contact-')) foldContact(state, after(streamId, 'contact-'), event);
  else if (streamId.startsWith('sent-email-')) foldEmail(state, after(streamId, 'sent-email-'), event);
  else if (streamId.startsWith('task-')) foldTask(state, after(streamId, 'task-'), event);
  else if (event.type.startsWith('Enrolment')) foldAutomation(state, event);
  return state;
}

function foldTarget(state: ReportState, recorded: RecordedEvent): void {
  const { cert } = parseTargetStreamId(recorded.streamId);
  const event = toDomainEvent<TargetEvent>(recorded);
  const key = String(cert);
  const target = state.targets[key];
  switch (event.type) {
    case 'BankTracked': {
      const { name, city, state: bankState, tags, financials } = event.data;
      state.targets[key] = { cert, name, city, state: bankState, isTarget: true, tags, financials };
      return;
    }
    case 'BankUntracked':
      delete state.targets[key];
      return;
  }
  if (!target) return;
  switch (event.type) {
    case 'BankSnapshotRefreshed': {
      const { name, city, state: bankState } = event.data.details;
      if (name !== undefined) target.name = name;
      if (city !== undefined) target.city = city;
      if (bankState !== undefined) target.state = bankState;
      target.financials = { ...target.financials, ...event.data.financials };
      return;
    }
    case 'BankTargeted':
      target.isTarget = true;
      return;
    case 'BankUntargeted':
      target.isTarget = false;
      return;
    case 'BankTagsChanged':
      target.tags = event.data.tags;
      return;
  }
}

function foldContact(state: ReportState, id: string, recorded: RecordedEvent): void {
  const event = toDomainEvent<ContactEvent>(recorded);
  if (event.type === 'ContactAdded') {
    const { name, title, bankId, bankName, email } = event.data;
    state.contacts[id] = { name, title, bankId, bankName, email, isHotLead: false, replied: false };
    return;
  }
  const contact = state.contacts[id];
  if (!contact) return;
  switch (event.type) {
    case 'ContactRenamed':
      contact.name = event.data.name;
      return;
    case 'ContactTitleChanged':
      contact.title = event.data.title;
      return;
    case 'ContactEmailChanged':
      contact.email = event.data.email;
      return;
    case 'ContactMovedToBank':
      contact.bankId = event.data.bankId;
      contact.bankName = event.data.bankName;
      return;
    case 'ContactMarkedHotLead':
      contact.isHotLead = true;
      return;
    case 'ContactUnmarkedHotLead':
      contact.isHotLead = false;
      return;
    case 'ContactDeleted':
      delete state.contacts[id];
      return;
    case 'ContactReplied':
      contact.replied = true;
      return;
    case 'ContactErased':
      contact.name = erasedName;
      contact.email = null;
      return;
  }
}

function foldEmail(state: ReportState, id: string, recorded: RecordedEvent): void {
  const event = toDomainEvent<SentEmailEvent>(recorded);
  if (event.type === 'EmailQueued') {
    state.emails[id] = { contactId: event.data.contactId, status: 'queued', sentAt: null };
    return;
  }
  const email = state.emails[id];
  if (!email) return;
  switch (event.type) {
    case 'EmailSendClaimed':
      email.status = 'sending';
      return;
    case 'EmailSent':
      email.status = 'sent';
      email.sentAt = event.data.sentAt;
      return;
    case 'EmailSendDeferred':
      email.status = 'queued';
      return;
    case 'EmailSendFailed':
      email.status = 'failed';
      return;
    case 'EmailDeliveryUnknown':
      email.status = 'unknown';
      return;
    case 'EmailDismissed':
      email.status = 'dismissed';
      return;
  }
}

function foldTask(state: ReportState, id: string, recorded: RecordedEvent): void {
  const event = toDomainEvent<TaskEvent>(recorded);
  if (event.type === 'TaskCreated') {
    state.tasks[id] = { bankId: event.data.bankId, text: event.data.text, completedAt: null };
    return;
  }
  const task = state.tasks[id];
  if (!task) return;
  switch (event.type) {
    case 'TaskTextChanged':
      task.text = event.data.text;
      return;
    case 'TaskMovedToBank':
      task.bankId = event.data.bankId;
      return;
    case 'TaskCompleted':
      task.completedAt = event.data.completedAt;
      return;
    case 'TaskReopened':
      task.completedAt = null;
      return;
    case 'TaskDeleted':
      delete state.tasks[id];
      return;
  }
}

/** Enrolment events are counted by kind; a stop also by its reason, so "stopped: replied" reads as an outcome. */
function foldAutomation(state: ReportState, event: RecordedEvent): void {
  const count = (key: string) => (state.automation[key] = (state.automation[key] ?? 0) + 1);
  count(event.type);
  const reason = (event.data as { reason?: unknown }).reason;
  if (event.type === 'EnrolmentStopped' && typeof reason === 'string') count(`EnrolmentStopped:${reason}`);
}
