import { expect } from 'chai';
import { describeWithDatabase } from '../../../../test/support/database.ts';
import { markRegulatorDataChanged } from '../store.ts';
import { computeDashboard } from './dashboard.ts';

describeWithDatabase('dashboard market snapshot', (context) => {
  it("averages the top banks' ROA and NIM over the banks reporting them, each bank counted once, as the other averages are, and counts the banks reporting each", async () => {
    const { knex } = context.db;
    const repdte = '20250630';
    const banks = [
      { cert: 990_401, assets: 9e9, roa: 1, net_interest_margin: 3 },
      { cert: 990_402, assets: 1e9, roa: 2, net_interest_margin: 4 },
      { cert: 990_403, assets: 5e9, roa: null, net_interest_margin: null },
    ];
    await knex('fdic_institutions').insert(banks.map(({ cert }) => ({ cert, name: `Bank ${cert}`, active: true, is_demo: false })));
    await knex('fdic_financials').insert(banks.map((bank) => ({ ...bank, repdte, report_date: '2025-06-30', is_demo: false, raw: '{}' })));
    markRegulatorDataChanged();
    try {
      const { marketStats } = await computeDashboard(knex, repdte);
      expect(marketStats.totalAssets).to.equal(15e9);
      // The mean of 1% and 2%; the bank without ROA is left out, not counted as 0.
      expect(marketStats.avgRoa).to.be.closeTo(1.5, 1e-9);
      expect(marketStats.avgNim).to.be.closeTo(3.5, 1e-9);
      // The screen says what each mean is of.
      expect(marketStats.banksReporting).to.deep.equal({ roa: 2, npl: 0, nim: 2 });
    } finally {
      await knex('fdic_financials').whereIn('cert', banks.map(({ cert }) => cert)).delete();
      await knex('fdic_institutions').whereIn('cert', banks.map(({ cert }) => cert)).delete();
    }
  });
});
