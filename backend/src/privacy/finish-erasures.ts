import { RecordNotFound } from '../commands/errors.ts';
import { runWithContext, systemContext } from '../context/request-context.ts';
import { logger } from '../logging/logger.ts';
import type { AppServices } from '../services.ts';
import { eraseContact } from './erase.ts';

/**
 * Finishes the erasures that builds before 0250 left undone (migration 0280 lists their contacts):
 * those kept the person's name in their automations (the enrolment, its LinkedIn visit tasks, their
 * feed rows) and let the automations run on. Erasing a contact again finishes its erasure; its
 * history holds the erasure already, so no second one is recorded (its History would show two, the
 * second by System at the upgrade). A contact whose erasure fails stays listed and is tried again
 * at the next start.
 */
export async function finishErasuresOfOlderBuilds(services: AppServices): Promise<void> {
  const { knex } = services;
  const listed: Array<{ contact_id: string; user_id: string }> = await knex('contact_erasures_to_finish').select('contact_id', 'user_id');
  let finished = 0;
  for (const { contact_id: contactId, user_id: userId } of listed) {
    try {
      await runWithContext(systemContext({ userId }), () => eraseContact(services, userId, contactId, { erasureRecorded: true }));
      finished += 1;
    } catch (error) {
      // a contact with no history left (or not the user's) has nothing to finish
      if (!(error instanceof RecordNotFound)) {
        logger.warn('could not finish the erasure of a contact an older version erased; trying again at the next start', { contactId, error: (error as Error).message });
        continue;
      }
    }
    await knex('contact_erasures_to_finish').where('contact_id', contactId).delete();
  }
  if (listed.length) logger.info('finished the erasures an older version left undone', { contacts: finished });
}
