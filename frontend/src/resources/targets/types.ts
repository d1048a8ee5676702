/**
 * A tracked bank as `/api/data/banks` answers it: the normalised bank (figures at the top level,
 * money in dollars, ratios in percent) plus the user's own fields. A figure the snapshot never
 * looked up is absent (undefined); one looked up and not reported is null.
 */
export type TrackedBank = {
  id: number;
  cert: number;
  name: string;
  city: string | null;
  state: string | null;
  zip: string | null;
  address: string | null;
  website: string | null;
  linkedinCompanyUrl: string | null;
  isTarget: boolean;
  notes: string;
  tags: string[];
  createdAt: string;
  updatedAt: string;
  targetedAt: string | null;
  version: number;
  assets?: number | null;
  roa?: number | null;
  nplRatio?: number | null;
  thirtyNinetyPD?: number | null;
  ninetyPlusPD?: number | null;
  ccNinetyPlusDelinq?: number | null;
  autoNinetyPlusDelinq?: number | null;
  [figure: string]: unknown;
};
