import type { Knex } from 'knex';

/** The name the user's tracked bank goes by now; null when the user does not track that bank. */
export async function trackedBankName(knex: Knex, userId: string, cert: number): Promise<string | null> {
  const row: { name: string } | undefined = await knex('targets').where({ user_id: userId, cert }).first('name');
  return row?.name ?? null;
}

/**
 * The name of a bank a record is filed under: the user's tracked bank's, else the one FDIC lists it
 * by (the regulator mirror). Undefined when neither knows the cert: no bank has it.
 */
export async function knownBankName(knex: Knex, userId: string, cert: number): Promise<string | undefined> {
  const tracked = await trackedBankName(knex, userId, cert);
  if (tracked !== null) return tracked;
  const insured: { name: string } | undefined = await knex('fdic_institutions').where({ cert }).first('name');
  return insured?.name;
}
