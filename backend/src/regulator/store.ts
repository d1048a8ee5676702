import type { Knex } from 'knex';
import type {
  CensusProfileRow,
  FailureRow,
  FieldDefinitionRow,
  FinancialsRow,
  HistoryRow,
  InstitutionRow,
  LocationRow,
  SodRow,
} from './normalise/index.ts';
import { columnsOfRows, indexRange, pickRows, rowKeys, type Columns } from './engine/columns.ts';
import { columnArrays, tableColumnTypes, upsertStatement } from './engine/unnest.ts';

/**
 * Batched writes to the regulator tables: one multi-row `insert ... on conflict do update` per
 * batch, so a re-sync or re-import is idempotent and a full quarter goes in a few dozen statements.
 */

export const regulatorTables = [
  'fdic_institutions',
  'fdic_financials',
  'fdic_locations',
  'fdic_history',
  'fdic_sod',
  'fdic_failures',
  'fdic_field_definitions',
  'census_profiles',
] as const;

export type RegulatorTable = (typeof regulatorTables)[number];

// Rows per statement: each column travels as one array parameter, expanded by unnest (see unnest.ts).
const rowsPerStatement = 1000;

type Row = Record<string, unknown>;

let dataVersion = 0;

/**
 * A counter bumped on every write through this module, so this process's caches know at once that
 * the mirror changed. Other processes learn it from the shared counter (`noteRegulatorDataChanged`).
 */
export function regulatorDataVersion(): number {
  return dataVersion;
}

export function markRegulatorDataChanged(): void {
  dataVersion += 1;
}

/**
 * Marks the mirror changed here and for every process sharing the database. Call it once the write
 * is committed: a process that reloads on the new count must find the new rows.
 */
export async function noteRegulatorDataChanged(knex: Knex): Promise<void> {
  markRegulatorDataChanged();
  await knex.raw('update regulator_data_version set version = version + 1, changed_at = now() where id = 1');
}

/** The shared change counter (see `noteRegulatorDataChanged`). */
export async function sharedRegulatorDataVersion(knex: Knex): Promise<number> {
  const row = (await knex('regulator_data_version').where('id', 1).first('version')) as { version: number } | undefined;
  return row?.version ?? 0;
}

/**
 * Upserts rows (objects, or columns) in batches (insert ... on conflict do update, whole rows
 * replaced); returns the number of rows written.
 */
export async function upsertRows(
  knex: Knex,
  table: RegulatorTable,
  conflictColumns: string[],
  input: readonly Row[] | Columns,
  options: { withUpdatedAt?: boolean } = {},
): Promise<number> {
  const rows = Array.isArray(input) ? columnsOfRows(input) : (input as Columns);
  if (rows.size === 0) return 0;
  const types = await tableColumnTypes(knex, table);
  const columns = [...rows.columns.keys()].filter((column) => column !== 'updated_at');
  const sql = upsertStatement(table, conflictColumns, columns, types, { withUpdatedAt: options.withUpdatedAt === true, value: (_column, name) => `excluded.${name}` });
  const keys = rowKeys(rows, conflictColumns);
  for (let start = 0; start < rows.size; start += rowsPerStatement) {
    const end = Math.min(start + rowsPerStatement, rows.size);
    // A statement must not carry the same key twice (ON CONFLICT cannot update a row twice): the last one wins.
    const lastOfKey = new Map<string, number>();
    for (let index = start; index < end; index += 1) lastOfKey.set(keys[index], index);
    const parameters = columnArrays(rows, lastOfKey.size === end - start ? indexRange(start, end) : [...lastOfKey.values()], columns, types);
    await knex.raw(sql, parameters);
    // Outside a transaction the batch is committed now; a transaction's owner notes it after its commit.
    if (knex.isTransaction) markRegulatorDataChanged();
    else await noteRegulatorDataChanged(knex);
  }
  return rows.size;
}

export const upsertInstitutions = (knex: Knex, rows: readonly InstitutionRow[] | Columns) =>
  upsertRows(knex, 'fdic_institutions', ['cert'], rows, { withUpdatedAt: true });

/** Rows go in quarter by quarter, so one quarter's rows share pages and a quarter's scan reads few of them. */
export function upsertFinancials(knex: Knex, input: readonly FinancialsRow[] | Columns): Promise<number> {
  const rows = Array.isArray(input) ? columnsOfRows(input) : (input as Columns);
  const repdtes = (rows.columns.get('repdte') ?? []) as string[];
  const certs = (rows.columns.get('cert') ?? []) as number[];
  const order = Array.from({ length: rows.size }, (_, index) => index).sort((a, b) =>
    repdtes[a] === repdtes[b] ? certs[a] - certs[b] : repdtes[a] < repdtes[b] ? -1 : 1,
  );
  return upsertRows(knex, 'fdic_financials', ['cert', 'repdte'], pickRows(rows, order), { withUpdatedAt: true });
}

export const upsertLocations = (knex: Knex, rows: readonly LocationRow[]) => upsertRows(knex, 'fdic_locations', ['id'], rows);

export const upsertHistory = (knex: Knex, rows: readonly HistoryRow[]) => upsertRows(knex, 'fdic_history', ['id'], rows);

export const upsertSod = (knex: Knex, rows: readonly SodRow[]) => upsertRows(knex, 'fdic_sod', ['id'], rows);

export const upsertFailures = (knex: Knex, rows: readonly FailureRow[]) => upsertRows(knex, 'fdic_failures', ['id'], rows);

export const upsertFieldDefinitions = (knex: Knex, rows: readonly FieldDefinitionRow[]) =>
  upsertRows(knex, 'fdic_field_definitions', ['endpoint', 'code'], rows);

export const upsertCensusProfiles = (knex: Knex, rows: readonly CensusProfileRow[]) =>
  upsertRows(knex, 'census_profiles', ['kind', 'code'], rows, { withUpdatedAt: true });

/** Deletes every demo row (before real data replaces it). Returns the number of rows deleted per table. */
export async function clearDemoData(knex: Knex): Promise<Record<RegulatorTable, number>> {
  return knex.transaction(async (trx) => {
    const deleted = {} as Record<RegulatorTable, number>;
    for (const table of regulatorTables) deleted[table] = await trx(table).where('is_demo', true).delete();
    // In the transaction: the shared count moves exactly when the deletion becomes visible.
    await noteRegulatorDataChanged(trx);
    return deleted;
  });
}

/** Whether the mirror holds demo data (any demo institution). */
export async function hasDemoData(knex: Knex): Promise<boolean> {
  const row = await knex('fdic_institutions').where('is_demo', true).first('cert');
  return row !== undefined;
}
