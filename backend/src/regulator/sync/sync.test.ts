import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../../../../test/support/app.ts';
import { describeWithDatabase } from '../../../../test/support/database.ts';
import { CensusDouble } from '../../../../test/doubles/census-double.ts';
import { censusAreas } from '../../../../test/doubles/census-areas.ts';
import { FdicDouble } from '../../../../test/doubles/fdic-double.ts';
import { fdicFailure, fdicMerger, fdicTestData } from '../../../../test/doubles/fdic-data.ts';
import type { RecordedRequest } from '../../../../test/doubles/server.ts';
import { importFile } from '../import/importer.ts';
import { bankClosure } from '../queries/closure.ts';
import { createSyncFeature, type SyncFeature } from './feature.ts';

const quarters = ['20250930', '20250630', '20250331'];
const data = fdicTestData({ active: 45, inactive: 5, quarters });
const fast = { retry: { retries: 3, baseDelayMs: 1, maxDelayMs: 5 }, requestsPerSecond: 0 };

describeWithDatabase('regulator sync', (context) => {
  let fdic: FdicDouble;
  let census: CensusDouble;
  let feature: SyncFeature;
  let app: TestApp;
  let token: string;

  beforeEach(async () => {
    await context.db.knex.raw('truncate sync_runs, fdic_institutions, fdic_financials, fdic_history, fdic_failures, fdic_active_lists, census_profiles');
    fdic = await new FdicDouble({ institutions: data.institutions, financials: data.financials }).start();
    census = await new CensusDouble(censusAreas).start();
    feature = createSyncFeature({ fdic: fast, census: fast, pageSize: 10 });
    app = await startTestApp(context.db, {
      features: [feature],
      config: { fdicApiUrl: fdic.url, censusApiUrl: census.url, syncQuarters: 2 },
    });
    token = (await app.signUp()).token;
  });

  afterEach(async () => {
    await app.stop();
    await fdic.stop();
    await census.stop();
  });

  const sync = () => feature.syncFor(app.services);
  const status = async () => (await app.request('/api/services/sync/status', { token })).body;

  it('answers idle before any sync', async () => {
    expect(await status()).to.include({ status: 'idle', progress: 0, total: 0 });
  });

  it('syncs active institutions and the latest quarters of financials through a 429 and a 500, replacing demo data', async () => {
    const knex = context.db.knex;
    await knex('fdic_institutions').insert({ cert: 999_001, name: 'Demo Savings Bank', is_demo: true });
    fdic.inject({ status: 429, retryAfterSeconds: 0, when: (request) => request.path.endsWith('/institutions') && request.params.get('offset') === '20' });
    fdic.inject({ status: 500, when: (request) => request.path.endsWith('/financials') && request.params.get('offset') === '10' });

    const started = await app.request('/api/services/sync/institutions', { method: 'POST', token });
    expect(started.status).to.equal(202);
    expect(started.body.status).to.equal('running');
    await sync().whenIdle();

    const final = await status();
    expect(final).to.include({ status: 'complete', progress: 135, total: 135 });
    expect(final.message).to.match(/^Synced 45 active institutions, 0 structure changes, 0 failures and 90 quarterly reports \(Q2 2025 to Q3 2025\)/);
    expect(fdic.requests.filter((request) => request.faulted).map((request) => request.faulted)).to.deep.equal([429, 500]);

    const institutions = await knex('fdic_institutions').orderBy('cert');
    expect(institutions).to.have.length(45);
    expect(institutions.every((row) => row.active && !row.is_demo)).to.equal(true);
    expect(institutions.map((row) => row.cert)).not.to.include(999_001);
    expect(institutions[0]).to.include({ cert: 10_000, name: 'Test Bank 1', state: 'IA', regulator: 'OCC', assets: 100_000_000 });
    const perQuarter = await knex('fdic_financials').select('repdte').count('* as n').groupBy('repdte').orderBy('repdte');
    expect(perQuarter.map((row) => [row.repdte, Number(row.n)])).to.deep.equal([
      ['20250630', 45],
      ['20250930', 45],
    ]);
    const financial = await knex('fdic_financials').where({ cert: 10_007, repdte: '20250930' }).first();
    expect(financial).to.include({ assets: 101_000_000, roa: 0.9 });
    expect(financial.cre_concentration).to.be.closeTo(25, 1e-9);
  });

  it('dates what it stores by when the sync began, so an older file imported before or after changes nothing it synced', async () => {
    const knex = context.db.knex;
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'charterline-sync-'));
    const older = path.join(folder, 'institutions_all_2024-03.csv');
    // Test Bank 1 under an old name, and a bank the API no longer lists as active.
    fs.writeFileSync(older, 'CERT,NAME,CITY,STNAME,ACTIVE,ASSET\n10000,Old Name Bank,Shelbyville,Iowa,1,90000\n99999,Gone Bank,Ogden,Iowa,1,5000\n');
    try {
      await importFile(knex, older);
      await app.request('/api/services/sync/institutions', { method: 'POST', token });
      await sync().whenIdle();
      const today = new Date().toISOString().slice(0, 10).replace(/-/g, '');

      const synced = await knex('fdic_institutions').where({ cert: 10_000 }).first();
      expect(synced).to.include({ name: 'Test Bank 1', city: 'Springfield', active: true, financials_repdte: '20250930' });
      const stamp = `1${(await knex('sync_runs').first('cursor')).cursor.asOf}`;
      expect(stamp).to.match(new RegExp(`^1${today}\\d{9}$`));
      expect(synced.as_of).to.include({ name: stamp, city: stamp, active: stamp, assets: stamp });
      expect(await knex('fdic_institutions').where({ cert: 99_999 }).first()).to.include({ name: 'Gone Bank', active: false });
      expect((await knex('fdic_active_lists').select('as_of', 'file'))).to.deep.equal([{ as_of: stamp.slice(1), file: 'FDIC BankFind sync' }]);

      await importFile(knex, older);
      expect(await knex('fdic_institutions').where({ cert: 10_000 }).first()).to.include({ name: 'Test Bank 1', city: 'Springfield', assets: 100_000_000 });
      expect(await knex('fdic_institutions').where({ cert: 99_999 }).first()).to.include({ active: false });
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('refuses a second sync with 409 while one is running', async () => {
    let release!: () => void;
    fdic.inject({ holdUntil: new Promise<void>((resolve) => (release = resolve)) });
    const first = await app.request('/api/services/sync/institutions', { method: 'POST', token });
    const second = await app.request('/api/services/sync/institutions', { method: 'POST', token });
    release();
    await sync().whenIdle();
    expect(first.status).to.equal(202);
    expect(second.status).to.equal(409);
    expect(second.body.message).to.match(/^An FDIC institution sync is already running/);
    expect((await status()).status).to.equal('complete');
  });

  it('reports a failed run and resumes it from its cursor, without fetching again what it stored', async () => {
    fdic.inject({ status: 500, times: 4, when: (request) => request.path.endsWith('/financials') && request.params.get('offset') === '20' });
    await app.request('/api/services/sync/institutions', { method: 'POST', token });
    await sync().whenIdle();
    const failed = await status();
    expect(failed.status).to.equal('error');
    expect(failed.message).to.match(/^FDIC BankFind had a server error \(HTTP 500\).* Start the sync again to continue from 45 of 135 records\.$/);
    expect(failed.progress).to.equal(65);

    // As if the process had died mid-run: the row still says running, but nobody holds the job.
    await context.db.knex('sync_runs').update({ status: 'running' });
    const died = await status();
    expect(died.status).to.equal('stopped');
    expect(died.message).to.match(/stopped unexpectedly at 65 of 135 records; start it again to continue from 45 of 135 records\.$/);
    // Without a cursor to continue from, starting again starts over, and the status says so.
    const cursor = (await context.db.knex('sync_runs').first('cursor')).cursor;
    await context.db.knex('sync_runs').update({ cursor: null });
    expect((await status()).message).to.match(/stopped unexpectedly at 65 of 135 records; start it again to sync from the beginning\.$/);
    await context.db.knex('sync_runs').update({ cursor: JSON.stringify(cursor) });

    const before = fdic.requests.length;
    const resumed = await app.request('/api/services/sync/institutions', { method: 'POST', token });
    expect(resumed.status).to.equal(202);
    await sync().whenIdle();
    expect(await status()).to.include({ status: 'complete', progress: 135, total: 135 });
    const again = fdic.requests.slice(before).map((request) => `${request.path.split('/').pop()}@${request.params.get('offset')}`);
    // The institutions stay done; the quarter cut short starts over, as nothing of it was stored.
    expect(again[0]).to.equal('financials@0');
    expect(again).not.to.include('institutions@0');
    expect(await context.db.knex('sync_runs').count('* as n').first()).to.deep.equal({ n: 1 });
    expect(Number((await context.db.knex('fdic_financials').count('* as n').first())!.n)).to.equal(90);
  });

  it('says a run stopped midway (Ctrl+C, a shutdown) was stopped, not failed, and from where starting it again continues', async () => {
    fdic.inject({ holdUntil: new Promise<void>(() => undefined), when: (request) => request.path.endsWith('/financials') && request.params.get('offset') === '0' });
    await app.request('/api/services/sync/institutions', { method: 'POST', token });
    while ((await status()).progress < 45) await new Promise((resolve) => setTimeout(resolve, 10));
    await sync().stop();
    const stopped = await status();
    expect(stopped.status).to.equal('stopped');
    expect(stopped.message).to.equal(
      'The sync was stopped before it finished (a server shutting down, or Ctrl+C on npm run sync). Start the sync again to continue from 45 of 135 records.',
    );
  });

  it('resumes after the last quarter it stored when the next one fails on its first page', async () => {
    fdic.inject({ status: 500, times: 4, when: (request) => request.path.endsWith('/financials') && request.params.get('filters') === 'REPDTE:20250630' && request.params.get('offset') === '0' });
    await app.request('/api/services/sync/institutions', { method: 'POST', token });
    await sync().whenIdle();
    expect((await status()).message).to.match(/ Start the sync again to continue from 90 of 135 records\.$/);
    const before = fdic.requests.length;
    await app.request('/api/services/sync/institutions', { method: 'POST', token });
    await sync().whenIdle();
    expect(await status()).to.include({ status: 'complete', progress: 135 });
    expect(fdic.requests.slice(before).map((request) => request.params.get('filters'))).to.deep.equal(['REPDTE:20250630', 'REPDTE:20250630', 'REPDTE:20250630', 'REPDTE:20250630', 'REPDTE:20250630']);
  });

  it('says why the progress pauses while a page is retried after a 429', async () => {
    fdic.inject({ status: 429, retryAfterSeconds: 1, when: (request) => request.path.endsWith('/institutions') && request.params.get('offset') === '20' });
    await app.request('/api/services/sync/institutions', { method: 'POST', token });
    const seen = new Set<string>();
    while ((await status()).status === 'running') {
      seen.add((await status()).message);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect([...seen]).to.include('FDIC BankFind is limiting our request rate (HTTP 429). Trying again in 1 s.');
    expect(await status()).to.include({ status: 'complete', progress: 135 });
  });

  it('shows no bank a new quarter until every page of it is stored, and completes it on resume', async () => {
    const knex = context.db.knex;
    await app.request('/api/services/sync/institutions', { method: 'POST', token });
    await sync().whenIdle();
    const newer = fdicTestData({ active: 45, inactive: 5, quarters: ['20251231', ...quarters] });
    fdic.set('financials', newer.financials);
    const inNewQuarter = (request: { path: string; params: URLSearchParams }) => request.path.endsWith('/financials') && request.params.get('filters') === 'REPDTE:20251231';
    fdic.inject({ status: 500, times: 4, when: (request) => inNewQuarter(request) && request.params.get('offset') === '20' });

    await app.request('/api/services/sync/institutions', { method: 'POST', token });
    await sync().whenIdle();
    const failed = await status();
    expect(failed.status).to.equal('error');
    expect(failed.progress).to.equal(65);
    expect(await knex('fdic_financials').where({ repdte: '20251231' }).count('* as n').first()).to.deep.equal({ n: 0 });
    expect(await knex('fdic_financials').max('repdte as newest').first()).to.deep.equal({ newest: '20250930' });
    expect((await knex('fdic_institutions').distinct('financials_repdte')).map((row) => row.financials_repdte)).to.deep.equal(['20250930']);

    const resumed = await app.request('/api/services/sync/institutions', { method: 'POST', token });
    expect(resumed.body).to.include({ status: 'running', progress: 45, message: 'Resuming the sync at 45 of 135 records.' });
    await sync().whenIdle();
    expect(await status()).to.include({ status: 'complete', progress: 135, total: 135 });
    expect(await knex('fdic_financials').where({ repdte: '20251231' }).count('* as n').first()).to.deep.equal({ n: 45 });
    expect((await knex('fdic_institutions').distinct('financials_repdte')).map((row) => row.financials_repdte)).to.deep.equal(['20251231']);
  });

  it('fails on an empty page in the middle of the institutions instead of taking the banks after it for closed', async () => {
    const knex = context.db.knex;
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'charterline-sync-'));
    // Every bank active in an earlier list: a list the sync completes would close those it leaves out.
    const earlier = path.join(folder, 'institutions_active_2024-03.csv');
    fs.writeFileSync(earlier, ['CERT,NAME,STNAME,ACTIVE', ...data.institutions.slice(0, 45).map((bank) => `${bank.CERT},${bank.NAME},Iowa,1`)].join('\n'));
    try {
      await importFile(knex, earlier);
      fdic.inject({
        rewrite: (answer) => ({ ...answer, body: JSON.stringify({ ...JSON.parse(answer.body), data: [] }) }),
        when: (request) => request.path.endsWith('/institutions') && request.params.get('offset') === '20',
      });
      await app.request('/api/services/sync/institutions', { method: 'POST', token });
      await sync().whenIdle();
      const failed = await status();
      expect(failed).to.include({ status: 'error', progress: 20 });
      expect(failed.message).to.match(/^FDIC BankFind sent an empty page of institutions at 20 of the 45 records it counts\./);
      expect(await knex('fdic_institutions').where({ active: true }).count('* as n').first()).to.deep.equal({ n: 45 });

      await app.request('/api/services/sync/institutions', { method: 'POST', token });
      await sync().whenIdle();
      expect(await status()).to.include({ status: 'complete', progress: 135, total: 135 });
      expect(await knex('fdic_institutions').where({ active: true }).count('* as n').first()).to.deep.equal({ n: 45 });
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('stores a value that comes as an object blank and says so, instead of failing on that page at every try', async () => {
    const objectRoa = (answer: { status: number; body: string }) => {
      const json = JSON.parse(answer.body);
      for (const item of json.data) item.data.ROA = { value: item.data.ROA };
      return { ...answer, body: JSON.stringify(json) };
    };
    fdic.inject({ rewrite: objectRoa, when: (request) => request.path.endsWith('/financials') && request.params.get('filters') === 'REPDTE:20250930' && request.params.get('offset') === '10' });
    await app.request('/api/services/sync/institutions', { method: 'POST', token });
    await sync().whenIdle();
    const final = await status();
    expect(final).to.include({ status: 'complete', progress: 135 });
    expect(final.message).to.match(/ 10 values that came as neither text nor a number were left blank: ROA \(10\)\.$/);
    const roas = await context.db.knex('fdic_financials').where({ repdte: '20250930' }).orderBy('cert').pluck('roa');
    expect(roas.filter((roa) => roa === null)).to.have.length(10);
    expect(roas.slice(0, 10).every((roa) => roa !== null)).to.equal(true);
  });

  it('takes the name a later sync of the same day gets, over an earlier run and a file of that day in either order', async () => {
    const knex = context.db.knex;
    const today = new Date().toISOString().slice(0, 10);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'charterline-sync-'));
    const sameDay = path.join(folder, `institutions_${today}.csv`);
    fs.writeFileSync(sameDay, 'CERT,NAME,CITY,STNAME,ACTIVE\n10000,Zebra Bank,Springfield,Iowa,1\n');
    const syncNamed = async (name: string) => {
      fdic.set('institutions', data.institutions.map((bank) => (bank.CERT === 10_000 ? { ...bank, NAME: name } : bank)));
      await app.request('/api/services/sync/institutions', { method: 'POST', token });
      await sync().whenIdle();
      expect(await status()).to.include({ status: 'complete' });
    };
    const name = async () => (await knex('fdic_institutions').where({ cert: 10_000 }).first()).name;
    try {
      await importFile(knex, sameDay);
      await syncNamed('Test Bank 1');
      expect(await name()).to.equal('Test Bank 1');
      // A name earlier in the alphabet: a tie would keep the greater one.
      await syncNamed('Aardvark Bank');
      expect(await name()).to.equal('Aardvark Bank');
      await importFile(knex, sameDay);
      expect(await name()).to.equal('Aardvark Bank');
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  describe('structure changes and failures', () => {
    const [acquirer, acquired, failed, assuming] = data.institutions;
    const day = (date: Date) => date.toISOString().slice(0, 10);
    const today = day(new Date());
    const since = (from: string) => `EFFDATE:["${from}" TO *] OR PROCDATE:["${from}" TO *]`;
    const pagesOf = (endpoint: string, requests: RecordedRequest[] = fdic.requests) =>
      requests.filter((request) => request.path.endsWith(`/${endpoint}`) && request.params.has('offset'));
    // Long before any quarter synced: no run fetches it.
    const oldMerger = fdicMerger(data.institutions[5], data.institutions[6], '2010-03-01');
    const oldFailure = fdicFailure({ CERT: 5001, NAME: 'Old Failed Bank' }, '2010-05-07', 3900);
    const runSync = async () => {
      await app.request('/api/services/sync/institutions', { method: 'POST', token });
      await sync().whenIdle();
    };

    it('stores a merger and a failure so that the acquired and the failed bank name their acquirer and day', async () => {
      const knex = context.db.knex;
      fdic.set('history', oldMerger);
      fdic.set('failures', [oldFailure]);
      await runSync();
      expect(await status()).to.include({ status: 'complete', progress: 136, total: 136 });
      expect(await knex('fdic_history').count('* as n').first()).to.deep.equal({ n: 0 });

      // Later that day the FDIC lists both banks inactive, and posts the merger and the failure weeks after they took effect.
      fdic.set('institutions', data.institutions.map((bank) => (bank === acquired || bank === failed ? { ...bank, ACTIVE: 0 } : bank)));
      fdic.set('history', [...oldMerger, ...fdicMerger(acquired, acquirer, '2025-08-15', today), ...fdicMerger(failed, assuming, '2025-09-12', today)]);
      fdic.set('failures', [oldFailure, fdicFailure(failed, '2025-09-12', 4200)]);
      await runSync();
      const final = await status();
      expect(final).to.include({ status: 'complete', progress: 139, total: 139 });
      expect(final.message).to.match(/^Synced 43 active institutions, 4 structure changes, 2 failures and 90 quarterly reports /);

      expect(await bankClosure(knex, Number(acquired.CERT))).to.deep.equal({ kind: 'acquired', date: '2025-08-15', acquirer: 'Test Bank 1' });
      expect(await bankClosure(knex, Number(failed.CERT))).to.deep.equal({ kind: 'failed', date: '2025-09-12', acquirer: 'Test Bank 4' });
      expect(await bankClosure(knex, Number(acquirer.CERT))).to.equal(null);
      // As an import of the failures file stores it: money in dollars, stamped by its closing day.
      const failure = await knex('fdic_failures').where({ id: `${failed.CERT}-2025-09-12` }).first();
      expect(failure).to.include({ cert: failed.CERT, name: 'TEST BANK 3', assets: 120_000_000, estimated_loss: 9_500_000 });
      expect(failure.as_of).to.include({ assets: '120250912' });
      expect(await knex('fdic_institutions').where({ cert: 5001 }).first()).to.include({ name: 'OLD FAILED BANK', active: false });
    });

    it('fetches structure changes since its oldest quarter began on the first run, then since 30 days before the last run began', async () => {
      await runSync();
      expect(pagesOf('history').map((request) => request.params.get('filters'))).to.deep.equal([since('2025-04-01')]);
      expect(pagesOf('failures').map((request) => request.params.get('filters'))).to.deep.equal([null]);
      const began = (await context.db.knex('sync_runs').first('started_at')).started_at as Date;

      const before = fdic.requests.length;
      await runSync();
      expect(await status()).to.include({ status: 'complete' });
      const from = day(new Date(began.getTime() - 30 * 86_400_000));
      expect(pagesOf('history', fdic.requests.slice(before)).map((request) => request.params.get('filters'))).to.deep.equal([since(from)]);
    });

    it('resumes a run stopped after the structure changes without fetching them again', async () => {
      const knex = context.db.knex;
      const recent = data.institutions.slice(10, 16).flatMap((bank, index) => fdicMerger(bank, acquirer, `2025-07-${10 + index}`));
      fdic.set('history', recent);
      fdic.set('failures', [oldFailure]);
      fdic.inject({ status: 500, times: 4, when: (request) => request.path.endsWith('/failures') && request.params.get('offset') === '0' });
      await runSync();
      const failed = await status();
      expect(failed.status).to.equal('error');
      expect(failed.message).to.match(/ Start the sync again to continue from 57 of 148 records\.$/);
      expect(await knex('fdic_history').count('* as n').first()).to.deep.equal({ n: 12 });

      const before = fdic.requests.length;
      await runSync();
      expect(await status()).to.include({ status: 'complete', progress: 148, total: 148 });
      expect(pagesOf('history', fdic.requests.slice(before))).to.deep.equal([]);
      expect(pagesOf('failures', fdic.requests.slice(before))).to.have.length(1);
    });

    it('says how far it is through the structure changes while it fetches them', async () => {
      fdic.set('history', data.institutions.slice(10, 16).flatMap((bank, index) => fdicMerger(bank, acquirer, `2025-07-${10 + index}`)));
      let release!: () => void;
      fdic.inject({ holdUntil: new Promise<void>((resolve) => (release = resolve)), when: (request) => request.path.endsWith('/history') && request.params.get('offset') === '10' });
      await app.request('/api/services/sync/institutions', { method: 'POST', token });
      let held = await status();
      for (let tries = 0; held.message !== 'Syncing structure changes: 10 of 12.' && tries < 200; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        held = await status();
      }
      release();
      expect(held).to.include({ status: 'running', progress: 55, total: 147, message: 'Syncing structure changes: 10 of 12.' });
      await sync().whenIdle();
      expect(await status()).to.include({ status: 'complete', progress: 147, total: 147 });
    });

    it('skips a structure change it cannot read, saying which and why, and stores the others', async () => {
      const [unreadable, ...readable] = [acquired, ...data.institutions.slice(10, 12)].flatMap((bank) => fdicMerger(bank, acquirer, '2025-08-15'));
      fdic.set('history', [{ ...unreadable, EFFDATE: 'soon' }, ...readable]);
      await runSync();
      const done = await status();
      expect(done.status).to.equal('complete');
      expect(done.message).to.match(/ 1 record was skipped because a field could not be read \(history record \d, EFFDATE: Expected a date\)\./);
      const stored = await context.db.knex('fdic_history').pluck('id');
      expect(stored).to.have.members([...new Set(readable.map((record) => record.ID))]);
    });
  });

  it('fetches the community profile of every CBSA and CSA in use', async () => {
    await app.request('/api/services/sync/institutions', { method: 'POST', token });
    await sync().whenIdle();
    census.inject({ status: 429, retryAfterSeconds: 0 });
    const response = await app.request('/api/services/census/sync-all', { method: 'POST', token });
    expect(response.status).to.equal(200);
    expect(response.body).to.include({ status: 'complete', progress: 2, total: 2 });
    const profiles = await context.db.knex('census_profiles').orderBy('kind');
    expect(profiles.map((row) => [row.kind, row.code, row.median_household_income])).to.deep.equal([
      ['cbsa', '10180', 60340],
      ['csa', '104', 78000],
    ]);

    // As if the process had died mid-run: a Census run counts areas, not records.
    await context.db.knex('sync_runs').where({ kind: 'census' }).update({ status: 'running', progress: 1 });
    expect((await sync().status('census')).message).to.equal('The sync stopped unexpectedly at 1 of 2 areas; start it again to sync from the beginning.');
  });
});
