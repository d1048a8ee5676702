import { expect } from 'chai';
import { describeWithDatabase } from '../../../../test/support/database.ts';
import { demoAreas, generateDemoBank } from './generate.ts';
import { demoStates } from './geography.ts';
import { loadDemoData } from './load.ts';

describe('demo data generator', () => {
  const areas = demoAreas();

  it('generates the same bank for the same index', () => {
    expect(generateDemoBank(17, areas)).to.deep.equal(generateDemoBank(17, areas));
    expect(generateDemoBank(17, areas).institution.NAME).to.not.equal(generateDemoBank(18, areas).institution.NAME);
  });

  it('names every bank plainly as demo data, with unique names', () => {
    const names = Array.from({ length: 3000 }, (_, index) => String(generateDemoBank(index, areas).institution.NAME));
    expect(names.every((name) => name.includes('Demo'))).to.equal(true);
    expect(new Set(names).size).to.equal(names.length);
  });

  it('places every branch inside its state', () => {
    for (let index = 0; index < 300; index += 1) {
      const bank = generateDemoBank(index, areas);
      const state = demoStates.find((candidate) => candidate.code === bank.institution.STALP)!;
      for (const branch of bank.locations) {
        expect(branch.LATITUDE as number).to.be.within(state.latitude[0], state.latitude[1]);
        expect(branch.LONGITUDE as number).to.be.within(state.longitude[0], state.longitude[1]);
      }
    }
  });

  it('gives active banks eight quarters and failed banks a failure record instead', () => {
    const banks = Array.from({ length: 600 }, (_, index) => generateDemoBank(index, areas));
    const failed = banks.filter((bank) => bank.institution.ACTIVE === 0);
    expect(failed.length).to.be.greaterThan(0);
    expect(failed.every((bank) => bank.failure !== null && bank.financials.length === 0)).to.equal(true);
    expect(banks.filter((bank) => bank.institution.ACTIVE === 1).every((bank) => bank.financials.length === 8)).to.equal(true);
  });
});

describeWithDatabase('demo data loading', (context) => {
  it('loads a small set with every row marked as demo and profiles for the areas in use', async () => {
    const knex = context.db.knex;
    const progress: number[] = [];
    const result = await loadDemoData(knex, { banks: 120, onProgress: ({ loaded }) => void progress.push(loaded) });
    expect(result.banks).to.equal(120);
    expect(progress.at(-1)).to.equal(120);
    for (const table of ['fdic_institutions', 'fdic_financials', 'fdic_locations', 'fdic_sod', 'fdic_history', 'census_profiles', 'fdic_field_definitions']) {
      const row = await knex(table).select(knex.raw('count(*)::int as n, bool_and(is_demo) as all_demo')).first();
      expect(row.n, table).to.be.greaterThan(0);
      expect(row.all_demo, table).to.equal(true);
    }
    const missingProfiles = await knex('fdic_institutions as i')
      .leftJoin('census_profiles as c', function () {
        this.on('c.code', '=', 'i.cbsa_code').andOn('c.kind', '=', knex.raw("'cbsa'"));
      })
      .whereNotNull('i.cbsa_code')
      .whereNull('c.code')
      .count('* as n')
      .first();
    expect(missingProfiles).to.deep.equal({ n: 0 });
  });
});
