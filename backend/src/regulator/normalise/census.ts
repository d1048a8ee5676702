import { type RawRecord } from './values.ts';

/** census_profiles rows (already in our units; typed here for the store). */

export type CensusProfileRow = {
  kind: 'cbsa' | 'csa';
  code: string;
  name: string | null;
  population: number | null;
  median_household_income: number | null;
  unemployment_rate: number | null;
  poverty_rate: number | null;
  renter_occupied_rate: number | null;
  median_age: number | null;
  college_educated_rate: number | null;
  white_non_hispanic_rate: number | null;
  hispanic_or_latino_rate: number | null;
  black_or_african_american_rate: number | null;
  asian_rate: number | null;
  spanish_speaking_rate: number | null;
  source: string | null;
  raw: RawRecord;
  is_demo: boolean;
};
