import type { Knex } from 'knex';

/**
 * A bank's timeline gathers the activity of every record that belonged to it (the tracked bank, its
 * contacts, tasks and emails). An event that names a bank carries it here; a record's later events
 * are found through its stream. Rows projected before this migration take the bank from their event
 * data, or from the target stream's id (`target-<user>-<cert>`).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('activity', (t) => {
    t.integer('bank_id');
  });
  await knex.raw(`update activity set bank_id = (changes->>'bankId')::int where jsonb_typeof(changes->'bankId') = 'number'`);
  await knex.raw(`update activity set bank_id = substring(stream_id from '-(\\d+)$')::int where resource = 'banks' and bank_id is null`);
  await knex.raw('create index activity_user_bank on activity (user_id, bank_id) where bank_id is not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists activity_user_bank');
  await knex.schema.alterTable('activity', (t) => {
    t.dropColumn('bank_id');
  });
}
