import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { describeWithDatabase } from '../../../../test/support/database.ts';
import { importFile } from './importer.ts';

/**
 * Every money field of every file layout the importer reads, on a row copied from the real file
 * (test/fixtures/regulator/as-of and money/), against the dollar figure a person works out by hand.
 * FDIC publishes money in thousands of dollars: 3,813,431,000 thousand is $3,813,431,000,000.
 * Fields no column holds stay in `raw` as published (thousands, as BankFind answers them).
 * The history exports (structure changes) carry no money field, nor does the Failed Bank List.
 */
const fixtures = fileURLToPath(new URL('../../../../test/fixtures/regulator/', import.meta.url));
const fixture = (name: string) => path.join(fixtures, name);

describeWithDatabase('money fields of the real files, in dollars', (context) => {
  const knex = () => context.db.knex;
  const imported = async (name: string) => {
    await knex().raw('truncate fdic_institutions, fdic_financials, fdic_locations, fdic_sod, fdic_failures, fdic_active_lists');
    const result = await importFile(knex(), fixture(name));
    expect(result.invalid, `${name}: ${result.problems.join('; ')}`).to.equal(0);
  };

  it('institutions_active_2026-01: ASSET and DEP', async () => {
    await imported('as-of/institutions_active_2026-01.csv');
    // Western Dakota Bank: ASSET 77,757 -> $77,757,000; DEP 69,920 -> $69,920,000.
    expect(await knex()('fdic_institutions').where({ cert: 492 }).first()).to.include({ assets: 77_757_000, deposits: 69_920_000 });
    // JPMorgan Chase: ASSET 3,813,431,000 -> $3.813 trillion; DEP 2,649,438,000 -> $2.649 trillion.
    expect(await knex()('fdic_institutions').where({ cert: 628 }).first()).to.include({ assets: 3_813_431_000_000, deposits: 2_649_438_000_000 });
  });

  it('institutions_all_2024-03: ASSET and DEP', async () => {
    await imported('as-of/institutions_all_2024-03.csv');
    // Silicon Valley Bank: ASSET 209,026,000 -> $209.026 billion; DEP 175,378,000 -> $175.378 billion.
    expect(await knex()('fdic_institutions').where({ cert: 24735 }).first()).to.include({ assets: 209_026_000_000, deposits: 175_378_000_000 });
    // Synovus Bank: ASSET 59,211,156 -> $59,211,156,000; DEP 50,849,840 -> $50,849,840,000.
    expect(await knex()('fdic_institutions').where({ cert: 873 }).first()).to.include({ assets: 59_211_156_000, deposits: 50_849_840_000 });
  });

  it('financials_20250930_active: ASSET, DEP, EQTOT, NETINC, INTINC, NONII, NONIX, LNLSNET, LNRE, LNCI, LNCON and SC', async () => {
    await imported('as-of/financials_20250930_active.csv');
    const synovus = await knex()('fdic_financials').where({ cert: 873, repdte: '20250930' }).first();
    expect(synovus).to.include({
      assets: 60_332_869_000, // ASSET 60,332,869
      deposits: 50_535_964_000, // DEP 50,535,964
      total_equity: 5_803_231_000, // EQTOT 5803231.0
      net_income: 654_417_000, // NETINC 654417.0 (year to date)
      interest_income: 2_331_429_000, // INTINC 2331429.0
      non_interest_income: 312_371_000, // NONII 312371.0
      non_interest_expense: 880_576_000, // NONIX 880576.0
      total_loans_and_leases: 43_431_524_000, // LNLSNET 43,431,524
      loans_re_gross: 27_322_413_000, // LNRE 27,322,413
      loans_ci_gross: 9_168_125_000, // LNCI 9,168,125
      loans_consumer_gross: 1_285_141_000, // LNCON 1285141.0
    });
    // SC (securities) has no column: kept as published, 10,041,897 thousand = $10.04 billion.
    expect(Number(synovus.raw.SC) * 1000).to.equal(10_041_897_000);
    // A small bank: Western Dakota Bank, ASSET 77,757 -> $77,757,000; NETINC 804.0 -> $804,000.
    expect(await knex()('fdic_financials').where({ cert: 492, repdte: '20250930' }).first()).to.include({ assets: 77_757_000, net_income: 804_000, loans_ci_gross: 3_052_000 });
  });

  it('financials_history: ASSET, DEP, EQTOT, NETINC and LNLSNET of each quarter', async () => {
    await imported('as-of/financials_history_2023Q4_2024Q4_2025Q3.csv');
    // JPMorgan Chase, 2023-12-31: ASSET 3,395,126,000; DEP 2,498,231,000; EQTOT 299323000.0; NETINC 47496000.0; LNLSNET 1,308,719,000.
    expect(await knex()('fdic_financials').where({ cert: 628, repdte: '20231231' }).first()).to.include({
      assets: 3_395_126_000_000,
      deposits: 2_498_231_000_000,
      total_equity: 299_323_000_000,
      net_income: 47_496_000_000,
      total_loans_and_leases: 1_308_719_000_000,
    });
    // CERT 25824, 2024-12-31: ASSET 16,655 -> $16,655,000; EQTOT 7479.0 -> $7,479,000; DEP 0 -> $0.
    expect(await knex()('fdic_financials').where({ cert: 25824, repdte: '20241231' }).first()).to.include({ assets: 16_655_000, total_equity: 7_479_000, deposits: 0 });
  });

  it('assets_deposits_20230930 (BankFind report export): Total_Assets and Total_Deposits', async () => {
    await imported('as-of/assets_deposits_20230930.csv');
    // JPMorgan Chase: Total_Assets 3,385,581,000 -> $3.386 trillion; Total_Deposits 2,020,955,000 -> $2.021 trillion.
    expect(await knex()('fdic_financials').where({ cert: 628, repdte: '20230930' }).first()).to.include({ assets: 3_385_581_000_000, deposits: 2_020_955_000_000 });
  });

  it('SDI 2008-12-31: the real estate loan fields', async () => {
    await imported('as-of/sdi_20081231.csv');
    const chase = await knex()('fdic_financials').where({ cert: 628, repdte: '20081231' }).first();
    // lnreres 299,286,000 -> $299.286 billion; LNRERSFM 167,970,000 -> $167.97 billion.
    expect(chase).to.include({ loans_re_1_4_family_gross: 299_286_000_000, loans_re_1_4_family_first_liens: 167_970_000_000 });
    // LNRERSF2, LNRELOC and LNRERSF1 have no column: kept as published (thousands).
    expect([chase.raw.LNRERSF2, chase.raw.LNRELOC, chase.raw.LNRERSF1].map((value: unknown) => Number(value) * 1000)).to.deep.equal([19_814_000_000, 111_502_000_000, 122_839_000_000]);
    // Silicon Valley Bank: lnreres 222,104 -> $222,104,000.
    expect(await knex()('fdic_financials').where({ cert: 24735, repdte: '20081231' }).first()).to.include({ loans_re_1_4_family_gross: 222_104_000 });
  });

  it('Summary of Deposits 2023: DEPSUMBR per branch; ASSET, DEPDOM and DEPSUM kept as published', async () => {
    await imported('as-of/sod_2023.csv');
    // Western Dakota Bank's Isabel branch (UNINUMBR 181720): DEPSUMBR 6,744 -> $6,744,000.
    expect(await knex()('fdic_sod').where({ id: '2023-181720' }).first()).to.include({ deposits: 6_744_000 });
    expect(await knex()('fdic_locations').where({ id: '181720' }).first()).to.include({ deposits: 6_744_000 });
    // Its main office (UNINUMBR 354): DEPSUMBR 54,618 -> $54,618,000.
    const main = await knex()('fdic_sod').where({ id: '2023-354' }).first();
    expect(main).to.include({ deposits: 54_618_000, is_main_office: true });
    // The bank's ASSET 67,098, DEPDOM 61,362 and DEPSUM 61,362 (thousands) stay as the SOD gives them.
    expect([main.raw.ASSET, main.raw.DEPDOM, main.raw.DEPSUM].map((value: unknown) => Number(value) * 1000)).to.deep.equal([67_098_000, 61_362_000, 61_362_000]);
  });

  it('Summary of Deposits 2022: DEPSUMBR per branch', async () => {
    await imported('as-of/sod_2022.csv');
    const rows = await knex()('fdic_sod').where({ cert: 492, year: 2022 }).orderBy('id');
    // Each branch's DEPSUMBR in thousands, times 1,000.
    expect(rows.map((row) => Number(row.raw.DEPSUMBR) * 1000)).to.deep.equal(rows.map((row) => row.deposits));
    expect(rows.length).to.be.at.least(1);
  });

  it('failures_1934-2026: insurance_cost_millions (thousands, despite its name) and QBFASSET', async () => {
    await imported('as-of/failures_1934-2026.csv');
    // Silicon Valley Bank: 18,959,624 -> $18.96 billion (not trillion); QBFASSET 209,026,000 -> $209.026 billion.
    expect(await knex()('fdic_failures').where({ cert: 24735 }).first()).to.include({ estimated_loss: 18_959_624_000, assets: 209_026_000_000 });
    // Metropolitan Capital Bank & Trust: no cost yet; QBFASSET 261,185 -> $261,185,000.
    expect(await knex()('fdic_failures').where({ cert: 57488 }).first()).to.include({ estimated_loss: null, assets: 261_185_000 });
  });

  it('failures endpoint export (2000-2020): COST, QBFASSET and QBFDEP', async () => {
    await imported('money/failures_api_2000-2020.csv');
    // City National Bank of New Jersey: COST 2,491 -> $2,491,000; QBFASSET 120,574 -> $120,574,000; QBFDEP 111,234 -> $111,234,000.
    expect(await knex()('fdic_failures').where({ cert: 21111 }).first()).to.include({ estimated_loss: 2_491_000, assets: 120_574_000, deposits: 111_234_000 });
  });

  it('failures with every field (1934-2020): COST, QBFASSET and QBFDEP; the other money fields kept as published', async () => {
    await imported('money/failures_full_fields_1934-2020.csv');
    // IndyMac Bank: COST 12040084.0 -> $12.04 billion; QBFASSET 30698512.0 -> $30.70 billion; QBFDEP 18941727.0 -> $18.94 billion.
    const indymac = await knex()('fdic_failures').where({ cert: 29730 }).first();
    expect(indymac).to.include({ estimated_loss: 12_040_084_000, assets: 30_698_512_000, deposits: 18_941_727_000 });
    // QBFEQ 1,143,344 (equity at failure) has no column: kept in thousands.
    expect(Number(indymac.raw.QBFEQ) * 1000).to.equal(1_143_344_000);
  });
});
