import type { Knex } from 'knex';
import { censusProfileRow, type CensusAreaKind, type CensusClient } from '../clients/census.ts';
import { upsertCensusProfiles } from '../store.ts';

/** Codes per Census request: the API takes a comma-separated list; this keeps URLs short. */
const codesPerRequest = 100;

/** The CBSA and CSA codes of the institutions we hold: the areas whose profiles the bank screens show. */
export async function areasInUse(knex: Knex): Promise<Record<CensusAreaKind, string[]>> {
  const codes = async (column: 'cbsa_code' | 'csa_code') =>
    (await knex('fdic_institutions').distinct(column).whereNotNull(column).whereNot(column, '').whereNot(column, '0').orderBy(column)).map(
      (row: Record<string, string>) => row[column],
    );
  return { cbsa: await codes('cbsa_code'), csa: await codes('csa_code') };
}

export type CensusSyncResult = { requested: number; stored: number; missing: string[] };

/**
 * Fetches the ACS profile of every CBSA and CSA in use and upserts them; areas the Census does
 * not publish (retired codes) are reported as missing rather than failing the run.
 */
export async function syncCensusProfiles(
  knex: Knex,
  census: CensusClient,
  onProgress: (progress: { done: number; total: number }) => Promise<void> = async () => undefined,
): Promise<CensusSyncResult> {
  const areas = await areasInUse(knex);
  const total = areas.cbsa.length + areas.csa.length;
  const result: CensusSyncResult = { requested: total, stored: 0, missing: [] };
  let done = 0;
  for (const kind of ['cbsa', 'csa'] as const) {
    for (let start = 0; start < areas[kind].length; start += codesPerRequest) {
      const codes = areas[kind].slice(start, start + codesPerRequest);
      const profiles = await census.profiles(kind, codes);
      await upsertCensusProfiles(knex, profiles.map((profile) => censusProfileRow(profile, {})));
      const found = new Set(profiles.map((profile) => profile.code));
      result.missing.push(...codes.filter((code) => !found.has(code)).map((code) => `${kind.toUpperCase()} ${code}`));
      result.stored += profiles.length;
      done += codes.length;
      await onProgress({ done, total });
    }
  }
  return result;
}
