import { handleCommand } from '../commands/handle-command.ts';
import { RecordNotFound } from '../commands/errors.ts';
import { reindexActivityRows } from '../outreach/activity-search.ts';
import { contactDecider } from '../outreach/contacts/decider.ts';
import { touchReadModels } from '../read-cache/position.ts';
import { dropReportSnapshots } from '../reports/replay.ts';
import type { AppServices } from '../services.ts';
import { activityText } from '../../../projections/activity.ts';
import { personalFields, redactedPlainData } from './personal-data.ts';

const snakeCase = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * Erases a contact's personal data (GDPR): destroys its key, so every sealed event of the contact
 * and of the emails sent to it reads as erased; blanks the personal fields of any event stored
 * before sealing existed; records ContactErased; and rewrites the read rows that held the data
 * (contact, sent emails, activity, report snapshots, stored idempotent answers). Every other fact
 * stays: the contact's title, bank and hot-lead flag, that an email was sent on a date, the counts.
 * Running it again finishes an erasure that was interrupted.
 */
export async function eraseContact(services: AppServices, userId: string, contactId: string): Promise<void> {
  const { knex, eventStore } = services;
  const contactStream = `contact-${contactId}`;
  const first = (await eventStore.readStream(contactStream))[0];
  if (!first || first.metadata.userId !== userId) throw new RecordNotFound('Contact');
  const emailIds: string[] = (await knex('sent_emails').where({ user_id: userId, contact_id: contactId }).select('id')).map((row: { id: string }) => row.id);
  const streams = [contactStream, ...emailIds.map((id) => `sent-email-${id}`)];

  await knex.transaction(async (trx) => {
    await trx('contact_keys').where('contact_id', contactId).delete();
    for (const row of await trx('events').whereIn('stream_id', streams).select('global_position', 'type', 'data')) {
      const redacted = redactedPlainData(row);
      if (redacted) await trx('events').where('global_position', row.global_position).update({ data: JSON.stringify(redacted) });
    }
  });

  await handleCommand(eventStore, contactDecider, contactStream, { type: 'EraseContact', userId, at: new Date().toISOString() });

  const emailColumns = Object.fromEntries(Object.entries(personalFields.EmailQueued.fields).map(([field, erased]) => [snakeCase(field), erased]));
  // the events now read as erased: their feed rows are written again from them
  const feed = (await Promise.all(streams.map((stream) => eventStore.readStream(stream)))).flat().map((event) => ({ position: event.globalPosition, text: activityText(event) }));
  await knex.transaction(async (trx) => {
    if (emailIds.length) await trx('sent_emails').whereIn('id', emailIds).update(emailColumns);
    for (const { position, text } of feed) if (text) await trx('activity').where('global_position', position).update(text);
    await reindexActivityRows(trx, feed.filter(({ text }) => text).map(({ position }) => position));
    await trx('projection_dead_letters').whereIn('stream_id', streams).delete();
    // an idempotent replay would answer the contact or email as it was
    for (const id of [contactId, ...emailIds]) await trx('idempotency_keys').where('user_id', userId).whereRaw('response::text like ?', [`%${id}%`]).delete();
    // rows rewritten without an event: answers cached before must not be sent again
    await touchReadModels(trx, userId);
  });
  await dropReportSnapshots(knex, userId);
}
