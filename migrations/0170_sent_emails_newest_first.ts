import type { Knex } from 'knex';

/**
 * The sent-mail log's order (newest first by when the mail went, else was queued, else written;
 * ties by id; nulls last as every list sorts) as an index: a page deep into a log of thousands is
 * read in order instead of sorting the whole log for every page.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index if not exists sent_emails_user_newest on sent_emails (user_id, (coalesce(sent_at, queued_at, created_at)) desc nulls last, id desc)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists sent_emails_user_newest');
}
