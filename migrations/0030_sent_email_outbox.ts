import type { Knex } from 'knex';

/** The sent-mail read table becomes the outbox's view: delivery attempts, the claim, the provider's id, and when to try next. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sent_emails', (t) => {
    t.timestamp('queued_at', { useTz: true });
    t.timestamp('next_attempt_at', { useTz: true });
    t.timestamp('claimed_at', { useTz: true });
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('provider_message_id');
    t.text('transport');
    t.uuid('resend_of');
  });
  await knex.raw('update sent_emails set queued_at = created_at');
  // The dispatcher's two questions: what is due, and which claims went stale.
  await knex.raw("create index sent_emails_due on sent_emails (next_attempt_at) where status = 'queued'");
  await knex.raw("create index sent_emails_claimed on sent_emails (claimed_at) where status = 'sending'");
  await knex.raw('create index sent_emails_user_contact on sent_emails (user_id, contact_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists sent_emails_user_contact');
  await knex.raw('drop index if exists sent_emails_claimed');
  await knex.raw('drop index if exists sent_emails_due');
  await knex.schema.alterTable('sent_emails', (t) => {
    t.dropColumns('queued_at', 'next_attempt_at', 'claimed_at', 'attempts', 'provider_message_id', 'transport', 'resend_of');
  });
}
