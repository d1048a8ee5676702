import type { Knex } from 'knex';
import { groupThousands } from '../../../../domain/format.ts';
import { quarterEndsBackFrom, type FdicClient, type FdicRecord } from '../clients/fdic.ts';
import { columnsOfRows } from '../engine/columns.ts';
import { isUncuratedCode } from '../fields.ts';
import { financialMoneyFields, financialRatioFields, normaliseFinancialsBatch, normaliseInstitutionsBatch, quarterLabel } from '../normalise/index.ts';
import { clearDemoData, noteRegulatorDataChanged, upsertFinancials } from '../store.ts';
import { applyActiveLists, noteActiveList } from '../import/as-of.ts';
import { mergeDatedRows } from '../import/merge.ts';
import { settleInstitutions, storeItems } from '../import/importer.ts';
import { failureItems, historyItems } from '../import/layouts.ts';

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

/**
 * One step of the sync: the active institutions, the structure changes effective or processed
 * since a day (YYYY-MM-DD), every failure, or one quarter's financials.
 */
export type SyncStep = { kind: 'institutions' } | { kind: 'history'; since: string } | { kind: 'failures' } | { kind: 'financials'; repdte: string };

/** Where a sync run stands; saved after every page so a restarted run continues from here. */
export type InstitutionSyncCursor = {
  steps: SyncStep[];
  /** meta.total of each step, counted when the run began. */
  totals: number[];
  /** The step in progress and how many of its records are stored. */
  step: number;
  offset: number;
  /**
   * When the run began (YYYYMMDDhhmmssSSS, UTC, to the millisecond; a cursor saved before runs had
   * the time holds the day only): the moment the live API's institution records speak for, so each
   * attribute they give is stamped with it as an imported file's are with its day
   * (import/as-of.ts). A cursor saved before runs had one is dated when it resumes.
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
  structureChanges: number;
  failures: number;
  financials: number;
  quarters: string[];
  invalid: number;
  /** Structure changes and failures left out because a field we store could not be read, and the first of them in words. */
  unreadable: { count: number; first: string | null };
  /** Per field, values of an unexpected type (an object, a list) stored blank. */
  blanked: Record<string, number>;
  demoRowsCleared: number;
};

/**
 * A structure change counts when it took effect or was posted since the day: the FDIC posts
 * some weeks after they take effect.
 */
const stepFilter = (step: SyncStep): string | undefined => {
  switch (step.kind) {
    case 'institutions':
      return 'ACTIVE:1';
    case 'history':
      return `EFFDATE:["${step.since}" TO *] OR PROCDATE:["${step.since}" TO *]`;
    case 'failures':
      return undefined;
    case 'financials':
      return `REPDTE:${step.repdte}`;
  }
};

const stepLabels: Record<SyncStep['kind'], string> = { institutions: 'active institutions', history: 'structure changes', failures: 'failures', financials: 'financials' };
const stepLabel = (step: SyncStep) => (step.kind === 'financials' ? `${quarterLabel(step.repdte)} financials` : stepLabels[step.kind]);

/** Institutions and quarters are paged by CERT; structure changes and failures, several to a bank, by their own ID. */
const stepSort = (step: SyncStep) => (step.kind === 'history' || step.kind === 'failures' ? 'ID' : 'CERT');

/** The FDIC posts structure changes weeks late: a later run fetches again those of this many days before the last one began. */
export const structureChangeMarginDays = 30;

/**
 * The plan of a new run: which quarters, since when structure changes, and how many records each
 * step holds. Structure changes go back to the start of the oldest quarter synced on the first
 * run that fetches them, and afterwards to `structureChangeMarginDays` before the last complete
 * run that fetched them began. Failures are few (some 4,000 since 1934): every one, so that
 * revised loss estimates arrive too.
 */
export async function planInstitutionSync(fdic: FdicClient, quarters: number, lastStructureSync?: Date, now = new Date()): Promise<InstitutionSyncCursor> {
  const latest = await fdic.latestReportDate();
  const quarterEnds = quarterEndsBackFrom(latest ?? currentQuarterEnd(now), quarters);
  const since = lastStructureSync ? isoDay(new Date(lastStructureSync.getTime() - structureChangeMarginDays * 86_400_000)) : quarterStart(quarterEnds[quarterEnds.length - 1]);
  const steps: SyncStep[] = [
    { kind: 'institutions' },
    { kind: 'history', since },
    { kind: 'failures' },
    ...(latest ? quarterEnds : []).map((repdte) => ({ kind: 'financials' as const, repdte })),
  ];
  const totals: number[] = [];
  for (const step of steps) totals.push(await fdic.count(step.kind, stepFilter(step)));
  return { steps, totals, step: 0, offset: 0, asOf: now.toISOString().slice(0, 23).replace(/\D/g, '') };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The first day (YYYY-MM-DD) of the quarter a report date (YYYYMMDD) ends. */
const quarterStart = (repdte: string) => `${repdte.slice(0, 4)}-${String(Number(repdte.slice(4, 6)) - 2).padStart(2, '0')}-01`;

/** The report date of the quarter `date` falls in. */
const currentQuarterEnd = (date: Date) => quarterEndsBackFrom(isoDay(date).replace(/-/g, ''), 1)[0];

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
  const unreadable: InstitutionSyncResult['unreadable'] = { count: 0, first: null };
  const blanked: Record<string, number> = {};
  cursor.asOf ??= new Date().toISOString().slice(0, 23).replace(/\D/g, '');

  while (cursor.step < cursor.steps.length) {
    signal?.throwIfAborted();
    const step = cursor.steps[cursor.step];
    const query = {
      filters: stepFilter(step),
      sortBy: stepSort(step),
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
      else if (step.kind === 'history') invalid += (await storeItems(knex, page.records.flatMap(historyItems))).invalid;
      else if (step.kind === 'failures') invalid += (await storeItems(knex, page.records.flatMap(failureItems))).invalid;
      else for (const record of page.records) quarter.push(record);
      for (const [field, count] of Object.entries(page.blanked)) blanked[field] = (blanked[field] ?? 0) + count;
      unreadable.count += page.unreadable.length;
      unreadable.first ??= page.unreadable[0] ?? null;
      reached = page.offset + page.records.length + page.unreadable.length;
      if (step.kind !== 'financials') cursor.offset = reached;
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
    // Every active institution as of the run's start: a bank the API no longer lists active is not,
    // even one an earlier run of the same day stored.
    if (step.kind === 'institutions') {
      await noteActiveList(knex, cursor.asOf, 'FDIC BankFind sync');
      await applyActiveLists(knex);
    }
    // A failure also states its bank's status and fills its blanks, as an imported failures file does.
    if (step.kind === 'failures' && reached > 0) await settleInstitutions(knex, { fdic_institutions: reached });
    cursor.step += 1;
    cursor.offset = 0;
    // Saved at once: a run stopped before the next step's first page resumes after this step, not at its start.
    const stored = sum(cursor.totals.slice(0, cursor.step));
    await options.onProgress({ progress: Math.min(stored, total()), total: total(), message: `Stored ${stepLabel(step)}: ${groupThousands(reached)} records.`, cursor });
  }

  const cleared = Object.values(await clearDemoData(knex)).reduce((all, count) => all + count, 0);
  const quarters = cursor.steps.flatMap((step) => (step.kind === 'financials' ? [step.repdte] : []));
  const stored = (kind: SyncStep['kind']) => sum(cursor.steps.map((step, index) => (step.kind === kind ? cursor.totals[index] : 0)));
  return {
    institutions: stored('institutions'),
    structureChanges: stored('history'),
    failures: stored('failures'),
    financials: stored('financials'),
    quarters,
    invalid,
    unreadable,
    blanked,
    demoRowsCleared: cleared,
  };
}

/**
 * Normalises and stores one page of institutions; records the normaliser refuses are counted, not
 * fatal. They are stamped with the moment the run began and merged attribute by attribute, as an
 * imported file's are with its day: an attribute a newer source gave is kept, an older one
 * replaced. The live record is the newest there is at that moment, so it replaces what a file of
 * the same day or an earlier run of the same day gave.
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
    `Synced ${groupThousands(result.institutions)} active institutions, ${groupThousands(result.structureChanges)} structure ${result.structureChanges === 1 ? 'change' : 'changes'}, ` +
    `${groupThousands(result.failures)} ${result.failures === 1 ? 'failure' : 'failures'} and ${groupThousands(result.financials)} quarterly reports` +
    `${range} from FDIC BankFind.` +
    (result.demoRowsCleared > 0 ? ' The demo data was removed.' : '') +
    (result.invalid > 0 ? ` ${groupThousands(result.invalid)} records without a certificate number or report date were skipped.` : '') +
    describeUnreadable(result.unreadable) +
    describeBlanked(result.blanked)
  );
}

/** The structure changes and failures skipped because a field could not be read, with the first of them. */
function describeUnreadable({ count, first }: InstitutionSyncResult['unreadable']): string {
  if (count === 0) return '';
  const skipped = count === 1 ? 'record was' : 'records were';
  return ` ${groupThousands(count)} ${skipped} skipped because a field could not be read (${count === 1 ? '' : 'the first: '}${first}).`;
}

/** The values stored blank because BankFind sent them as an object or a list, by field. */
function describeBlanked(blanked: Record<string, number>): string {
  const fields = Object.entries(blanked).sort(([a], [b]) => (a < b ? -1 : 1));
  if (fields.length === 0) return '';
  const total = fields.reduce((all, [, count]) => all + count, 0);
  const listed = fields.map(([field, count]) => `${field} (${groupThousands(count)})`).join(', ');
  return ` ${groupThousands(total)} ${total === 1 ? 'value' : 'values'} that came as neither text nor a number ${total === 1 ? 'was' : 'were'} left blank: ${listed}.`;
}
