import { expect } from 'chai';
import { isQuarter, quarterSchema } from './quarter.ts';

describe('quarter', () => {
  it('takes the report date of each quarter end', () => {
    for (const quarter of ['20250331', '20250630', '20250930', '20251231']) {
      expect(isQuarter(quarter), quarter).to.equal(true);
      expect(quarterSchema.parse(quarter)).to.equal(quarter);
    }
  });

  it('refuses a date that ends no quarter, another spelling of a quarter, and anything not a string', () => {
    for (const value of ['20250101', '20250631', '2025-09-30', 'Q3 2025', '2025-Q3', ' 20250930', '202509300', '', 20250930, null, undefined]) {
      expect(isQuarter(value), String(value)).to.equal(false);
      expect(quarterSchema.safeParse(value).success, String(value)).to.equal(false);
    }
  });

  it('says what a quarter must look like when it refuses one', () => {
    const refused = quarterSchema.safeParse('Q2 2025');
    expect(refused.success).to.equal(false);
    expect(refused.error?.issues[0].message).to.equal('quarter must be a quarter-end report date YYYYMMDD, e.g. 20250930');
  });
});
