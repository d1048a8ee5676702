import type { Knex } from 'knex';

/**
 * Mailgun event webhooks: each user's webhook signing key (sealed like their API keys), and the
 * tokens of the webhook calls already taken, so a captured call replayed inside the freshness
 * window is refused.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('user_settings', (t) => {
    t.text('mailgun_webhook_signing_key_sealed');
  });
  await knex.schema.createTable('mailgun_webhook_tokens', (t) => {
    t.text('token').primary();
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['received_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('mailgun_webhook_tokens');
  await knex.schema.alterTable('user_settings', (t) => {
    t.dropColumn('mailgun_webhook_signing_key_sealed');
  });
}
