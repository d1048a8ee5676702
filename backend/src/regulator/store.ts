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
} from './normalise.ts';

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

// PostgreSQL accepts at most 65,535 bind parameters per statement.
const maxParameters = 60_000;
const maxRowsPerStatement = 1000;

type Row = Record<string, unknown>;

function toDatabaseRow(row: Row, now: Date, withUpdatedAt: boolean): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    // jsonb goes in as text: node-postgres would otherwise turn arrays into Postgres arrays.
    out[key] = key === 'raw' ? JSON.stringify(value ?? {}) : value;
  }
  if (withUpdatedAt) out.updated_at = now;
  return out;
}

/** Upserts rows in batches sized to the parameter limit; returns the number of rows written. */
export async function upsertRows(
  knex: Knex,
  table: RegulatorTable,
  conflictColumns: string[],
  rows: readonly Row[],
  options: { withUpdatedAt?: boolean } = {},
): Promise<number> {
  if (rows.length === 0) return 0;
  const now = new Date();
  const columnCount = Object.keys(rows[0]).length + (options.withUpdatedAt ? 1 : 0);
  const batchSize = Math.max(1, Math.min(maxRowsPerStatement, Math.floor(maxParameters / columnCount)));
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize).map((row) => toDatabaseRow(row, now, options.withUpdatedAt ?? false));
    // A batch must not carry the same key twice (ON CONFLICT cannot update a row twice): the last one wins.
    const byKey = new Map<string, Row>();
    for (const row of batch) byKey.set(conflictColumns.map((column) => String(row[column])).join('\u0000'), row);
    await knex(table).insert([...byKey.values()]).onConflict(conflictColumns).merge();
  }
  return rows.length;
}

export const upsertInstitutions = (knex: Knex, rows: readonly InstitutionRow[]) =>
  upsertRows(knex, 'fdic_institutions', ['cert'], rows, { withUpdatedAt: true });

export const upsertFinancials = (knex: Knex, rows: readonly FinancialsRow[]) =>
  upsertRows(knex, 'fdic_financials', ['cert', 'repdte'], rows, { withUpdatedAt: true });

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
    return deleted;
  });
}

/** Whether the mirror holds demo data (any demo institution). */
export async function hasDemoData(knex: Knex): Promise<boolean> {
  const row = await knex('fdic_institutions').where('is_demo', true).first('cert');
  return row !== undefined;
}
