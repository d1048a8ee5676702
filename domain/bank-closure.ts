import { z } from 'zod';
import { formatDate } from './format.ts';

/**
 * Why a bank no longer operates under its charter: it failed (it is in the FDIC's failures), it was
 * acquired (a structure event of its own names another institution as acquirer), or the regulator
 * merely lists it as inactive. `date` is the day it happened (YYYY-MM-DD) when known.
 */
export const bankClosureSchema = z.object({
  kind: z.enum(['failed', 'acquired', 'inactive']),
  date: z.string().nullable(),
  acquirer: z.string().nullable(),
});
export type BankClosure = z.infer<typeof bankClosureSchema>;

/** What the regulator data holds about an institution's end, as read from its tables. */
export type ClosureFacts = {
  active: boolean | null;
  inactiveDate: string | null;
  failure: { date: string | null; acquirer: string | null } | null;
  acquisition: { date: string | null; acquirer: string | null } | null;
};

const day = (value: string | null | undefined) => (value ? value.slice(0, 10) : null);
const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/**
 * The closure of an institution the regulator lists as inactive; null for an active one or one whose
 * status is not known. A failure outranks an acquisition: a failed bank's deposits are usually taken
 * over by another bank, and the rep must learn first that it failed.
 */
export function bankClosureOf(facts: ClosureFacts): BankClosure | null {
  if (facts.active !== false) return null;
  const inactiveDate = day(facts.inactiveDate);
  if (facts.failure) {
    return { kind: 'failed', date: day(facts.failure.date) ?? inactiveDate, acquirer: text(facts.failure.acquirer) ?? text(facts.acquisition?.acquirer) };
  }
  if (facts.acquisition) return { kind: 'acquired', date: day(facts.acquisition.date) ?? inactiveDate, acquirer: text(facts.acquisition.acquirer) };
  return { kind: 'inactive', date: inactiveDate, acquirer: null };
}

/** One line for the bank's header and card: 'Acquired by Big Bank on Jun 15, 2026', 'Failed on ...; acquired by ...', 'Inactive since ...'. */
export function closureText(closure: BankClosure): string {
  const on = closure.date ? ` on ${formatDate(closure.date)}` : '';
  if (closure.kind === 'failed') return `Failed${on}${closure.acquirer ? `; acquired by ${closure.acquirer}` : ''}`;
  if (closure.kind === 'acquired') return closure.acquirer ? `Acquired by ${closure.acquirer}${on}` : `Merged into another institution${on}`;
  return closure.date ? `Inactive since ${formatDate(closure.date)}` : 'Inactive';
}

/**
 * Said before mail goes to someone at a closed bank: their address may be gone with the charter, and
 * the person may now work for the acquirer.
 */
export function closureWarning(bankName: string, closure: BankClosure): string {
  return `${bankName}: ${closureText(closure)}. Its addresses may no longer work, and its staff may have left or moved to ${closure.acquirer ?? 'another institution'}.`;
}
