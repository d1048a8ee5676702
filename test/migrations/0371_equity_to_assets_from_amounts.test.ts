import { expect } from 'chai';
import { describeWithDatabase } from '../support/database.ts';
import { up } from '../../migrations/0371_equity_to_assets_from_amounts.ts';

describeWithDatabase('migration 0371: equity to assets from the stored amounts', (context) => {
  it('fills a blank equity to assets from total equity over total assets, and keeps a reported ratio and a blank without amounts', async () => {
    const { knex } = context.db;
    const cert = 990_371;
    const quarter = { cert, is_demo: false, raw: '{}' };
    await knex('fdic_financials').insert([
      { ...quarter, repdte: '20250331', report_date: '2025-03-31', total_equity: 12_000_000, assets: 100_000_000, equity_to_assets_ratio: null },
      { ...quarter, repdte: '20250630', report_date: '2025-06-30', total_equity: 12_000_000, assets: 100_000_000, equity_to_assets_ratio: 11.9 },
      { ...quarter, repdte: '20250930', report_date: '2025-09-30', total_equity: null, assets: 100_000_000, equity_to_assets_ratio: null },
      { ...quarter, repdte: '20251231', report_date: '2025-12-31', total_equity: 12_000_000, assets: 0, equity_to_assets_ratio: null },
    ]);
    const version = async () => Number((await knex('regulator_data_version').first('version'))!.version);
    const before = await version();
    try {
      await up(knex);
      const stored = await knex('fdic_financials').where({ cert }).orderBy('repdte').pluck('equity_to_assets_ratio');
      expect(stored[0]).to.be.closeTo(12, 1e-9);
      expect(stored.slice(1)).to.deep.equal([11.9, null, null]);
      expect(await version(), 'caches are told the figures changed').to.be.greaterThan(before);
    } finally {
      await knex('fdic_financials').where({ cert }).delete();
    }
  });
});
