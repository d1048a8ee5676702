import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Database } from '../../backend/src/db/database.ts';
import { importFile } from '../../backend/src/regulator/import/importer.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { freshDatabase } from '../support/database.ts';
import { dollars, isActive, published, readPublished, type PublishedData, type Row } from './published.ts';

/**
 * Fidelity to the real FDIC files (`npm run test:fidelity`): the files of ../shared/data (or
 * SHARED_DATA_DIR) are imported newest first into one fresh database and oldest first into
 * another, and for a sample of banks of every size and many states every figure the Directory,
 * bank detail, Credit Box and Dashboard answer is compared with the value read straight from the
 * newest file that publishes it (published.ts, code of its own). Runs on PostgreSQL when
 * TEST_DATABASE_URL or DATABASE_URL names a server (a database of its own is created there and
 * dropped), else on PGlite.
 *
 * Which file is "newest" per figure: a bank's name, address and status come from the list of
 * active institutions (January 2026); its figures from the newest quarter's financials (2025-09-30;
 * the list's ASSET and DEP are copies, refiled for a few dozen banks, shown only for a bank without
 * financials); its offices, branches, regulator, holding company and CBSA from the Summary of
 * Deposits 2023; a failure's figures from the failures file.
 */

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const dataDir = process.env.SHARED_DATA_DIR ?? path.resolve(repoRoot, '../shared/data');
if (!process.env.TEST_DATABASE_URL && process.env.DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
const engine = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

// Every file that speaks about the banks shown, newest first; older files compete for the same attributes.
const newestFirst = [
  'banklist_2026-01.csv',
  'failures_1934-2026.csv',
  'institutions_active_2026-01.csv',
  'financials/financials_20250930_active.csv.gz',
  'financials/financials_history_2023Q4_2024Q4_2025Q3.csv.gz',
  'institutions_all_2024-03.csv.gz',
  'financials/assets_deposits_20230930.csv',
  'sod_2023.csv.gz',
  'sod_2022.csv.gz',
  'sdi/sdi_20081231_real_estate_loans.csv.gz',
].map((name) => path.join(dataDir, 'fdic', name));

const sampleBands = [0, 100e6, 1e9, 10e9, 100e9];
const perBand = 11;

/** An expected value this test does not read for a bank: its figure is not compared. */
const unchecked = Symbol('unchecked');

/** Figures checked and mismatches found, per endpoint and field. */
class Tally {
  readonly fields = new Map<string, { checked: number; mismatches: string[] }>();

  /** Compares one figure (none when `unchecked`). */
  check(field: string, subject: string, expected: unknown, actual: unknown): void {
    if (expected === unchecked) return;
    const entry = this.fields.get(field) ?? { checked: 0, mismatches: [] };
    this.fields.set(field, entry);
    entry.checked += 1;
    if (!same(expected, actual)) entry.mismatches.push(`${subject}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }

  get mismatches(): number {
    return [...this.fields.values()].reduce((sum, entry) => sum + entry.mismatches.length, 0);
  }

  table(title: string): string {
    const width = Math.max(...[...this.fields.keys()].map((field) => field.length), 5);
    const lines = [title, `${'field'.padEnd(width)}  checked  mismatches`];
    for (const [field, entry] of [...this.fields].sort(([a], [b]) => a.localeCompare(b))) {
      lines.push(`${field.padEnd(width)}  ${String(entry.checked).padStart(7)}  ${String(entry.mismatches.length).padStart(10)}`);
    }
    const checked = [...this.fields.values()].reduce((sum, entry) => sum + entry.checked, 0);
    lines.push(`${'total'.padEnd(width)}  ${String(checked).padStart(7)}  ${String(this.mismatches).padStart(10)}`);
    for (const [field, entry] of this.fields) for (const mismatch of entry.mismatches.slice(0, 5)) lines.push(`  ${field} ${mismatch}`);
    return lines.join('\n');
  }
}

/** Equal as shown: blanks alike, numbers (or numeric text) within rounding of a double, anything else exactly. */
function same(expected: unknown, actual: unknown): boolean {
  const blank = (value: unknown) => value === null || value === undefined || value === '';
  if (blank(expected) || blank(actual)) return blank(expected) && blank(actual);
  if (typeof expected === 'number') {
    const value = typeof actual === 'string' ? Number(actual) : actual;
    return typeof value === 'number' && Math.abs(value - expected) <= 1e-9 * Math.max(1, Math.abs(expected));
  }
  return JSON.stringify(expected) === JSON.stringify(actual);
}

/** The sample: active banks with financials, up to `perBand` per asset band, taken round-robin over the states; then a few edge cases. */
function chooseSample(data: PublishedData): number[] {
  const candidates = [...data.listed.keys()].filter((cert) => isActive(data, cert) && data.financials.has(cert)).sort((a, b) => a - b);
  const sample: number[] = [];
  for (let band = 0; band < sampleBands.length; band += 1) {
    const low = sampleBands[band];
    const high = sampleBands[band + 1] ?? Infinity;
    const byState = new Map<string, number[]>();
    for (const cert of candidates) {
      const assets = dollars(data.financials.get(cert)!.ASSET)!;
      if (assets < low || assets >= high) continue;
      const state = data.listed.get(cert)!.STNAME;
      byState.set(state, [...(byState.get(state) ?? []), cert]);
    }
    const states = [...byState.keys()].sort();
    const chosen: number[] = [];
    for (let round = 0; chosen.length < perBand && states.some((state) => byState.get(state)!.length > round); round += 1) {
      for (const state of states) if (chosen.length < perBand && byState.get(state)![round] !== undefined) chosen.push(byState.get(state)![round]);
    }
    sample.push(...chosen);
  }
  // A listed bank without financials, and banks with financials the list leaves out (no longer active).
  sample.push(...[...data.listed.keys()].filter((cert) => !data.financials.has(cert)).sort((a, b) => a - b).slice(0, 3));
  sample.push(...[...data.financials.keys()].filter((cert) => !data.listed.has(cert)).sort((a, b) => a - b).slice(0, 3));
  return sample;
}

/** MM/DD/YYYY as YYYY-MM-DD. */
const isoOf = (text: string | undefined) => {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text ?? '');
  return match ? `${match[3]}-${match[1]}-${match[2]}` : null;
};
const text = (value: string | undefined) => (value === undefined || value.trim() === '' ? null : value.trim());

/** The bank's head office row of the Summary of Deposits 2023 (institution-level fields repeat on every row). */
function headOffice(branches: Row[]): Row | undefined {
  return branches.find((row) => row.BKMO === '1') ?? [...branches].sort((a, b) => Number(a.BRNUM) - Number(b.BRNUM))[0];
}

/** What the screens should show of one bank, field by field, read from the files. */
function expectedBank(data: PublishedData, cert: number) {
  const listed = data.listed.get(cert);
  const financials = data.financials.get(cert);
  const newest = data.newestFinancials.get(cert);
  // A bank the newest list leaves out shows what older files knew of it: only its figures are checked.
  const described = <T,>(value: T) => (listed ? value : unchecked);
  const branches = data.branches.get(cert) ?? [];
  const head = headOffice(branches);
  const thousands = (column: string) => (financials ? published(financials[column]) : column === 'ASSET' || column === 'DEP' ? published(listed?.[column]) : null);
  const figure = (column: string) => (financials ? published(financials[column]) : null);
  const inDollars = (column: string) => {
    const value = thousands(column);
    return value === null ? null : Math.round(value * 1000);
  };
  const msa = head && head.MSABR !== '0' ? head.MSABR : null;
  const officesByState = new Map<string, number>();
  for (const branch of branches) officesByState.set(branch.STALPBR, (officesByState.get(branch.STALPBR) ?? 0) + 1);
  return {
    active: isActive(data, cert),
    stateName: listed?.STNAME ?? null,
    state: listed ? (data.stateCodes.get(listed.STNAME) ?? null) : null,
    directory: {
      NAME: described(text(listed?.NAME)),
      CITY: described(text(listed?.CITY)),
      STNAME: described(text(listed?.STNAME)),
      STALP: described(listed ? (data.stateCodes.get(listed.STNAME) ?? null) : null),
      ZIP: described(listed?.ZIP ? listed.ZIP.padStart(5, '0') : null),
      ADDRESS: described(text(listed?.ADDRESS)),
      WEBADDR: described(text(listed?.WEBADDR)),
      BKCLASS: described(text(listed?.BKCLASS)),
      LATITUDE: described(published(listed?.LATITUDE)),
      LONGITUDE: described(published(listed?.LONGITUDE)),
      ACTIVE: isActive(data, cert) ? 1 : 0,
      OFFICES: branches.length || null,
      REGAGNT: text(head?.REGAGNT),
      NAMEHCR: text(head?.NAMEHCR),
      CBSA_NO: msa,
      CBSA: msa ? text(head?.MSANAMB) : null,
      CSA_NO: head && head.CSABR !== '0' ? text(head.CSABR) : null,
      INSDATE: described(text(listed?.INSDATE)),
      REPDTE: financials ? data.quarter : null,
      ASSET: thousands('ASSET'),
      DEP: thousands('DEP'),
      EQ: thousands('EQTOT'),
      NETINC: thousands('NETINC'),
      LNLSNET: thousands('LNLSNET'),
      INTINC: thousands('INTINC'),
      NONII: thousands('NONII'),
      NONIX: thousands('NONIX'),
      LNRE: thousands('LNRE'),
      LNCI: thousands('LNCI'),
      LNCON: thousands('LNCON'),
      SC: thousands('SC'),
      EQTOT: thousands('EQTOT'),
      ROA: figure('ROA'),
      ROE: figure('ROE'),
      RBCRWAJ: figure('RBCRWAJ'),
      LNLSDEPR: figure('LNLSDEPR'),
      // The files carry no EQV: equity over assets, as the FDIC defines it.
      EQV: shareOf(figure('EQTOT'), [figure('ASSET')]),
    },
    // The Financial Summary shows the bank's newest quarter, whichever it is.
    key: {
      REPDTE: newest?.REPDTE ?? null,
      ASSET: published(newest?.ASSET),
      DEP: published(newest?.DEP),
      EQ: published(newest?.EQTOT),
      NETINC: published(newest?.NETINC),
      ROA: published(newest?.ROA),
      OFFICES: branches.length || null,
    },
    summary: {
      name: described(text(listed?.NAME)),
      active: isActive(data, cert),
      offices: branches.length || null,
      officesByState: [...officesByState].sort(([a], [b]) => a.localeCompare(b)),
      summaryOfDepositsYear: branches.length ? 2023 : null,
      website: described(text(listed?.WEBADDR)),
      regulator: text(head?.REGAGNT),
      holdingCompany: text(head?.NAMEHCR),
      cbsaCode: msa,
      cbsaName: msa ? text(head?.MSANAMB) : null,
      insuredDate: described(isoOf(listed?.INSDATE)),
      state: described(listed ? (data.stateCodes.get(listed.STNAME) ?? null) : null),
      stateName: described(text(listed?.STNAME)),
      charterClass: described(text(listed?.BKCLASS)),
      latitude: described(published(listed?.LATITUDE)),
      longitude: described(published(listed?.LONGITUDE)),
      csaCode: head && head.CSABR !== '0' ? text(head.CSABR) : null,
    },
    branches: {
      total: branches.length,
      largestDeposits: branches.length ? Math.max(...branches.map((branch) => published(branch.DEPSUMBR) ?? 0)) : null,
    },
    creditBox: {
      name: text(listed?.NAME),
      city: text(listed?.CITY),
      officeCount: branches.length || null,
      assets: inDollars('ASSET'),
      deposits: inDollars('DEP'),
      totalEquity: inDollars('EQTOT'),
      netIncome: inDollars('NETINC'),
      totalLoansAndLeases: inDollars('LNLSNET'),
      interestIncome: inDollars('INTINC'),
      nonInterestIncome: inDollars('NONII'),
      nonInterestExpense: inDollars('NONIX'),
      loans_re_gross: inDollars('LNRE'),
      loans_ci_gross: inDollars('LNCI'),
      loans_consumer_gross: inDollars('LNCON'),
      roa: figure('ROA'),
      roe: figure('ROE'),
      totalRiskBasedCapitalRatio: figure('RBCRWAJ'),
      netLoansToDepositsRatio: figure('LNLSDEPR'),
      // The files carry no EQV: equity over assets, as the FDIC defines it.
      equityToAssetsRatio: shareOf(figure('EQTOT'), [figure('ASSET')]),
      // Without interest income the share is not known (it would read 100%).
      nonInterestIncomeToRevenue: figure('INTINC') === null ? null : shareOf(figure('NONII'), [figure('INTINC'), figure('NONII')]),
      stateName: described(text(listed?.STNAME)),
      zip: described(listed?.ZIP ? listed.ZIP.padStart(5, '0') : null),
      address: described(text(listed?.ADDRESS)),
      website: described(text(listed?.WEBADDR)),
      charterClass: described(text(listed?.BKCLASS)),
      insuredDate: described(isoOf(listed?.INSDATE)),
      latitude: described(published(listed?.LATITUDE)),
      longitude: described(published(listed?.LONGITUDE)),
      regulator: text(head?.REGAGNT),
      holdingCompany: text(head?.NAMEHCR),
      cbsa_code: msa,
      cbsa_name: msa ? text(head?.MSANAMB) : null,
    },
  };
}

/**
 * A derived ratio, in percent: missing inputs count as 0, but a ratio whose
 * numerator inputs are all missing is not 0% (N/A), nor one whose denominator is not positive.
 */
function shareOf(numerator: number | null, denominatorParts: Array<number | null>): number | null {
  const denominator = denominatorParts.reduce<number>((sum, part) => sum + (part ?? 0), 0);
  return numerator === null || denominator <= 0 ? null : (100 * numerator) / denominator;
}

/** Fields of an answer that are not figures of the bank (keys, the search's own score). */
const notFigures = new Set(['CERT', 'ID', 'id', 'cert', 'matchScore']);

/** Every number an answer holds beyond the fields checked one by one must be blank: no file gives it for that quarter. */
function checkNoOtherFigures(tally: Tally, label: string, subject: string, checked: object, answer: Record<string, unknown>): void {
  for (const [field, value] of Object.entries(answer)) {
    if (field in checked || notFigures.has(field) || (value !== null && typeof value !== 'number')) continue;
    tally.check(`${label}.(figures no file gives: blank)`, `${subject} ${field}`, null, value);
  }
}

/** The dashboard as the files give it: active banks, and the top 100 of the newest quarter by assets. */
function expectedDashboard(data: PublishedData) {
  const active = [...data.listed.keys()].filter((cert) => isActive(data, cert));
  const inQuarter = active.filter((cert) => data.financials.has(cert)).map((cert) => {
    const row = data.financials.get(cert)!;
    return { cert, assets: dollars(row.ASSET) ?? 0, roa: published(row.ROA) };
  });
  const top = [...inQuarter].sort((a, b) => b.assets - a.assets || a.cert - b.cert).slice(0, 100);
  const roas = top.filter((bank) => bank.roa !== null).map((bank) => bank.roa!);
  const topRoa = inQuarter
    .filter((bank) => bank.assets >= 1e9 && bank.roa !== null)
    .sort((a, b) => b.roa! - a.roa! || a.cert - b.cert)
    .slice(0, 5);
  return {
    totalInstitutions: active.length,
    totalAssets: top.reduce((sum, bank) => sum + bank.assets, 0),
    avgRoa: roas.reduce((sum, roa) => sum + roa, 0) / roas.length,
    topRoa,
    inQuarter,
  };
}

const present = fs.existsSync(path.join(dataDir, 'fdic', 'institutions_active_2026-01.csv'));

describe(`fidelity to the real FDIC files in ${dataDir} [${engine}]`, function () {
  this.timeout(1_800_000);
  if (!present) {
    it('finds the real files', () => expect.fail(`${dataDir} holds no FDIC files: set SHARED_DATA_DIR to the shared/data folder.`));
    return;
  }
  const data = readPublished(dataDir);
  const sample = chooseSample(data);
  const dashboard = expectedDashboard(data);

  // Both databases stay open until the end, for the comparison of their read tables.
  const databases: Database[] = [];
  after(async () => {
    for (const db of databases) await db.close();
  });

  it('samples at least 50 banks of every size and many states', () => {
    const states = new Set(sample.map((cert) => data.listed.get(cert)?.STNAME).filter(Boolean));
    expect(sample.length).to.be.at.least(50);
    expect(states.size).to.be.at.least(20);
  });

  for (const [order, files] of [
    ['newest first', newestFirst],
    ['oldest first', [...newestFirst].reverse()],
  ] as const) {
    describe(`imported ${order}`, () => {
      let db: Database;
      let app: TestApp;
      let token: string;
      const tally = new Tally();
      const get = async (url: string) => {
        const response = await app.request(url, { token });
        return response.status === 200 ? response.body : { status: response.status };
      };

      before(async function () {
        this.timeout(1_800_000);
        db = await freshDatabase(engine);
        databases.push(db);
        const started = performance.now();
        for (const file of files) await importFile(db.knex, file);
        console.log(`      imported ${files.length} files ${order} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
        app = await startTestApp(db);
        token = (await app.signUp()).token;
      });
      after(async () => {
        await app?.stop();
      });

      it('shows every sampled bank as the files publish it in the Directory, bank detail and Credit Box', async () => {
        for (const cert of sample) {
          const expected = expectedBank(data, cert);
          const subject = `CERT ${cert}`;
          const directory = (await get(`/api/services/fdic/institutions?filters=CERT:${cert}`)).data?.[0]?.data ?? {};
          for (const [field, value] of Object.entries(expected.directory)) tally.check(`directory.${field}`, subject, value, directory[field]);
          checkNoOtherFigures(tally, 'directory', subject, expected.directory, directory);

          const detail = (await get(`/api/services/fdic/institutions/${cert}`)).data?.[0]?.data ?? {};
          for (const field of ['NAME', 'CITY', 'STALP', 'ACTIVE', 'ASSET', 'DEP', 'NETINC', 'ROA', 'ROE', 'OFFICES'] as const) {
            tally.check(`detail.institution.${field}`, subject, expected.directory[field], detail[field]);
          }
          const key = (await get(`/api/services/fdic/financials/key/${cert}`)).data?.[0]?.data ?? {};
          for (const [field, value] of Object.entries(expected.key)) tally.check(`detail.key.${field}`, subject, value, key[field]);
          const summary = (await get(`/api/services/fdic/summary/${cert}`)).data?.[0]?.data ?? {};
          for (const [field, value] of Object.entries(expected.summary)) {
            const actual =
              field === 'officesByState'
                ? ((summary.officesByState ?? []) as Array<{ state: string; offices: number }>).map((entry) => [entry.state, entry.offices]).sort(([a], [b]) => String(a).localeCompare(String(b)))
                : summary[field];
            tally.check(`detail.summary.${field}`, subject, value, actual);
          }
          checkNoOtherFigures(tally, 'detail.summary', subject, expected.summary, summary);
          const branches = await get(`/api/services/fdic/locations/${cert}?limit=1`);
          tally.check('detail.locations.total', subject, expected.branches.total, branches.meta?.total);
          const sod = await get(`/api/services/fdic/sod/${cert}?limit=1`);
          tally.check('detail.sod.total', subject, expected.branches.total, sod.meta?.total);
          tally.check('detail.sod.largestDeposits', subject, expected.branches.largestDeposits, sod.data?.[0]?.deposits ?? null);

          // The Credit Box searches active banks with financials of the newest quarter: this bank's state and exact assets.
          const assets = expected.creditBox.assets;
          if (expected.active && expected.state && data.financials.has(cert) && assets !== null) {
            const response = await app.request('/api/data/banks/credit-box-search', {
              token,
              method: 'POST',
              body: { criteria: { state: expected.state, minAssets: assets, maxAssets: assets }, limit: 100 },
            });
            const twins = dashboard.inQuarter.filter((bank) => bank.assets === assets && expected.state === data.stateCodes.get(data.listed.get(bank.cert)!.STNAME));
            tally.check('creditBox.total', subject, twins.length, response.body?.total);
            const bank = ((response.body?.banks ?? []) as Array<Record<string, unknown>>).find((found) => found.cert === cert) ?? {};
            for (const [field, value] of Object.entries(expected.creditBox)) tally.check(`creditBox.${field}`, subject, value, bank[field]);
            checkNoOtherFigures(tally, 'creditBox', subject, expected.creditBox, bank);
            tally.check('creditBox.state', subject, expected.state, bank.state);
            tally.check('creditBox.matchScore', subject, 100, bank.matchScore);
          }
        }
        console.log(tally.table(`\n      Directory, bank detail and Credit Box, ${sample.length} banks, imported ${order}:`).replace(/\n/g, '\n      '));
        expect(tally.mismatches, 'mismatches (table above)').to.equal(0);
      });

      it("shows each failure's figures in dollars as the failures file publishes them (thousands), and the failed bank inactive", async () => {
        const failed = new Tally();
        const recent = [...data.failures].filter(([, failure]) => failure.date >= '20200101' && failure.row).sort(([a], [b]) => a - b);
        for (const [cert, failure] of recent) {
          const row = failure.row!;
          const subject = `CERT ${cert}`;
          const answer = (await get(`/api/services/fdic/failures/${cert}`)).data?.[0] ?? {};
          failed.check('failures.failDate', subject, `${failure.date.slice(0, 4)}-${failure.date.slice(4, 6)}-${failure.date.slice(6)}`, answer.failDate);
          failed.check('failures.assets', subject, published(row.QBFASSET), answer.assets);
          failed.check('failures.estimatedLoss', subject, published(row.insurance_cost_millions), answer.estimatedLoss);
          const record = (await get(`/api/services/fdic/institutions/${cert}`)).data?.[0]?.data;
          if (record) failed.check('failures.institution.ACTIVE', subject, 0, record.ACTIVE);
        }
        console.log(failed.table(`\n      Failures since 2020, ${recent.length} banks, imported ${order}:`).replace(/\n/g, '\n      '));
        expect(recent.length).to.be.at.least(10);
        expect(failed.mismatches, 'mismatches (table above)').to.equal(0);
      });

      it('counts and sums on the Dashboard what the files give', async () => {
        const answer = await get('/api/services/fdic/dashboard');
        const board = new Tally();
        board.check('dashboard.totalInstitutions', 'all banks', dashboard.totalInstitutions, answer.totalInstitutions);
        board.check('dashboard.repdte', 'all banks', data.quarter, answer.repdte);
        board.check('dashboard.marketStats.totalAssets', 'top 100', dashboard.totalAssets, answer.marketStats?.totalAssets);
        board.check('dashboard.marketStats.avgRoa', 'top 100', dashboard.avgRoa, answer.marketStats?.avgRoa);
        // The files carry no NPL, NIM, quarterly ROA, charge-off or past-due inputs.
        board.check('dashboard.marketStats.avgNpl', 'top 100', null, answer.marketStats?.avgNpl);
        board.check('dashboard.marketStats.avgNim', 'top 100', null, answer.marketStats?.avgNim);
        board.check('dashboard.riskDistribution', 'all banks', { highRisk: 0, mediumRisk: 0, lowRisk: 0 }, answer.riskDistribution);
        board.check('dashboard.riskInputsMissing', 'all banks', true, answer.riskInputsMissing);
        board.check('dashboard.marketChargeOffs', 'all banks', { re: 0, ci: 0, consumer: 0, ag: 0 }, answer.marketChargeOffs);
        board.check('dashboard.marketDelinquencies', 'all banks', { re: 0, ci: 0, consumer: 0, ag: 0 }, answer.marketDelinquencies);
        const topRoa = (answer.spotlight?.topRoa ?? []) as Array<{ cert: number; roa: number; assets: number; name: string }>;
        dashboard.topRoa.forEach((bank, rank) => {
          const shown = topRoa[rank] ?? {};
          board.check('dashboard.spotlight.topRoa.cert', `rank ${rank + 1}`, bank.cert, shown.cert);
          board.check('dashboard.spotlight.topRoa.roa', `rank ${rank + 1}`, bank.roa, shown.roa);
          board.check('dashboard.spotlight.topRoa.assets', `rank ${rank + 1}`, bank.assets, shown.assets);
          board.check('dashboard.spotlight.topRoa.name', `rank ${rank + 1}`, text(data.listed.get(bank.cert)?.NAME), shown.name);
        });
        // Efficiency, tier 1 capital and the risk score need inputs no file has: those lists are empty.
        for (const list of ['mostEfficient', 'strongestCapital', 'highestRisk']) board.check(`dashboard.spotlight.${list}`, 'all banks', [], answer.spotlight?.[list]);
        console.log(board.table(`\n      Dashboard, imported ${order}:`).replace(/\n/g, '\n      '));
        expect(board.mismatches, 'mismatches (table above)').to.equal(0);
      });
    });
  }

  describe('in either order', () => {
    it('holds identical read tables, row for row', async function () {
      if (databases.length < 2) this.skip();
      const differences = new Tally();
      for (const [table, key] of readTables) {
        const [newest, oldest] = await Promise.all(databases.map((db) => rowDigests(db, table, key)));
        const differing = [...newest].filter(([row, digest]) => oldest.get(row) !== digest).map(([row]) => row);
        const shown = await Promise.all(databases.map((db) => rowsByKey(db, table, key, differing.slice(0, 5))));
        for (const [row, digest] of newest) {
          const [a, b] = shown.map((rows) => rows.get(row));
          // Where the rows differ, the columns that do (values newest first / oldest first).
          const detail = a && b ? Object.fromEntries(Object.keys({ ...a, ...b }).filter((column) => JSON.stringify(a[column]) !== JSON.stringify(b[column])).map((column) => [column, [a[column], b[column]]])) : digest;
          differences.check(table, `row ${row}`, oldest.get(row) === digest ? digest : detail, oldest.get(row) ?? null);
        }
        for (const row of oldest.keys()) if (!newest.has(row)) differences.check(table, `row ${row}`, null, 'only when imported oldest first');
      }
      console.log(differences.table('\n      Rows compared between the two import orders:').replace(/\n/g, '\n      '));
      expect(differences.mismatches, 'rows that differ (table above)').to.equal(0);
    });
  });
});

/** The tables the screens read, each with its key. */
const readTables: Array<[table: string, key: string]> = [
  ['fdic_institutions', 'cert::text'],
  ['fdic_financials', `cert || '_' || repdte`],
  ['fdic_locations', 'id'],
  ['fdic_sod', 'id'],
  ['fdic_failures', 'id'],
  ['fdic_active_lists', 'as_of'],
];

/** Rows as JSON by key, for the keys given. */
async function rowsByKey(db: Database, table: string, key: string, keys: string[]): Promise<Map<string, Record<string, unknown>>> {
  if (keys.length === 0) return new Map();
  const result = await db.knex.raw(`select ${key} as key, to_jsonb(t) - 'updated_at' - 'imported_at' as row from ${table} t where ${key} in (${keys.map(() => '?').join(', ')})`, keys);
  return new Map((result.rows as Array<{ key: string; row: Record<string, unknown> }>).map((row) => [row.key, row.row]));
}

/** Each row's digest by key, leaving out when it was written. */
async function rowDigests(db: Database, table: string, key: string): Promise<Map<string, string>> {
  const result = await db.knex.raw(`select ${key} as key, md5((to_jsonb(t) - 'updated_at' - 'imported_at')::text) as digest from ${table} t`);
  return new Map((result.rows as Array<{ key: string; digest: string }>).map((row) => [row.key, row.digest]));
}
