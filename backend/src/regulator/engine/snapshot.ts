import type { Knex } from 'knex';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { figureExpression, financialColumns, institutionColumns, institutionFigureExpression, institutionFigures } from '../bank.ts';
import { allBits, bitsOf, type Bits } from './bits.ts';
import { cachedRefreshing } from './cache.ts';
import { fieldCatalog, type FieldSpec } from '../fields.ts';

/**
 * An in-memory copy of one quarter of the screening data: every institution with its curated
 * columns and that quarter's curated financials (no source records). The directory and the credit
 * box answer from it in well under a millisecond instead of sorting thousands of rows in SQL per
 * request. The data is small (a few thousand banks) and changes only on sync or import, so a
 * snapshot is loaded on first use and reloaded when the mirror changed (see cache.ts: at once after
 * a write in this process, in the background after a write by another process).
 *
 * Text sorts use the database's own collation: the load ranks every text field in SQL, so a
 * snapshot sorts names exactly as ORDER BY does.
 */

export type RecordsMode = 'institutions' | 'financials';

/** Columns the institution row holds besides the catalog's: fallback figures for a quarter without them. */
export const institutionFallbackColumns = new Set([...institutionFigures, 'repdte']);

/**
 * One quarter, column by column (arrays indexed by row number, rows ordered by cert): predicates
 * and sort keys bind the arrays they read once, then run over row numbers, which keeps a pass over
 * every bank well under a millisecond.
 */
export type Snapshot = {
  quarter: string;
  cert: number[];
  /** Curated institution columns by column name. */
  institution: Map<string, unknown[]>;
  /** The quarter's curated financials by column name; null in every column for a bank without that quarter. */
  financials: Map<string, unknown[]>;
  hasFinancials: boolean[];
  /** Collation ranks of the catalog's text expressions (equal values share a rank), by expression. */
  ranks: Map<string, number[]>;
  /** Every row number, by cert. */
  all: number[];
  /** Row numbers of banks with financials that quarter, by cert. */
  withFinancials: number[];
  /** Orders computed on demand and kept for the snapshot's life (key: what they order by). */
  orders: Map<string, number[]>;
  /** Other values derived from the columns on demand (see `derived`). */
  derived: Map<string, unknown>;
};

/** The SQL expression of a field in a mode (trusted: built from the catalog only). */
export function fieldExpression(field: FieldSpec, mode: RecordsMode): string {
  if (field.table === 'i') return `i.${field.column}`;
  if (mode === 'institutions' && institutionFallbackColumns.has(field.column)) return figureExpression(field.column);
  return `f.${field.column}`;
}

export function column(snapshot: Snapshot, table: 'i' | 'f', name: string): unknown[] {
  const values = (table === 'i' ? snapshot.institution : snapshot.financials).get(name);
  if (!values) throw new Error(`The snapshot holds no column ${table}.${name}.`);
  return values;
}

/** Reads a field's stored value (dollars for money, as the columns hold it) as the SQL expression of that mode does. */
export function fieldReader(snapshot: Snapshot, field: FieldSpec, mode: RecordsMode): (row: number) => unknown {
  const values = column(snapshot, field.table, field.column);
  if (field.table === 'f' && mode === 'institutions' && institutionFallbackColumns.has(field.column)) {
    // The snapshot's institution figures hold only the current ones (institutionFigureExpression).
    const fallback = column(snapshot, 'i', field.column);
    return (row) => values[row] ?? fallback[row];
  }
  return (row) => values[row];
}

/** A value computed from a snapshot once, on first use, and kept for the snapshot's life. */
export function derived<T>(snapshot: Snapshot, key: string, compute: () => T): T {
  if (!snapshot.derived.has(key)) snapshot.derived.set(key, compute());
  return snapshot.derived.get(key) as T;
}

/**
 * `derived` for values keyed by what a request asked (a filter, a field list): at most `limit` are
 * kept per snapshot (all are dropped when full), so arbitrary requests cannot grow memory without bound.
 */
export function memo<T>(snapshot: Snapshot, name: string, limit: number, key: string, compute: () => T): T {
  const kept = derived(snapshot, `memo:${name}`, () => new Map<string, T>());
  let value = kept.get(key);
  if (value === undefined) {
    value = compute();
    if (kept.size >= limit) kept.clear();
    kept.set(key, value);
  }
  return value;
}

/**
 * A numeric column as doubles with null as NaN: every comparison with NaN is false, as a
 * comparison with NULL fails a WHERE clause (the FDIC data holds no NaN of its own).
 */
export function numbers(snapshot: Snapshot, table: 'i' | 'f', name: string): Float64Array {
  return derived(snapshot, `numbers:${table}.${name}`, () => Float64Array.from(column(snapshot, table, name), (value) => (value === null ? NaN : Number(value))));
}

type Dictionary = { ids: Uint32Array; values: unknown[] };

/** Values as small integer ids into their distinct values (null included), so a test runs once per distinct value. */
function encode(values: unknown[]): Dictionary {
  const idOf = new Map<unknown, number>();
  const ids = Uint32Array.from(values, (value) => {
    let id = idOf.get(value);
    if (id === undefined) idOf.set(value, (id = idOf.size));
    return id;
  });
  return { ids, values: [...idOf.keys()] };
}

/** A column as small integer ids into its distinct values, so equality filters compare integers. */
export function dictionary(snapshot: Snapshot, table: 'i' | 'f', name: string): Dictionary {
  return derived(snapshot, `dictionary:${table}.${name}`, () => encode(column(snapshot, table, name)));
}

/** A field's values as the SQL expression of a mode reads them (A-Z lower-cased when `folded`, as `lower()` does), dictionary-encoded. */
export function fieldDictionary(snapshot: Snapshot, field: FieldSpec, mode: RecordsMode, folded: boolean): Dictionary {
  const expression = fieldExpression(field, mode);
  return derived(snapshot, `field-dictionary:${folded ? 'lower:' : ''}${expression}`, () => {
    const read = fieldReader(snapshot, field, mode);
    return encode(
      snapshot.all.map((row) => {
        const value = read(row) ?? null;
        return folded && typeof value === 'string' ? asciiLower(value) : value;
      }),
    );
  });
}

/** One row's columns as records by column name (financials null without that quarter). */
export function rowRecords(snapshot: Snapshot, row: number): { institution: Record<string, unknown>; financials: Record<string, unknown> | null } {
  const institution: Record<string, unknown> = {};
  for (const [name, values] of snapshot.institution) institution[name] = values[row];
  if (!snapshot.hasFinancials[row]) return { institution, financials: null };
  const financials: Record<string, unknown> = {};
  for (const [name, values] of snapshot.financials) financials[name] = values[row];
  return { institution, financials };
}

export const haystackSeparator = '\u0000';

/**
 * A text field's distinct lower-cased values (its folded `fieldDictionary`) joined into one string,
 * with where each value starts: a substring search scans it once with native indexOf. `unmatched`
 * is a search's starting point: every text value false (0), a null unknown (1).
 */
export function fieldHaystack(snapshot: Snapshot, field: FieldSpec, mode: RecordsMode): { text: string; starts: Int32Array; unmatched: Uint8Array } {
  return derived(snapshot, `haystack:${fieldExpression(field, mode)}`, () => {
    const { values } = fieldDictionary(snapshot, field, mode, true);
    const starts = new Int32Array(values.length);
    let position = 0;
    const parts = values.map((value, index) => {
      const text = typeof value === 'string' ? value : '';
      starts[index] = position;
      position += text.length + haystackSeparator.length;
      return text;
    });
    return { text: parts.join(haystackSeparator), starts, unmatched: Uint8Array.from(values, (value) => (typeof value === 'string' ? 0 : 1)) };
  });
}

/** Every row of the snapshot, as bits. */
export const everyRow = (snapshot: Snapshot): Bits => derived(snapshot, 'bits:every-row', () => allBits(snapshot.cert.length));

/** The rows with financials that quarter, as bits. */
export const rowsWithFinancials = (snapshot: Snapshot): Bits => derived(snapshot, 'bits:with-financials', () => bitsOf(snapshot.cert.length, snapshot.withFinancials));

/** Every distinct text expression of the catalog, in both modes: the ones a sort needs a collation rank for. */
function textExpressions(): string[] {
  const expressions = new Set<string>();
  for (const field of fieldCatalog.values()) {
    if (field.type !== 'text') continue;
    for (const mode of ['institutions', 'financials'] as const) expressions.add(fieldExpression(field, mode));
  }
  return [...expressions];
}

function catalogColumns(table: 'i' | 'f'): string[] {
  return [...fieldCatalog.values()].filter((field) => field.table === table).map((field) => field.column);
}

/** Banks read per query while a snapshot loads. */
const snapshotChunkRows = 500;

/**
 * Before each read of a load: stop when asked to, and let requests waiting for their turn go first.
 * The embedded database answers on this thread, and reads that follow each other without a turn of
 * the event loop held every other request for the whole load (35 s for 28,000 institutions).
 */
async function beforeRead(signal: AbortSignal | undefined): Promise<void> {
  signal?.throwIfAborted();
  await nextTurn();
}

async function loadSnapshot(knex: Knex, quarter: string, signal?: AbortSignal): Promise<Snapshot> {
  const institutionNames = [...new Set(['cert', 'active', ...institutionColumns, ...institutionFallbackColumns, ...catalogColumns('i')])];
  const financialNames = [...new Set(['cert', 'repdte', ...financialColumns, ...catalogColumns('f')])];
  const ranked = textExpressions();
  const institutionValue = (name: string) => (institutionFallbackColumns.has(name) ? institutionFigureExpression(name) : `i."${name}"`);
  const select = [...institutionNames.map((name) => `${institutionValue(name)} as "i.${name}"`), ...financialNames.map((name) => `f."${name}" as "f.${name}"`)];
  const join = 'from fdic_institutions i left join fdic_financials f on f.cert = i.cert and f.repdte = ?';
  const institution = new Map<string, unknown[]>(institutionNames.map((name) => [name, []]));
  const financials = new Map<string, unknown[]>(financialNames.map((name) => [name, []]));
  // The ranks in narrow queries of their own, one text field each: each window sorts its rows (wide
  // rows made that sort most of the load), and one query holding every field's window held all
  // their sorts at once, which grew the embedded database's memory by some 40 MB for good.
  const rankedRows: Array<Array<{ cert: number; rank: string }>> = [];
  for (const expression of ranked) {
    await beforeRead(signal);
    rankedRows.push((await knex.raw(`select i.cert, dense_rank() over (order by ${expression}) as rank ${join} order by i.cert`, [quarter])).rows);
  }
  // The wide rows a chunk at a time, straight into columns: one result holding every bank's whole
  // record was most of the server's resident memory, which a process does not give back.
  // Equal texts are kept once: the driver makes a string per value, and a state, a regulator or a
  // report date repeats across thousands of banks (at 45,000 banks, 27 MB of the heap).
  const texts = new Map<string, string>();
  const kept = (value: unknown) => {
    if (typeof value !== 'string') return value ?? null;
    const known = texts.get(value);
    if (known !== undefined) return known;
    texts.set(value, value);
    return value;
  };
  for (let after = -1; ; ) {
    await beforeRead(signal);
    const rows = (await knex.raw(`select ${select.join(', ')} ${join} where i.cert > ? order by i.cert limit ${snapshotChunkRows}`, [quarter, after])).rows as Array<Record<string, unknown>>;
    for (const [prefix, columns] of [['i', institution], ['f', financials]] as const) {
      for (const [name, values] of columns) for (const row of rows) values.push(kept(row[`${prefix}.${name}`]));
    }
    if (rows.length < snapshotChunkRows) break;
    after = rows[rows.length - 1]['i.cert'] as number;
  }
  const certs = institution.get('cert')!;
  // A write between the reads: read again rather than pair ranks with the wrong rows.
  const sameBanks = (rows: Array<{ cert: number }>) => rows.length === certs.length && rows.every((row, index) => row.cert === certs[index]);
  if (!rankedRows.every(sameBanks)) return loadSnapshot(knex, quarter, signal);
  const ranks = new Map(ranked.map((expression, index) => [expression, rankedRows[index].map((row) => Number(row.rank))]));
  const all = certs.map((_, index) => index);
  const hasFinancials = financials.get('cert')!.map((cert) => cert !== null);
  return {
    quarter,
    cert: certs as number[],
    institution,
    financials,
    hasFinancials,
    ranks,
    all,
    withFinancials: all.filter((row) => hasFinancials[row]),
    orders: new Map(),
    derived: new Map(),
  };
}

/**
 * The snapshot of a quarter, loaded on first use. A load given a signal stops between its reads
 * once the signal is aborted (a server stopping while it loads in the background).
 */
export function quarterSnapshot(knex: Knex, quarter: string, signal?: AbortSignal): Promise<Snapshot> {
  return cachedRefreshing(knex, `snapshot:${quarter}`, () => loadSnapshot(knex, quarter, signal));
}

type SortKey = (row: number) => number | string | null;

/** PostgreSQL's order: numbers ascending with NaN above every number; text by the collation rank. */
function compareKeys(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') {
    if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) ? (Number.isNaN(b) ? 0 : 1) : -1;
    return a - b;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The sortable key of a field: the value itself, a flag as 0/1, text as its collation rank. */
export function sortKey(snapshot: Snapshot, field: FieldSpec, mode: RecordsMode): SortKey {
  const read = fieldReader(snapshot, field, mode);
  if (field.type === 'text') {
    const ranks = snapshot.ranks.get(fieldExpression(field, mode))!;
    return (row) => (read(row) === null ? null : ranks[row]);
  }
  if (field.type === 'flag') return (row) => (read(row) === null ? null : read(row) ? 1 : 0);
  return (row) => read(row) as number | string | null;
}

/**
 * `rows` ordered as `ORDER BY key <direction> NULLS LAST, cert` would order them, computed once per
 * snapshot and kept under `name`.
 */
export function orderedRows(snapshot: Snapshot, name: string, rows: number[], key: SortKey, direction: 'asc' | 'desc'): number[] {
  const cacheKey = `${name}:${direction}`;
  const known = snapshot.orders.get(cacheKey);
  if (known) return known;
  const sign = direction === 'asc' ? 1 : -1;
  const { cert } = snapshot;
  const keyed = rows.map((row) => ({ row, key: key(row) }));
  keyed.sort((a, b) => {
    if (a.key === null || b.key === null) {
      if (a.key !== b.key) return a.key === null ? 1 : -1;
    } else {
      const order = compareKeys(a.key, b.key);
      if (order !== 0) return sign * order;
    }
    return cert[a.row] - cert[b.row];
  });
  const ordered = keyed.map((entry) => entry.row);
  snapshot.orders.set(cacheKey, ordered);
  return ordered;
}

/** Lower-cases A-Z only: the case folding every PostgreSQL locale agrees on (see `isAscii`). */
export const asciiLower = (text: string) => text.replace(/[A-Z]/g, (char) => char.toLowerCase());

/**
 * Text the snapshot may compare case-insensitively. Case folding of other characters depends on the
 * database's locale, so a search with any such character goes to SQL.
 */
// eslint-disable-next-line no-control-regex
export const isAscii = (text: string) => /^[\x00-\x7f]*$/.test(text);
