import type { Knex } from 'knex';

/**
 * Cheaper bulk imports, and one row per bank failure.
 *
 * - The is_demo indexes become partial (`where is_demo`): every lookup asks for demo rows
 *   (`is_demo = true`: any demo data? clear it), and once real data is loaded the index is empty,
 *   so an import no longer writes an entry per row into it.
 * - fdic_financials (repdte) goes: each of the (repdte, measure) sort indexes serves the same
 *   lookups, and every financials row paid for one more index entry.
 * - A failure is keyed `{cert}-{fail date}` whenever it has a CERT (normaliseFailure), so the
 *   failed-bank list (no ID) and the failures endpoint (numeric ID) describe the same row. Existing
 *   duplicates are merged here: each column keeps a non-null value, the endpoint's record winning
 *   over the bank list's, and raw is the union of both.
 */
const demoTables = ['fdic_institutions', 'fdic_financials', 'fdic_locations', 'fdic_history', 'fdic_sod', 'fdic_failures', 'census_profiles'];

type FailureRow = Record<string, unknown> & { id: string; key: string; raw: Record<string, unknown> };

export async function up(knex: Knex): Promise<void> {
  for (const table of demoTables) {
    await knex.raw('drop index if exists ??', [`${table}_is_demo_index`]);
    await knex.raw('create index if not exists ?? on ?? (is_demo) where is_demo', [`${table}_demo_rows`, table]);
  }
  await knex.raw('drop index if exists fdic_financials_repdte_index');

  const rows = (
    await knex.raw(`
      select *, cert::text || '-' || to_char(fail_date, 'YYYY-MM-DD') as key
      from fdic_failures
      where cert > 0 and fail_date is not null
        and id <> cert::text || '-' || to_char(fail_date, 'YYYY-MM-DD')
    `)
  ).rows as FailureRow[];
  const keys = [...new Set(rows.map((row) => row.key))];
  for (const key of keys) {
    // The row already under the new key (from the bank list) first, so the endpoint's values win.
    const group = [
      ...((await knex('fdic_failures').where({ id: key }).select('*')) as FailureRow[]),
      ...rows.filter((row) => row.key === key).sort((a, b) => (a.id < b.id ? -1 : 1)),
    ];
    const merged: Record<string, unknown> = {};
    for (const row of group) {
      for (const [column, value] of Object.entries(row)) {
        if (column === 'key') continue;
        if (column === 'raw') merged.raw = { ...((merged.raw as object) ?? {}), ...row.raw };
        else if (value !== null && value !== undefined) merged[column] = value;
      }
    }
    merged.id = key;
    merged.raw = JSON.stringify(merged.raw ?? {});
    await knex('fdic_failures').whereIn('id', group.map((row) => row.id)).delete();
    await knex('fdic_failures').insert(merged);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('create index if not exists fdic_financials_repdte_index on fdic_financials (repdte)');
  for (const table of demoTables) {
    await knex.raw('drop index if exists ??', [`${table}_demo_rows`]);
    await knex.raw('create index if not exists ?? on ?? (is_demo)', [`${table}_is_demo_index`, table]);
  }
  // Merged failures stay merged: which record each column came from is not kept.
}
