import type { Knex } from 'knex';
import { placeholderValues, type PlaceholderBank, type PlaceholderContact, type PlaceholderInputs, type PlaceholderValues } from '../../../domain/placeholders/index.ts';
import { newestSavedTexts } from '../ai/analysis/saved.ts';
import { NotFoundError } from '../http/errors.ts';
import { latestBank } from '../regulator/bank.ts';

export type ValueRequest = { userId: string; cert?: number | null; contactId?: string | null };

async function trackedBank(knex: Knex, userId: string, cert: number): Promise<PlaceholderBank | null> {
  const row = await knex('targets').where({ user_id: userId, cert }).first('cert', 'name', 'city', 'state', 'zip', 'address', 'website', 'financials');
  if (!row) return null;
  const { financials, ...details } = row;
  return { ...financials, ...details };
}

/** What a mail about one bank by one user shares whoever it goes to: the bank, the sender, the user's AI notes on the bank. */
export type PlaceholderContext = Omit<PlaceholderInputs, 'contact' | 'today'>;

/**
 * The bank (from the regulator mirror, any bank may be previewed), the sender and the user's saved
 * AI summary and risk commentary of the bank (the newest quarter's saved). Loaded once for many mails (automation sends a bank's
 * contacts the same template).
 */
export async function loadPlaceholderContext(knex: Knex, request: { userId: string; cert?: number | null }): Promise<PlaceholderContext> {
  const [bank, sender, analyses] = await Promise.all([
    request.cert == null ? null : latestBank(knex, request.cert),
    knex('users').where({ id: request.userId }).first('name', 'email'),
    newestSavedTexts(knex, request.userId, request.cert, ['summary', 'risk']),
  ]);
  // A bank missing from the regulator mirror (a bank added by hand) is written about from the snapshot saved with the user's target.
  const knownBank = bank ?? (request.cert == null ? null : await trackedBank(knex, request.userId, request.cert));
  if (request.cert != null && !knownBank) throw new NotFoundError(`Bank ${request.cert}`);
  return {
    bank: knownBank,
    sender: sender ?? null,
    analysis: {
      summary: analyses.summary ?? null,
      risk: analyses.risk ?? null,
    },
  };
}

/** A contact row as placeholders read it. */
export const placeholderContact = (row: { name: string; title: string; email: string | null; linkedin_url: string | null }): PlaceholderContact => ({
  name: row.name,
  title: row.title,
  email: row.email,
  linkedinUrl: row.linkedin_url,
});

/** Every placeholder's value for one user's mail about one bank to one contact; the contact must be the user's own. */
export async function loadPlaceholderValues(knex: Knex, request: ValueRequest, today: Date | string = new Date()): Promise<PlaceholderValues> {
  const [context, contact] = await Promise.all([
    loadPlaceholderContext(knex, request),
    request.contactId == null
      ? null
      : knex('contacts').where({ id: request.contactId, user_id: request.userId }).first('name', 'title', 'email', 'linkedin_url'),
  ]);
  if (request.contactId != null && !contact) throw new NotFoundError('Contact');
  return placeholderValues({ ...context, contact: contact ? placeholderContact(contact) : null, today });
}
