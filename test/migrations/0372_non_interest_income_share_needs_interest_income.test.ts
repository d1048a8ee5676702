import { expect } from 'chai';
import { describeWithDatabase } from '../support/database.ts';
import { up } from '../../migrations/0372_non_interest_income_share_needs_interest_income.ts';

describeWithDatabase('migration 0372: non-interest income share needs the interest income', (context) => {
  it('blanks the 100% stored for a quarter without interest income and keeps the share of one with it', async () => {
    const { knex } = context.db;
    const cert = 990_372;
    const quarter = { cert, is_demo: false, raw: '{}', non_interest_income: 20_000 };
    await knex('fdic_financials').insert([
      { ...quarter, repdte: '20250331', report_date: '2025-03-31', interest_income: null, non_interest_income_to_revenue: 100 },
      { ...quarter, repdte: '20250630', report_date: '2025-06-30', interest_income: 60_000, non_interest_income_to_revenue: 25 },
    ]);
    const version = async () => Number((await knex('regulator_data_version').first('version'))!.version);
    const before = await version();
    try {
      await up(knex);
      expect(await knex('fdic_financials').where({ cert }).orderBy('repdte').pluck('non_interest_income_to_revenue')).to.deep.equal([null, 25]);
      expect(await version(), 'caches are told the figures changed').to.be.greaterThan(before);
    } finally {
      await knex('fdic_financials').where({ cert }).delete();
    }
  });
});
