import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import {
  InvalidRecordError,
  normaliseFailure,
  normaliseFinancialsBatch,
  normaliseHistoryEvent,
  normaliseInstitution,
  normaliseInstitutionsBatch,
  type NormalisedBatch,
  normaliseLocation,
  normaliseSod,
  type RawRecord,
  toRepdte,
} from '../normalise/index.ts';
import { clearDemoData, hasDemoData, noteRegulatorDataChanged, type RegulatorTable } from '../store.ts';
import { isUncuratedCode } from '../fields.ts';
import { columnsOfRows, indexRange, type Columns } from '../engine/columns.ts';
import { fillInstitutionsFromSod } from './enrich.ts';
import { applyActiveLists, copyRank, dateInFileName, institutionRank, noteActiveList, stampRow } from './as-of.ts';
import { detectLayout, type ColumnLayout, type FileContext, type ImportItem, type RecordBatch, type RowLayout } from './layouts.ts';
import { prepareMerge, writeMerge, type MergeOptions, type PreparedMerge } from './merge.ts';
import { columnTypes } from '../engine/unnest.ts';
import { openRowSource, type RowSource } from './source.ts';

type ItemKind = ImportItem['kind'] | RecordBatch['kind'];

type Row = Record<string, unknown>;

/**
 * Where each kind of item goes, and how FDIC records become rows: one record at a time, or a batch
 * of records as columns (institutions and financials, which come in files of thousands).
 */
const targets: Record<
  ItemKind,
  {
    table: RegulatorTable;
    keys: string[];
    merge?: MergeOptions;
    normalise?: (record: RawRecord) => Row;
    normaliseBatch?: (records: Columns, batch: RecordBatch) => NormalisedBatch;
  }
> = {
  // Each attribute keeps the value of its newest source, whatever the order of the files (as-of.ts).
  institution: {
    table: 'fdic_institutions',
    keys: ['cert'],
    merge: { withUpdatedAt: true, attributeDates: true },
    normaliseBatch: (records, batch) => normaliseInstitutionsBatch(records, { keepInRaw: isUncuratedCode, copies: batch.copies }),
  },
  institutionCopy: {
    table: 'fdic_institutions',
    keys: ['cert'],
    merge: { withUpdatedAt: true, attributeDates: true },
    normalise: (record) => normaliseInstitution(record, { keepInRaw: isUncuratedCode, copies: true }),
  },
  financials: { table: 'fdic_financials', keys: ['cert', 'repdte'], merge: { withUpdatedAt: true }, normaliseBatch: (records) => normaliseFinancialsBatch(records, { keepInRaw: isUncuratedCode }) },
  // A branch listed in several Summary of Deposits years holds its newest year's values.
  location: { table: 'fdic_locations', keys: ['id'], merge: { datedBy: 'sod_year' }, normalise: normaliseLocation },
  sod: { table: 'fdic_sod', keys: ['id'], normalise: normaliseSod },
  // The failures endpoint gives the money figures; the Failed Bank List the names and places as published.
  failure: { table: 'fdic_failures', keys: ['id'], merge: { attributeDates: true }, normalise: (record) => stampedFailure(record, ['assets', 'deposits', 'estimated_loss', 'resolution_type', 'fin']) },
  listedFailure: { table: 'fdic_failures', keys: ['id'], merge: { attributeDates: true }, normalise: (record) => stampedFailure(record, ['name', 'city', 'state', 'city_state', 'acquirer', 'raw']) },
  history: { table: 'fdic_history', keys: ['id'], normalise: normaliseHistoryEvent },
  definition: { table: 'fdic_field_definitions', keys: ['endpoint', 'code'] },
  census: { table: 'census_profiles', keys: ['kind', 'code'], merge: { withUpdatedAt: true, attributeDates: true } },
};

/** A failure row stamped with its closing date, the columns `leads` ranked above the other source's. */
function stampedFailure(record: RawRecord, leads: readonly string[]): Row {
  const row = normaliseFailure(record);
  return stampRow(row, row.fail_date?.replace(/-/g, '') ?? null, (column) => (leads.includes(column) ? institutionRank : copyRank));
}

export type ImportProgress = { file: string; rows: number; bytesRead: number; totalBytes: number };

export type ImportResult = {
  file: string;
  layout: string;
  /** Data rows read from the file. */
  rows: number;
  /** Rows written per table. */
  written: Partial<Record<RegulatorTable, number>>;
  /** Rows that carried nothing to keep (no CERT, CERT 0, not a CBSA, ...). */
  skipped: number;
  /** Records the normaliser refused, with the first few reasons. */
  invalid: number;
  problems: string[];
  /** Institutions whose blanks were filled from the Summary of Deposits afterwards. */
  enriched: number;
  /** Banks a list of active institutions left out, marked inactive as of its date. */
  deactivated: number;
  /** The date of the complete list of active institutions this file was taken as, if it was one. */
  activeListDate?: string;
  seconds: number;
};

export type ImportOptions = {
  batchSize?: number;
  /**
   * The date (YYYY-MM-DD or YYYYMMDD) the file speaks for where its rows carry none (an
   * institutions file's snapshot). Default: a date in the file's name, else the day it was written.
   */
  asOf?: string;
  /**
   * Whether an institutions file is the complete list of institutions active on its date, so that
   * a bank it leaves out is inactive from then on. Default: when its name says "active" and every
   * row is active.
   */
  activeList?: boolean;
  /**
   * Connections writing at once (default: 2 when the database handle has a pool of two or more,
   * as PostgreSQL does; 1 on PGlite, which has one connection).
   */
  writers?: number;
  /** How long a writer's transaction may stay open before it commits and starts another (default 500 ms). */
  commitEveryMs?: number;
  onProgress?: (progress: ImportProgress) => void;
};

/** Connections the database handle may hold at once (a transaction handle has no pool: one). */
function poolSize(knex: Knex): number {
  return (knex.client as { pool?: { max?: number } }).pool?.max ?? 1;
}

/**
 * Writers asked for, within what the pool allows. Two by default: the database's work per row
 * outweighs ours, and a PostgreSQL server has cores to spare.
 */
function writerCount(knex: Knex, wanted: number | undefined): number {
  return Math.max(1, Math.min(wanted ?? 2, poolSize(knex)));
}

/**
 * Imports one FDIC or Census file: detects its layout from the header row, streams its rows,
 * maps them to FDIC-API-format records, normalises them and merges them into the regulator tables
 * in batches. Re-importing a file changes nothing.
 *
 * Writers hold a transaction across batches with synchronous_commit off inside it (no flush to
 * disk per batch; a crash may lose the last batches, never corrupt them), and commit about every
 * `commitEveryMs`: PostgreSQL's event-store readers wait for every older transaction on the
 * server (DESIGN.md), so an import must not hold one open for the length of a file. A failed
 * import keeps the batches committed before the failure; importing the file again completes it.
 * Rows are dealt to writers by key, so two writers never touch the same row and a key's updates
 * keep their order.
 */
export async function importFile(knex: Knex, file: string, options: ImportOptions = {}): Promise<ImportResult> {
  const started = performance.now();
  const count = writerCount(knex, options.writers);
  const typesRead = columnTypes(knex);
  // With a connection to spare (PostgreSQL) the writers' transactions open while the file does; on
  // PGlite the column types are read before a writer's transaction holds the only connection.
  const transactionsOpened = (poolSize(knex) > count ? Promise.resolve() : typesRead.catch(() => undefined)).then(() =>
    Promise.allSettled(Array.from({ length: count }, () => openTransaction(knex))),
  );
  const sourceOpened = openRowSource(file);
  sourceOpened.catch(() => undefined); // awaited below, once the writers are ready
  const writers: Writer[] = [];
  try {
    const transactions = await transactionsOpened;
    for (const transaction of transactions) {
      if (transaction.status === 'fulfilled') writers.push({ trx: transaction.value, openedAt: performance.now(), writes: Promise.resolve(), queued: 0 });
    }
    const refused = transactions.find((transaction) => transaction.status === 'rejected');
    if (refused) throw refused.reason;
    await typesRead;
    const source = await sourceOpened;
    const context: FileContext = { date: await fileDate(file, options.asOf) };
    const result = await importRows(knex, writers, file, source, context, options);
    await Promise.all(writers.map((writer) => writer.trx.commit()));
    // After the commit, so they see every writer's rows.
    if (result.activeListDate) await noteActiveList(knex, result.activeListDate, file);
    Object.assign(result, await settleInstitutions(knex, result.written));
    await noteRegulatorDataChanged(knex);
    options.onProgress?.({ file, rows: result.rows, bytesRead: source.totalBytes, totalBytes: source.totalBytes });
    result.seconds = (performance.now() - started) / 1000;
    return result;
  } catch (error) {
    // Let queued writes settle first: one may be between a commit and its next transaction.
    await Promise.allSettled(writers.map((writer) => writer.writes));
    await Promise.all(writers.filter((writer) => !writer.trx.isCompleted()).map((writer) => writer.trx.rollback().catch(() => undefined)));
    // Batches committed before the failure stay.
    await noteRegulatorDataChanged(knex).catch(() => undefined);
    throw error;
  } finally {
    sourceOpened.then((source) => source.close(), () => undefined);
  }
}

/**
 * What follows writing institutions or branches: blanks filled from the Summary of Deposits, and
 * the banks the newest list of active institutions leaves out marked inactive.
 */
export async function settleInstitutions(knex: Knex, written: ImportResult['written']): Promise<{ enriched: number; deactivated: number }> {
  if (!written.fdic_sod && !written.fdic_institutions) return { enriched: 0, deactivated: 0 };
  return { enriched: await fillInstitutionsFromSod(knex), deactivated: await applyActiveLists(knex) };
}

/** An item's row, normalised as its target says; throws InvalidRecordError for a record the normaliser refuses. */
function itemRow(item: ImportItem): Row {
  return 'record' in item ? targets[item.kind].normalise!(item.record) : item.row;
}

/**
 * Stores items (records mapped as a row layout maps a file's rows, see layouts.ts) in one
 * transaction, normalised and merged exactly as importing a file of them would; a record the
 * normaliser refuses is counted, not stored. Call `settleInstitutions` once the items of a run are
 * stored. Returns the rows written per table.
 */
export async function storeItems(knex: Knex, items: readonly ImportItem[]): Promise<{ written: ImportResult['written']; invalid: number }> {
  const byKind = new Map<ItemKind, Row[]>();
  let invalid = 0;
  for (const item of items) {
    let row: Row;
    try {
      row = itemRow(item);
    } catch (error) {
      if (!(error instanceof InvalidRecordError)) throw error;
      invalid += 1;
      continue;
    }
    let rows = byKind.get(item.kind);
    if (!rows) byKind.set(item.kind, (rows = []));
    rows.push(row);
  }
  const written: ImportResult['written'] = {};
  await knex.transaction(async (trx) => {
    for (const [kind, rows] of byKind) {
      const target = targets[kind];
      const merge = await prepareMerge(trx, target.table, target.keys, columnsOfRows(rows), indexRange(0, rows.length), target.merge);
      written[target.table] = (written[target.table] ?? 0) + (await writeMerge(trx, merge));
    }
    await noteRegulatorDataChanged(trx);
  });
  return { written, invalid };
}

/** A writer connection: its open transaction and its queue of writes, sent one after another. */
type Writer = { trx: Knex.Transaction; openedAt: number; writes: Promise<void>; queued: number };

async function openTransaction(knex: Knex): Promise<Knex.Transaction> {
  const trx = await knex.transaction();
  await trx.raw('set local synchronous_commit = off');
  return trx;
}

/** The date a file speaks for where its rows carry none (YYYYMMDD): as given, else from its name, else the day it was written. */
async function fileDate(file: string, given: string | undefined): Promise<string> {
  if (given !== undefined) {
    const date = toRepdte(given);
    if (!date) throw new Error(`The as-of date ${given} is not a date (YYYY-MM-DD).`);
    return date;
  }
  return dateInFileName(file) ?? (await fs.promises.stat(file)).mtime.toISOString().slice(0, 10).replace(/-/g, '');
}

async function importRows(knex: Knex, writers: Writer[], file: string, source: RowSource, context: FileContext, options: ImportOptions): Promise<ImportResult> {
  const batchSize = options.batchSize ?? 2000;
  const commitEveryMs = options.commitEveryMs ?? 500;
  const result: ImportResult = { file, layout: '', rows: 0, written: {}, skipped: 0, invalid: 0, problems: [], enriched: 0, deactivated: 0, seconds: 0 };
  const layout = detectLayout(source.header, file);
  result.layout = layout.id;
  // A list of active institutions names only active banks: one inactive row and it is not one.
  let everyRowActive = layout.id === 'institutions' && (options.activeList ?? /active/i.test(path.basename(file)));
  // A batch is serialised before it queues, so the database and this process work at the same
  // time (on PostgreSQL; PGlite shares this thread). Reading waits while a writer has two queued.
  const enqueue = async (writer: Writer, table: RegulatorTable, merge: PreparedMerge) => {
    if (writer.queued >= 2) await writer.writes;
    writer.queued += 1;
    writer.writes = writer.writes.then(async () => {
      if (performance.now() - writer.openedAt >= commitEveryMs) {
        await writer.trx.commit();
        writer.trx = await openTransaction(knex);
        writer.openedAt = performance.now();
      }
      const count = await writeMerge(writer.trx, merge);
      writer.queued -= 1;
      result.written[table] = (result.written[table] ?? 0) + count;
    });
    writer.writes.catch(() => undefined); // awaited when the queue is full or at the end; not unhandled meanwhile
  };
  const write = async (kind: ItemKind, rows: Columns) => {
    if (rows.size === 0) return;
    const target = targets[kind];
    const shares = dealByKey(rows, target.keys, writers.length);
    for (let index = 0; index < writers.length; index += 1) {
      if (shares[index].length === 0) continue;
      const merge = await prepareMerge(knex, target.table, target.keys, rows, shares[index], target.merge);
      await enqueue(writers[index], target.table, merge);
    }
  };
  const noteInvalid = (rowNumber: number, message: string) => {
    result.invalid += 1;
    if (result.problems.length < 5) result.problems.push(`row ${rowNumber}: ${message}`);
  };
  /** Rows of a batch of records (from the file's rows `rowNumbers`); refused records are counted as invalid. */
  const normaliseBatch = (kind: ItemKind, batch: RecordBatch, rowNumbers: readonly number[]): Columns => {
    const { rows, rejected } = targets[kind].normaliseBatch!(batch.records, batch);
    for (const { index, message } of rejected) noteInvalid(rowNumbers[index], message);
    return rows;
  };

  if ('mapColumns' in layout) await importColumns(layout);
  else await importEachRow(layout);
  for (const writer of writers) await writer.writes;
  if (source.cutOff()) {
    result.skipped += 1;
    result.problems.push('the file ends inside its last row (a download cut short?): that row was left out' + (everyRowActive ? ', and the file is not taken as the complete list of active institutions' : ''));
  } else if (everyRowActive && result.written.fdic_institutions) result.activeListDate = context.date;
  return result;

  async function importColumns(columnLayout: ColumnLayout) {
    // A small first batch: the database starts on it while the rest is read.
    for await (const batch of source.batches(batchSize, Math.min(batchSize, 500))) {
      const firstRowNumber = result.rows + 1;
      result.rows += batch.size;
      const { records, skipped } = columnLayout.mapColumns(batch, context);
      result.skipped += skipped;
      for (const recordBatch of records) {
        const rows = normaliseBatch(recordBatch.kind, recordBatch, recordBatch.sourceRows.map((row) => firstRowNumber + row));
        if (everyRowActive && recordBatch.kind === 'institution') everyRowActive = (rows.columns.get('active') ?? []).every((active) => active === true);
        await write(recordBatch.kind, rows);
      }
      options.onProgress?.({ file, rows: result.rows, bytesRead: source.bytesRead(), totalBytes: source.totalBytes });
    }
  }

  /** Row layouts: each row's records normalised as they come, written a batch at a time. */
  async function importEachRow(rowLayout: RowLayout) {
    const buckets = new Map<ItemKind, Row[]>();
    const flush = async (kind: ItemKind) => {
      const rows = buckets.get(kind);
      if (!rows || rows.length === 0) return;
      buckets.set(kind, []);
      await write(kind, columnsOfRows(rows));
    };
    let lastReport = 0;
    for await (const row of source.rows) {
      result.rows += 1;
      const items = rowLayout.map(row, file);
      if (items.length === 0) result.skipped += 1;
      for (const item of items) {
        let out: Row;
        try {
          out = itemRow(item);
        } catch (error) {
          if (!(error instanceof InvalidRecordError)) throw error;
          noteInvalid(result.rows, error.message);
          continue;
        }
        let bucket = buckets.get(item.kind);
        if (!bucket) buckets.set(item.kind, (bucket = []));
        bucket.push(out);
        if (bucket.length >= batchSize) await flush(item.kind);
      }
      if (options.onProgress && result.rows - lastReport >= 1000) {
        lastReport = result.rows;
        options.onProgress({ file, rows: result.rows, bytesRead: source.bytesRead(), totalBytes: source.totalBytes });
      }
    }
    for (const kind of buckets.keys()) await flush(kind);
  }
}

/**
 * The rows' indexes split into `count` shares by their first key column: every row of one key in
 * the same share, in order. Integer keys (CERT) are dealt by value; others by a hash of their text.
 */
function dealByKey(rows: Columns, keys: readonly string[], count: number): number[][] {
  if (count === 1) return [indexRange(0, rows.size)];
  const shares: number[][] = Array.from({ length: count }, () => []);
  const firstKey = rows.columns.get(keys[0]) ?? [];
  for (let index = 0; index < rows.size; index += 1) {
    const key = firstKey[index];
    let hash = 0;
    if (typeof key === 'number' && Number.isInteger(key)) hash = key;
    else for (const character of String(key)) hash = (Math.imul(hash, 31) + character.charCodeAt(0)) | 0;
    shares[(hash >>> 0) % count].push(index);
  }
  return shares;
}

/**
 * Imports several files in the order given. Real data and the fictional demo banks do not mix:
 * when the database holds demo data it is cleared first.
 */
export async function importFiles(knex: Knex, files: readonly string[], options: ImportOptions & { onDemoCleared?: () => void } = {}): Promise<ImportResult[]> {
  if (await hasDemoData(knex)) {
    await clearDemoData(knex);
    options.onDemoCleared?.();
  }
  const results: ImportResult[] = [];
  for (const file of files) results.push(await importFile(knex, path.resolve(file), options));
  return results;
}

/** The line for a file that failed to import: its name once, whether or not the error already gives it. */
export function describeImportFailure(file: string, error: unknown): string {
  const message = (error as Error).message ?? String(error);
  const name = path.basename(file);
  return message.includes(name) ? message.split(file).join(name) : `${name}: ${message}`;
}

/** One line per file for people: what was read and where it went. */
export function describeImport(result: ImportResult): string {
  const written = Object.entries(result.written)
    .map(([table, count]) => `${count!.toLocaleString('en-US')} ${table}`)
    .join(', ');
  const rate = result.seconds > 0 ? Math.round(result.rows / result.seconds) : result.rows;
  const extras = [
    result.skipped ? `${result.skipped} skipped` : '',
    result.invalid ? `${result.invalid} invalid` : '',
    result.enriched ? `${result.enriched} institutions filled in from the Summary of Deposits` : '',
    result.activeListDate ? `taken as the list of institutions active on ${result.activeListDate}` : '',
    result.deactivated ? `${result.deactivated} banks left out of the newest list of active institutions marked inactive` : '',
  ].filter(Boolean);
  return (
    `${path.basename(result.file)} (${result.layout}): ${result.rows.toLocaleString('en-US')} rows in ${result.seconds.toFixed(1)} s ` +
    `(${rate.toLocaleString('en-US')} rows/s) -> ${written || 'nothing written'}${extras.length ? `; ${extras.join(', ')}` : ''}`
  );
}
