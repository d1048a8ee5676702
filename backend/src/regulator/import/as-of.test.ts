import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { describeWithDatabase } from '../../../../test/support/database.ts';
import { computeDashboard } from '../queries/dashboard.ts';
import { institutionRecord, keyFinancials, locations, overview } from '../queries/detail.ts';
import { queryRecords } from '../queries/records.ts';
import { dateInFileName } from './as-of.ts';
import { importFile } from './importer.ts';

// A few real rows of each file in ../shared/data, copied by hand (file names keep their dates).
const fixtures = fileURLToPath(new URL('../../../../test/fixtures/regulator/as-of/', import.meta.url));
const newestFirst = [
  'banklist_2026-01.csv',
  'failures_1934-2026.csv',
  'institutions_active_2026-01.csv',
  'financials_20250930_active.csv',
  'financials_history_2023Q4_2024Q4_2025Q3.csv',
  'institutions_all_2024-03.csv',
  'assets_deposits_20230930.csv',
  'sod_2023.csv',
  'sod_2022.csv',
  'sdi_20081231.csv',
].map((name) => path.join(fixtures, name));

const readTables = ['fdic_institutions', 'fdic_financials', 'fdic_locations', 'fdic_sod', 'fdic_failures', 'fdic_active_lists'] as const;

describe('source dates', () => {
  it('reads a snapshot date from a file name, a month standing for its first day', () => {
    expect(dateInFileName('/x/institutions_active_2026-01.csv')).to.equal('20260101');
    expect(dateInFileName('institutions_all_2024-03.csv.gz')).to.equal('20240301');
    expect(dateInFileName('financials_20250930_active.csv')).to.equal('20250930');
    expect(dateInFileName('export-2024-03-02.csv')).to.equal('20240302');
    expect(dateInFileName('failures_1934-2026.csv')).to.equal(null);
    expect(dateInFileName('sod_2023.csv')).to.equal(null);
  });
});

describeWithDatabase('which source wins', (context) => {
  const knex = () => context.db.knex;
  const truncate = () => knex().raw(`truncate ${readTables.join(', ')}, census_profiles, fdic_history, fdic_field_definitions`);

  /** Every row of the read tables, in key order, without the time each was written. */
  async function readAll(): Promise<Record<string, unknown[]>> {
    const tables: Record<string, unknown[]> = {};
    for (const table of readTables) {
      const rows = (await knex()(table).select('*')) as Array<Record<string, unknown>>;
      tables[table] = rows
        .map(({ updated_at: _updated, imported_at: _imported, ...row }) => row)
        .sort((a, b) => (JSON.stringify([a.cert, a.repdte, a.id, a.as_of]) < JSON.stringify([b.cert, b.repdte, b.id, b.as_of]) ? -1 : 1));
    }
    return tables;
  }

  async function importInOrder(files: readonly string[]) {
    await truncate();
    for (const file of files) await importFile(knex(), file);
  }

  it('gives identical read tables whether the files are imported newest first or oldest first', async function () {
    this.timeout(300_000);
    await importInOrder(newestFirst);
    const newest = await readAll();
    await importInOrder([...newestFirst].reverse());
    const oldest = await readAll();
    for (const table of readTables) expect(oldest[table], table).to.deep.equal(newest[table]);
    expect(newest.fdic_institutions.length).to.equal(10);
  });

  describe('after importing every file, oldest first', () => {
    before(async function () {
      this.timeout(300_000);
      await importInOrder([...newestFirst].reverse());
    });
    const institution = (cert: number) => knex()('fdic_institutions').where({ cert }).first();

    it('keeps a failed bank inactive although the 2008 SDI file, imported last, lists it', async () => {
      expect(await institution(24735)).to.include({ name: 'Silicon Valley Bank', active: false, repdte: null });
    });

    it('marks inactive a bank that failed after the active list it appears on was taken', async () => {
      const metropolitan = await institution(57488);
      expect(metropolitan).to.include({ name: 'Metropolitan Capital Bank & Trust', active: false });
      expect(metropolitan.inactive_date).to.equal('2026-01-30');
    });

    it('marks inactive a bank an older file calls active but the newest list of active institutions leaves out', async () => {
      expect(await institution(873)).to.include({ name: 'Synovus Bank', active: false });
      expect(await institution(628)).to.include({ active: true });
    });

    it("keeps the institutions files' proper-case names and cities over the financials rows' upper-case copies", async () => {
      expect(await institution(628)).to.include({ name: 'JPMorgan Chase Bank, National Association', city: 'Columbus', state: 'OH' });
    });

    it('shows the ratios of the newest quarter of financials, and no ROAQ from an older institutions file', async () => {
      const key = (await keyFinancials(knex(), 628)).data[0].data;
      expect(key).to.include({ REPDTE: '20250930', ASSET: 3_813_431_000, ROA: 1.3864764326074568 });
      const listed = (await queryRecords(knex(), 'institutions', { filters: 'CERT:628', limit: 1, offset: 0, fields: 'CERT,ROA,ROAQ,ASSET' })).data[0].data;
      expect(listed).to.include({ ROA: 1.3864764326074568, ROAQ: null, ASSET: 3_813_431_000 });
      // A bank without financials shows what its institutions file gives.
      const svb = (await queryRecords(knex(), 'institutions', { filters: 'CERT:24735', limit: 1, offset: 0, fields: 'CERT,ROAQ,ASSET' })).data[0].data;
      expect(svb).to.include({ ROAQ: 0.8, ASSET: 209_026_000 });
    });

    it('shows a bank that has financials but no institutions row, with what is known', async () => {
      // Its financials row gives no bank_name: the name falls back, the city and state are the row's.
      const record = (await institutionRecord(knex(), 25824)).data[0].data;
      expect(record).to.include({ CERT: 25824, NAME: 'Unknown Bank', CITY: 'NEW YORK', STALP: 'NY' });
      expect((await keyFinancials(knex(), 25824)).data[0].data).to.include({ REPDTE: '20250930', ASSET: 15_586 });
    });

    it('shows no holding company where the newest Summary of Deposits names none, although the 2008 SDI file named one', async () => {
      // Bank OZK's head office in SOD 2023 has RSSDHCR 0 and a blank NAMEHCR; the 2008 SDI row says BANK OF THE OZARKS INC.
      expect(await institution(110)).to.include({ holding_company: null });
      expect((await overview(knex(), 110)).data[0].data).to.include({ holdingCompany: null, summaryOfDepositsYear: 2023 });
    });

    it('places a bank in no CBSA or CSA where its newest Summary of Deposits head office is in none, although the older year put it in one', async () => {
      // Somerville Bank's head office: MSABR 17140 and CSABR 178 in SOD 2022, 0 and 0 in SOD 2023.
      expect(await institution(6700)).to.include({ cbsa_code: null, cbsa_name: null, csa_code: null, csa_name: null, is_metro: null });
    });

    it('lists the branches and counts the offices of the newest Summary of Deposits year only', async () => {
      const branches = await locations(knex(), 492, { limit: 20, offset: 0 });
      expect(branches.data.map((branch) => branch.id).sort()).to.deep.equal(['181720', '354']);
      expect(await institution(492)).to.include({ offices: 2 });
      const summary = (await overview(knex(), 492)).data[0].data;
      expect(summary).to.include({ offices: 2, summaryOfDepositsYear: 2023 });
      expect(summary.officesByState).to.deep.equal([{ state: 'SD', offices: 2 }]);
    });

    it('counts on the dashboard only the banks active on the newest list', async () => {
      const dashboard = await computeDashboard(knex());
      expect(dashboard.totalInstitutions).to.equal(2); // 628 and 492; 25824's financials of 2025-09-30 are older than the list
      // The financials files carry no quarterly ROA: the risk distribution says so rather than 0 / 0 / 0.
      expect(dashboard.riskInputsMissing).to.equal(true);
      // Nor charge-offs or past-due loans by loan family: those charts say so too.
      expect(dashboard).to.include({ chargeOffInputsMissing: true, delinquencyInputsMissing: true });
    });

    it("reads the failures file's insurance_cost_millions as thousands of dollars, as its magnitudes show", async () => {
      const svb = await knex()('fdic_failures').where({ cert: 24735 }).first();
      // 18,959,624 thousand = $18.96 billion, beside QBFASSET 209,026,000 thousand = $209 billion.
      expect(svb).to.include({ estimated_loss: 18_959_624_000, assets: 209_026_000_000 });
    });
  });
});
