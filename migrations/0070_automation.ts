import type { Knex } from 'knex';

/**
 * Automation: enrolments (one row per contact in a workflow, from the enrolment streams), the Do Not
 * Contact list (from each user's suppression stream), the per-day count of automated sends that keeps
 * several workers under one daily cap, a contact's reply, and each user's send window and cap.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('enrolments', (t) => {
    t.uuid('id').primary();
    t.uuid('user_id').notNullable();
    t.integer('version').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.uuid('workflow_id').notNullable();
    t.text('workflow_name').notNullable();
    t.uuid('contact_id').notNullable();
    t.text('contact_name').notNullable();
    t.integer('bank_id').notNullable();
    t.text('bank_name');
    t.text('time_zone').notNullable();
    t.jsonb('steps').notNullable();
    t.text('status').notNullable();
    t.text('stop_reason');
    t.text('stop_detail');
    t.integer('next_step_index').notNullable().defaultTo(0);
    t.timestamp('next_due_at', { useTz: true });
    t.integer('steps_sent').notNullable().defaultTo(0);
    t.integer('emails_sent').notNullable().defaultTo(0);
    t.integer('steps_skipped').notNullable().defaultTo(0);
    t.uuid('last_email_id');
    t.timestamp('started_at', { useTz: true }).notNullable();
    t.timestamp('ended_at', { useTz: true });
    t.index(['user_id', 'workflow_id']);
    t.index(['user_id', 'contact_id']);
  });
  // The scheduler's question: which running enrolments have a step due.
  await knex.raw("create index enrolments_due on enrolments (next_due_at) where status = 'active'");

  await knex.schema.createTable('suppressions', (t) => {
    t.uuid('user_id').notNullable();
    t.text('email').notNullable();
    t.text('reason').notNullable();
    t.uuid('contact_id');
    t.text('detail');
    t.integer('version').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.primary(['user_id', 'email']);
  });

  await knex.schema.createTable('automation_send_counts', (t) => {
    t.uuid('user_id').notNullable();
    t.date('day').notNullable();
    t.integer('sent').notNullable().defaultTo(0);
    t.primary(['user_id', 'day']);
  });

  await knex.schema.alterTable('contacts', (t) => {
    t.timestamp('replied_at', { useTz: true });
  });

  await knex.schema.alterTable('user_settings', (t) => {
    t.integer('send_window_start_hour').notNullable().defaultTo(8);
    t.integer('send_window_end_hour').notNullable().defaultTo(18);
    t.jsonb('send_days').notNullable().defaultTo('[1,2,3,4,5]');
    t.text('time_zone');
    t.integer('daily_send_cap').notNullable().defaultTo(50);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('user_settings', (t) => {
    t.dropColumns('send_window_start_hour', 'send_window_end_hour', 'send_days', 'time_zone', 'daily_send_cap');
  });
  await knex.schema.alterTable('contacts', (t) => t.dropColumn('replied_at'));
  await knex.schema.dropTableIfExists('automation_send_counts');
  await knex.schema.dropTableIfExists('suppressions');
  await knex.schema.dropTableIfExists('enrolments');
}
