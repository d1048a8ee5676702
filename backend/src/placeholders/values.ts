import type { Knex } from 'knex';
import { placeholderValues, type PlaceholderValues } from '../../../domain/placeholders/index.ts';
import { NotFoundError } from '../http/errors.ts';
import { bankSelection, toBank, type Bank } from '../regulator/bank.ts';

/** A bank of the regulator mirror with its newest quarter's figures and its regulator record (for codes the normalised bank lacks). */
export async function latestBank(knex: Knex, cert: number): Promise<Bank | undefined> {
  const row = await knex('fdic_institutions as i')
    .leftJoin('fdic_financials as f', (join) => join.on('f.cert', '=', 'i.cert').andOn('f.repdte', '=', knex.raw('(select max(repdte) from fdic_financials where cert = ?)', [cert])))
    .where('i.cert', cert)
    .first(bankSelection(knex, { raw: true }));
  return row ? toBank(row) : undefined;
}

export type ValueRequest = { userId: string; cert?: number | null; contactId?: string | null };

/**
 * Every placeholder's value for one user's mail about one bank to one contact. The bank comes from
 * the regulator mirror (any bank may be previewed); the contact must be the user's own.
 */
export async function loadPlaceholderValues(knex: Knex, request: ValueRequest, today = new Date()): Promise<PlaceholderValues> {
  const [bank, contact, sender] = await Promise.all([
    request.cert == null ? null : latestBank(knex, request.cert),
    request.contactId == null
      ? null
      : knex('contacts').where({ id: request.contactId, user_id: request.userId }).first('name', 'title', 'email', 'linkedin_url'),
    knex('users').where({ id: request.userId }).first('name', 'email'),
  ]);
  if (request.cert != null && !bank) throw new NotFoundError(`Bank ${request.cert}`);
  if (request.contactId != null && !contact) throw new NotFoundError('Contact');
  return placeholderValues({
    bank,
    contact: contact ? { name: contact.name, title: contact.title, email: contact.email, linkedinUrl: contact.linkedin_url } : null,
    sender: sender ?? null,
    today,
  });
}
