import type { Knex } from 'knex';
import { columnsOfRows } from '../engine/columns.ts';
import { builtInFieldDefinitions, fieldCatalog, isUncuratedCode, keepingUncuratedSource } from '../fields.ts';
import {
  normaliseFailure,
  normaliseFinancialsBatch,
  normaliseHistoryEvent,
  normaliseInstitution,
  normaliseLocation,
  normaliseSod,
  type CensusProfileRow,
  type FailureRow,
  type FieldDefinitionRow,
  type HistoryRow,
  type RawRecord,
  type InstitutionRow,
  type LocationRow,
  type SodRow,
} from '../normalise/index.ts';
import {
  noteRegulatorDataChanged,
  upsertCensusProfiles,
  upsertFailures,
  upsertFieldDefinitions,
  upsertFinancials,
  upsertHistory,
  upsertInstitutions,
  upsertLocations,
  upsertSod,
} from '../store.ts';
import { demoAreas, demoCensusProfile, generateDemoBank } from './generate.ts';

export const defaultDemoBankCount = 4500;

export type DemoLoadProgress = { loaded: number; total: number };

/**
 * Banks per write. Each chunk is its own short transaction followed by a turn of the event loop, so
 * requests (PGlite has a single connection) are served between chunks while a first start loads.
 */
const banksPerChunk = 50;

/** Lets timers, I/O and waiting queries run before the next chunk is generated. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Marks a freshly normalised row as demo data (in place: a financials row has some 90 columns to copy). */
const demo = <T extends { is_demo: boolean }>(row: T): T => {
  row.is_demo = true;
  return row;
};

/**
 * Loads the deterministic demo set (every row is_demo = true) a chunk of banks at a time, each chunk
 * committed on its own and `onProgress` awaited after it, so the server keeps answering during the
 * load. A half-loaded set is told apart by its run record (see bootstrap); loading again rewrites the
 * same rows.
 */
export async function loadDemoData(
  knex: Knex,
  options: { banks?: number; onProgress?: (progress: DemoLoadProgress) => Promise<void> | void; signal?: AbortSignal } = {},
): Promise<{ banks: number; financials: number; branches: number }> {
  const total = options.banks ?? defaultDemoBankCount;
  const areas = demoAreas();
  let financialCount = 0;
  let branchCount = 0;
  const usedAreas = new Set<string>();
  for (let start = 0; start < total; start += banksPerChunk) {
    await yieldToEventLoop();
    // Stopped between chunks (the server stops): what is committed stays, and the next start loads the set again, whole.
    options.signal?.throwIfAborted();
    const institutions: InstitutionRow[] = [];
    const financialRecords: RawRecord[] = [];
    const locations: LocationRow[] = [];
    const sod: SodRow[] = [];
    const history: HistoryRow[] = [];
    const failures: FailureRow[] = [];
    for (let index = start; index < Math.min(total, start + banksPerChunk); index += 1) {
      const bank = generateDemoBank(index, areas);
      const institution = demo(keepingUncuratedSource(normaliseInstitution(bank.institution)));
      institutions.push(institution);
      if (institution.cbsa_code) usedAreas.add(`cbsa:${institution.cbsa_code}`);
      if (institution.csa_code) usedAreas.add(`csa:${institution.csa_code}`);
      financialRecords.push(...bank.financials);
      for (const record of bank.locations) locations.push(demo(normaliseLocation(record)));
      for (const record of bank.sod) sod.push(demo(normaliseSod(record)));
      for (const record of bank.history) history.push(demo(normaliseHistoryEvent(record)));
      if (bank.failure) failures.push(demo(normaliseFailure(bank.failure)));
    }
    const financials = normaliseFinancialsBatch(columnsOfRows(financialRecords), { keepInRaw: isUncuratedCode }).rows;
    financials.columns.set('is_demo', new Array<boolean>(financials.size).fill(true));
    // Generation runs before the transaction: the single PGlite connection is held only for the writes.
    await knex.transaction(async (trx) => {
      await upsertInstitutions(trx, institutions);
      await upsertFinancials(trx, financials);
      await upsertLocations(trx, locations);
      await upsertSod(trx, sod);
      await upsertHistory(trx, history);
      await upsertFailures(trx, failures);
    });
    financialCount += financials.size;
    branchCount += locations.length;
    await options.onProgress?.({ loaded: Math.min(total, start + banksPerChunk), total });
  }

  await knex.transaction(async (trx) => {
    const profiles: CensusProfileRow[] = areas
      .filter((area) => usedAreas.has(`${area.kind}:${area.code}`))
      .map((area) => {
        const profile = demoCensusProfile(area);
        return {
          kind: area.kind,
          code: area.code,
          name: area.name,
          population: profile.population as number,
          median_household_income: profile.medianHouseholdIncome as number,
          unemployment_rate: profile.unemploymentRate as number,
          poverty_rate: profile.povertyRate as number,
          renter_occupied_rate: profile.renterOccupiedRate as number,
          median_age: profile.medianAge as number,
          college_educated_rate: profile.collegeEducatedRate as number,
          white_non_hispanic_rate: profile.whiteNonHispanicRate as number,
          hispanic_or_latino_rate: profile.hispanicOrLatinoRate as number,
          black_or_african_american_rate: profile.blackOrAfricanAmericanRate as number,
          asian_rate: profile.asianRate as number,
          spanish_speaking_rate: profile.spanishSpeakingRate as number,
          source: 'Demo data (fictional), shaped like ACS 5-Year Estimates 2022',
          raw: profile,
          is_demo: true,
        };
      });
    await upsertCensusProfiles(trx, profiles);

    const definitions: FieldDefinitionRow[] = builtInFieldDefinitions().map(({ code, title, table }) => ({
      endpoint: table === 'i' ? 'institutions' : 'financials',
      code,
      title,
      description: title,
      type: fieldCatalog.get(code)?.type ?? null,
      is_demo: true,
    }));
    await upsertFieldDefinitions(trx, definitions);
  });
  // Screens read the mirror while it loaded: their caches hold a part of the set until told it changed.
  await noteRegulatorDataChanged(knex);
  return { banks: total, financials: financialCount, branches: branchCount };
}
