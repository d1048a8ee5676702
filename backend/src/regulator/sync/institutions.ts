import type { Knex } from 'knex';
import { quarterEndsBackFrom, type FdicClient, type FdicRecord } from '../clients/fdic.ts';
import { columnsOfRows } from '../engine/columns.ts';
import { isUncuratedCode } from '../fields.ts';
import { financialMoneyFields, financialRatioFields, normaliseFinancialsBatch, normaliseInstitutionsBatch, quarterLabel } from '../normalise/index.ts';
import { clearDemoData, upsertFinancials } from '../store.ts';
import { applyActiveLists, noteActiveList } from '../import/as-of.ts';
import { mergeDatedRows } from '../import/merge.ts';

/**
 * The financials fields we ask BankFind for: every code the normalisers (regulator/normalise/) read (plus the commercial
 * real estate parts it sums), well under the 250 fields above which the API caps pages at 500.
 */
export const financialSyncFields: string[] = [
  ...new Set([
    'CERT',
    'REPDTE',
    'ID',
    ...Object.values(financialMoneyFields).flat(),
    ...Object.values(financialRatioFields).flat(),
    'LNRENRES',
    'LNREMULT',
    'LNRECONS',
  ]),
];

/** One step of the sync: the active institutions, or one quarter's financials. */
export type SyncStep = { kind: 'institutions' } | { kind: 'financials'; repdte: string };

/** Where a sync run stands; saved after every page so a restarted run continues from here. */
export type InstitutionSyncCursor = {
  steps: SyncStep[];
  /** meta.total of each step, counted when the run began. */
  totals: number[];
  /** The step in progress and how many of its records are stored. */
  step: number;
  offset: number;
  /**
   * The day the run began (YYYYMMDD): the date the live API's institution records speak for, so
   * each attribute they give is stamped with it as an imported file's are (import/as-of.ts). A
   * cursor saved before runs had one is dated the day it resumes.
   */
  asOf?: string;
};

export type InstitutionSyncProgress = { progress: number; total: number; message: string; cursor: InstitutionSyncCursor };

export type InstitutionSyncOptions = {
  knex: Knex;
  fdic: FdicClient;
  quarters: number;
  pageSize?: number;
  signal?: AbortSignal;
  /** Called after every stored page with the cursor to save. */
  onProgress: (progress: InstitutionSyncProgress) => Promise<void>;
};

export type InstitutionSyncResult = { institutions: number; financials: number; quarters: string[]; invalid: number; demoRowsCleared: number };

const stepFilter = (step: SyncStep) => (step.kind === 'institutions' ? 'ACTIVE:1' : `REPDTE:${step.repdte}`);
const stepLabel = (step: SyncStep) => (step.kind === 'institutions' ? 'active institutions' : `${quarterLabel(step.repdte)} financials`);

/** The plan of a new run: which quarters, and how many records each step holds. */
export async function planInstitutionSync(fdic: FdicClient, quarters: number): Promise<InstitutionSyncCursor> {
  const latest = await fdic.latestReportDate();
  const steps: SyncStep[] = [{ kind: 'institutions' }, ...(latest ? quarterEndsBackFrom(latest, quarters) : []).map((repdte) => ({ kind: 'financials' as const, repdte }))];
  const totals: number[] = [];
  for (const step of steps) totals.push(await fdic.count(step.kind, stepFilter(step)));
  return { steps, totals, step: 0, offset: 0, asOf: today() };
}

const today = () => new Date().toISOString().slice(0, 10).replace(/-/g, '');

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * Runs (or continues, from `cursor`) the institutions sync: every active institution, then each
 * quarter's financials, page by page in CERT order, each page upserted and the cursor saved.
 * Re-running a page rewrites the same rows, so a resumed run may repeat its last page harmlessly.
 * On success the demo data, if any, is cleared: what remains is real.
 */
export async function runInstitutionSync(options: InstitutionSyncOptions, cursor: InstitutionSyncCursor): Promise<InstitutionSyncResult> {
  const { knex, fdic, signal } = options;
  const pageSize = options.pageSize ?? 2000;
  const total = () => sum(cursor.totals);
  const done = () => sum(cursor.totals.slice(0, cursor.step)) + cursor.offset;
  let invalid = 0;
  cursor.asOf ??= today();

  while (cursor.step < cursor.steps.length) {
    signal?.throwIfAborted();
    const step = cursor.steps[cursor.step];
    const query = {
      filters: stepFilter(step),
      sortBy: 'CERT',
      sortOrder: 'ASC' as const,
      offset: cursor.offset,
      pageSize,
      ...(step.kind === 'financials' ? { fields: financialSyncFields } : {}),
    };
    for await (const page of fdic.pages(step.kind, query, { signal })) {
      invalid += await storePage(knex, step, page.records, cursor.asOf);
      // The API's count may move while we page; the run's total follows it.
      cursor.totals[cursor.step] = page.total;
      cursor.offset = page.offset + page.records.length;
      await options.onProgress({
        progress: Math.min(done(), total()),
        total: total(),
        message: `Syncing ${stepLabel(step)}: ${cursor.offset.toLocaleString('en-US')} of ${page.total.toLocaleString('en-US')}.`,
        cursor,
      });
      signal?.throwIfAborted();
    }
    cursor.totals[cursor.step] = Math.max(cursor.offset, 0);
    // Every active institution as of the run's day: a bank the API no longer lists active is not.
    if (step.kind === 'institutions') {
      await noteActiveList(knex, cursor.asOf, 'FDIC BankFind sync');
      await applyActiveLists(knex);
    }
    cursor.step += 1;
    cursor.offset = 0;
  }

  const cleared = Object.values(await clearDemoData(knex)).reduce((all, count) => all + count, 0);
  const quarters = cursor.steps.flatMap((step) => (step.kind === 'financials' ? [step.repdte] : []));
  return {
    institutions: cursor.totals[0] ?? 0,
    financials: sum(cursor.totals.slice(1)),
    quarters,
    invalid,
    demoRowsCleared: cleared,
  };
}

/**
 * Normalises and stores one page; records the normaliser refuses are counted, not fatal.
 * Institution records are stamped with the run's day and merged attribute by attribute, as an
 * imported file's are: an attribute a newer source gave is kept, an older one replaced. A page of
 * financials records the quarter as the newest its banks have (at least), so the institutions'
 * own figures give way to that quarter's.
 */
async function storePage(knex: Knex, step: SyncStep, records: FdicRecord[], asOf: string): Promise<number> {
  const batch = columnsOfRows(records);
  if (step.kind === 'institutions') {
    batch.columns.set('AS_OF', new Array<string>(batch.size).fill(asOf));
    const { rows, rejected } = normaliseInstitutionsBatch(batch, { keepInRaw: isUncuratedCode });
    await mergeDatedRows(knex, 'fdic_institutions', ['cert'], rows);
    return rejected.length;
  }
  const { rows, rejected } = normaliseFinancialsBatch(batch, { keepInRaw: isUncuratedCode });
  await upsertFinancials(knex, rows);
  const certs = (rows.columns.get('cert') ?? []) as number[];
  if (certs.length > 0) {
    await knex('fdic_institutions')
      .whereIn('cert', certs)
      .andWhere((where) => where.whereNull('financials_repdte').orWhere('financials_repdte', '<', step.repdte))
      .update({ financials_repdte: step.repdte });
  }
  return rejected.length;
}

/** The closing message of a successful run, as the Data Tools screen shows it. */
export function describeSyncResult(result: InstitutionSyncResult): string {
  const range = result.quarters.length ? ` (${quarterLabel(result.quarters[result.quarters.length - 1])} to ${quarterLabel(result.quarters[0])})` : '';
  return (
    `Synced ${result.institutions.toLocaleString('en-US')} active institutions and ${result.financials.toLocaleString('en-US')} quarterly reports` +
    `${range} from FDIC BankFind.` +
    (result.demoRowsCleared > 0 ? ' The demo data was removed.' : '') +
    (result.invalid > 0 ? ` ${result.invalid} records without a certificate number or report date were skipped.` : '')
  );
}
