import type { Knex } from 'knex';

/** Every table of the schema whose rows, read as text, contain the needle. */
export async function tablesContaining(knex: Knex, needle: string): Promise<string[]> {
  const tables: Array<{ table_name: string }> = (
    await knex.raw("select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'")
  ).rows;
  const found: string[] = [];
  for (const { table_name: table } of tables) {
    const [{ count }] = await knex(table).from(knex.raw('?? as t', [table])).whereRaw('t::text ilike ?', [`%${needle}%`]).count({ count: '*' });
    if (Number(count) > 0) found.push(table);
  }
  return found;
}
