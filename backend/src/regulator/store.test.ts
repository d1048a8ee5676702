import { expect } from 'chai';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { normaliseFinancials, normaliseInstitution } from './normalise/index.ts';
import { clearDemoData, hasDemoData, upsertFinancials, upsertInstitutions } from './store.ts';

describeWithDatabase('regulator store', (context) => {
  const institutions = (count: number, overrides: Record<string, unknown> = {}) =>
    Array.from({ length: count }, (_, index) => normaliseInstitution({ CERT: index + 1, NAME: `Bank ${index + 1}`, STALP: 'KS', ASSET: 100 + index, ...overrides }));

  it('inserts and then updates rows in batches larger than one statement', async () => {
    const knex = context.db.knex;
    await upsertInstitutions(knex, institutions(1200));
    await upsertInstitutions(knex, institutions(1200, { NAME: 'Renamed', ASSET: 5 }));
    const summary = await knex('fdic_institutions').select(knex.raw('count(*)::int as n, min(name) as name, max(assets) as assets')).first();
    expect(summary).to.deep.equal({ n: 1200, name: 'Renamed', assets: 5000 });
  });

  it('keeps the last row when a batch carries the same key twice', async () => {
    const knex = context.db.knex;
    const first = normaliseFinancials({ CERT: 1, REPDTE: '20240331', ASSET: 1 });
    const second = normaliseFinancials({ CERT: 1, REPDTE: '20240331', ASSET: 2 });
    await upsertFinancials(knex, [first, second]);
    const rows = await knex('fdic_financials').where({ cert: 1 });
    expect(rows).to.have.length(1);
    expect(rows[0].assets).to.equal(2000);
    expect(rows[0].raw).to.deep.equal({ CERT: 1, REPDTE: '20240331', ASSET: 2 });
  });

  it('clears demo rows and leaves real ones', async () => {
    const knex = context.db.knex;
    const demo = institutions(3).map((row) => ({ ...row, cert: row.cert + 10_000, is_demo: true }));
    await upsertInstitutions(knex, demo);
    expect(await hasDemoData(knex)).to.equal(true);
    const deleted = await clearDemoData(knex);
    expect(deleted.fdic_institutions).to.equal(3);
    expect(await hasDemoData(knex)).to.equal(false);
    expect(await knex('fdic_institutions').count('* as n').first()).to.deep.equal({ n: 1200 });
  });
});
