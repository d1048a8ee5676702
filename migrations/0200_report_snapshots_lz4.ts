import type { Knex } from 'knex';

/**
 * A report snapshot's text is compressed with LZ4 where the server has it (PostgreSQL 14 and later,
 * when built with it; not the embedded engine, which keeps pglz). A first report over a million
 * events saves twenty snapshots of up to tens of megabytes, and pglz took most of the time: 500,000
 * events folded with their snapshots in 5.8 s with pglz, 4.0 s with LZ4. Only values written from
 * now on are compressed so; older ones stay readable as they are.
 */
export async function up(knex: Knex): Promise<void> {
  if (await hasLz4(knex)) await knex.raw('alter table report_snapshots alter column state set compression lz4');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table report_snapshots alter column state set compression default');
}

async function hasLz4(knex: Knex): Promise<boolean> {
  const { rows } = await knex.raw(`select 'lz4' = any(enumvals) as available from pg_settings where name = 'default_toast_compression'`);
  return rows[0]?.available === true;
}
