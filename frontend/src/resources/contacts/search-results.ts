/**
 * Find Contacts and Executives: the contact-finder service (Hunter) and the AI executive search
 * (Gemini) each answer people at a bank. Both lists are merged by email, compared in lower case; a
 * person both found becomes source 'Both'. People without an email cannot be merged and are kept
 * apart, in the order found.
 */

import { domainOfWebsite } from '../../../../domain/enrichment/web-address.ts';

export type SearchSource = 'Gemini' | 'Hunter' | 'Both';

export type FoundPerson = { name: string; title?: string | null; email?: string | null; linkedinUrl?: string | null };
export type SearchResult = { name: string; title: string; email: string | null; linkedinUrl: string | null; source: SearchSource };
export type MergedSearchResults = { withEmail: SearchResult[]; withoutEmail: SearchResult[] };

function clean(value: string | null | undefined): string {
  return (value ?? '').trim();
}

/** Merges Hunter's and Gemini's people; the first non-empty name, title and LinkedIn URL found wins. */
export function mergeSearchResults(hunter: FoundPerson[], gemini: FoundPerson[]): MergedSearchResults {
  const byEmail = new Map<string, SearchResult>();
  const withoutEmail: SearchResult[] = [];
  const add = (person: FoundPerson, source: 'Gemini' | 'Hunter') => {
    const email = clean(person.email);
    const found: SearchResult = {
      name: clean(person.name),
      title: clean(person.title),
      email: email || null,
      linkedinUrl: clean(person.linkedinUrl) || null,
      source,
    };
    if (!email) {
      withoutEmail.push(found);
      return;
    }
    const key = email.toLowerCase();
    const earlier = byEmail.get(key);
    if (!earlier) {
      byEmail.set(key, found);
      return;
    }
    byEmail.set(key, {
      name: earlier.name || found.name,
      title: earlier.title || found.title,
      email: earlier.email,
      linkedinUrl: earlier.linkedinUrl || found.linkedinUrl,
      source: earlier.source === source ? source : 'Both',
    });
  };
  for (const person of hunter) add(person, 'Hunter');
  for (const person of gemini) add(person, 'Gemini');
  return { withEmail: [...byEmail.values()], withoutEmail };
}

/** Whether the bank already has a contact with this email (case-insensitive): its Add button reads 'Added'. */
export function isAlreadyAdded(email: string | null, existingEmails: Iterable<string | null | undefined>): boolean {
  if (!email) return false;
  const wanted = email.trim().toLowerCase();
  for (const existing of existingEmails) if (existing && existing.trim().toLowerCase() === wanted) return true;
  return false;
}

/**
 * Whether the search found people the bank does not have yet: closing the dialog would then drop them
 * (and a new search spends the finder's credits again), so it asks first. Once every one is added,
 * or when nothing was found, there is nothing to lose.
 */
export function hasPeopleNotAdded(results: MergedSearchResults | null, existingEmails: ReadonlyArray<string | null | undefined>): boolean {
  if (results === null) return false;
  return results.withoutEmail.length > 0 || results.withEmail.some((result) => !isAlreadyAdded(result.email, existingEmails));
}

/**
 * Whether the domain field holds another domain than the one filled in or last searched (both
 * compared as bare domains, so 'https://www.' before the same one is no change): closing would drop
 * what the user typed, so it asks first.
 */
export function domainEdited(typed: string, settled: string): boolean {
  const bare = (domain: string) => domainOfWebsite(domain) ?? domain.trim();
  return bare(typed) !== bare(settled);
}

/** What asking the AI for a bank's domain leads to: the domain the field then holds, and what the user is told. */
export type DomainSuggestion = { domain: string; outcome: 'updated' | 'confirmed' | 'none'; text: string };

/**
 * The AI's answer to 'which domain is this bank's?' weighed against the domain in the field (both
 * compared as bare domains): a different one replaces it, the same one confirms it, none leaves it.
 */
export function domainSuggestion(current: string, found: string | null): DomainSuggestion {
  const suggested = found ? domainOfWebsite(found) : null;
  if (!suggested) return { domain: current, outcome: 'none', text: 'AI could not find a different domain.' };
  if (suggested === domainOfWebsite(current)) return { domain: current, outcome: 'confirmed', text: 'Current domain confirmed by AI.' };
  return { domain: suggested, outcome: 'updated', text: 'AI suggested an updated domain.' };
}

/** 'AI domain search failed: {reason}.' from the server's message, which may carry the prefix already. */
export const domainSearchFailedText = (message: string) => `AI domain search failed: ${message.replace(/^AI domain search failed:\s*/, '').replace(/\.$/, '')}.`;
