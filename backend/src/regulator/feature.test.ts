import { expect } from 'chai';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { demoQuarters } from './demo/generate.ts';
import { loadDemoData } from './demo/load.ts';
import { regulatorFeature } from './feature.ts';
import { prepareRecordsQuery, recordsFromDatabase } from './queries/records.ts';
import { markRegulatorDataChanged } from './store.ts';

const latest = demoQuarters[demoQuarters.length - 1];

describeWithDatabase('regulator data API over the demo set', (context) => {
  let app: TestApp;
  let token: string;
  const get = async (path: string) => {
    const response = await app.request(path, { token });
    return response;
  };

  before(async function () {
    this.timeout(60_000);
    await loadDemoData(context.db.knex, { banks: 150 });
    app = await startTestApp(context.db, { features: [regulatorFeature] });
    ({ token } = await app.signUp());
  });
  after(async () => {
    await app?.stop();
  });

  it('requires a signed-in user', async () => {
    expect((await app.request('/api/services/fdic/institutions')).status).to.equal(401);
    expect((await app.request('/api/data/banks/credit-box-search', { method: 'POST', body: {} })).status).to.equal(401);
  });

  describe('directory lists', () => {
    it('answers the directory query in BankFind shape, money in thousands, sorted and counted', async () => {
      const knex = context.db.knex;
      const query = new URLSearchParams({
        limit: '50',
        offset: '0',
        filters: 'ACTIVE:1 AND REGAGNT:FDIC',
        sort_by: 'ASSET',
        sort_order: 'DESC',
        fields: 'CERT,NAME,CITY,ASSET,DEP,OFFICES,REGAGNT,ROA,NCLNLSR,NTLNLS,LNRERSFM,LNAUTO,LNCRCD',
      });
      const response = await get(`/api/services/fdic/institutions?${query}`);
      expect(response.status).to.equal(200);
      const expected = await knex('fdic_institutions').where({ active: true, regulator: 'FDIC' }).count('* as n').first();
      expect(response.body.meta.total).to.equal(Number(expected!.n));
      const records = response.body.data.map((item: { data: Record<string, unknown> }) => item.data);
      expect(records.length).to.equal(Math.min(50, response.body.meta.total));
      expect(Object.keys(records[0]).sort()).to.deep.equal(['ASSET', 'CERT', 'CITY', 'DEP', 'ID', 'LNAUTO', 'LNCRCD', 'LNRERSFM', 'NAME', 'NCLNLSR', 'NTLNLS', 'OFFICES', 'REGAGNT', 'ROA']);
      const assets = records.map((record: { ASSET: number }) => record.ASSET);
      expect(assets).to.deep.equal([...assets].sort((a, b) => b - a));
      const stored = await knex('fdic_financials').where({ cert: records[0].CERT, repdte: latest }).first('assets');
      expect(records[0].ASSET).to.equal(stored.assets / 1000);
      expect(records.every((record: { REGAGNT: string }) => record.REGAGNT === 'FDIC')).to.equal(true);
    });

    it('pages with offset and sorts ascending on request', async () => {
      const first = await get('/api/services/fdic/financials-query?limit=5&offset=0&sort_by=ROA&sort_order=ASC&fields=CERT,ROA');
      const second = await get('/api/services/fdic/financials-query?limit=5&offset=5&sort_by=ROA&sort_order=ASC&fields=CERT,ROA');
      const roas = [...first.body.data, ...second.body.data].map((item: { data: { ROA: number } }) => item.data.ROA);
      expect(roas).to.have.length(10);
      expect(roas).to.deep.equal([...roas].sort((a, b) => a - b));
    });

    it('searches names', async () => {
      const sample = await context.db.knex('fdic_institutions').orderBy('cert').first('name');
      const word = sample.name.split(' ')[0];
      const response = await get(`/api/services/fdic/institutions?limit=50&search=${encodeURIComponent(`NAME: *${word.toLowerCase()}*`)}&fields=NAME`);
      expect(response.body.data.length).to.be.greaterThan(0);
      expect(response.body.data.every((item: { data: { NAME: string } }) => item.data.NAME.includes(word))).to.equal(true);
    });

    it('selects the quarter asked for and refuses one it does not hold', async () => {
      const response = await get(`/api/services/fdic/financials-query?limit=1&quarter=${demoQuarters[0]}&fields=CERT,REPDTE`);
      expect(response.body.data[0].data.REPDTE).to.equal(demoQuarters[0]);
      const missing = await get('/api/services/fdic/financials-query?quarter=19990331');
      expect(missing.status).to.equal(400);
      expect(missing.body.message).to.match(/no data for the quarter 19990331/);
    });

    it('answers 400 naming the problem for a field outside the whitelist or a bad sort', async () => {
      const badFilter = await get(`/api/services/fdic/institutions?filters=${encodeURIComponent('SECRET:1')}`);
      expect(badFilter.status).to.equal(400);
      expect(badFilter.body.message).to.match(/"SECRET" is not one that can be filtered on/);
      const badSort = await get('/api/services/fdic/institutions?sort_by=SECRET');
      expect(badSort.status).to.equal(400);
      expect(badSort.body.message).to.match(/SECRET/);
    });

    it('lists a risk category by quarterly ROA', async () => {
      const response = await get('/api/services/fdic/risk-category/medium?fields=CERT,ROAQ,ASSET');
      expect(response.status).to.equal(200);
      expect(response.body.data.length).to.be.at.most(20);
      for (const { data } of response.body.data) expect(data.ROAQ).to.be.within(0.5, 1.0);
    });
  });

  it('lists quarters newest first and reports demo data', async () => {
    expect((await get('/api/services/fdic/quarters')).body).to.deep.equal([...demoQuarters].reverse());
    const status = await get('/api/services/fdic/data-status');
    expect(status.body).to.include({ isDemo: true, institutions: 150, latestQuarter: latest });
  });

  describe('per bank', () => {
    let cert: number;
    before(async () => {
      cert = (await context.db.knex('fdic_institutions').where({ active: true }).orderBy('offices', 'desc').first('cert')).cert;
    });

    it('answers the institution, its financials and key financials', async () => {
      const institution = await get(`/api/services/fdic/institutions/${cert}`);
      expect(institution.body.data[0].data.CERT).to.equal(cert);
      expect(institution.body.isDemo).to.equal(true);
      const financials = await get(`/api/services/fdic/financials/${cert}`);
      expect(financials.body.data.map((item: { data: { REPDTE: string } }) => item.data.REPDTE)).to.deep.equal([...demoQuarters].reverse());
      const key = await get(`/api/services/fdic/financials/key/${cert}`);
      expect(key.body.data[0].data.ASSET).to.equal(financials.body.data[0].data.ASSET);
      expect((await get('/api/services/fdic/institutions/1')).status).to.equal(404);
      expect((await get('/api/services/fdic/institutions/abc')).status).to.equal(400);
    });

    it('answers trend points oldest first with net charge-offs as debits minus credits', async () => {
      const history = await get(`/api/services/fdic/financials/history/${cert}`);
      expect(history.body.data).to.have.length(8);
      const point = history.body.data[7];
      expect(point.date).to.equal(latest);
      const row = await context.db.knex('fdic_financials').where({ cert, repdte: latest }).first();
      expect(point).to.include({ assets: row.assets, roa: row.roa, nplRatio: row.npl_ratio, netChargeOffs: row.charge_offs - row.recoveries });
    });

    it('pages branches, deposits and history with meta.total', async () => {
      const all = await context.db.knex('fdic_locations').where({ cert }).count('* as n').first();
      const page = await get(`/api/services/fdic/locations/${cert}?limit=2&offset=0`);
      expect(page.body.meta.total).to.equal(Number(all!.n));
      expect(page.body.data[0].isMainOffice).to.equal(true);
      const sod = await get(`/api/services/fdic/sod/${cert}?limit=20`);
      const deposits = sod.body.data.map((branch: { deposits: number }) => branch.deposits);
      expect(deposits).to.deep.equal([...deposits].sort((a, b) => b - a));
      const history = await get(`/api/services/fdic/history/${cert}?limit=15&offset=0`);
      expect(history.body.meta.total).to.be.greaterThan(0);
      expect(history.body.data[0]).to.have.keys(['id', 'date', 'description', 'details', 'changeCode']);
    });

    it('pages a list whole, in order, and tells the total on a page past the end and for a bank with none', async () => {
      const whole = await get(`/api/services/fdic/history/${cert}?limit=1000`);
      expect(whole.body.data.length).to.be.greaterThan(2);
      const first = await get(`/api/services/fdic/history/${cert}?limit=2&offset=0`);
      const rest = await get(`/api/services/fdic/history/${cert}?limit=1000&offset=2`);
      expect([...first.body.data, ...rest.body.data]).to.deep.equal(whole.body.data);
      const past = await get(`/api/services/fdic/history/${cert}?limit=20&offset=5000`);
      expect(past.body).to.deep.equal({ data: [], meta: { total: whole.body.data.length, limit: 20, offset: 5000 } });
      for (const list of ['locations', 'sod', 'history']) {
        expect((await get(`/api/services/fdic/${list}/1?limit=20`)).body.meta.total, list).to.equal(0);
      }
    });

    it('answers demographics whose area codes lead to a community profile', async () => {
      const knex = context.db.knex;
      const withArea = await knex('fdic_institutions').whereNotNull('cbsa_code').first('cert', 'cbsa_code');
      const demographics = await get(`/api/services/fdic/demographics/${withArea.cert}`);
      const record = demographics.body.data[0].data;
      expect(record.METRO ?? record.MICRO).to.equal(withArea.cbsa_code);
      const profile = await get(`/api/services/census/cbsa/${withArea.cbsa_code}`);
      expect(profile.status).to.equal(200);
      expect(profile.body.medianHouseholdIncome).to.be.a('number');
      expect((await get('/api/services/census/csa/99999')).status).to.equal(404);
    });

    it('answers 404 for an area the Census file lists without any figure of the profile', async () => {
      // The ACS economic file lists some areas with their GDP alone.
      await context.db.knex('census_profiles').insert({ kind: 'cbsa', code: '36140', raw: JSON.stringify({ gdpTotal: 7772540 }) });
      await context.db.knex('census_profiles').insert({ kind: 'cbsa', code: '36141', median_age: 41.5 });
      expect((await get('/api/services/census/cbsa/36140')).status).to.equal(404);
      const withOne = await get('/api/services/census/cbsa/36141');
      expect(withOne.status).to.equal(200);
      expect(withOne.body.medianAge).to.equal(41.5);
    });

    it('answers the failure record of a failed bank and an empty list otherwise', async () => {
      const failed = await context.db.knex('fdic_failures').first('cert');
      if (failed) {
        const response = await get(`/api/services/fdic/failures/${failed.cert}`);
        expect(response.body.data[0]).to.include.keys(['failDate', 'cityState', 'assets', 'deposits', 'estimatedLoss', 'fin']);
      }
      expect((await get(`/api/services/fdic/failures/${cert}`)).body.data).to.deep.equal([]);
    });

    it('answers the overview and the field map', async () => {
      const summary = await get(`/api/services/fdic/summary/${cert}`);
      expect(summary.body.data[0].data.officesByState.length).to.be.greaterThan(0);
      const map = await get('/api/services/fdic/field-map');
      expect(map.body).to.include({ ASSET: 'Total assets', NCLNLSR: 'Noncurrent loans to loans (%)' });
    });
  });

  it("answers a bank's first detail screen in one call, the same records as the single-purpose calls", async () => {
    const knex = context.db.knex;
    const { cert } = (await knex('fdic_financials').where({ repdte: latest }).whereNotNull('roa').whereNotNull('npl_ratio').whereNotNull('tier1_capital_ratio').first('cert'))!;
    const [overview, institution, financials, demographics, summary, key] = await Promise.all(
      [`bank/${cert}/overview`, `institutions/${cert}`, `financials/${cert}`, `demographics/${cert}`, `summary/${cert}`, `financials/key/${cert}`].map((path) => get(`/api/services/fdic/${path}`)),
    );
    expect(overview.status).to.equal(200);
    const body = overview.body;
    expect(body.institution).to.deep.equal(institution.body.data[0].data);
    // Only the newest quarter is sent whole; the others are named, to be asked for one at a time.
    expect(body.latestFinancials).to.deep.equal(financials.body.data[0].data);
    expect(body.quarters).to.deep.equal(financials.body.data.map((item: { data: { REPDTE: string } }) => item.data.REPDTE));
    expect(body).not.to.have.property('financials');
    expect(body.demographics).to.deep.equal(demographics.body.data[0].data);
    expect(body.summary).to.deep.equal(summary.body.data[0].data);
    expect(body.keyFigures).to.deep.equal(key.body.data[0].data);
    expect(body.risk.category).to.be.oneOf(['Low Risk', 'Medium Risk', 'High Risk']);
    expect(body.risk.factors.roa.value).to.equal(body.latestFinancials.ROA);

    const peers = body.peers;
    expect(peers).to.include({ quarter: latest, state: body.summary.state });
    const own = await knex('fdic_financials').where({ cert, repdte: latest }).first('assets', 'roa');
    // The same peers as the Benchmark view starts with: half to one and a half times the bank's assets.
    expect(peers).to.include({ minAssets: own.assets * 0.5, maxAssets: own.assets * 1.5 });
    const peerRows = await knex('fdic_financials as f')
      .join('fdic_institutions as i', 'i.cert', 'f.cert')
      .where({ 'f.repdte': latest, 'i.active': true, 'i.state': body.summary.state })
      .whereNot('f.cert', cert)
      .whereBetween('f.assets', [own.assets * 0.5, own.assets * 1.5])
      .select('f.roa');
    expect(peers.banks).to.equal(peerRows.length);
    const higher = peerRows.filter((row: { roa: number | null }) => row.roa !== null && row.roa > own.roa).length;
    expect(peers.measures.roa).to.include({ value: own.roa, rank: higher + 1 });
    const values = peerRows.map((row: { roa: number | null }) => row.roa).filter((roa: number | null): roa is number => roa !== null).sort((a: number, b: number) => a - b);
    const middle = Math.floor(values.length / 2);
    const expectedMedian = values.length === 0 ? null : values.length % 2 === 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
    expect(peers.measures.roa.peerMedian).to.equal(expectedMedian);
  });

  it('builds the detail records from memory exactly as SQL reads them, for active and inactive banks and banks whose newest quarter is not the latest', async () => {
    const knex = context.db.knex;
    const inactive = await knex('fdic_institutions').where({ active: false }).orderBy('cert').limit(3).pluck('cert');
    const active = await knex('fdic_institutions').where({ active: true }).orderBy('cert').limit(5).pluck('cert');
    // A bank whose newest quarter is older than the market's: its latest row goes.
    const [older] = active;
    const removed = await knex('fdic_financials').where({ cert: older, repdte: latest }).first();
    await knex('fdic_financials').where({ cert: older, repdte: latest }).delete();
    markRegulatorDataChanged();
    try {
      for (const cert of [...active, ...inactive]) {
        const [overview, financials] = await Promise.all([get(`/api/services/fdic/bank/${cert}/overview`), get(`/api/services/fdic/financials/${cert}`)]);
        const fromSql = await recordsFromDatabase(knex, await prepareRecordsQuery(knex, 'institutions', { limit: 1, offset: 0, filters: `CERT:${cert}` }));
        expect(overview.body.institution, `institution ${cert}`).to.deep.equal(fromSql.data[0].data);
        expect(overview.body.latestFinancials, `newest quarter of ${cert}`).to.deep.equal(financials.body.data[0]?.data ?? null);
        const branches = await knex('fdic_locations').where({ cert }).select('state', 'sod_year');
        const newest = Math.max(...branches.map((branch: { sod_year: number | null }) => branch.sod_year ?? -Infinity));
        const counts = new Map<string, number>();
        for (const branch of branches) if (branch.sod_year === null || branch.sod_year === newest) counts.set(branch.state, (counts.get(branch.state) ?? 0) + 1);
        const expected = [...counts].map(([state, offices]) => ({ state, offices })).sort((a, b) => b.offices - a.offices || a.state.localeCompare(b.state));
        expect(overview.body.summary.officesByState, `offices of ${cert}`).to.deep.equal(expected);
      }
      const olderOverview = (await get(`/api/services/fdic/bank/${older}/overview`)).body;
      expect(olderOverview.quarters[0]).to.equal(demoQuarters[demoQuarters.length - 2]);
      expect(olderOverview.peers).to.equal(null);
    } finally {
      await knex('fdic_financials').insert(removed);
      markRegulatorDataChanged();
    }
  });

  it('answers 304 to a revalidation while the data stays the same, and the new overview once it changed', async () => {
    const cert = (await context.db.knex('fdic_institutions').where({ active: true }).first('cert')).cert;
    const first = await get(`/api/services/fdic/bank/${cert}/overview`);
    const tag = first.headers.get('etag');
    expect(tag).to.match(/^W\/"regulator-/);
    const again = await app.request(`/api/services/fdic/bank/${cert}/overview`, { token, headers: { 'If-None-Match': tag! } });
    expect(again.status).to.equal(304);
    expect((await app.request(`/api/services/fdic/bank/${cert}/overview`, { headers: { 'If-None-Match': tag! } })).status).to.equal(401);
    markRegulatorDataChanged();
    const changed = await app.request(`/api/services/fdic/bank/${cert}/overview`, { token, headers: { 'If-None-Match': tag! } });
    expect(changed.status).to.equal(200);
    expect(changed.headers.get('etag')).not.to.equal(tag);
  });

  it('answers 404 for the detail screen of a bank we do not hold, and 400 for a cert that is not one', async () => {
    expect((await get('/api/services/fdic/bank/99999999/overview')).status).to.equal(404);
    expect((await get('/api/services/fdic/bank/abc/overview')).status).to.equal(400);
  });

  it('refuses a cert of 0, below it or beyond a certificate number in a bank address with 400 saying what a cert is', async () => {
    for (const cert of ['0', '-5', '99999999999', '1e3']) {
      for (const path of [`/api/services/fdic/bank/${cert}/overview`, `/api/services/fdic/institutions/${cert}`, `/api/services/fdic/failures/${cert}`]) {
        const response = await get(path);
        expect(response.status, path).to.equal(400);
        expect(response.body.message).to.equal("cert must be a whole number from 1 to 2147483647 (the bank's FDIC certificate number).");
      }
    }
  });

  it('finds peers in an asset range given in thousands', async () => {
    const response = await get('/api/services/fdic/peers?minAssets=100000&maxAssets=1000000&state=All&regulator=All&charterType=All&useFDIC=false&limit=500');
    expect(response.status).to.equal(200);
    for (const bank of response.body) {
      expect(bank.assets).to.be.within(100_000_000, 1_000_000_000);
      expect(bank).to.include.keys(['roa', 'roe', 'netInterestMargin', 'efficiencyRatio', 'nplRatio', 'tier1CapitalRatio', 'loans_and_leases_gross', 'coreDeposits']);
    }
    const assets = response.body.map((bank: { assets: number }) => bank.assets);
    expect(assets).to.deep.equal([...assets].sort((a, b) => b - a));
  });

  it('finds peers with their figures of the quarter asked (the newest when none is), and refuses a quarter that is not one with 400', async () => {
    const knex = context.db.knex;
    const earlier = demoQuarters[demoQuarters.length - 3];
    const peersOf = (quarter?: string) => get(`/api/services/fdic/peers?minAssets=0&state=All&regulator=All&charterType=All&limit=20${quarter ? `&quarter=${quarter}` : ''}`);
    const figuresOf = async (quarter: string, certs: number[]) =>
      (await knex('fdic_financials').where({ repdte: quarter }).whereIn('cert', certs).select('cert', 'assets', 'roa')).map((row) => ({ cert: Number(row.cert), assets: Number(row.assets), roa: row.roa === null ? null : Number(row.roa) }));
    const answered = (body: Array<{ cert: number; assets: number; roa: number | null; repdte: string }>) => body.map(({ cert, assets, roa }) => ({ cert: Number(cert), assets: Number(assets), roa: roa === null ? null : Number(roa) }));

    const ofEarlier = await peersOf(earlier);
    expect(ofEarlier.status).to.equal(200);
    expect(ofEarlier.body.map((bank: { repdte: string }) => bank.repdte)).to.deep.equal(ofEarlier.body.map(() => earlier));
    const certs = ofEarlier.body.map((bank: { cert: number }) => Number(bank.cert));
    expect(answered(ofEarlier.body)).to.have.deep.members(await figuresOf(earlier, certs));
    // The newest quarter's figures are others: the earlier answer is not the newest one relabelled.
    expect(answered(ofEarlier.body)).not.to.have.deep.members(await figuresOf(latest, certs));

    const ofNewest = await peersOf();
    expect(ofNewest.body.map((bank: { repdte: string }) => bank.repdte)).to.deep.equal(ofNewest.body.map(() => latest));
    expect(answered(ofNewest.body)).to.have.deep.members(await figuresOf(latest, ofNewest.body.map((bank: { cert: number }) => Number(bank.cert))));

    for (const quarter of ['2025-Q2', '20250615']) expect((await peersOf(quarter)).status, quarter).to.equal(400);
    const notHeld = await peersOf('19990331');
    expect(notHeld.status).to.equal(400);
    expect(notHeld.body.message).to.match(/^There is no data for the quarter 19990331/);
  });

  it('answers the dashboard consistently with the tables', async () => {
    const knex = context.db.knex;
    const response = await get('/api/services/fdic/dashboard');
    expect(response.status).to.equal(200);
    const body = response.body;
    const active = await knex('fdic_institutions').where({ active: true }).count('* as n').first();
    expect(body.totalInstitutions).to.equal(Number(active!.n));
    const { highRisk, mediumRisk, lowRisk } = body.riskDistribution;
    const withRoaq = await knex('fdic_financials').where({ repdte: latest }).whereNotNull('roaq').count('* as n').first();
    expect(highRisk + mediumRisk + lowRisk).to.equal(Number(withRoaq!.n));
    const top = await knex('fdic_financials').where({ repdte: latest }).orderBy('assets', 'desc').limit(100).select('assets');
    expect(body.marketStats.totalAssets).to.equal(top.reduce((sum: number, row: { assets: number }) => sum + row.assets, 0));
    const topRoa = await knex('fdic_financials').where({ repdte: latest }).orderBy('assets', 'desc').limit(100).select('roa');
    expect(body.marketStats.banksReporting.roa).to.equal(topRoa.filter((row: { roa: number | null }) => row.roa !== null).length);
    expect(body.marketStats.banksReporting).to.have.keys(['roa', 'npl', 'nim']);
    expect(body.marketChargeOffs).to.have.keys(['re', 'ci', 'consumer', 'ag']);
    expect(body.marketDelinquencies.re).to.be.greaterThan(0);
    expect(body).to.include({ riskInputsMissing: false, chargeOffInputsMissing: false, delinquencyInputsMissing: false });
    expect(body.spotlight.highestRisk).to.have.length(5);
    const scores = body.spotlight.highestRisk.map((bank: { riskScore: number }) => bank.riskScore);
    expect(scores).to.deep.equal([...scores].sort((a, b) => b - a));
    expect(body.repdte).to.equal(latest);
    expect(body.isDemo).to.equal(true);
  });

  describe('credit box', () => {
    const search = (criteria: Record<string, unknown>, page = 1, limit = 12) =>
      app.request('/api/data/banks/credit-box-search', { method: 'POST', token, body: { criteria, page, limit } });

    it('excludes banks failing a hard filter and scores the soft criteria met, best match then largest first', async () => {
      const criteria = { minAssets: 0, maxAssets: 100_000_000_000, maxNplRatio: 0.5, minTier1CapitalRatio: 10, minRoa: 0.5, minNetInterestMargin: 2.5, maxEfficiencyRatio: 70, region: 'Midwest' };
      const response = await search(criteria, 1, 100);
      expect(response.status).to.equal(200);
      const { banks, total } = response.body;
      const midwest = await context.db.knex('fdic_institutions as i')
        .join('fdic_financials as f', 'f.cert', 'i.cert')
        .where('f.repdte', latest)
        .where('i.active', true)
        .whereIn('i.state', ['IA', 'IL', 'IN', 'KS', 'MI', 'MN', 'MO', 'ND', 'NE', 'OH', 'SD', 'WI'])
        .count('* as n')
        .first();
      expect(total).to.equal(Number(midwest!.n));
      for (const bank of banks) {
        const met = [bank.nplRatio <= 0.5, bank.tier1CapitalRatio >= 10, bank.roa >= 0.5, bank.netInterestMargin >= 2.5, bank.efficiencyRatio <= 70].filter(Boolean).length;
        expect(bank.matchScore).to.equal(Math.round((100 * met) / 5));
        expect(bank.isTarget).to.equal(false);
      }
      const order = banks.map((bank: { matchScore: number; assets: number }) => [bank.matchScore, bank.assets]);
      const sorted = [...order].sort((a, b) => b[0] - a[0] || b[1] - a[1]);
      expect(order).to.deep.equal(sorted);
    });

    it('scores every bank 100 when no soft criterion is on, and pages by 12', async () => {
      const first = await search({ state: 'All' });
      expect(first.status, first.text).to.equal(200);
      expect(first.body.banks).to.have.length(12);
      expect(first.body.banks.every((bank: { matchScore: number }) => bank.matchScore === 100)).to.equal(true);
      const second = await search({}, 2);
      expect(second.status, second.text).to.equal(200);
      expect(second.body.banks[0].cert).to.not.equal(first.body.banks[0].cert);
    });

    it('finds the banks of several states at once, given as TX,OK or as a list', async () => {
      const inTexasOrOklahoma = await context.db.knex('fdic_institutions as i')
        .join('fdic_financials as f', 'f.cert', 'i.cert')
        .where('f.repdte', latest)
        .where('i.active', true)
        .whereIn('i.state', ['TX', 'OK'])
        .count('* as n')
        .first();
      const asText = await search({ state: 'TX,OK', minRoa: 1 }, 1, 100);
      expect(asText.status, asText.text).to.equal(200);
      expect(asText.body.total).to.equal(Number(inTexasOrOklahoma!.n));
      expect(new Set(asText.body.banks.map((bank: { state: string }) => bank.state))).to.deep.equal(new Set(['TX', 'OK']));
      const asList = await search({ state: ['ok', 'tx'], minRoa: 1 }, 1, 100);
      expect(asList.body).to.deep.equal(asText.body);
    });

    it('rejects a state that is not a two-letter code with 400 saying what to send', async () => {
      const response = await search({ state: 'Texas' });
      expect(response.status).to.equal(400);
      expect(response.body.message).to.match(/two-letter state codes, such as TX or TX,OK/);
    });

    it('answers up to 500 matches a page, the page an export reads, and refuses more with 400', async () => {
      const all = await search({}, 1, 500);
      expect(all.status, all.text).to.equal(200);
      expect(all.body.banks).to.have.length(Math.min(500, all.body.total));
      expect(all.body.quarter).to.equal(latest);
      expect((await search({}, 1, 501)).status).to.equal(400);
    });

    it('counts the banks meeting every scored criterion beside those passing the filters', async () => {
      const response = await search({ state: 'TX,OK', minRoa: 1, maxNplRatio: 1 }, 1, 500);
      expect(response.status, response.text).to.equal(200);
      const { banks, total, fullMatches } = response.body;
      expect(banks).to.have.length(total);
      expect(fullMatches).to.equal(banks.filter((bank: { matchScore: number }) => bank.matchScore === 100).length);
      expect(fullMatches).to.be.within(1, total - 1);
      expect((await search({ state: 'TX' })).body).to.include({ fullMatches: (await search({ state: 'TX' })).body.total });
    });

    it('matches the primary loan type and the minimum loan volume', async () => {
      const response = await search({ loanType: 'Agricultural', minLoanVolume: 1 }, 1, 100);
      for (const bank of response.body.banks) {
        const agricultureIsLargest =
          bank.loans_ag_gross > 0 &&
          bank.loans_ag_gross >= Math.max(bank.loans_re_1_4_family_gross, bank.loans_re_commercial_gross, bank.loans_ci_gross, bank.loans_consumer_auto_gross, bank.loans_consumer_credit_card_gross, bank.loans_consumer_gross - bank.loans_consumer_auto_gross - bank.loans_consumer_credit_card_gross);
        expect(bank.matchScore).to.equal(agricultureIsLargest ? 100 : bank.loans_ag_gross >= 1 ? 50 : 0);
      }
    });

    it('counts no bank as matching a loan type when its loan breakdown is not reported, and says how many lack it', async () => {
      const knex = context.db.knex;
      const [breakdownMissing, breakdownReported] = (await knex('fdic_institutions').where({ active: true, state: 'KS' }).orderBy('cert').limit(2).pluck('cert')) as number[];
      // Both lend mostly to businesses; the first, like a bank of the FDIC bulk files, does not report its real estate lines.
      await knex('fdic_financials').whereIn('cert', [breakdownMissing, breakdownReported]).andWhere({ repdte: latest }).update({ loans_ci_gross: knex.raw('assets') });
      await knex('fdic_financials').where({ cert: breakdownMissing, repdte: latest }).update({ loans_re_1_4_family_gross: null, loans_re_commercial_gross: null });
      markRegulatorDataChanged();
      const response = await search({ state: 'KS', loanType: 'C&I' }, 1, 500);
      expect(response.status, response.text).to.equal(200);
      const scoreOf = (cert: number) => response.body.banks.find((bank: { cert: number }) => bank.cert === cert).matchScore;
      expect(scoreOf(breakdownMissing)).to.equal(0);
      expect(scoreOf(breakdownReported)).to.equal(100);
      expect(response.body.notReported).to.deep.equal({ loanType: 1 });
    });

    it('applies the minimum loan volume with no loan type to net loans and leases when gross loans are not reported', async () => {
      const knex = context.db.knex;
      const [cert] = (await knex('fdic_institutions').where({ active: true, state: 'NE' }).orderBy('cert').limit(1).pluck('cert')) as number[];
      await knex('fdic_financials').where({ cert, repdte: latest }).update({ loans_and_leases_gross: null, total_loans_and_leases: 50_000_000 });
      markRegulatorDataChanged();
      const scoreAt = async (minLoanVolume: number) => {
        const response = await search({ state: 'NE', minLoanVolume }, 1, 500);
        expect(response.status, response.text).to.equal(200);
        expect(response.body.notReported).to.deep.equal({ minLoanVolume: 0 });
        return response.body.banks.find((bank: { cert: number }) => bank.cert === cert).matchScore;
      };
      expect(await scoreAt(40_000_000)).to.equal(100);
      expect(await scoreAt(60_000_000)).to.equal(0);
    });

    it('scores deposit growth since the same quarter a year earlier, a bank without deposits then not meeting it', async () => {
      const knex = context.db.knex;
      const yearEarlier = demoQuarters[demoQuarters.length - 5];
      const [shrunk, noneThen] = (await knex('fdic_institutions').where({ active: true, state: 'TX' }).orderBy('cert').limit(2).pluck('cert')) as number[];
      const now = await knex('fdic_financials').where({ cert: shrunk, repdte: latest }).first('deposits');
      await knex('fdic_financials').where({ cert: shrunk, repdte: yearEarlier }).update({ deposits: now.deposits * 1.1 });
      await knex('fdic_financials').where({ cert: noneThen, repdte: yearEarlier }).update({ deposits: null });
      markRegulatorDataChanged();
      const rows = await knex('fdic_financials as f')
        .join('fdic_institutions as i', 'i.cert', 'f.cert')
        .leftJoin('fdic_financials as p', (join) => join.on('p.cert', '=', 'f.cert').andOn('p.repdte', '=', knex.raw('?', [yearEarlier])))
        .where({ 'f.repdte': latest, 'i.active': true, 'i.state': 'TX' })
        .select('f.cert', 'f.deposits as now', 'p.deposits as then');
      const growth = new Map(rows.map((row) => [row.cert as number, row.then > 0 ? ((row.now - row.then) * 100) / row.then : null]));
      const response = await search({ state: 'TX', minDepositGrowth: 2 }, 1, 500);
      expect(response.status, response.text).to.equal(200);
      const { banks, total, fullMatches } = response.body;
      expect(banks).to.have.length(rows.length);
      for (const bank of banks) expect(bank.matchScore, `cert ${bank.cert}`).to.equal((growth.get(bank.cert) ?? -Infinity) >= 2 ? 100 : 0);
      expect(fullMatches).to.be.within(1, total - 1);
      expect(banks.find((bank: { cert: number }) => bank.cert === shrunk).matchScore).to.equal(0);
      expect(banks.find((bank: { cert: number }) => bank.cert === noneThen).matchScore).to.equal(0);
      expect(response.body.notReported).to.deep.equal({ minDepositGrowth: 1 });
      // A fall is a negative growth: at least -20% takes in the bank whose deposits shrank by a tenth.
      expect((await search({ state: 'TX', minDepositGrowth: -20 }, 1, 500)).body.banks.find((bank: { cert: number }) => bank.cert === shrunk).matchScore).to.equal(100);
      const notANumber = await search({ minDepositGrowth: 'lots' });
      expect(notANumber.status).to.equal(400);
      expect(notANumber.text).to.match(/minDepositGrowth/);
    });

    it('answers only the bank fields asked for, with id, cert, name, score and target flag', async () => {
      const whole = await search({ minRoa: 0.5 });
      const response = await app.request('/api/data/banks/credit-box-search', { method: 'POST', token, body: { criteria: { minRoa: 0.5 }, fields: ['assets', 'roa', 'nplRatio'] } });
      expect(response.status, response.text).to.equal(200);
      expect(response.body.total).to.equal(whole.body.total);
      expect(response.body.banks).to.have.length(12);
      response.body.banks.forEach((bank: Record<string, unknown>, index: number) => {
        expect(Object.keys(bank).sort()).to.deep.equal(['assets', 'cert', 'id', 'isTarget', 'matchScore', 'name', 'nplRatio', 'roa']);
        const full = whole.body.banks[index];
        expect(bank).to.deep.equal({ id: full.id, cert: full.cert, name: full.name, assets: full.assets, roa: full.roa, nplRatio: full.nplRatio, matchScore: full.matchScore, isTarget: full.isTarget });
      });
    });

    it('rejects an unknown bank field with 400 naming it', async () => {
      const response = await app.request('/api/data/banks/credit-box-search', { method: 'POST', token, body: { criteria: {}, fields: ['assets', 'yachtCount'] } });
      expect(response.status).to.equal(400);
      expect(response.text).to.match(/Unknown bank field: yachtCount/);
    });

    it('refuses a region or loan type named like a built-in object property with 400 naming the choices', async () => {
      for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
        const region = await search({ region: name });
        expect(region.status, `region ${name}`).to.equal(400);
        expect(region.body.message).to.match(/Unknown region "[^"]+": use Northeast, Midwest, South, West\./);
        const loanType = await search({ loanType: name });
        expect(loanType.status, `loanType ${name}`).to.equal(400);
        expect(loanType.body.message).to.match(/Unknown loan type "[^"]+": use 1-4 Family Residential, Commercial Real Estate, C&I/);
      }
    });

    it('rejects an unknown option with 400', async () => {
      const response = await search({ loanType: 'Yachts' });
      expect(response.status).to.equal(400);
      expect(response.body.message).to.match(/Unknown loan type "Yachts": use 1-4 Family Residential/);
    });
  });
});
