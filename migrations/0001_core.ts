import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.uuid('id').primary();
    t.text('name').notNullable();
    t.text('email').notNullable().unique();
    t.text('password_hash').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('app_secrets', (t) => {
    t.text('key').primary();
    t.text('value').notNullable();
  });

  // The event store (DESIGN.md): append-only; never updated or deleted.
  await knex.raw(`
    create table events (
      global_position bigserial primary key,
      stream_id text not null,
      stream_version integer not null,
      type text not null,
      data jsonb not null,
      metadata jsonb not null,
      recorded_at timestamptz not null default now(),
      tx_id xid8 not null default pg_current_xact_id(),
      constraint events_stream_version_unique unique (stream_id, stream_version)
    )`);
  await knex.raw('create index events_tx_position on events (tx_id, global_position)');
  await knex.raw("create index events_user on events ((metadata->>'userId'))");

  await knex.schema.createTable('projection_checkpoints', (t) => {
    t.text('name').primary();
    t.text('commit_position');
    t.text('prepare_position');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  // A poison event and the rest of its stream wait here instead of stopping an async projector.
  await knex.schema.createTable('projection_dead_letters', (t) => {
    t.bigIncrements('id');
    t.text('projection').notNullable();
    t.text('stream_id').notNullable();
    t.integer('stream_version').notNullable();
    t.bigInteger('global_position').notNullable();
    t.text('error').notNullable();
    t.timestamp('parked_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['projection', 'stream_id', 'stream_version']);
  });

  await knex.schema.createTable('idempotency_keys', (t) => {
    t.uuid('user_id').notNullable();
    t.text('key').notNullable();
    t.text('request_fingerprint').notNullable();
    t.integer('status');
    t.jsonb('response');
    t.jsonb('headers');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'key']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['idempotency_keys', 'projection_dead_letters', 'projection_checkpoints', 'events', 'app_secrets', 'users']) {
    await knex.schema.dropTableIfExists(table);
  }
}
