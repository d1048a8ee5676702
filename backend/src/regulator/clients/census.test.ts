import { expect } from 'chai';
import { CensusDouble } from '../../../../test/doubles/census-double.ts';
import { censusAreas } from '../../../../test/doubles/census-areas.ts';
import { CensusClient, censusNumber, rowsFromCensusTable } from './census.ts';

describe('Census ACS client', () => {
  let double: CensusDouble;
  let census: CensusClient;
  beforeEach(async () => {
    double = await new CensusDouble(censusAreas).start();
    census = new CensusClient({ baseUrl: double.url, apiKey: 'census-key', retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 5 }, requestsPerSecond: 0 });
  });
  afterEach(() => double.stop());

  it('reads a CBSA profile with every Community Profile field from the ACS 5-year 2022 tables', async () => {
    const profile = await census.profile('cbsa', '10180');
    expect(profile).to.deep.equal({
      kind: 'cbsa',
      code: '10180',
      name: 'Abilene, TX Metro Area',
      population: 180000,
      medianHouseholdIncome: 60340,
      medianAge: 33.1,
      unemploymentRate: 5,
      povertyRate: 15,
      renterOccupiedRate: 40,
      collegeEducatedRate: 20,
      whiteNonHispanicRate: 60,
      hispanicOrLatinoRate: 25,
      blackOrAfricanAmericanRate: 8,
      asianRate: 2,
      spanishSpeakingRate: 18.24,
      source: 'ACS 5-Year Estimates 2022',
    });
    const params = double.requests[0].params;
    expect(double.requests[0].path).to.equal('/data/2022/acs/acs5');
    expect(params.get('for')).to.equal('metropolitan statistical area/micropolitan statistical area:10180');
    expect(params.get('key')).to.equal('census-key');
  });

  it('turns the negative "not available" sentinels and zero denominators into null', async () => {
    const profile = await census.profile('cbsa', '10100');
    expect(profile?.medianHouseholdIncome).to.equal(null);
    expect(profile?.spanishSpeakingRate).to.equal(null);
    expect(profile?.medianAge).to.equal(38.2);
  });

  it('reads CSA profiles under the combined statistical area geography', async () => {
    const profiles = await census.profiles('csa', '*');
    expect(profiles.map((profile) => [profile.kind, profile.code, profile.name])).to.deep.equal([['csa', '104', 'Albany-Schenectady, NY CSA']]);
  });

  it('answers no profile for codes the Census does not know (HTTP 204)', async () => {
    expect(await census.profile('cbsa', '99999')).to.equal(undefined);
  });

  it('retries a 429 and a 500 before answering', async () => {
    double.inject({ status: 429, retryAfterSeconds: 0 });
    double.inject({ status: 500 });
    const profiles = await census.profiles('cbsa', ['10180', '10100']);
    expect(profiles.map((profile) => profile.code)).to.deep.equal(['10180', '10100']);
    expect(double.requests).to.have.length(3);
  });

  it('reports a bad request with the Census error text', async () => {
    const broken = new CensusClient({ baseUrl: double.url.replace('/data', '/nowhere'), retry: { retries: 0 }, requestsPerSecond: 0 });
    const error = await broken.profile('cbsa', '10180').catch((caught: unknown) => caught);
    expect((error as Error).message).to.match(/refused the request \(HTTP 404\): error: unknown dataset/);
  });
});

describe('Census table format', () => {
  it('keys each row by the header row', () => {
    expect(rowsFromCensusTable([['NAME', 'B19013_001E', 'combined statistical area'], ['X CSA', '5', '104']])).to.deep.equal([
      { NAME: 'X CSA', B19013_001E: '5', 'combined statistical area': '104' },
    ]);
  });

  it('refuses anything that is not an array of rows', () => {
    expect(() => rowsFromCensusTable({ data: [] })).to.throw(/unexpected shape/);
  });

  it('reads estimates as numbers and sentinels as missing', () => {
    expect(censusNumber('123.5')).to.equal(123.5);
    expect(censusNumber('-222222222')).to.equal(null);
    expect(censusNumber(null)).to.equal(null);
    expect(censusNumber('')).to.equal(null);
  });
});
