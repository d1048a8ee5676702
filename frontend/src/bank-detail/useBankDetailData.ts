import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { CharterlineDataProvider } from '../providers/dataProvider.ts';
import { normaliseBank, type NormalisedBank } from '../banks/bank.ts';
import type { RawRecord } from '../banks/records.ts';
import type { BankClosure } from '../../../domain/bank-closure.ts';

export type BankDetailData = {
  cert: number;
  institution: RawRecord;
  /** The newest quarter of financials held for the bank (null: none); older ones are loaded when chosen. */
  latestFinancials: RawRecord | null;
  /** Every report date held for the bank, newest first (YYYYMMDD). */
  quarters: string[];
  demographics: RawRecord | null;
  /** The overview panel's record (offices by state, geography, details), null when it could not be read. */
  summary: RawRecord | null;
  /** The bank as of its latest quarter. */
  bank: NormalisedBank;
  /** Null while the bank is active; else whether it failed, was acquired (by whom) or is just inactive. */
  closure: BankClosure | null;
};

/** The bank as of one quarter's financials (null: none), with its institution and demographics. */
export function bankOfQuarter(cert: number, institution: RawRecord, demographics: RawRecord | null, financials: RawRecord | null): NormalisedBank {
  // The demographics record carries the statistical area codes (METRO/MICRO, CSA) when the institution lacks them.
  return normaliseBank(cert, { ...(demographics ?? {}), ...institution }, financials ?? undefined);
}

/** The bank's newest report date (YYYYMMDD), '' when it has no financials. */
export function newestQuarter(data: BankDetailData): string {
  return String(data.latestFinancials?.REPDTE ?? '');
}

/**
 * The bank's financials of one quarter and the bank as of it: the newest come with the detail, an
 * older quarter the bank reported is loaded (once, for every panel showing it); a quarter it did not
 * report has none.
 */
export function useQuarterOfBank(data: BankDetailData, quarter: string): { record: RawRecord | null; bank: NormalisedBank; loading: boolean } {
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  const newest = quarter === newestQuarter(data);
  const chosen = useQuery({
    queryKey: ['bank', data.cert, 'financials', quarter],
    queryFn: () => dataProvider.quarterFinancials(data.cert, quarter),
    enabled: !newest && data.quarters.includes(quarter),
  });
  const record = newest ? data.latestFinancials : (chosen.data ?? null);
  const bank = useMemo(() => (newest ? data.bank : bankOfQuarter(data.cert, data.institution, data.demographics, record)), [newest, data, record]);
  return { record, bank, loading: chosen.isFetching };
}

/**
 * What every panel starts from, in one call: the institution (null when the bank does not exist),
 * its newest quarter of financials and its report dates, its demographics and its overview. A bank without financials or
 * demographics still opens, and the panels say what is missing.
 */
export function useBankDetailData(cert: number) {
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  return useQuery({ queryKey: ['bank', cert, 'overview'], queryFn: async (): Promise<BankDetailData | null> => {
    if (!(cert > 0)) return null; // an address whose cert is no number names no bank
    const overview = await dataProvider.overview(cert);
    if (!overview?.institution) return null;
    const { institution, demographics, latestFinancials, quarters, closure } = overview;
    const hasDemographics = demographics !== null && Object.keys(demographics).length > 0;
    return {
      cert,
      institution,
      latestFinancials,
      quarters,
      demographics: hasDemographics ? demographics : null,
      summary: overview.summary,
      closure,
      bank: bankOfQuarter(cert, institution, demographics, latestFinancials),
    };
  } });
}
