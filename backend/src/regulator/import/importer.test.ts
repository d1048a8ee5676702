import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { describeWithDatabase } from '../../../../test/support/database.ts';
import { financialRecords, institutionRecord } from '../queries/detail.ts';
import { describeImportFailure, importFile, importFiles } from './importer.ts';
import { openRowSource } from './source.ts';

const fixtures = fileURLToPath(new URL('../../../../test/fixtures/regulator/', import.meta.url));
const fixture = (name: string) => path.join(fixtures, name);

describe('import file sources', () => {
  it('reads a Windows-1252 file and strips the non-breaking space ending each header name', async () => {
    const source = await openRowSource(fixture('banklist.csv'));
    expect(source.header).to.deep.equal(['Bank Name', 'City', 'State', 'Cert', 'Acquiring Institution', 'Closing Date', 'Fund']);
    const rows = [];
    for await (const row of source.rows) rows.push(row);
    expect(rows[2]['Bank Name']).to.equal('Banco Café Nacional');
  });

  it('drops the unnamed pandas index column and skips a stray title line above the header', async () => {
    expect((await openRowSource(fixture('sod_2023.csv'))).header[0]).to.equal('YEAR');
    const definitions = await openRowSource(fixture('institutions_definitions.csv'));
    expect(definitions.skippedLines).to.equal(1);
    expect(definitions.header).to.deep.equal(['Variable Name', 'Variable Label', 'Variable Definition']);
  });

  it('reads gzip files the same as plain ones', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charterline-import-'));
    const gzipped = path.join(dir, 'institutions_all.csv.gz');
    fs.writeFileSync(gzipped, gzipSync(fs.readFileSync(fixture('institutions_all.csv'))));
    const source = await openRowSource(gzipped);
    const rows = [];
    for await (const row of source.rows) rows.push(row);
    expect(rows.map((row) => row.NAME)).to.deep.equal(['The Warwick Savings Bank', 'Ergo Bank']);
    fs.rmSync(dir, { recursive: true });
  });

  it('reads every row of a file larger than the start it sniffs, gzipped or not, with a quoted field split across chunks', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charterline-import-'));
    const lines = Array.from({ length: 20_000 }, (_, index) => `${index + 1},"Bank ${index + 1}, ""Main""\nOffice",${'9'.repeat(20)}`);
    const text = `CERT,NAME,ASSET\n${lines.join('\n')}\n`;
    const plain = path.join(dir, 'institutions.csv');
    fs.writeFileSync(plain, text);
    const gzipped = path.join(dir, 'institutions.csv.gz');
    fs.writeFileSync(gzipped, gzipSync(text));
    for (const file of [plain, gzipped]) {
      const names: unknown[] = [];
      for await (const batch of (await openRowSource(file)).batches(3000, 7)) names.push(...batch.columns.get('NAME')!);
      expect(names).to.have.length(20_000);
      expect(names[19_999]).to.equal('Bank 20000, "Main"\nOffice');
      const rows = [];
      for await (const row of (await openRowSource(file)).rows) rows.push(row);
      expect(rows.map((row) => row.CERT)).to.deep.equal(lines.map((_, index) => String(index + 1)));
    }
    fs.rmSync(dir, { recursive: true });
  });

  it('reads CSV and JSON rows as batches of columns, the first batch of its own size', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charterline-import-'));
    const csv = path.join(dir, 'financials.csv');
    fs.writeFileSync(csv, 'CERT,REPDTE,ASSET\n1,20240630,10\n2,20240630,20\n3,20240630\n4,20240630,40\n');
    const json = path.join(dir, 'financials.json');
    fs.writeFileSync(json, JSON.stringify({ data: [1, 2, 3, 4].map((cert) => ({ data: { CERT: cert, ...(cert === 3 ? {} : { ASSET: cert * 10 }) } })) }));
    for (const [file, certs] of [[csv, ['1', '2', '3', '4']], [json, [1, 2, 3, 4]]] as const) {
      const batches = [];
      for await (const batch of (await openRowSource(file)).batches(2, 1)) batches.push(batch);
      expect(batches.map((batch) => batch.size)).to.deep.equal([1, 2, 1]);
      expect(batches.flatMap((batch) => batch.columns.get('CERT'))).to.deep.equal(certs);
      expect(batches[1].columns.get('ASSET')?.[1]).to.equal(undefined);
    }
    fs.rmSync(dir, { recursive: true });
  });
});

describeWithDatabase('FDIC and Census file import', (context) => {
  const knex = () => context.db.knex;
  beforeEach(() =>
    knex().raw('truncate fdic_institutions, fdic_financials, fdic_locations, fdic_sod, fdic_history, fdic_failures, fdic_field_definitions, census_profiles'),
  );

  it('imports the active institutions list, skipping the CERT 0 office, and fills blanks from the SOD', async () => {
    const result = await importFile(knex(), fixture('institutions_active.csv'));
    expect(result).to.include({ layout: 'institutions', rows: 3, skipped: 1 });
    const ergo = await knex()('fdic_institutions').where({ cert: 10004 }).first();
    expect(ergo).to.include({ name: 'Ergo Bank', state: 'WI', zip: '53946', assets: 254_611_000, regulator: null, active: true, website: 'www.ergobank.com' });
    expect(ergo.insured_date).to.equal('1934-01-01');

    const sod = await importFile(knex(), fixture('sod_2023.csv'));
    expect(sod).to.include({ layout: 'sod', rows: 3 });
    expect(sod.written).to.deep.equal({ fdic_sod: 3, fdic_locations: 3 });
    const statestreet = await knex()('fdic_institutions').where({ cert: 14 }).first();
    expect(statestreet).to.include({ regulator: 'FED', charter_class: 'SM', cbsa_code: '14460', csa_code: '148', holding_company: 'STATE STREET CORPORATION', offices: 2, zip: '02114' });
    expect((await knex()('fdic_institutions').where({ cert: 10004 }).first()).cbsa_code).to.equal(null);
    const branch = await knex()('fdic_locations').where({ id: '614738' }).first();
    expect(branch).to.include({ cert: 14, name: 'Kansas City Branch', state: 'MO', service_type: 'Full Service Brick and Mortar Office', is_main_office: false, latitude: 39.100406, cbsa_code: '28140' });
  });

  it('merges a second institutions layout without blanking what the first supplied, the newer file winning where both speak', async () => {
    await importFile(knex(), fixture('institutions_active.csv'), { asOf: '2026-01-20' });
    const result = await importFile(knex(), fixture('institutions_all.csv'), { asOf: '2024-03-02' });
    expect(result.layout).to.equal('institutions');
    const ergo = await knex()('fdic_institutions').where({ cert: 10004 }).first();
    expect(ergo).to.include({ assets: 254_611_000, county: 'Green Lake', website: 'www.ergobank.com', roaq: 1.2, latitude: 43.706249996883 });
    const warwick = await knex()('fdic_institutions').where({ cert: 15988 }).first();
    expect(warwick).to.include({ active: false, name: 'The Warwick Savings Bank' });
    // raw is the union of both files' fields that have no column; the answered record has them all.
    expect(ergo.raw).to.include({ DOCKET: '0', CHARTER: '0' }).and.not.have.property('WEBADDR');
    expect((await institutionRecord(knex(), 10004)).data[0].data).to.include({ WEBADDR: 'www.ergobank.com', COUNTY: 'Green Lake', DOCKET: '0', CHARTER: '0' });
  });

  it('leaves out a last row cut short and does not take a cut-short list of active banks as complete', async () => {
    // The lists of active banks other tests imported would speak for newer dates than these.
    await knex()('fdic_active_lists').del();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charterline-import-'));
    const header = 'CERT,NAME,CITY,STNAME,ZIP,ACTIVE,ASSET,LONGITUDE,WEBADDR';
    fs.writeFileSync(path.join(dir, 'institutions_active_2026-01.csv'), [header, '1,First Bank,Akron,Ohio,44308,1,100,-81.5,www.first.example', '2,Second Bank,Akron,Ohio,44308,1,200,-81.5,www.second.example', ''].join('\n'));
    // A download cut short: the second bank's row ends inside its LONGITUDE, without a line end.
    fs.writeFileSync(path.join(dir, 'institutions_active_2026-02.csv'), [header, '1,First Bank,Akron,Ohio,44308,1,110,-81.5,www.first.example', '2,Second Bank,Akron,Ohio,44308,1,210,-8'].join('\n'));
    await importFile(knex(), path.join(dir, 'institutions_active_2026-01.csv'));
    const result = await importFile(knex(), path.join(dir, 'institutions_active_2026-02.csv'));
    expect(result).to.include({ rows: 1, skipped: 1, deactivated: 0 }).and.not.have.property('activeListDate');
    expect(result.problems).to.deep.equal(['the file ends inside its last row (a download cut short?): that row was left out, and the file is not taken as the complete list of active institutions']);
    expect(await knex()('fdic_institutions').where({ cert: 2 }).first()).to.include({ active: true, assets: 200_000, longitude: -81.5, website: 'www.second.example' });
    expect(await knex()('fdic_institutions').where({ cert: 1 }).first()).to.include({ active: true, assets: 110_000 });
    await knex()('fdic_active_lists').del();
  });

  it('takes a whole last row without a line end, as BankFind exports end', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charterline-import-'));
    fs.writeFileSync(path.join(dir, 'institutions_active_2026-01.csv'), ['CERT,NAME,STNAME,ACTIVE,ASSET', '1,First Bank,Ohio,1,100', '2,Second Bank,Ohio,1,200'].join('\n'));
    const result = await importFile(knex(), path.join(dir, 'institutions_active_2026-01.csv'));
    expect(result).to.include({ rows: 2, skipped: 0, activeListDate: '20260101' });
    expect(result.problems).to.deep.equal([]);
    await knex()('fdic_active_lists').del();
  });

  it('reports progress after each batch of a file read as columns, ending at every row', async () => {
    const progress: number[] = [];
    const result = await importFile(knex(), fixture('financials_active.csv'), { batchSize: 1, onProgress: ({ rows }) => progress.push(rows) });
    expect(progress).to.deep.equal([1, 2, 2]);
    expect(result.written).to.deep.equal({ fdic_financials: 2, fdic_institutions: 2 });
  });

  it('imports quarterly financials from a renamed CSV export and from the API JSON envelope', async () => {
    const csv = await importFile(knex(), fixture('financials_active.csv'));
    expect(csv).to.include({ layout: 'financials', rows: 2 });
    const chase = await knex()('fdic_financials').where({ cert: 628, repdte: '20250930' }).first();
    expect(chase).to.include({ assets: 3_813_431_000_000, net_income: 38_227_000_000, total_risk_based_capital_ratio: 16.875288400776302 });
    expect(chase.raw).to.not.have.property('risk_tier');
    // raw keeps only what no column holds; the answered record rebuilds the rest from the columns.
    expect(chase.raw).to.not.have.any.keys('ASSET', 'NAME', 'STNAME');
    expect((await financialRecords(knex(), 628)).data[0].data).to.include({ ID: '628_20250930', NAME: 'JPMorgan Chase Bank, National Association', ASSET: 3_813_431_000, SC: '784558000' });
    expect(await knex()('fdic_institutions').where({ cert: 628 }).first()).to.include({ name: 'JPMorgan Chase Bank, National Association', state: 'OH', city: 'COLUMBUS' });

    const json = await importFile(knex(), fixture('financials_api.json'));
    expect(json).to.include({ layout: 'financials', rows: 2 });
    expect((await knex()('fdic_financials').where({ cert: 10004 }).orderBy('repdte')).map((row) => [row.repdte, row.assets, row.npl_ratio])).to.deep.equal([
      ['20250331', 248_000_000, 0.8],
      ['20250630', 250_000_000, 0.7],
      ['20250930', 254_611_000, null],
    ]);

    const report = await importFile(knex(), fixture('assets_deposits.csv'));
    expect(report.layout).to.equal('financials');
    expect(await knex()('fdic_financials').where({ cert: 14, repdte: '20230930' }).first()).to.include({ assets: 280_469_000_000, deposits: 158_294_000_000 });
  });

  it("keeps the name of a bank's newest financials row when an older quarter comes later, in another file or the same one, and fills blanks from it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charterline-import-'));
    const write = (name: string, lines: string[]) => {
      fs.writeFileSync(path.join(dir, name), lines.join('\n') + '\n');
      return path.join(dir, name);
    };
    await importFile(knex(), write('newer.csv', ['CERT,REPDTE,NAME,ASSET,STNAME', '5,20250930,Fifth Bank,2000,OHIO']));
    await importFile(knex(), write('older.csv', ['CERT,REPDTE,NAME,ASSET,STNAME,CITY', '5,20250630,Fifth Bank Old Name,1000,OHIO,AKRON']));
    expect(await knex()('fdic_institutions').where({ cert: 5 }).first()).to.include({ name: 'Fifth Bank', financials_repdte: '20250930', city: 'AKRON' });
    expect((await knex()('fdic_financials').where({ cert: 5 }).orderBy('repdte')).map((row) => [row.repdte, row.assets])).to.deep.equal([
      ['20250630', 1_000_000],
      ['20250930', 2_000_000],
    ]);

    await importFile(knex(), write('both.csv', ['CERT,REPDTE,NAME,ASSET', '6,20250930,Sixth Bank,3000', '6,20250630,Sixth Bank Old Name,2500']));
    expect(await knex()('fdic_institutions').where({ cert: 6 }).first()).to.include({ name: 'Sixth Bank', financials_repdte: '20250930' });

    await importFile(knex(), write('newest.csv', ['CERT,REPDTE,NAME,ASSET', '5,20251231,Fifth Bank Renamed,2500']));
    expect(await knex()('fdic_institutions').where({ cert: 5 }).first()).to.include({ name: 'Fifth Bank Renamed', financials_repdte: '20251231' });
    fs.rmSync(dir, { recursive: true });
  });

  it('imports the failed-bank list, the failures endpoint CSV and its renamed export', async () => {
    expect((await importFile(knex(), fixture('banklist.csv'))).layout).to.equal('failed-bank-list');
    const metropolitan = await knex()('fdic_failures').where({ cert: 57488 }).first();
    expect(metropolitan).to.include({ name: 'Metropolitan Capital Bank & Trust', city_state: 'Chicago, IL', acquirer: 'First Independence Bank', fin: '10550' });
    expect(metropolitan.fail_date).to.equal('2026-01-30');

    expect((await importFile(knex(), fixture('failures_api.csv'))).layout).to.equal('failures');
    expect(await knex()('fdic_failures').where({ cert: 15426 }).first()).to.include({ id: '15426-2020-10-23', city_state: 'ALMENA, KS', assets: 65_733_000, resolution_type: 'PA' });

    expect((await importFile(knex(), fixture('failures_renamed.csv'))).layout).to.equal('failures');
    expect(await knex()('fdic_failures').where({ id: '1' }).first()).to.include({ cert: null, name: 'FON DU LAC STATE BANK' });
  });

  it('keeps one row for a failure found in both the failed-bank list and the failures export', async () => {
    await importFile(knex(), fixture('banklist.csv'));
    await importFile(knex(), fixture('failures_renamed.csv'));
    const rows = await knex()('fdic_failures').where({ cert: 57488 });
    expect(rows).to.have.length(1);
    // The export's figures (thousands of dollars) join the bank list's name, acquirer and fund; raw holds both records.
    expect(rows[0]).to.include({ id: '57488-2026-01-30', fail_date: '2026-01-30', name: 'Metropolitan Capital Bank & Trust', acquirer: 'First Independence Bank', fin: '10550', estimated_loss: 12_500, assets: 261_000_000 });
    expect(rows[0].raw).to.include({ ID: '4114', BIDNAME: 'First Independence Bank' });
  });

  it('imports history events from a BOM-prefixed BankFind export, dropping [object Object] artifacts', async () => {
    const result = await importFile(knex(), fixture('history_mergers.csv'));
    expect(result).to.include({ layout: 'history', rows: 2 });
    const events = await knex()('fdic_history').orderBy('cert');
    expect(events.map((event) => [event.cert, event.change_code, event.change_description])).to.deep.equal([
      [14, 820, 'REORGANIZATION'],
      [10004, 810, 'INTERIM MERGER'],
    ]);
    expect(events[0].raw).to.not.have.property('PCITY');
  });

  it('imports field definitions, multi-line descriptions included', async () => {
    const result = await importFile(knex(), fixture('institutions_definitions.csv'));
    expect(result).to.include({ layout: 'field-definitions', rows: 2 });
    const asset = await knex()('fdic_field_definitions').where({ endpoint: 'institutions', code: 'ASSET' }).first();
    expect(asset).to.include({ title: 'Total assets', description: 'The sum of all assets owned by the institution including cash, loans, securities, bank premises and other assets.' });
  });

  it('combines Census files into one profile per CBSA and drops the BEA total row', async () => {
    expect((await importFile(knex(), fixture('cbsa_economic.csv'))).written).to.deep.equal({ census_profiles: 2 });
    await importFile(knex(), fixture('cbsa_race_education.csv'));
    await importFile(knex(), fixture('cbsa_economic.json'));
    const abilene = await knex()('census_profiles').where({ kind: 'cbsa', code: '10180' }).first();
    expect(abilene).to.include({
      name: 'Abilene, TX Metro Area',
      median_household_income: 63000,
      unemployment_rate: 4.5,
      renter_occupied_rate: 40,
      white_non_hispanic_rate: 60,
      hispanic_or_latino_rate: 25,
      college_educated_rate: 22,
    });
    expect(await knex()('census_profiles').pluck('code')).to.have.members(['10100', '10180']);
  });

  it('is idempotent: importing the same files twice leaves the same rows', async () => {
    const files = ['institutions_active.csv', 'sod_2023.csv', 'financials_active.csv'].map(fixture);
    await importFiles(knex(), files);
    const snapshot = async () => ({
      institutions: await knex()('fdic_institutions').orderBy('cert').select('cert', 'name', 'assets', 'regulator', 'offices'),
      financials: await knex()('fdic_financials').orderBy(['cert', 'repdte']).select('cert', 'repdte', 'assets', 'roa'),
      locations: Number((await knex()('fdic_locations').count('* as n').first())!.n),
    });
    const first = await snapshot();
    await importFiles(knex(), files);
    expect(await snapshot()).to.deep.equal(first);
  });

  it('does not rewrite rows that importing a file again would leave the same', async () => {
    const file = fixture('financials_active.csv');
    await importFile(knex(), file);
    // xmin names the transaction that wrote a row's current version.
    const versions = async () => ({
      financials: await knex()('fdic_financials').orderBy(['cert', 'repdte']).select('cert', 'repdte', knex().raw('xmin::text as version')),
      institutions: await knex()('fdic_institutions').whereIn('cert', [628, 10004]).orderBy('cert').select('cert', knex().raw('xmin::text as version'), 'updated_at'),
    });
    const before = await versions();
    await importFile(knex(), file);
    expect(await versions()).to.deep.equal(before);
  });

  it('clears demo data before importing real files', async () => {
    await knex()('fdic_institutions').insert({ cert: 999_001, name: 'Demo Savings Bank', is_demo: true });
    let cleared = false;
    await importFiles(knex(), [fixture('institutions_active.csv')], { onDemoCleared: () => (cleared = true) });
    expect(cleared).to.equal(true);
    expect(await knex()('fdic_institutions').where({ is_demo: true }).first()).to.equal(undefined);
  });

  describe('when a write fails part-way through a file', () => {
    let dir: string;
    let file: string;
    const rows = Array.from({ length: 20 }, (_, index) => `${index + 1},Bank ${index + 1},OHIO`);
    beforeEach(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charterline-import-'));
      file = path.join(dir, 'institutions.csv');
      // The last CERT does not fit the integer column: the database refuses that batch only.
      fs.writeFileSync(file, ['CERT,NAME,STNAME', ...rows, '99999999999,Too Big Bank,OHIO'].join('\n') + '\n');
    });
    afterEach(() => fs.rmSync(dir, { recursive: true }));
    const count = async () => Number((await knex()('fdic_institutions').count('* as n').first())!.n);

    it('rolls back every writer when no commit was due yet', async () => {
      const error = await importFile(knex(), file, { batchSize: 3, writers: 2, commitEveryMs: 60_000 }).catch((caught: unknown) => caught);
      expect((error as Error).message).to.match(/out of range/);
      expect(await count()).to.equal(0);
    });

    it('keeps the batches committed before the failure, and importing the corrected file completes it', async () => {
      const error = await importFile(knex(), file, { batchSize: 3, writers: 2, commitEveryMs: 0 }).catch((caught: unknown) => caught);
      expect((error as Error).message).to.match(/out of range/);
      expect(await count()).to.be.within(1, 19);
      fs.writeFileSync(file, ['CERT,NAME,STNAME', ...rows].join('\n') + '\n');
      await importFile(knex(), file, { batchSize: 3, commitEveryMs: 0 });
      expect(await count()).to.equal(20);
    });
  });

  it('refuses a file that is not there and holds no connection afterwards', async () => {
    const error = await importFile(knex(), path.join(os.tmpdir(), 'charterline-no-such-file.csv')).catch((caught: unknown) => caught);
    expect((error as Error).message).to.match(/no such file/);
    const pool = (knex().client as { pool?: { numUsed(): number } }).pool;
    expect(pool?.numUsed() ?? 0).to.equal(0);
    const result = await importFile(knex(), fixture('institutions_all.csv'));
    expect(result.written.fdic_institutions).to.equal(2);
  });

  it('refuses an empty file and a workbook or other binary file by what they are, not by their bytes read as a header', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charterline-import-'));
    try {
      const files = {
        'empty.csv': Buffer.alloc(0),
        'All_Financial_Reports.xlsx': Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('\x14\x00\x06\x00 [Content_Types].xml ÄJSq½')]),
        'report.csv.gz': gzipSync(Buffer.from('%PDF-1.7\n%âãÏÓ\n')),
        'dump.bin': Buffer.from([0x43, 0x45, 0x52, 0x54, 0x00, 0x01, 0x02, 0x0a]),
      };
      const messages: string[] = [];
      for (const [name, bytes] of Object.entries(files)) {
        fs.writeFileSync(path.join(dir, name), bytes);
        messages.push(((await importFile(knex(), path.join(dir, name)).catch((caught: unknown) => caught)) as Error).message.replace(`${dir}${path.sep}`, ''));
      }
      expect(messages).to.deep.equal([
        'empty.csv is empty.',
        'All_Financial_Reports.xlsx is a ZIP archive or an Excel workbook (.xlsx), not a CSV or JSON file; save it as CSV to import it.',
        'report.csv.gz is a PDF document, not a CSV or JSON file; save it as CSV to import it.',
        'dump.bin is a binary file, not a CSV or JSON file; save it as CSV to import it.',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
  });

  it('says a gzip file cut short while downloading was cut short, and to download it again', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charterline-import-'));
    try {
      const rows = Array.from({ length: 2000 }, (_, index) => `${index + 1},Bank ${index + 1},Springfield`);
      const whole = gzipSync(`CERT,NAME,CITY\n${rows.join('\n')}\n`);
      const file = path.join(dir, 'institutions_all.csv.gz');
      fs.writeFileSync(file, whole.subarray(0, Math.floor(whole.length * 0.6)));
      const error = await importFile(knex(), file).catch((caught: unknown) => caught);
      expect(describeImportFailure(file, error)).to.equal(
        'The file institutions_all.csv.gz ends before its compressed data does: it was probably cut short while downloading. Download it again.',
      );
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
  });

  it('names a failed file once on its line, whether or not its error already names it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charterline-import-'));
    try {
      const empty = path.join(dir, 'empty.csv');
      const unknown = path.join(dir, 'unknown.csv');
      fs.writeFileSync(empty, '');
      fs.writeFileSync(unknown, 'Event Types,N: National Banks\n');
      const lines = [];
      for (const file of [empty, unknown]) lines.push(describeImportFailure(file, await importFile(knex(), file).catch((caught: unknown) => caught)));
      lines.push(describeImportFailure(path.join(dir, 'sod_2023.csv.gz'), new Error('Connection terminated unexpectedly')));
      expect(lines.map((line) => line.slice(0, 60))).to.deep.equal([
        'empty.csv is empty.',
        'unknown.csv: the header (Event Types, N: National Banks) mat',
        'sod_2023.csv.gz: Connection terminated unexpectedly',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
  });

  it('refuses a file whose header matches no layout, naming the layouts it knows', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charterline-import-'));
    const file = path.join(dir, 'unknown.csv');
    fs.writeFileSync(file, 'Event Types,N: National Banks\nNew Institutions,243\n');
    const error = await importFile(knex(), file).catch((caught: unknown) => caught);
    expect((error as Error).message).to.match(/^unknown\.csv: the header \(Event Types, N: National Banks\) matches no layout we import\. Known layouts: failed-bank-list, /);
    fs.rmSync(dir, { recursive: true });
  });
});
