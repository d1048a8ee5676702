import type { Knex } from 'knex';

/** The name the user's tracked bank goes by now; null when the user does not track that bank. */
export async function trackedBankName(knex: Knex, userId: string, cert: number): Promise<string | null> {
  const row: { name: string } | undefined = await knex('targets').where({ user_id: userId, cert }).first('name');
  return row?.name ?? null;
}
