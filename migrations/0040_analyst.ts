import type { Knex } from 'knex';

/**
 * The Analyst Chat's conversations (one row per conversation, its messages as JSON: a chat is a
 * working document of its user, not an outreach record) and the read table of saved AI analyses,
 * projected from the `AiAnalysisGenerated` events of each user's AI-analysis streams.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('analyst_chats', (t) => {
    t.text('id').notNullable();
    t.uuid('user_id').notNullable();
    t.text('title').notNullable();
    t.jsonb('messages').notNullable().defaultTo('[]');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.primary(['user_id', 'id']);
    t.index(['user_id', 'updated_at']);
  });

  await knex.schema.createTable('ai_analyses', (t) => {
    t.uuid('user_id').notNullable();
    t.integer('cert').notNullable();
    t.text('kind').notNullable();
    t.text('content').notNullable();
    t.text('provider').notNullable();
    t.integer('version').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.primary(['user_id', 'cert', 'kind']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('ai_analyses');
  await knex.schema.dropTableIfExists('analyst_chats');
}
