import type { Knex } from 'knex';
import { revocationsOf } from '../auth/revocations.ts';
import { RecordNotFound } from '../commands/errors.ts';
import { runWithContext, systemContext } from '../context/request-context.ts';
import { logger } from '../logging/logger.ts';
import { eraseContact } from '../privacy/erase.ts';
import type { AppServices } from '../services.ts';

/** Contacts erased per round: a round stays short, so a stop loses at most one batch's progress, and requests are served between rounds. */
export const contactsPerRound = 25;
/** A deletion a process took up is left to it this long; past it (the process stopped) another takes it up. */
const claimForMs = 5 * 60_000;

/**
 * Closes the user's account at once, in one transaction: records the deletion, removes what is kept
 * beside the events (the sealed Hunter and Mailgun keys, API keys, Analyst Chat conversations, stored
 * idempotent answers) and the user row itself, so nobody signs in as them again and their email is free
 * for a new, empty account. Then ends every session token and API key of theirs in every process. The
 * erasure of their contacts follows in rounds (`eraseNextContactsOfDeletedAccount`).
 */
export async function closeAccount(knex: Knex, userId: string): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx('account_deletions').insert({ user_id: userId }).onConflict('user_id').ignore();
    await trx('api_keys').where('user_id', userId).delete();
    await trx('user_settings').where('user_id', userId).delete();
    await trx('analyst_chats').where('user_id', userId).delete();
    await trx('idempotency_keys').where('user_id', userId).delete();
    await trx('users').where('id', userId).delete();
  });
  // Were this process to stop before, the missing user row still refuses the tokens once each process re-reads it.
  await revocationsOf(knex).revokeEveryTokenOf(userId);
}

/**
 * Every contact the user ever had, past `after`, in id order: the deleted ones too (their events
 * still hold personal data), found by their key (sealed contacts), their read row, or their feed's
 * first entry (contacts recorded before sealing existed, deleted since).
 */
async function contactsOfUser(knex: Knex, userId: string, after: string | null, limit: number): Promise<string[]> {
  const start = after ?? '00000000-0000-0000-0000-000000000000';
  const rows: { rows: Array<{ id: string }> } = await knex.raw(
    `select id from (
       select contact_id as id from contact_keys where user_id = :userId and contact_id > :start
       union select id from contacts where user_id = :userId and id > :start
       union select record_id::uuid from activity where user_id = :userId and resource = 'contacts' and event_type = 'ContactAdded' and record_id::uuid > :start
     ) as ids order by id limit :limit`,
    { userId, start, limit },
  );
  return rows.rows.map((row) => row.id);
}

/** Whether the contact's newest event records its erasure: erasing it again must not record a second one. */
async function erasureRecorded(services: AppServices, contactId: string): Promise<boolean> {
  const history = await services.eventStore.readStream(`contact-${contactId}`);
  return history.at(-1)?.type === 'ContactErased';
}

/**
 * Takes up one deleted account whose contacts are not all erased yet (none claimed, or its claim
 * lapsed), erases its next batch of contacts with the contact erasure, and records how far it got;
 * a batch that finds none left finishes the deletion. A contact erased halfway by a stopped round is
 * erased again, which finishes its erasure. Answers how many contacts it erased, and 1 for a finish.
 */
export async function eraseNextContactsOfDeletedAccount(services: AppServices): Promise<number> {
  const { knex } = services;
  const claimed: { rows: Array<{ user_id: string; erased_through: string | null }> } = await knex.raw(
    `update account_deletions set claimed_until = now() + make_interval(secs => :seconds)
     where user_id = (
       select user_id from account_deletions
       where finished_at is null and (claimed_until is null or claimed_until < now())
       order by requested_at limit 1 for update skip locked
     ) returning user_id, erased_through`,
    { seconds: claimForMs / 1000 },
  );
  const deletion = claimed.rows[0];
  if (!deletion) return 0;
  const { user_id: userId } = deletion;
  const contactIds = await contactsOfUser(knex, userId, deletion.erased_through, contactsPerRound);
  if (contactIds.length === 0) {
    await knex('account_deletions').where('user_id', userId).update({ finished_at: knex.fn.now(), claimed_until: null });
    logger.info('finished deleting an account', { userId });
    return 1;
  }
  let erased = 0;
  try {
    await runWithContext(systemContext({ userId }), async () => {
      for (const contactId of contactIds) {
        try {
          await eraseContact(services, userId, contactId, { erasureRecorded: await erasureRecorded(services, contactId) });
          erased += 1;
        } catch (error) {
          // a contact with no history (its first append failed) has nothing to erase
          if (!(error instanceof RecordNotFound)) throw error;
        }
      }
    });
  } catch (error) {
    // tried again at a later round; the contacts erased meanwhile are erased again, recording nothing twice
    await knex('account_deletions').where('user_id', userId).update({ claimed_until: null });
    throw error;
  }
  await knex('account_deletions')
    .where('user_id', userId)
    .update({ erased_through: contactIds.at(-1), contacts_erased: knex.raw('contacts_erased + ?', [erased]), claimed_until: null });
  return contactIds.length;
}
