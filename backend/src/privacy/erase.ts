import type { Knex } from 'knex';
import { handleCommand } from '../commands/handle-command.ts';
import { RecordNotFound } from '../commands/errors.ts';
import { reindexActivityRows } from '../outreach/activity-search.ts';
import { contactDecider } from '../outreach/contacts/decider.ts';
import { contactStreamId } from '../outreach/contacts/events.ts';
import { enrolmentDecider } from '../outreach/enrolments/decider.ts';
import { enrolmentStreamId } from '../outreach/enrolments/events.ts';
import { touchReadModels } from '../read-cache/position.ts';
import { dropReportSnapshots } from '../reports/replay.ts';
import type { AppServices } from '../services.ts';
import { stepRecordId } from '../automation/record-ids.ts';
import { visitTaskTexts } from '../automation/visit-task.ts';
import { activityText } from '../../../projections/activity.ts';
import { erasedContactName } from '../../../domain/records/contact.ts';
import { isRunningEnrolment } from '../../../domain/records/enrolment.ts';
import type { ChatMessage } from '../ai/provider.ts';
import { dataWithoutMentions, identifiersIn, mentionsOf, notesWithoutMentions, personalFields, quotableTexts, quotingAny, redactedPlainData, userNoteFields, withoutMentions } from './personal-data.ts';

const snakeCase = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * Rewrites rows of `table` by global position in one statement, their new values read from one
 * JSON parameter (`columns`: the values' names and types; `set`: the assignments from
 * `rewritten`). A contact with a thousand events has a thousand events and feed rows to rewrite:
 * one UPDATE each took most of the erasure's second.
 */
async function updateByPosition(trx: Knex.Transaction, table: 'events' | 'activity', columns: string, set: string, rows: Array<{ global_position: number | string }>): Promise<void> {
  if (rows.length === 0) return;
  await trx.raw(`update ${table} set ${set} from jsonb_to_recordset(?::jsonb) as rewritten(global_position bigint, ${columns}) where ${table}.global_position = rewritten.global_position`, [JSON.stringify(rows)]);
}

/** The read rows holding the user's notes (their events' `userNoteFields`), each with the columns that find one row. */
const noteRows = [
  { table: 'targets', column: 'notes', key: ['user_id', 'cert'] },
  { table: 'tasks', column: 'text', key: ['id'] },
  { table: 'suppressions', column: 'detail', key: ['user_id', 'email'] },
] as const;

/**
 * Erases a contact's personal data (GDPR): stops the automations going through the contact;
 * destroys its key, so every sealed event of the contact, of the emails sent to it, of its
 * enrolments and of the LinkedIn visit tasks written for it reads as erased; blanks the personal
 * fields of any event stored before sealing existed, and any name, address or LinkedIn profile of the person quoted
 * in those events' plain texts (a bounce reason); records ContactErased; and rewrites the read
 * rows that held the data (contact, sent emails, enrolments, visit tasks, activity, report
 * snapshots, stored idempotent answers, Analyst Chat conversations quoting the person); and
 * rewrites every mention of the person (name, address, profile) in the notes the user wrote (a bank's notes, a task, a Do
 * Not Contact note), in their events and rows, the address a Do Not Contact entry is for kept. Every other
 * fact stays: the contact's title, bank and hot-lead flag, that an email was sent on a date, the counts. Running it again finishes an
 * erasure that was interrupted. `erasureRecorded`: the contact's history holds its erasure already
 * (an older build recorded it and left the rest undone), so finishing it records no second one.
 */
export async function eraseContact(services: AppServices, userId: string, contactId: string, { erasureRecorded = false } = {}): Promise<void> {
  const { knex, eventStore } = services;
  const contactStream = contactStreamId(contactId);
  const contactHistory = await eventStore.readStream(contactStream);
  const first = contactHistory[0];
  if (!first || first.metadata.userId !== userId) throw new RecordNotFound('Contact');
  // every name and address the person had, read while the key still opens them
  const { names, emails, linkedinUrls } = identifiersIn(contactHistory);
  const enrolments: Array<{ id: string; status: string }> = await knex('enrolments').where({ user_id: userId, contact_id: contactId }).select('id', 'status');

  // No step runs for the person from here on: a LinkedIn visit would write the name into a new task.
  for (const enrolment of enrolments.filter(({ status }) => isRunningEnrolment(status))) {
    await handleCommand(eventStore, enrolmentDecider, enrolmentStreamId(enrolment.id), { type: 'StopEnrolment', userId, at: new Date().toISOString(), reason: 'contact-erased', detail: "The contact's personal data was erased." });
  }
  // The visit tasks the automation wrote name the person and their profile, each with the text it was given (read before the key goes).
  const visitTasks = new Map<string, string>();
  for (const enrolment of enrolments) {
    for (const event of await eventStore.readStream(enrolmentStreamId(enrolment.id))) {
      // The enrolment's copy of the name: all that is left of it when a version before 0250 erased the
      // person (it destroyed the key, and left this copy and the stop details quoting it in plain text).
      if (event.type === 'EnrolmentStarted') names.push(String(event.data.contactName));
      const taskId = event.type === 'StepSent' ? (event.data as { taskId: string | null }).taskId : null;
      if (!taskId) continue;
      const created = (await eventStore.readStream(`task-${taskId}`)).find((taskEvent) => taskEvent.type === 'TaskCreated');
      if (created) visitTasks.set(taskId, String((created.data as { text: string }).text));
    }
  }
  const mentions = mentionsOf({ names, emails, linkedinUrls });
  const quoted = quotableTexts([...names, ...emails, ...linkedinUrls]);
  let emailIds: string[] = [];
  let streams: string[] = [];
  // Visit tasks a step wrote while the erasure began, before it could record the step: found by their ids (one per enrolment and step) once the key is held.
  let lateVisitTasks: string[] = [];
  // The user's notes that named the person, as rewritten: their events' positions.
  let rewrittenNotes: Array<{ global_position: number; stream_id: string }> = [];
  await knex.transaction(async (trx) => {
    // An append sealing data under the key holds its row until it commits: destroying it waits for
    // those under way, and later ones find it erased. So the emails and enrolments read after it
    // are every one the key sealed, those recorded while the erasure ran included.
    await trx('contact_keys')
      .insert({ contact_id: contactId, user_id: userId, key: null, erased_at: trx.fn.now() })
      .onConflict('contact_id')
      .merge(['key', 'erased_at']);
    emailIds = (await trx('sent_emails').where({ user_id: userId, contact_id: contactId }).select('id')).map((row: { id: string }) => row.id);
    const enrolmentRows: Array<{ id: string; steps: unknown[] }> = await trx('enrolments').where({ user_id: userId, contact_id: contactId }).select('id', 'steps');
    const stepTaskStreams = enrolmentRows.flatMap(({ id, steps }) => steps.map((_, index) => `task-${stepRecordId(id, index, 'task')}`));
    const writtenTaskStreams: string[] = stepTaskStreams.length ? (await trx('events').whereIn('stream_id', stepTaskStreams).distinct('stream_id')).map((row: { stream_id: string }) => row.stream_id) : [];
    lateVisitTasks = writtenTaskStreams.map((stream) => stream.slice('task-'.length)).filter((id) => !visitTasks.has(id));
    streams = [contactStream, ...emailIds.map((id) => `sent-email-${id}`), ...enrolmentRows.map(({ id }) => enrolmentStreamId(id)), ...[...visitTasks.keys(), ...lateVisitTasks].map((id) => `task-${id}`)];
    const rewritten = (await trx('events').whereIn('stream_id', streams).select('global_position', 'type', 'data')).flatMap((row) => {
      const redacted = redactedPlainData(row);
      const data = dataWithoutMentions(redacted ?? row.data, mentions) ?? redacted;
      return data ? [{ global_position: row.global_position, data }] : [];
    });
    await updateByPosition(trx, 'events', 'data jsonb', 'data = rewritten.data', rewritten);
    // the notes the user wrote in any record naming the person: plain text, there is no key to destroy for them
    const notes: Array<{ global_position: number; stream_id: string; type: string; data: Record<string, unknown> }> = quoted.length
      ? await trx('events').whereRaw("metadata->>'userId' = ?", [userId]).whereIn('type', Object.keys(userNoteFields)).andWhere(quotingAny(quoted, { json: ['data'] })).select('global_position', 'stream_id', 'type', 'data')
      : [];
    const rewrittenNoteEvents = notes.flatMap((row) => {
      const data = notesWithoutMentions(row, mentions);
      return data ? [{ global_position: Number(row.global_position), stream_id: row.stream_id, data }] : [];
    });
    await updateByPosition(trx, 'events', 'data jsonb', 'data = rewritten.data', rewrittenNoteEvents.map(({ global_position, data }) => ({ global_position, data })));
    rewrittenNotes = rewrittenNoteEvents.map(({ global_position, stream_id }) => ({ global_position, stream_id }));
  });

  if (!erasureRecorded) await handleCommand(eventStore, contactDecider, contactStream, { type: 'EraseContact', userId, at: new Date().toISOString() });

  const emailColumns = Object.fromEntries(Object.entries(personalFields.EmailQueued.fields).map(([field, erased]) => [snakeCase(field), erased]));
  // the events now read as erased: their feed rows are written again from them
  const noteStreams = [...new Set(rewrittenNotes.map((note) => note.stream_id))].filter((stream) => !streams.includes(stream));
  const notePositions = new Set(rewrittenNotes.map((note) => note.global_position));
  const noteEvents = (await Promise.all(noteStreams.map((stream) => eventStore.readStream(stream)))).flat().filter((event) => notePositions.has(Number(event.globalPosition)));
  const feed = [...(await Promise.all(streams.map((stream) => eventStore.readStream(stream)))).flat(), ...noteEvents].map((event) => ({ position: event.globalPosition, text: activityText(event) }));
  await knex.transaction(async (trx) => {
    if (emailIds.length) await trx('sent_emails').whereIn('id', emailIds).update(emailColumns);
    await trx('enrolments').where({ user_id: userId, contact_id: contactId }).update({ contact_name: erasedContactName });
    // the texts their events quote the person in, as those now read
    for (const row of await trx('enrolments').where({ user_id: userId, contact_id: contactId }).whereNotNull('stop_detail').select('id', 'stop_detail')) {
      await trx('enrolments').where('id', row.id).update({ stop_detail: withoutMentions(row.stop_detail, mentions) });
    }
    for (const row of emailIds.length ? await trx('sent_emails').whereIn('id', emailIds).whereNotNull('failure_reason').select('id', 'failure_reason') : []) {
      await trx('sent_emails').where('id', row.id).update({ failure_reason: withoutMentions(row.failure_reason, mentions) });
    }
    // a visit task whose text the user has since rewritten keeps the user's words
    for (const [taskId, text] of visitTasks) await trx('tasks').where({ id: taskId, user_id: userId, text }).update({ text: personalFields.TaskCreated.fields.text });
    // their texts were sealed before they could be read: any the step could have written, with any name and profile the person had
    if (lateVisitTasks.length) {
      const written = visitTaskTexts(names, linkedinUrls);
      await trx('tasks').whereIn('id', lateVisitTasks).andWhere('user_id', userId).whereIn('text', written).update({ text: personalFields.TaskCreated.fields.text });
    }
    for (const { table, column, key } of quoted.length ? noteRows : []) {
      for (const row of await trx(table).where('user_id', userId).andWhere(quotingAny(quoted, { plain: [column] })).select(...key, column)) {
        await trx(table).where(Object.fromEntries(key.map((part) => [part, row[part]]))).update({ [column]: withoutMentions(row[column], mentions) });
      }
    }
    // The Analyst Chat's answers list the contacts of the user's targets, name and address, and the
    // user's questions may name them: each saved conversation keeps them until rewritten here.
    const chats: Array<{ id: string; title: string; messages: ChatMessage[] }> = quoted.length
      ? await trx('analyst_chats').where('user_id', userId).andWhere(quotingAny(quoted, { plain: ['title'], json: ['messages'] })).select('id', 'title', 'messages')
      : [];
    for (const chat of chats) {
      const messages = chat.messages.map((message) => ({ ...message, content: withoutMentions(message.content, mentions) }));
      await trx('analyst_chats').where({ user_id: userId, id: chat.id }).update({ title: withoutMentions(chat.title, mentions), messages: JSON.stringify(messages) });
    }
    const feedRows = feed.flatMap(({ position, text }) => (text ? [{ global_position: position, ...text }] : []));
    await updateByPosition(trx, 'activity', 'summary text, changes text', 'summary = rewritten.summary, changes = rewritten.changes::jsonb', feedRows);
    await reindexActivityRows(trx, feedRows.map((row) => row.global_position));
    await trx('projection_dead_letters').whereIn('stream_id', streams).delete();
    // an idempotent replay would answer the contact or email as it was, or a record quoting the person (a task, a note)
    for (const id of [contactId, ...emailIds]) await trx('idempotency_keys').where('user_id', userId).whereRaw('response::text like ?', [`%${id}%`]).delete();
    if (quoted.length) await trx('idempotency_keys').where('user_id', userId).andWhere(quotingAny(quoted, { json: ['response'] })).delete();
    // rows rewritten without an event: answers cached before must not be sent again
    await touchReadModels(trx, userId);
  });
  await dropReportSnapshots(knex, userId);
}
