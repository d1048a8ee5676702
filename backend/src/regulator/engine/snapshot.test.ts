import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { describeWithDatabase } from '../../../../test/support/database.ts';
import { creditBoxFromDatabase, creditBoxFromSnapshot, creditBoxRequestSchema, creditBoxSearchJson } from '../queries/credit-box.ts';
import { demoQuarters } from '../demo/generate.ts';
import { loadDemoData } from '../demo/load.ts';
import { fieldCatalog } from '../fields.ts';
import { prepareRecordsQuery, queryRecordsJson, recordsFromDatabase, recordsFromSnapshot, recordsQuerySchema, type RecordsMode } from '../queries/records.ts';
import { column, quarterSnapshot } from './snapshot.ts';
import { markRegulatorDataChanged } from '../store.ts';

const latest = demoQuarters[demoQuarters.length - 1];
const yearEarlier = demoQuarters[demoQuarters.length - 5];

/**
 * The in-memory snapshot must answer exactly as SQL does: the same queries go through both paths
 * over the demo set (with a few awkward rows added) and the answers are compared whole.
 */
describeWithDatabase('regulator snapshot answers as SQL does', (context) => {
  const userId = randomUUID();

  before(async function () {
    this.timeout(120_000);
    const knex = context.db.knex;
    await loadDemoData(knex, { banks: 300 });
    const active = (await knex('fdic_institutions').where({ active: true }).orderBy('cert').select('cert')).map((row) => row.cert as number);
    // Awkward rows: a latest quarter without assets (institution figures stand in), an active bank
    // without that quarter, mixed-case and non-ASCII names, a missing date, equal names.
    await knex('fdic_financials').where({ cert: active[0], repdte: latest }).update({ assets: null, roa: null });
    await knex('fdic_financials').where({ cert: active[1], repdte: latest }).delete();
    await knex('fdic_institutions').where({ cert: active[2] }).update({ name: 'Banco Ñandú de Ahorro', established_date: null });
    await knex('fdic_institutions').where({ cert: active[3] }).update({ name: 'FIRST oak Bank' });
    await knex('fdic_institutions').where({ cert: active[4] }).update({ name: 'First Oak Bank' });
    await knex('fdic_institutions').where({ cert: active[5] }).update({ city: null, minority_status_code: null });
    // Deposit growth's awkward rows: no deposits a year earlier (0, unknown, no report), none now.
    await knex('fdic_financials').where({ cert: active[6], repdte: yearEarlier }).update({ deposits: 0 });
    await knex('fdic_financials').where({ cert: active[7], repdte: yearEarlier }).update({ deposits: null });
    await knex('fdic_financials').where({ cert: active[8], repdte: yearEarlier }).delete();
    await knex('fdic_financials').where({ cert: active[9], repdte: latest }).update({ deposits: null });
    // Loan figures not reported: the real estate breakdown, gross loans (net loans stand in), a consumer line.
    await knex('fdic_financials').where({ cert: active[10], repdte: latest }).update({ loans_re_1_4_family_gross: null, loans_re_commercial_gross: null, loans_ci_gross: knex.raw('assets') });
    await knex('fdic_financials').where({ cert: active[11], repdte: latest }).update({ loans_and_leases_gross: null });
    await knex('fdic_financials').where({ cert: active[12], repdte: latest }).update({ loans_and_leases_gross: null, total_loans_and_leases: null, loans_consumer_auto_gross: null });
    const now = new Date();
    const target = (cert: number, isTarget: boolean) => ({ cert, user_id: userId, version: 1, created_at: now, updated_at: now, is_target: isTarget, name: `Bank ${cert}` });
    await knex('targets').insert(active.slice(6, 40).map((cert, index) => target(cert, index % 3 !== 0)));
    markRegulatorDataChanged();
  });

  const fields = 'CERT,NAME,CITY,STALP,ASSET,DEP,OFFICES,REGAGNT,ROA,NCLNLSR,NTLNLS,LNRERSFM,LNAUTO,LNCRCD,ACTIVE,ESTYMD,REPDTE,MDI_STATUS_CODE';
  const filters = [
    '',
    'ACTIVE:1',
    'ACTIVE:1 AND REGAGNT:OCC AND BKCLASS:N',
    'ACTIVE:1 AND (REGAGNT:fdic OR REGAGNT:FRS) AND NOT STALP:(TX OR CA)',
    'ROAQ:[0.5 TO 1.0]',
    'ROAQ:{0.5 TO 1.0} OR ROA:<0',
    'ASSET:[100000 TO *] AND DEP:<5000000',
    'ASSET:{* TO 250000]',
    'ROA:[* TO *]',
    '-ACTIVE:1',
    'NOT ROA:>1',
    'NOT (ROA:>1 OR CITY:springfield)',
    'MDI_STATUS_CODE:(1 OR 2 OR 3 OR 4 OR 5)',
    'NOT MDI_STATUS_CODE:0',
    'ESTYMD:[1990-01-01 TO 2005-12-31]',
    'ESTYMD:<19500101',
    'NAME: *first oak*',
    'NAME:"first oak bank"',
    'NAME: *bank* AND STALP:tx',
    'CITY:*spring* OR OFFICES:>=3',
    'REPDTE:' + latest,
  ];

  const compareRecords = async (mode: RecordsMode, query: Record<string, string>) => {
    const prepared = await prepareRecordsQuery(context.db.knex, mode, recordsQuerySchema.parse(query));
    const fromSnapshot = await recordsFromSnapshot(context.db.knex, prepared);
    expect(fromSnapshot, `the snapshot answers ${JSON.stringify(query)}`).to.not.equal(null);
    const fromDatabase = await recordsFromDatabase(context.db.knex, prepared);
    expect(fromSnapshot, `${mode} ${JSON.stringify(query)}`).to.deep.equal(fromDatabase);
    // The routes' JSON text, first serialised and then from the kept serialisation.
    for (let pass = 0; pass < 2; pass += 1) {
      expect(JSON.parse(await queryRecordsJson(context.db.knex, mode, recordsQuerySchema.parse(query))), `JSON of ${mode} ${JSON.stringify(query)}`).to.deep.equal(fromDatabase);
    }
    return fromDatabase;
  };

  it('filters, searches, counts and pages as SQL does, in both modes', async function () {
    this.timeout(60_000);
    let matched = 0;
    for (const mode of ['institutions', 'financials'] as const) {
      for (const [index, filter] of filters.entries()) {
        const answer = await compareRecords(mode, { filters: filter, fields, limit: '25', offset: String((index % 3) * 10), sort_by: 'ASSET', sort_order: index % 2 ? 'ASC' : 'DESC' });
        if (answer.meta.total > 0) matched += 1;
      }
    }
    // The filters above are not vacuous: most of them select something.
    expect(matched).to.be.greaterThan(filters.length);
  });

  it('sorts by every field of the catalog, both ways, nulls last and ties by cert, as SQL does', async function () {
    this.timeout(120_000);
    for (const mode of ['institutions', 'financials'] as const) {
      for (const code of fieldCatalog.keys()) {
        for (const order of ['ASC', 'DESC']) {
          await compareRecords(mode, { fields: `CERT,NAME,${code}`, sort_by: code, sort_order: order, limit: '30', offset: '120' });
        }
      }
    }
  });

  it('answers an older quarter, an empty page and the last page as SQL does', async () => {
    await compareRecords('financials', { quarter: demoQuarters[0], fields, sort_by: 'NAME', sort_order: 'ASC', limit: '50' });
    await compareRecords('institutions', { filters: 'ACTIVE:1', fields, limit: '0' });
    await compareRecords('institutions', { fields, limit: '50', offset: '280', sort_by: 'OFFICES' });
  });

  it('leaves to SQL what it cannot answer: source fields, every field, searches beyond ASCII', async () => {
    for (const query of [{ fields: 'CERT,NAME,SOMEFDICFIELD' }, {}, { search: 'NAME: *ñandú*', fields: 'NAME' }]) {
      const prepared = await prepareRecordsQuery(context.db.knex, 'institutions', recordsQuerySchema.parse(query));
      expect(await recordsFromSnapshot(context.db.knex, prepared)).to.equal(null);
    }
  });

  it('ranks the credit box as SQL does, with the user targets', async function () {
    this.timeout(60_000);
    const criteriaList = [
      {},
      { minAssets: 0, maxAssets: 100_000_000_000, maxNplRatio: 3, minTier1CapitalRatio: 10, minRoa: 0.5, minNetInterestMargin: 2.5, maxEfficiencyRatio: 70 },
      { region: 'South', minRoa: 1, maxEfficiencyRatio: 65 },
      { state: 'tx', regulator: 'fdic' },
      { state: 'TX,OK', minRoa: 1, maxNplRatio: 1 },
      { charterType: 'SM', minorityStatus: 'Non-MDI', minRoa: 0.2 },
      { minorityStatus: 'MDI' },
      { minorityStatus: 'Women-Owned' },
      { loanType: 'Consumer', minLoanVolume: 1_000_000 },
      { loanType: '1-4 Family Residential', maxNplRatio: 1 },
      { minLoanVolume: 50_000_000, minTier1CapitalRatio: 12 },
      { searchTerm: 'first oak', minRoa: 0 },
      { searchTerm: 'bank', region: 'Midwest', maxAssets: 500_000_000 },
      { minDepositGrowth: 3 },
      { minDepositGrowth: 0, state: 'TX,OK', minRoa: 1 },
      { minDepositGrowth: -2.5, loanType: 'C&I', maxNplRatio: 1 },
    ];
    const knex = context.db.knex;
    let banks = 0;
    for (const criteria of criteriaList) {
      for (const page of [1, 2, 5]) {
        const request = creditBoxRequestSchema.parse({ criteria, page, limit: 12 });
        const fromSnapshot = await creditBoxFromSnapshot(knex, request, latest, userId);
        const fromDatabase = await creditBoxFromDatabase(knex, request, latest, userId);
        expect(fromSnapshot, JSON.stringify({ criteria, page })).to.deep.equal(fromDatabase);
        // The route's JSON text, first serialised and then from the kept serialisation.
        for (let pass = 0; pass < 2; pass += 1) {
          expect(JSON.parse(await creditBoxSearchJson(knex, request, userId)), `JSON of ${JSON.stringify({ criteria, page })}`).to.deep.equal(JSON.parse(JSON.stringify(fromDatabase)));
        }
        banks += fromDatabase.banks.length;
      }
    }
    expect(banks).to.be.greaterThan(100);
    const sparse = creditBoxRequestSchema.parse({ criteria: criteriaList[2], page: 2, fields: ['assets', 'roa', 'city'] });
    const sparseFromDatabase = await creditBoxFromDatabase(knex, sparse, latest, userId);
    expect(await creditBoxFromSnapshot(knex, sparse, latest, userId)).to.deep.equal(sparseFromDatabase);
    expect(JSON.parse(await creditBoxSearchJson(knex, sparse, userId))).to.deep.equal(JSON.parse(JSON.stringify(sparseFromDatabase)));
    const searchByCert = creditBoxRequestSchema.parse({ criteria: { searchTerm: String((await knex('fdic_institutions').where({ active: true }).orderBy('cert', 'desc').first('cert')).cert) } });
    expect(await creditBoxFromSnapshot(knex, searchByCert, latest)).to.deep.equal(await creditBoxFromDatabase(knex, searchByCert, latest));
    // A quarter with no quarter a year before it: no bank meets the deposit growth criterion, on either path.
    const growthWithoutYearEarlier = creditBoxRequestSchema.parse({ criteria: { minDepositGrowth: 0, minRoa: 1 }, limit: 500 });
    const withoutYearEarlier = await creditBoxFromDatabase(knex, growthWithoutYearEarlier, demoQuarters[0]);
    expect(await creditBoxFromSnapshot(knex, growthWithoutYearEarlier, demoQuarters[0])).to.deep.equal(withoutYearEarlier);
    // No quarter a year before the first: no bank has the deposits growth is measured from, and the answer says so.
    expect(withoutYearEarlier.total).to.be.greaterThan(0);
    expect(withoutYearEarlier.notReported.minDepositGrowth).to.equal(withoutYearEarlier.total);
    expect(withoutYearEarlier.banks.every((bank) => (bank as { matchScore?: number }).matchScore! <= 50)).to.equal(true);
    const beyondAscii = creditBoxRequestSchema.parse({ criteria: { searchTerm: 'ñandú' } });
    expect(await creditBoxFromSnapshot(knex, beyondAscii, latest)).to.equal(null);
  });

  it('reloads after this process writes regulator data', async () => {
    const knex = context.db.knex;
    const before = await quarterSnapshot(knex, latest);
    expect(await quarterSnapshot(knex, latest)).to.equal(before);
    const cert = before.cert[before.withFinancials[10]];
    await knex('fdic_institutions').where({ cert }).update({ name: 'Renamed Trust Company' });
    markRegulatorDataChanged();
    const after = await quarterSnapshot(knex, latest);
    expect(after).to.not.equal(before);
    expect(column(after, 'i', 'name')[after.withFinancials[10]]).to.equal('Renamed Trust Company');
  });
});
