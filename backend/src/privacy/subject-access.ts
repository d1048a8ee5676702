import { stepRecordId } from '../automation/record-ids.ts';
import { RecordNotFound } from '../commands/errors.ts';
import { contactsResource, readContactRecord } from '../outreach/contacts/routes.ts';
import { contactStreamId } from '../outreach/contacts/events.ts';
import { readHistory } from '../outreach/history.ts';
import { normalisedEmail } from '../outreach/suppressions/decider.ts';
import type { AppServices } from '../services.ts';
import type { ChatMessage } from '../ai/provider.ts';
import { identifiersIn, mentionsOf, quotableTexts, quotingAny, withoutMentions, type Mentions } from './personal-data.ts';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const quotes = (text: string, mentions: Mentions) => withoutMentions(text, mentions) !== text;

/**
 * Everything the user holds on one contact, to answer the person's request to see it (the right of
 * access): the contact as recorded and its history; the emails sent to them, texts included; the
 * automations that went through them; their addresses on the Do Not Contact list; and the notes,
 * tasks and Analyst Chat conversations naming them by any name, email or LinkedIn address they had, found as
 * erasure finds them. Only the user's own records: another user's are theirs to answer for.
 */
export async function personalDataOf(services: AppServices, user: { id: string; name: string }, contactId: string) {
  const { knex, eventStore } = services;
  const contact = await readContactRecord(knex, user.id, contactId);
  if (!contact) throw new RecordNotFound('Contact');
  const definition = contactsResource(knex);
  const history = await readHistory(knex, eventStore, { streamId: contactStreamId(contactId), userId: user.id, userName: user.name, what: definition.what, decider: definition.decider, view: definition.historyView, repeat: definition.historyRepeat });
  const recorded = await eventStore.readStream(contactStreamId(contactId));
  const { names, emails, linkedinUrls } = identifiersIn(recorded);
  const mentions = mentionsOf({ names, emails, linkedinUrls });
  const quoted = quotableTexts([...names, ...emails, ...linkedinUrls]);

  const sent = await knex('sent_emails').where({ user_id: user.id, contact_id: contactId }).orderBy('created_at').select('recipient_name', 'recipient_email', 'subject', 'body', 'status', 'failure_reason', 'queued_at', 'sent_at');
  const enrolments = await knex('enrolments').where({ user_id: user.id, contact_id: contactId }).orderBy('started_at').select('id', 'workflow_name', 'steps', 'status', 'stop_reason', 'stop_detail', 'started_at', 'ended_at');
  const addresses = [...new Set([...emails, ...sent.map((row) => row.recipient_email)].filter(Boolean).map(normalisedEmail))];
  const doNotContact = addresses.length ? await knex('suppressions').where('user_id', user.id).whereIn('email', addresses).orderBy('created_at').select('email', 'reason', 'detail', 'created_at') : [];
  // the automation's LinkedIn visits are tasks for the contact, whatever their text says now
  const visitTasks = new Set(enrolments.flatMap(({ id, steps }: { id: string; steps: unknown[] }) => steps.map((_, index) => stepRecordId(id, index, 'task'))));
  const tasks = await knex('tasks')
    .where('user_id', user.id)
    .andWhere((where) => {
      where.whereIn('id', [...visitTasks]);
      if (quoted.length) where.orWhere(quotingAny(quoted, { plain: ['text'] }));
    })
    .orderBy('due_date')
    .select('id', 'text', knex.raw("to_char(due_date, 'YYYY-MM-DD') as due_date"), 'completed', 'bank_id');
  const bankNotes = quoted.length ? await knex('targets').where('user_id', user.id).andWhere(quotingAny(quoted, { plain: ['notes'] })).orderBy('name').select('cert', 'name', 'notes') : [];
  const chats: Array<{ title: string; messages: ChatMessage[]; updated_at: Date }> = quoted.length
    ? await knex('analyst_chats').where('user_id', user.id).andWhere(quotingAny(quoted, { plain: ['title'], json: ['messages'] })).orderBy('updated_at').select('title', 'messages', 'updated_at')
    : [];

  return {
    exportedAt: new Date().toISOString(),
    contact,
    history,
    emailsSent: sent.map((row) => ({
      to: row.recipient_email,
      recipientName: row.recipient_name,
      subject: row.subject,
      body: row.body,
      status: row.status,
      failureReason: row.failure_reason,
      queuedAt: iso(row.queued_at),
      sentAt: iso(row.sent_at),
    })),
    automations: enrolments.map((row) => ({ workflow: row.workflow_name, status: row.status, stopReason: row.stop_reason, stopDetail: row.stop_detail, startedAt: iso(row.started_at), endedAt: iso(row.ended_at) })),
    doNotContact: doNotContact.map((row) => ({ email: row.email, reason: row.reason, note: row.detail, since: iso(row.created_at) })),
    tasks: tasks.filter((row) => visitTasks.has(row.id) || quotes(row.text, mentions)).map((row) => ({ text: row.text, dueDate: row.due_date, completed: row.completed, bankCert: row.bank_id })),
    bankNotes: bankNotes.filter((row) => quotes(row.notes, mentions)).map((row) => ({ bank: row.name, cert: Number(row.cert), notes: row.notes })),
    // the conversations' messages naming them, each with its conversation's title
    analystChats: chats.map((chat) => ({ title: chat.title, updatedAt: iso(chat.updated_at), messages: chat.messages.filter((message) => quotes(message.content, mentions)) })),
  };
}
