import { bankDetailApi } from './api.ts';
import { normaliseBank, type NormalisedBank } from './lib/bank.ts';
import type { RawRecord } from './lib/records.ts';
import { useLoad } from './useLoad.ts';

export type BankDetailData = {
  cert: number;
  institution: RawRecord;
  /** Every quarter held for the bank, newest first. */
  financials: RawRecord[];
  demographics: RawRecord | null;
  /** The bank as of its latest quarter. */
  bank: NormalisedBank;
};

/**
 * What every panel starts from: the institution (null when the bank does not exist), its quarters
 * of financials and its demographics. Financials and demographics are optional: a bank without
 * them still opens, and the panels say what is missing.
 */
export function useBankDetailData(cert: number) {
  return useLoad<BankDetailData | null>(async () => {
    const [institution, financials, demographics] = await Promise.all([
      bankDetailApi.institution(cert),
      bankDetailApi.financials(cert).catch(() => [] as RawRecord[]),
      bankDetailApi.demographics(cert).catch(() => null),
    ]);
    if (!institution) return null;
    const hasDemographics = demographics !== null && Object.keys(demographics).length > 0;
    return {
      cert,
      institution,
      financials,
      demographics: hasDemographics ? demographics : null,
      // The demographics record carries the statistical area codes (METRO/MICRO, CSA) when the institution lacks them.
      bank: normaliseBank(cert, { ...(demographics ?? {}), ...institution }, financials[0]),
    };
  }, [cert]);
}
