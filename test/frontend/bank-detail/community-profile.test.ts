import { expect } from 'chai';
import { communitySource } from '../../../frontend/src/bank-detail/lib/community.ts';

describe('the Community Profile source line', () => {
  it('names the survey stored with the profile, not the one the sync fetches', () => {
    const source = 'U.S. Census Bureau, ACS 5-year estimates 2019-2023: income; U.S. Census Bureau, ACS 5-year estimates 2014-2018: race';
    expect(communitySource({ name: 'Columbus, OH Metro Area', medianHouseholdIncome: 79_847, source })).to.equal(source);
    expect(communitySource({ source: 'Demo data (fictional), shaped like ACS 5-Year Estimates 2022' })).to.equal('Demo data (fictional), shaped like ACS 5-Year Estimates 2022');
  });

  it('names the ACS 5-year 2022 survey for a profile stored without a source', () => {
    expect(communitySource({ medianHouseholdIncome: 50_000 })).to.equal('ACS 5-Year Estimates 2022');
    expect(communitySource({ source: ' ' })).to.equal('ACS 5-Year Estimates 2022');
  });
});
