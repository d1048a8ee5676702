import { expect } from 'chai';
import { describeWithDatabase } from '../support/database.ts';
import { down, up } from '../../migrations/0350_cost_of_funds_annualised.ts';

describeWithDatabase('migration 0350: cost of funds annualised', (context) => {
  it('restates the stored cost of funds of every quarter as a yearly rate, and leaves it blank without interest expense', async () => {
    const { knex } = context.db;
    const cert = 990_350;
    const quarter = { cert, is_demo: false, raw: '{}', deposits: 1_000_000 };
    await knex('fdic_financials').insert([
      // $2 of interest per $100 of deposits a year: $5,000 by March, $15,000 by September, stored as the year to date.
      { ...quarter, repdte: '20250331', report_date: '2025-03-31', interest_expense: 5_000, cost_of_funds: 0.5 },
      { ...quarter, repdte: '20250930', report_date: '2025-09-30', interest_expense: 15_000, cost_of_funds: 1.5 },
      { ...quarter, repdte: '20251231', report_date: '2025-12-31', interest_expense: null, cost_of_funds: null },
    ]);
    const version = async () => Number((await knex('regulator_data_version').first('version'))!.version);
    const before = await version();
    try {
      await up(knex);
      const stored = await knex('fdic_financials').where({ cert }).orderBy('repdte').pluck('cost_of_funds');
      expect(stored[0]).to.be.closeTo(2, 1e-9);
      expect(stored[1]).to.be.closeTo(2, 1e-9);
      expect(stored[2]).to.equal(null);
      expect(await version()).to.be.greaterThan(before);
      await down(knex);
      const restored = await knex('fdic_financials').where({ cert }).orderBy('repdte').pluck('cost_of_funds');
      expect(restored[0]).to.be.closeTo(0.5, 1e-9);
      await up(knex);
    } finally {
      await knex('fdic_financials').where({ cert }).delete();
    }
  });
});
