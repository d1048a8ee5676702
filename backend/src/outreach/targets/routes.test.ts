import Router from '@koa/router';
import { expect } from 'chai';
import { importAcquisition, importActiveBanks } from '../../../../test/support/bank-changes.ts';
import { describeWithDatabase } from '../../../../test/support/database.ts';
import { withOutreachApp, type TestApp } from '../../../../test/support/app.ts';
import type { Feature } from '../../services.ts';
import { outreachFeature } from '../feature.ts';

/** Stands in for the credit box router, mounted after ours, to prove our routes leave its path alone. */
const creditBoxStandIn: Feature = {
  name: 'credit-box-stand-in',
  routes: () => new Router({ prefix: '/api/data/banks' }).post('/credit-box-search', (ctx) => {
    ctx.body = { banks: [], total: 0, servedBy: 'credit box' };
  }),
};

const bank = {
  cert: 628,
  name: 'First Example Bank',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  address: '1 Main St',
  website: 'www.example.com',
  regulator: 'OCC',
  assets: 1_250_000_000,
  deposits: 1_000_000_000,
  roa: 1.12,
  nplRatio: 0.45,
  tier1CapitalRatio: 12.5,
  loans_re_gross: 400_000_000,
};

describeWithDatabase('tracked banks API', (context) => {
  let app: TestApp;
  let token: string;
  let otherToken: string;
  withOutreachApp(context, (started) => ({ app, token, otherToken } = started), { features: [outreachFeature, creditBoxStandIn] });

  const track = (body: unknown, auth = token) => app.request('/api/data/banks', { method: 'POST', token: auth, body });
  const get = (cert: number, auth = token) => app.request(`/api/data/banks/${cert}`, { token: auth });
  const put = (path: string, body: unknown, auth = token) => app.request(`/api/data/banks/${path}`, { method: 'PUT', token: auth, body });

  it('tracks a bank as a target with its snapshot, answering it with id = cert, a version and an ETag', async () => {
    const response = await track(bank);
    expect(response.status).to.equal(201);
    expect(response.body).to.include({ id: 628, cert: 628, name: 'First Example Bank', city: 'Springfield', isTarget: true, notes: '', version: 1 });
    expect(response.body).to.include({ assets: 1_250_000_000, roa: 1.12, regulator: 'OCC', loans_re_gross: 400_000_000, linkedinCompanyUrl: null });
    expect(response.body.tags).to.deep.equal([]);
    expect(response.body.targetedAt).to.match(/^\d{4}-\d{2}-\d{2}T/);
    expect(response.headers.get('etag')).to.equal('W/"1"');
    expect((await get(628)).body).to.deep.equal(response.body);
  });

  it('refuses a bank without a usable name with the spec message', async () => {
    for (const name of [undefined, '  ', 'Unknown Bank']) {
      const response = await track({ cert: 700, name });
      expect(response.status).to.equal(400);
      expect(response.body.message).to.equal('name: Failed to fetch essential institutional details, which includes the bank name.');
    }
    expect((await get(700)).status).to.equal(404);
  });

  it('refuses figures that are not numbers, a missing cert and unknown fields with 400, naming the field', async () => {
    const text = await track({ ...bank, cert: 701, assets: '1,000' });
    expect(text.status).to.equal(400);
    expect(text.body.message).to.equal('assets: assets must be a number or null.');
    expect((await track({ name: 'No Cert Bank' })).body.message).to.match(/^cert: Bank \(cert\) must be a number\./);
    expect((await track({ ...bank, cert: 701, favouriteColour: 'blue' })).body.message).to.match(/favouriteColour/);
    expect((await track({ ...bank, cert: 701, linkedinCompanyUrl: 'not a url' })).body.message).to.equal(
      'linkedinCompanyUrl: The provided LinkedIn URL is not valid.',
    );
  });

  it("refuses a figure beyond any bank's with 400 on the field; a loss stays negative", async () => {
    await track({ ...bank, cert: 704 });
    for (const [field, value, message] of [
      ['deposits', 1e300, 'deposits must be at most 1,000,000,000,000,000.'],
      ['netIncome', -1e300, 'netIncome must be at least -1,000,000,000,000,000.'],
    ] as const) {
      const tracked = await track({ ...bank, cert: 703, [field]: value });
      expect(tracked.status, field).to.equal(400);
      expect(tracked.body.issues, field).to.deep.equal([{ path: field, message }]);
      expect((await put('704/financials', { [field]: value })).body.issues, field).to.deep.equal([{ path: field, message }]);
    }
    const loss = await track({ ...bank, cert: 703, netIncome: -2_500_000, roa: -0.4, provisionForLoanLosses: -100_000 });
    expect(loss.status, loss.text).to.equal(201);
    expect(loss.body).to.include({ netIncome: -2_500_000, roa: -0.4, provisionForLoanLosses: -100_000 });
  });

  it('accepts the full bank record the screens send back: null figures kept, server fields ignored', async () => {
    const response = await track({ ...bank, cert: 702, id: 702, roe: null, isTarget: false, matchScore: 88, rawData: { CERT: 702 }, createdAt: 'x' });
    expect(response.status).to.equal(201);
    expect(response.body).to.include({ isTarget: true, roe: null });
    expect(response.body).not.to.have.property('matchScore');
    expect(response.body).not.to.have.property('rawData');
  });

  it('leaves POST /api/data/banks/credit-box-search to the credit box router', async () => {
    const response = await app.request('/api/data/banks/credit-box-search', { method: 'POST', token, body: { criteria: {}, page: 1, limit: 12 } });
    expect(response.status).to.equal(200);
    expect(response.body.servedBy).to.equal('credit box');
  });

  it('un-targets with DELETE, keeping notes and tags; re-posting re-targets it and refreshes the snapshot', async () => {
    await track({ ...bank, cert: 703 });
    await put('703/notes', { notes: 'Met the CFO' });
    await put('703/tags', { tags: [' CRE ', 'cre', 'Q1', ''] });
    const untargeted = await app.request('/api/data/banks/703', { method: 'DELETE', token });
    expect(untargeted.status).to.equal(200);
    expect(untargeted.body).to.include({ id: 703, isTarget: false, notes: 'Met the CFO' });
    expect(untargeted.body.tags).to.deep.equal(['CRE', 'Q1']);
    const retargeted = await track({ ...bank, cert: 703, assets: 2_000_000_000 });
    expect(retargeted.status).to.be.oneOf([200, 201]);
    expect(retargeted.body).to.include({ isTarget: true, notes: 'Met the CFO', assets: 2_000_000_000, roa: 1.12 });
    expect(retargeted.body.tags).to.deep.equal(['CRE', 'Q1']);
  });

  it('refuses to un-target a bank that is not tracked, with the spec message', async () => {
    const response = await app.request('/api/data/banks/99999', { method: 'DELETE', token });
    expect(response.status).to.equal(404);
    expect(response.body.message).to.equal('Cannot untarget a bank that is not tracked locally.');
  });

  it('lists only the user\'s tracked banks, newest first, with Content-Range and the isTarget and q filters', async () => {
    await track({ ...bank, cert: 800, name: 'Prairie State Bank' });
    await track({ ...bank, cert: 801, name: 'Harbor Savings' });
    await app.request('/api/data/banks/801', { method: 'DELETE', token });
    await track({ ...bank, cert: 802, name: 'Theirs Bank' }, otherToken);

    const all = await app.request('/api/data/banks?range=[0,1]', { token });
    expect(all.body.map((row: { cert: number }) => row.cert)).to.deep.equal([801, 800]);
    expect(all.headers.get('content-range')).to.match(/^banks 0-1\/\d+$/);
    const total = Number(all.headers.get('content-range')!.split('/')[1]);
    const everything = await app.request(`/api/data/banks?range=[0,${total - 1}]`, { token });
    expect(everything.body.map((row: { cert: number }) => row.cert)).not.to.include(802);

    const targets = await app.request(`/api/data/banks?filter=${encodeURIComponent('{"isTarget":false}')}`, { token });
    expect(targets.body.map((row: { cert: number }) => row.cert)).to.include(801).and.not.include(800);
    const search = await app.request(`/api/data/banks?filter=${encodeURIComponent('{"q":"prairie"}')}`, { token });
    expect(search.body.map((row: { cert: number }) => row.cert)).to.deep.equal([800]);
    // spaces typed twice, or around the words, still find the name written with single spaces
    const spaced = await app.request(`/api/data/banks?filter=${encodeURIComponent('{"q":"  PRAIRIE  \\tstate "}')}`, { token });
    expect(spaced.body.map((row: { cert: number }) => row.cert)).to.deep.equal([800]);
    const theirs = await app.request(`/api/data/banks?filter=${encodeURIComponent('{"q":"Theirs"}')}`, { token });
    expect(theirs.body).to.deep.equal([]);
  });

  it('sorts by total assets, largest first or last, a bank without the figure after the others', async () => {
    await track({ ...bank, cert: 810, name: 'Small Bank', assets: 90_000_000 });
    await track({ ...bank, cert: 811, name: 'Large Bank', assets: 9_000_000_000 });
    await track({ ...bank, cert: 812, name: 'Unreported Bank', assets: null });
    const certs = async (order: string) => {
      const response = await app.request(`/api/data/banks?sort=["assets","${order}"]&range=[0,99]`, { token });
      expect(response.status).to.equal(200);
      return response.body.map((row: { cert: number }) => row.cert).filter((cert: number) => cert >= 810 && cert <= 812);
    };
    expect(await certs('DESC')).to.deep.equal([811, 810, 812]);
    expect(await certs('ASC')).to.deep.equal([810, 811, 812]);
  });

  it('lets two users track the same bank independently', async () => {
    await track({ ...bank, cert: 900 });
    const theirs = await track({ ...bank, cert: 900, name: 'First Example Bank, N.A.' }, otherToken);
    expect(theirs.status).to.equal(201);
    await put('900/notes', { notes: 'Mine' });
    expect((await get(900)).body).to.include({ name: 'First Example Bank', notes: 'Mine' });
    expect((await get(900, otherToken)).body).to.include({ name: 'First Example Bank, N.A.', notes: '' });
  });

  it("answers 404 for another user's tracked bank and never lets them change it", async () => {
    await track({ ...bank, cert: 901 });
    expect((await get(901, otherToken)).status).to.equal(404);
    expect((await put('901', { notes: 'Hijacked' }, otherToken)).status).to.equal(404);
    expect((await put('901/notes', { notes: 'Hijacked' }, otherToken)).status).to.equal(404);
    expect((await put('901/linkedin-company-url', { linkedinCompanyUrl: 'linkedin.com/company/x' }, otherToken)).status).to.equal(404);
    expect((await app.request('/api/data/banks/901/tracking', { method: 'DELETE', token: otherToken })).status).to.equal(404);
    expect((await app.request('/api/data/banks/901/history', { token: otherToken })).status).to.equal(404);
    expect((await get(901)).body).to.include({ notes: '', version: 1 });
  });

  it('updates from a whole record, appending events only for what changed; saving notes re-targets by default', async () => {
    const created = (await track({ ...bank, cert: 902 })).body;
    await app.request('/api/data/banks/902', { method: 'DELETE', token });
    const current = (await get(902)).body;
    const { isTarget: _dropped, ...withoutTarget } = current;
    const updated = await put('902', { ...withoutTarget, notes: 'Follow up in Q1', roa: 1.3, website: 'example.org' });
    expect(updated.status, updated.text).to.equal(200);
    expect(updated.body).to.include({ notes: 'Follow up in Q1', roa: 1.3, website: 'example.org', isTarget: true, version: 5 });
    const unchanged = await put('902', updated.body);
    expect(unchanged.body.version).to.equal(5);
    const history = await app.request('/api/data/banks/902/history', { token });
    expect(history.body.map((entry: { type: string }) => entry.type)).to.deep.equal([
      'BankTracked', 'BankUntargeted', 'BankSnapshotRefreshed', 'BankNotesChanged', 'BankTargeted',
    ]);
    const changed = history.body[2].changes.map(({ field, to }: { field: string; to: unknown }) => ({ field, to }));
    expect(changed).to.deep.equal([{ field: 'website', to: 'example.org' }, { field: 'financials.roa', to: 1.3 }]);
    expect(created.createdAt).to.equal(updated.body.createdAt);
    const invalidName = await put('902', { name: 'Unknown Bank' });
    expect(invalidName.status).to.equal(400);
    expect(invalidName.body.message).to.match(/Failed to fetch essential institutional details/);
  });

  it('saves notes without re-targeting when told so, and validates the explicit routes', async () => {
    await track({ ...bank, cert: 903 });
    await app.request('/api/data/banks/903', { method: 'DELETE', token });
    const notes = await put('903/notes', { notes: 'Not now', isTarget: false });
    expect(notes.body).to.include({ notes: 'Not now', isTarget: false });
    expect((await put('903/notes', {})).body.message).to.equal('notes: Notes must be text.');
    expect((await put('903/tags', { tags: 'CRE' })).status).to.equal(400);
    expect((await put('903/target', { isTarget: 'yes' })).body.message).to.equal('isTarget: isTarget must be true or false.');
    const target = await put('903/target', { isTarget: true });
    expect(target.body.isTarget).to.equal(true);
  });

  it('refuses notes over 20,000 characters on the Notes field, the limit written as people write it', async () => {
    await track({ ...bank, cert: 904 });
    const refused = await put('904/notes', { notes: 'n'.repeat(20_001) });
    expect(refused.status).to.equal(400);
    expect(refused.body.issues).to.deep.equal([{ path: 'notes', message: 'Notes can be at most 20,000 characters.' }]);
  });

  it('sets, normalises and clears the LinkedIn company URL', async () => {
    await track({ ...bank, cert: 904 });
    const set = await put('904/linkedin-company-url', { linkedinCompanyUrl: 'www.linkedin.com/company/first-example' });
    expect(set.status).to.equal(200);
    expect(set.body.linkedinCompanyUrl).to.equal('https://www.linkedin.com/company/first-example');
    const elsewhere = await put('904/linkedin-company-url', { linkedinCompanyUrl: 'https://linkedin.com.evil.example/company/x' });
    expect(elsewhere.body.message).to.equal('linkedinCompanyUrl: The provided LinkedIn URL is not valid.');
    // a person's profile is on LinkedIn but is not the bank's page
    const person = await put('904/linkedin-company-url', { linkedinCompanyUrl: 'https://www.linkedin.com/in/person' });
    expect(person.status).to.equal(400);
    expect(person.body.issues).to.deep.equal([
      { path: 'linkedinCompanyUrl', message: "This is not a LinkedIn company page: use the address of the bank's page, like https://www.linkedin.com/company/first-example." },
    ]);
    expect((await put('904/linkedin-company-url', { linkedinCompanyUrl: 'linkedin.com/showcase/first-example-wealth' })).status).to.equal(200);
    const invalid = await put('904/linkedin-company-url', { linkedinCompanyUrl: 'first example bank' });
    expect(invalid.status).to.equal(400);
    expect(invalid.body.message).to.equal('linkedinCompanyUrl: The provided LinkedIn URL is not valid.');
    expect((await put('904/linkedin-company-url', {})).body.message).to.match(/linkedinCompanyUrl is required/);
    const cleared = await put('904/linkedin-company-url', { linkedinCompanyUrl: '' });
    expect(cleared.body).to.include({ linkedinCompanyUrl: null, version: 4 });
  });

  it('refreshes the financial snapshot from a detailed lookup, leaving notes and tags alone', async () => {
    await track({ ...bank, cert: 905 });
    await put('905/notes', { notes: 'Keep me' });
    const refreshed = await put('905/financials', { ...bank, cert: 905, notes: 'ignored here', thirtyNinetyPD: 3_500_000, ninetyPlusPD: 1_200_000 });
    expect(refreshed.status).to.equal(200);
    expect(refreshed.body).to.include({ thirtyNinetyPD: 3_500_000, ninetyPlusPD: 1_200_000, assets: 1_250_000_000, notes: 'Keep me', version: 3 });
    expect((await put('905/financials', { roa: 'high' })).body.message).to.equal('roa: roa must be a number or null.');
  });

  it('stops tracking a bank: gone from the list and lookups, history kept; re-adding keeps notes and tags', async () => {
    await track({ ...bank, cert: 906 });
    await put('906/notes', { notes: 'Remember me' });
    await put('906/tags', { tags: ['CRE'] });
    const removed = await app.request('/api/data/banks/906/tracking', { method: 'DELETE', token });
    expect(removed.status).to.equal(200);
    expect(removed.body).to.include({ cert: 906, notes: 'Remember me' });
    expect((await get(906)).status).to.equal(404);
    const list = await app.request(`/api/data/banks?filter=${encodeURIComponent('{"id":[906]}')}`, { token });
    expect(list.body).to.deep.equal([]);
    const again = await track({ ...bank, cert: 906 });
    expect(again.body).to.include({ notes: 'Remember me', isTarget: true, version: 5 });
    expect(again.body.tags).to.deep.equal(['CRE']);
    const activity = await app.request(`/api/data/activity?filter=${encodeURIComponent(JSON.stringify({ resource: 'banks', recordId: '906' }))}`, { token });
    expect(activity.body.map((row: { summary: string }) => row.summary)).to.deep.equal([
      'Added "First Example Bank" to targets',
      'Stopped tracking bank',
      'Set tags to CRE',
      'Updated notes to "Remember me"',
      'Added "First Example Bank" to targets',
    ]);
  });

  it('refuses a stale If-Match with 412', async () => {
    await track({ ...bank, cert: 907 });
    const stale = await app.request('/api/data/banks/907/notes', { method: 'PUT', token, body: { notes: 'x' }, headers: { 'if-match': 'W/"4"' } });
    expect(stale.status).to.equal(412);
  });

  it('tells that a tracked bank was acquired once the regulator data says so, on the card and the record', async () => {
    const small = { cert: 8801, name: 'Small Town Bank' };
    const big = { cert: 8802, name: 'Big Bank' };
    await importActiveBanks(context.db.knex, [small, big]);
    await track({ ...bank, ...small });
    expect((await get(small.cert)).body.closure).to.equal(null);

    await importAcquisition(context.db.knex, small, big);
    const acquired = { kind: 'acquired', date: '2026-06-15', acquirer: 'Big Bank' };
    expect((await get(small.cert)).body.closure).to.deep.equal(acquired);
    const list = await app.request(`/api/data/banks?filter=${encodeURIComponent('{"id":[8801]}')}`, { token });
    expect(list.body.map((row: { closure: unknown }) => row.closure)).to.deep.equal([acquired]);
  });
});
