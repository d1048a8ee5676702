import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import type { CensusProfileRow, RawRecord } from '../normalise/index.ts';
import { HttpClient, UpstreamError, type ServiceClientOptions } from './http.ts';

/** Community profiles come from the ACS 5-Year Estimates 2022, and the screen names that source. */
export const censusDataset = { year: 2022, path: '2022/acs/acs5', label: 'ACS 5-Year Estimates 2022' } as const;

export type CensusAreaKind = 'cbsa' | 'csa';

/** The Census API's geography names for our two area kinds. */
export const censusGeography: Record<CensusAreaKind, string> = {
  cbsa: 'metropolitan statistical area/micropolitan statistical area',
  csa: 'combined statistical area',
};

/** The community profile of a bank's area; rates are percentages, null when unknown. */
export type CensusProfile = {
  kind: CensusAreaKind;
  code: string;
  name: string;
  population: number | null;
  medianHouseholdIncome: number | null;
  unemploymentRate: number | null;
  povertyRate: number | null;
  renterOccupiedRate: number | null;
  medianAge: number | null;
  collegeEducatedRate: number | null;
  whiteNonHispanicRate: number | null;
  hispanicOrLatinoRate: number | null;
  blackOrAfricanAmericanRate: number | null;
  asianRate: number | null;
  spanishSpeakingRate: number | null;
  source: string;
};

/**
 * The ACS detail-table variables behind each profile field. Race shares come from B03002
 * (Hispanic or Latino origin by race), so "white" means white alone, not Hispanic; black and
 * Asian are likewise the non-Hispanic counts.
 */
export const censusVariables = {
  population: 'B01003_001E',
  medianHouseholdIncome: 'B19013_001E',
  medianAge: 'B01002_001E',
  laborForce: 'B23025_003E',
  unemployed: 'B23025_005E',
  povertyUniverse: 'B17001_001E',
  belowPoverty: 'B17001_002E',
  occupiedUnits: 'B25003_001E',
  renterOccupied: 'B25003_003E',
  adults25Plus: 'B15003_001E',
  bachelors: 'B15003_022E',
  masters: 'B15003_023E',
  professional: 'B15003_024E',
  doctorate: 'B15003_025E',
  raceUniverse: 'B03002_001E',
  whiteNonHispanic: 'B03002_003E',
  blackNonHispanic: 'B03002_004E',
  asianNonHispanic: 'B03002_006E',
  hispanicOrLatino: 'B03002_012E',
  languageUniverse: 'C16001_001E',
  spanishAtHome: 'C16001_003E',
} as const;

type VariableName = keyof typeof censusVariables;

/** The Census JSON format: an array of rows of strings (or null), the first row the header. */
const censusTableSchema = z.array(z.array(z.union([z.string(), z.number(), z.null()]))).min(1);

/** A Census estimate as a number; the API's negative sentinels (-666666666 and kin) mean "not available". */
export function censusNumber(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 ? number : null;
}

function share(part: number | null, whole: number | null): number | null {
  if (part === null || whole === null || whole <= 0) return null;
  return Math.round((part / whole) * 10_000) / 100;
}

function sum(values: Array<number | null>): number | null {
  return values.some((value) => value === null) ? null : values.reduce<number>((total, value) => total + (value ?? 0), 0);
}

/** One Census row (header names to values) to a profile: derived rates rounded to two decimals. */
export function profileFromCensusRow(kind: CensusAreaKind, row: Record<string, unknown>): CensusProfile {
  const v = (name: VariableName) => censusNumber(row[censusVariables[name]]);
  return {
    kind,
    code: String(row[censusGeography[kind]] ?? ''),
    name: String(row.NAME ?? ''),
    population: v('population'),
    medianHouseholdIncome: v('medianHouseholdIncome'),
    medianAge: v('medianAge'),
    unemploymentRate: share(v('unemployed'), v('laborForce')),
    povertyRate: share(v('belowPoverty'), v('povertyUniverse')),
    renterOccupiedRate: share(v('renterOccupied'), v('occupiedUnits')),
    collegeEducatedRate: share(sum([v('bachelors'), v('masters'), v('professional'), v('doctorate')]), v('adults25Plus')),
    whiteNonHispanicRate: share(v('whiteNonHispanic'), v('raceUniverse')),
    hispanicOrLatinoRate: share(v('hispanicOrLatino'), v('raceUniverse')),
    blackOrAfricanAmericanRate: share(v('blackNonHispanic'), v('raceUniverse')),
    asianRate: share(v('asianNonHispanic'), v('raceUniverse')),
    spanishSpeakingRate: share(v('spanishAtHome'), v('languageUniverse')),
    source: censusDataset.label,
  };
}

/** Turns the array-of-arrays answer into header-keyed rows. */
export function rowsFromCensusTable(table: unknown): Array<Record<string, unknown>> {
  const parsed = censusTableSchema.safeParse(table);
  if (!parsed.success) throw new UpstreamError('The Census API answered in an unexpected shape (expected an array of rows with a header row).');
  const [header, ...rows] = parsed.data;
  return rows.map((row) => Object.fromEntries(header.map((name, index) => [String(name), row[index] ?? null])));
}

/** A client profile (camelCase) as a census_profiles row. */
export function censusProfileRow(profile: CensusProfile, raw: RawRecord): CensusProfileRow {
  return {
    kind: profile.kind,
    code: profile.code,
    name: profile.name || null,
    population: profile.population,
    median_household_income: profile.medianHouseholdIncome,
    unemployment_rate: profile.unemploymentRate,
    poverty_rate: profile.povertyRate,
    renter_occupied_rate: profile.renterOccupiedRate,
    median_age: profile.medianAge,
    college_educated_rate: profile.collegeEducatedRate,
    white_non_hispanic_rate: profile.whiteNonHispanicRate,
    hispanic_or_latino_rate: profile.hispanicOrLatinoRate,
    black_or_african_american_rate: profile.blackOrAfricanAmericanRate,
    asian_rate: profile.asianRate,
    spanish_speaking_rate: profile.spanishSpeakingRate,
    source: profile.source,
    raw,
    is_demo: false,
  };
}

export type CensusClientOptions = ServiceClientOptions;

/** Client for the Census ACS 5-year API, reading community profiles of CBSAs and CSAs. */
export class CensusClient {
  private readonly http: HttpClient;
  private readonly baseUrl: string;

  constructor(private readonly options: CensusClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.http = new HttpClient({
      service: 'the Census API',
      timeoutMs: options.timeoutMs ?? 30_000,
      retry: { retries: 4, baseDelayMs: 500, maxDelayMs: 20_000, ...options.retry },
      requestsPerSecond: options.requestsPerSecond ?? 5,
      fetch: options.fetch,
      onRetry: options.onRetry,
    });
  }

  url(kind: CensusAreaKind, codes: readonly string[] | '*'): string {
    const params = new URLSearchParams();
    params.set('get', ['NAME', ...Object.values(censusVariables)].join(','));
    params.set('for', `${censusGeography[kind]}:${codes === '*' ? '*' : codes.join(',')}`);
    if (this.options.apiKey) params.set('key', this.options.apiKey);
    return `${this.baseUrl}/${censusDataset.path}?${params}`;
  }

  /**
   * Profiles of the given areas (or of every area with '*'). Codes the Census does not know are
   * simply absent from the answer; the API says so with HTTP 204 when none is known.
   */
  async profiles(kind: CensusAreaKind, codes: readonly string[] | '*'): Promise<CensusProfile[]> {
    if (codes !== '*' && codes.length === 0) return [];
    const { status, text } = await this.http.getText(this.url(kind, codes));
    if (status === 204 || text.trim() === '') return [];
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new UpstreamError(`The Census API answered with something that is not JSON: ${text.slice(0, 120)}`);
    }
    return rowsFromCensusTable(json).map((row) => profileFromCensusRow(kind, row));
  }

  async profile(kind: CensusAreaKind, code: string): Promise<CensusProfile | undefined> {
    return (await this.profiles(kind, [code]))[0];
  }
}

export function censusClientFromConfig(config: Pick<AppConfig, 'censusApiUrl' | 'censusApiKey'>, options: Partial<CensusClientOptions> = {}): CensusClient {
  return new CensusClient({ baseUrl: config.censusApiUrl, apiKey: config.censusApiKey, ...options });
}
