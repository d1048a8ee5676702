import type { Knex } from 'knex';

/**
 * The version an append gives its first event: one past the stream's current version. When the
 * caller expects a version (null: any) and the stream is elsewhere, it raises SQLSTATE CLWEV with the
 * stream's current version as the detail, so the append's insert fails and takes its transaction
 * down with it: statements sent behind it in the same transaction (inline projections) never commit.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create or replace function events_next_version(stream text, expected integer) returns integer
    language plpgsql as $$
    declare
      current_version integer;
    begin
      select coalesce(max(stream_version), 0) into current_version from events where stream_id = stream;
      if expected is not null and current_version <> expected then
        raise exception 'stream % is at version %, expected %', stream, current_version, expected
          using errcode = 'CLWEV', detail = current_version::text;
      end if;
      return current_version + 1;
    end
    $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop function if exists events_next_version(text, integer)');
}
