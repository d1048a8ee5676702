import type { Knex } from 'knex';

/** Read tables built by projections/ from events. Every row carries its owner and the stream version it reflects. */
export async function up(knex: Knex): Promise<void> {
  const common = (t: Knex.CreateTableBuilder) => {
    t.uuid('user_id').notNullable();
    t.integer('version').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
  };

  await knex.schema.createTable('targets', (t) => {
    t.integer('cert').notNullable();
    common(t);
    t.boolean('is_target').notNullable().defaultTo(true);
    t.text('name').notNullable();
    t.text('city');
    t.text('state');
    t.text('zip');
    t.text('address');
    t.text('website');
    t.text('linkedin_company_url');
    t.text('notes').notNullable().defaultTo('');
    t.jsonb('tags').notNullable().defaultTo('[]');
    t.jsonb('financials').notNullable().defaultTo('{}');
    t.timestamp('targeted_at', { useTz: true });
    t.primary(['user_id', 'cert']);
    t.index(['user_id', 'created_at']);
  });

  await knex.schema.createTable('contacts', (t) => {
    t.uuid('id').primary();
    common(t);
    t.integer('bank_id').notNullable();
    t.text('bank_name');
    t.text('name').notNullable();
    t.text('title').notNullable();
    t.text('email');
    t.text('linkedin_url');
    t.boolean('is_hot_lead').notNullable().defaultTo(false);
    t.jsonb('tags').notNullable().defaultTo('[]');
    t.text('verification_result');
    t.float('verification_score');
    t.timestamp('verified_at', { useTz: true });
    t.index(['user_id', 'bank_id']);
    t.index(['user_id', 'created_at']);
  });

  await knex.schema.createTable('tasks', (t) => {
    t.uuid('id').primary();
    common(t);
    t.integer('bank_id').notNullable();
    t.text('text').notNullable();
    t.date('due_date').notNullable();
    t.boolean('completed').notNullable().defaultTo(false);
    t.timestamp('completed_at', { useTz: true });
    t.index(['user_id', 'completed', 'due_date']);
    t.index(['user_id', 'bank_id']);
  });

  await knex.schema.createTable('templates', (t) => {
    t.uuid('id').primary();
    common(t);
    t.text('name').notNullable();
    t.text('category').notNullable();
    t.text('subject').notNullable();
    t.text('body').notNullable();
    t.boolean('is_favorite').notNullable().defaultTo(false);
    t.index(['user_id', 'created_at']);
  });

  await knex.schema.createTable('workflows', (t) => {
    t.uuid('id').primary();
    common(t);
    t.text('name').notNullable();
    t.jsonb('steps').notNullable().defaultTo('[]');
    t.index(['user_id', 'created_at']);
  });

  await knex.schema.createTable('sent_emails', (t) => {
    t.uuid('id').primary();
    common(t);
    t.uuid('contact_id');
    t.integer('bank_id');
    t.text('bank_name');
    t.text('recipient_name');
    t.text('recipient_email').notNullable();
    t.text('subject').notNullable();
    t.text('body').notNullable();
    t.text('status').notNullable();
    t.text('failure_reason');
    t.timestamp('sent_at', { useTz: true });
    t.index(['user_id', 'sent_at']);
    t.index(['user_id', 'bank_id']);
  });

  await knex.schema.createTable('activity', (t) => {
    t.bigInteger('global_position').primary();
    t.uuid('user_id').notNullable();
    t.text('resource').notNullable();
    t.text('record_id').notNullable();
    t.text('stream_id').notNullable();
    t.integer('stream_version').notNullable();
    t.text('event_type').notNullable();
    t.text('summary').notNullable();
    t.jsonb('changes').notNullable().defaultTo('{}');
    t.text('source');
    t.timestamp('occurred_at', { useTz: true }).notNullable();
    t.index(['user_id', 'occurred_at']);
    t.index(['user_id', 'resource', 'record_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['activity', 'sent_emails', 'workflows', 'templates', 'tasks', 'contacts', 'targets']) {
    await knex.schema.dropTableIfExists(table);
  }
}
