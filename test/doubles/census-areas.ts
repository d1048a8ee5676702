import type { CensusArea } from './census-double.ts';

/**
 * Two CBSAs and one CSA with ACS 5-year 2022 style estimates (strings, as the API sends them).
 * The micro area carries the API's "not available" sentinel for income and a zero language universe.
 */
export const censusAreas: { cbsa: CensusArea[]; csa: CensusArea[] } = {
  cbsa: [
    area('10180', 'Abilene, TX Metro Area', { income: '60340', medianAge: '33.1', spanish: '31000', languageUniverse: '170000' }),
    area('10100', 'Aberdeen, SD Micro Area', { income: '-666666666', medianAge: '38.2', spanish: '400', languageUniverse: '0' }),
  ],
  csa: [area('104', 'Albany-Schenectady, NY CSA', { income: '78000', medianAge: '40.5', spanish: '25000', languageUniverse: '1050000' })],
};

function area(code: string, NAME: string, values: { income: string; medianAge: string; spanish: string; languageUniverse: string }): CensusArea {
  return {
    code,
    NAME,
    B01003_001E: '180000',
    B19013_001E: values.income,
    B01002_001E: values.medianAge,
    B23025_003E: '80000',
    B23025_005E: '4000',
    B17001_001E: '170000',
    B17001_002E: '25500',
    B25003_001E: '65000',
    B25003_003E: '26000',
    B15003_001E: '110000',
    B15003_022E: '15000',
    B15003_023E: '5000',
    B15003_024E: '1000',
    B15003_025E: '1000',
    B03002_001E: '180000',
    B03002_003E: '108000',
    B03002_004E: '14400',
    B03002_006E: '3600',
    B03002_012E: '45000',
    C16001_001E: values.languageUniverse,
    C16001_003E: values.spanish,
  };
}
