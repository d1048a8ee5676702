import { toDomainEvent } from '../events/registry.ts';
import type { RecordedEvent } from '../eventstore/types.ts';
import type { ContactEvent } from '../outreach/contacts/events.ts';
import type { EnrolmentEvent } from '../outreach/enrolments/events.ts';
import type { SentEmailEvent } from '../outreach/sent-emails/events.ts';
import type { TargetEvent } from '../outreach/targets/events.ts';
import type { TaskEvent } from '../outreach/tasks/events.ts';
import { parseTargetStreamId } from '../outreach/targets/events.ts';
import { erasedContactName } from '../../../domain/records/contact.ts';
import type { EnrolmentStatus, EnrolmentStopReason } from '../../../domain/records/enrolment.ts';

/**
 * What the analyst's reports know of one user's outreach, folded from the user's events in order.
 * Plain JSON (records keyed by id), so a fold can be saved as a snapshot and resumed later.
 */
export type ReportState = {
  targets: Record<string, TargetFacts>;
  contacts: Record<string, ContactFacts>;
  emails: EmailTable;
  tasks: Record<string, TaskFacts>;
  /** Where each enrolment stands, by enrolment id: the automation outcomes count each enrolment once. */
  enrolments: Record<string, EnrolmentOutcome>;
};

/** Where an enrolment stands: running, paused, through its last step, or stopped and why ('stopped:replied'). */
export type EnrolmentOutcome = Exclude<EnrolmentStatus, 'stopped'> | `stopped:${EnrolmentStopReason}`;

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
/**
 * Every email the user queued, as columns (row i of each is one email): a history of a million
 * events holds about half a million emails, and a snapshot of them as one object each took seconds
 * to load. The index by id is built only when an event names an email (never saved).
 */
export type EmailTable = { ids: string[]; contactIds: Array<string | null>; statuses: string[]; sentAts: Array<string | null> };
export type TaskFacts = { bankId: number; text: string; completedAt: string | null };

export const initialReportState = (): ReportState => ({ targets: {}, contacts: {}, emails: { ids: [], contactIds: [], statuses: [], sentAts: [] }, tasks: {}, enrolments: {} });

const emailIndexes = new WeakMap<EmailTable, Map<string, number>>();

/** The row of the email with this id, if the table holds it. */
function emailRow(table: EmailTable, id: string): number | undefined {
  let index = emailIndexes.get(table);
  if (!index) {
    index = new Map(table.ids.map((emailId, row) => [emailId, row]));
    emailIndexes.set(table, index);
  }
  return index.get(id);
}

/** A snapshot's text: the state as JSON. */
export const serialiseReportState = (state: ReportState): string => JSON.stringify(state);
export const parseReportState = (text: string): ReportState => JSON.parse(text) as ReportState;

const after = (streamId: string, prefix: string) => streamId.slice(prefix.length);

/** Applies one event to the state in place (the fold owns its state) and returns it. */
export function foldReportEvent(state: ReportState, event: RecordedEvent): ReportState {
  const { streamId } = event;
  if (streamId.startsWith('target-')) foldTarget(state, event);
  else if (streamId.startsWith('contact-')) foldContact(state, after(streamId, 'contact-'), event);
  else if (streamId.startsWith('sent-email-')) foldEmail(state, after(streamId, 'sent-email-'), event);
  else if (streamId.startsWith('task-')) foldTask(state, after(streamId, 'task-'), event);
  else if (event.type.startsWith('Enrolment')) foldEnrolment(state, after(streamId, 'enrolment-'), event);
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
  if (event.type === 'ContactRestored') {
    const { name, title, bankId, bankName, email, isHotLead, repliedAt } = event.data;
    state.contacts[id] = { name, title, bankId, bankName, email, isHotLead, replied: repliedAt !== null };
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
      contact.name = erasedContactName;
      contact.email = null;
      return;
  }
}

function foldEmail(state: ReportState, id: string, recorded: RecordedEvent): void {
  const event = toDomainEvent<SentEmailEvent>(recorded);
  const table = state.emails;
  let row = emailRow(table, id);
  if (event.type === 'EmailQueued') {
    if (row === undefined) {
      row = table.ids.push(id) - 1;
      emailIndexes.get(table)!.set(id, row);
    }
    table.contactIds[row] = event.data.contactId;
    table.statuses[row] = 'queued';
    table.sentAts[row] = null;
    return;
  }
  if (row === undefined) return;
  switch (event.type) {
    case 'EmailSendClaimed':
      table.statuses[row] = 'sending';
      return;
    case 'EmailSent':
      table.statuses[row] = 'sent';
      table.sentAts[row] = event.data.sentAt;
      return;
    case 'EmailSendDeferred':
      table.statuses[row] = 'queued';
      return;
    case 'EmailSendFailed':
      table.statuses[row] = 'failed';
      return;
    case 'EmailDeliveryUnknown':
      table.statuses[row] = 'unknown';
      return;
    case 'EmailDismissed':
      table.statuses[row] = 'dismissed';
      return;
    // The provider took the email but could never deliver it: it reached no one, as Sent mail says.
    case 'EmailBounced':
      if (event.data.severity === 'permanent') table.statuses[row] = 'failed';
      return;
  }
}

function foldTask(state: ReportState, id: string, recorded: RecordedEvent): void {
  const event = toDomainEvent<TaskEvent>(recorded);
  if (event.type === 'TaskCreated') {
    state.tasks[id] = { bankId: event.data.bankId, text: event.data.text, completedAt: null };
    return;
  }
  if (event.type === 'TaskRestored') {
    state.tasks[id] = { bankId: event.data.bankId, text: event.data.text, completedAt: event.data.completedAt };
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

/** An enrolment moves from one outcome to the next, so it is counted once whatever it went through. */
function foldEnrolment(state: ReportState, id: string, recorded: RecordedEvent): void {
  const event = toDomainEvent<EnrolmentEvent>(recorded);
  switch (event.type) {
    case 'EnrolmentStarted':
    case 'EnrolmentResumed':
      state.enrolments[id] = 'active';
      return;
    case 'EnrolmentPaused':
      state.enrolments[id] = 'paused';
      return;
    case 'EnrolmentCompleted':
      state.enrolments[id] = 'completed';
      return;
    case 'EnrolmentStopped':
      state.enrolments[id] = `stopped:${event.data.reason}`;
      return;
    // The enrolment's other events (a step done or scheduled) leave where it stands as it was.
  }
}
