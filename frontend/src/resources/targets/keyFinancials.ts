import { normaliseBank, targetPayload } from '../../banks/bank.ts';
import { recordsOf, type RawRecord } from '../../banks/records.ts';
import { services } from '../../providers/services.ts';
import type { TrackedBank } from './types.ts';

/** The figures of a target's Key Financials section, in the order shown. */
export const KEY_FINANCIAL_FIELDS = ['assets', 'nplRatio', 'thirtyNinetyPD', 'ninetyPlusPD', 'ccNinetyPlusDelinq', 'autoNinetyPlusDelinq', 'roa'] as const;

/**
 * Key Financials are looked up only for a target whose snapshot never had them (the 30-89 days past
 * due figure is absent, not merely null): the next open is then instant.
 */
export function needsKeyFinancials(bank: Pick<TrackedBank, 'thirtyNinetyPD'>): boolean {
  return bank.thirtyNinetyPD === undefined;
}

/**
 * The newest quarter's figures of a bank, as the tracked-bank snapshot stores them (dollars,
 * percent). The past-due figures are always sent, null when the quarter does not report them, so a
 * bank without them is not looked up again; a figure the quarter lacks never erases a known one.
 */
export async function lookUpKeyFinancials(cert: number): Promise<Record<string, unknown>> {
  const records: RawRecord[] = recordsOf(await services.financials(cert));
  const newest = records.sort((a, b) => String(b.REPDTE ?? '').localeCompare(String(a.REPDTE ?? '')))[0];
  const figures = targetPayload(normaliseBank(cert, undefined, newest));
  // Identity and address come from the institution record, which this lookup does not read.
  for (const detail of ['cert', 'name', 'city', 'state', 'zip', 'address', 'website']) delete figures[detail];
  for (const field of ['thirtyNinetyPD', 'ninetyPlusPD', 'ccNinetyPlusDelinq', 'autoNinetyPlusDelinq']) figures[field] ??= null;
  return figures;
}

export function hasAnyKeyFinancial(bank: TrackedBank): boolean {
  return KEY_FINANCIAL_FIELDS.some((field) => typeof bank[field] === 'number');
}
