import type { Knex } from 'knex';

/**
 * Each user's provider settings. Not event-sourced on purpose: API keys must be erasable, and events
 * are never deleted. Secrets are stored sealed by the secret box (AES-256-GCM), never in plain text.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('user_settings', (t) => {
    t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    t.text('hunter_api_key_sealed');
    t.text('mailgun_api_key_sealed');
    t.text('mailgun_domain');
    t.text('mailgun_region').notNullable().defaultTo('US');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('user_settings');
}
