import type { Knex } from 'knex';

/**
 * The one-click unsubscribe address of an automated email, sent with it as its List-Unsubscribe
 * header. Emails a user sends by hand, and emails queued before this rule, hold none.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table sent_emails add column unsubscribe_url text');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table sent_emails drop column if exists unsubscribe_url');
}
