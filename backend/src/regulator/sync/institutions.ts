import type { Knex } from 'knex';
import { groupThousands } from '../../../../domain/format.ts';
import { quarterEndsBackFrom, type FdicClient, type FdicRecord } from '../clients/fdic.ts';
import { columnsOfRows } from '../engine/columns.ts';
import { isUncuratedCode } from '../fields.ts';
import { financialMoneyFields, financialRatioFields, normaliseFinancialsBatch, normaliseInstitutionsBatch, quarterLabel } from '../normalise/index.ts';
import { clearDemoData, noteRegulatorDataChanged, upsertFinancials } from '../store.ts';
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

export type InstitutionSyncResult = {
  institutions: number;
  financials: number;
  quarters: string[];
  invalid: number;
  /** Per field, values of an unexpected type (an object, a list) stored blank. */
  blanked: Record<string, number>;
  demoRowsCleared: number;
};

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

/** How many records a run resumed from this cursor has behind it (a quarter in progress starts over). */
export const cursorProgress = (cursor: InstitutionSyncCursor): number => sum(cursor.totals.slice(0, cursor.step)) + cursor.offset;

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
  let invalid = 0;
  const blanked: Record<string, number> = {};
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
    // A quarter's financials are held until its last page has come, then stored at once: a run
    // cut short between pages would otherwise leave a new quarter that only some banks have, and
    // the screens, taking it for the newest, would show it without the others. The cursor stays at
    // the quarter's start meanwhile, so a resumed run fetches the quarter again.
    const quarter: FdicRecord[] = [];
    let reached = cursor.offset;
    for await (const page of fdic.pages(step.kind, query, { signal })) {
      if (step.kind === 'institutions') invalid += await storeInstitutions(knex, page.records, cursor.asOf);
      else for (const record of page.records) quarter.push(record);
      for (const [field, count] of Object.entries(page.blanked)) blanked[field] = (blanked[field] ?? 0) + count;
      reached = page.offset + page.records.length;
      if (step.kind === 'institutions') cursor.offset = reached;
      // The API's count may move while we page; the run's total follows it.
      cursor.totals[cursor.step] = page.total;
      await options.onProgress({
        progress: Math.min(sum(cursor.totals.slice(0, cursor.step)) + reached, total()),
        total: total(),
        message: `Syncing ${stepLabel(step)}: ${groupThousands(reached)} of ${groupThousands(page.total)}.`,
        cursor,
      });
      signal?.throwIfAborted();
    }
    if (step.kind === 'financials') invalid += await storeQuarter(knex, step.repdte, quarter);
    cursor.totals[cursor.step] = Math.max(reached, 0);
    // Every active institution as of the run's day: a bank the API no longer lists active is not.
    if (step.kind === 'institutions') {
      await noteActiveList(knex, cursor.asOf, 'FDIC BankFind sync');
      await applyActiveLists(knex);
    }
    cursor.step += 1;
    cursor.offset = 0;
    // Saved at once: a run stopped before the next step's first page resumes after this step, not at its start.
    const stored = sum(cursor.totals.slice(0, cursor.step));
    await options.onProgress({ progress: Math.min(stored, total()), total: total(), message: `Stored ${stepLabel(step)}: ${groupThousands(reached)} records.`, cursor });
  }

  const cleared = Object.values(await clearDemoData(knex)).reduce((all, count) => all + count, 0);
  const quarters = cursor.steps.flatMap((step) => (step.kind === 'financials' ? [step.repdte] : []));
  return {
    institutions: cursor.totals[0] ?? 0,
    financials: sum(cursor.totals.slice(1)),
    quarters,
    invalid,
    blanked,
    demoRowsCleared: cleared,
  };
}

/**
 * Normalises and stores one page of institutions; records the normaliser refuses are counted, not
 * fatal. They are stamped with the run's day and merged attribute by attribute, as an imported
 * file's are: an attribute a newer source gave is kept, an older one replaced.
 */
async function storeInstitutions(knex: Knex, records: FdicRecord[], asOf: string): Promise<number> {
  const batch = columnsOfRows(records);
  batch.columns.set('AS_OF', new Array<string>(batch.size).fill(asOf));
  const { rows, rejected } = normaliseInstitutionsBatch(batch, { keepInRaw: isUncuratedCode });
  await mergeDatedRows(knex, 'fdic_institutions', ['cert'], rows);
  return rejected.length;
}

/**
 * Stores one quarter's financials in one transaction, and records the quarter as the newest its
 * banks have (at least), so the institutions' own figures give way to that quarter's: no screen
 * sees the quarter before every bank of it is there. Returns the records the normaliser refused.
 */
async function storeQuarter(knex: Knex, repdte: string, records: FdicRecord[]): Promise<number> {
  const { rows, rejected } = normaliseFinancialsBatch(columnsOfRows(records), { keepInRaw: isUncuratedCode });
  const certs = (rows.columns.get('cert') ?? []) as number[];
  if (certs.length === 0) return rejected.length;
  await knex.transaction(async (trx) => {
    await upsertFinancials(trx, rows);
    await trx('fdic_institutions')
      .whereIn('cert', certs)
      .andWhere((where) => where.whereNull('financials_repdte').orWhere('financials_repdte', '<', repdte))
      .update({ financials_repdte: repdte });
    // In the transaction: other processes' caches move exactly when the quarter becomes visible.
    await noteRegulatorDataChanged(trx);
  });
  return rejected.length;
}

/** The closing message of a successful run, as the Data Tools screen shows it. */
export function describeSyncResult(result: InstitutionSyncResult): string {
  const range = result.quarters.length ? ` (${quarterLabel(result.quarters[result.quarters.length - 1])} to ${quarterLabel(result.quarters[0])})` : '';
  return (
    `Synced ${result.institutions.toLocaleString('en-US')} active institutions and ${result.financials.toLocaleString('en-US')} quarterly reports` +
    `${range} from FDIC BankFind.` +
    (result.demoRowsCleared > 0 ? ' The demo data was removed.' : '') +
    (result.invalid > 0 ? ` ${groupThousands(result.invalid)} records without a certificate number or report date were skipped.` : '') +
    describeBlanked(result.blanked)
  );
}

/** The values stored blank because BankFind sent them as an object or a list, by field. */
function describeBlanked(blanked: Record<string, number>): string {
  const fields = Object.entries(blanked).sort(([a], [b]) => (a < b ? -1 : 1));
  if (fields.length === 0) return '';
  const total = fields.reduce((all, [, count]) => all + count, 0);
  const listed = fields.map(([field, count]) => `${field} (${groupThousands(count)})`).join(', ');
  return ` ${groupThousands(total)} ${total === 1 ? 'value' : 'values'} that came as neither text nor a number ${total === 1 ? 'was' : 'were'} left blank: ${listed}.`;
}
