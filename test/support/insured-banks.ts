import type { Knex } from 'knex';
import { normaliseInstitution } from '../../backend/src/regulator/normalise/index.ts';
import { upsertInstitutions } from '../../backend/src/regulator/store.ts';

/**
 * Fictional FDIC-insured banks put in the regulator mirror, as a sync would: a contact is only of a
 * bank FDIC insures or one the user tracks, and suites add contacts of banks they do not track. Each
 * is named `Insured Bank {cert}` unless given a name.
 */
export async function insureBanks(knex: Knex, banks: Array<number | { cert: number; name: string }>): Promise<void> {
  const rows = banks.map((bank) => (typeof bank === 'number' ? { cert: bank, name: `Insured Bank ${bank}` } : bank));
  await upsertInstitutions(knex, rows.map(({ cert, name }) => normaliseInstitution({ CERT: cert, NAME: name, STALP: 'OH', ACTIVE: 1, ASSET: 120_000 })));
}
