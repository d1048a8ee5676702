import type { TrackedBankRecord } from '../../../../domain/records/tracked-bank.ts';

/**
 * A tracked bank as `/api/data/banks` answers it: the normalised bank (figures at the top level,
 * money in dollars, ratios in percent) plus the user's own fields. A figure the snapshot never
 * looked up is absent (undefined); one looked up and not reported is null. The figures the
 * screens read by name are typed here.
 */
export type TrackedBank = TrackedBankRecord & {
  assets?: number | null;
  roa?: number | null;
  nplRatio?: number | null;
  thirtyNinetyPD?: number | null;
  ninetyPlusPD?: number | null;
  ccNinetyPlusDelinq?: number | null;
  autoNinetyPlusDelinq?: number | null;
};
