import type { Knex } from 'knex';
import { placeholderValues, type PlaceholderBank, type PlaceholderValues } from '../../../domain/placeholders/index.ts';
import { NotFoundError } from '../http/errors.ts';
import { latestBank } from '../regulator/bank.ts';

export type ValueRequest = { userId: string; cert?: number | null; contactId?: string | null };

async function trackedBank(knex: Knex, userId: string, cert: number): Promise<PlaceholderBank | null> {
  const row = await knex('targets').where({ user_id: userId, cert }).first('cert', 'name', 'city', 'state', 'zip', 'address', 'website', 'financials');
  if (!row) return null;
  const { financials, ...details } = row;
  return { ...financials, ...details };
}

/**
 * Every placeholder's value for one user's mail about one bank to one contact. The bank comes from
 * the regulator mirror (any bank may be previewed); the contact must be the user's own.
 */
export async function loadPlaceholderValues(knex: Knex, request: ValueRequest, today = new Date()): Promise<PlaceholderValues> {
  const [bank, contact, sender, analyses] = await Promise.all([
    request.cert == null ? null : latestBank(knex, request.cert),
    request.contactId == null
      ? null
      : knex('contacts').where({ id: request.contactId, user_id: request.userId }).first('name', 'title', 'email', 'linkedin_url'),
    knex('users').where({ id: request.userId }).first('name', 'email'),
    request.cert == null
      ? []
      : knex('ai_analyses').where({ user_id: request.userId, cert: request.cert }).whereIn('kind', ['summary', 'risk']).select<Array<{ kind: string; content: string }>>('kind', 'content'),
  ]);
  // A bank missing from the regulator mirror (a bank added by hand) is written about from the snapshot saved with the user's target.
  const knownBank = bank ?? (request.cert == null ? null : await trackedBank(knex, request.userId, request.cert));
  if (request.cert != null && !knownBank) throw new NotFoundError(`Bank ${request.cert}`);
  if (request.contactId != null && !contact) throw new NotFoundError('Contact');
  return placeholderValues({
    bank: knownBank,
    contact: contact ? { name: contact.name, title: contact.title, email: contact.email, linkedinUrl: contact.linkedin_url } : null,
    sender: sender ?? null,
    // the user's own saved AI summary and risk commentary of the bank, when they generated one
    analysis: {
      summary: analyses.find((row) => row.kind === 'summary')?.content ?? null,
      risk: analyses.find((row) => row.kind === 'risk')?.content ?? null,
    },
    today,
  });
}
