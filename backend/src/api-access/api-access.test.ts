import { expect } from 'chai';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { loadDemoData } from '../regulator/demo/load.ts';
import { largestCert } from '../../../domain/cert.ts';

describeWithDatabase('API keys and the public API', (context) => {
  let app: TestApp;
  let token: string;
  let otherToken: string;
  let certs: number[];
  before(async () => {
    await loadDemoData(context.db.knex, { banks: 6 });
    certs = (await context.db.knex('fdic_institutions').orderBy('cert').limit(3).select('cert')).map((row: { cert: number }) => row.cert);
    app = await startTestApp(context.db, { config: { publicApiRequestsPerMinute: 5 } });
    token = (await app.signUp('Owner')).token;
    otherToken = (await app.signUp('Someone Else')).token;
    for (const cert of certs.slice(0, 2)) await app.request('/api/data/banks', { method: 'POST', token, body: { cert, name: `Target ${cert}` } });
    await app.request('/api/data/banks', { method: 'POST', token: otherToken, body: { cert: certs[2], name: 'Theirs' } });
  });
  after(async () => app.stop());

  const createKey = async (name: string, auth = token) => app.request('/api/data/api-keys', { method: 'POST', token: auth, body: { name } });
  const publicGet = (path: string, key?: string, headers: Record<string, string> = {}) => app.request(`/api/public${path}`, { headers: { ...headers, ...(key ? { 'X-API-Key': key } : {}) } });

  it('creates a key shown in full once, lists it by preview only, and deletes it', async () => {
    const created = await createKey('  CRM sync  ');
    expect(created.status).to.equal(201);
    expect(created.body).to.include({ name: 'CRM sync', lastUsedAt: null });
    expect(created.body.key).to.match(/^chl_[A-Za-z0-9_-]{43}$/);
    expect(created.body.keyPreview).to.equal(`chl_••••${created.body.key.slice(-4)}`);
    const list = await app.request('/api/data/api-keys', { token });
    expect(list.body).to.deep.equal([{ id: created.body.id, name: 'CRM sync', keyPreview: created.body.keyPreview, createdAt: created.body.createdAt, lastUsedAt: null }]);
    expect(JSON.stringify(list.body)).not.to.contain(created.body.key);
    const stored = await context.db.knex('api_keys').where({ id: created.body.id }).first();
    expect(stored.key_hash).to.have.length(64).and.not.to.equal(created.body.key);

    expect((await app.request(`/api/data/api-keys/${created.body.id}`, { method: 'DELETE', token: otherToken })).status).to.equal(404);
    expect((await app.request(`/api/data/api-keys/${created.body.id}`, { method: 'DELETE', token })).body).to.deep.equal({ id: created.body.id });
    expect((await app.request('/api/data/api-keys', { token })).body).to.deep.equal([]);
    const refused = await publicGet('/banks', created.body.key);
    expect(refused.status).to.equal(401);
    expect(refused.body.message).to.equal('Unknown API key: it may have been deleted in Settings, API Access. Create a new key there.');
  });

  it('refuses a key without a name with 400', async () => {
    expect((await createKey(' ')).body.message).to.equal('name: API key name is required.');
    expect((await app.request('/api/data/api-keys', { method: 'POST', token, body: {} })).status).to.equal(400);
  });

  it("answers only the key owner's targets, as bank objects with money in dollars, and records the key's use", async () => {
    const key = (await createKey('Reporting')).body;
    const list = await publicGet('/banks', key.key);
    expect(list.status).to.equal(200);
    expect(list.body.meta).to.deep.equal({ page: 1, limit: 25, total: 2, next: null });
    expect(list.body.data.map((bank: { cert: number }) => bank.cert).sort()).to.deep.equal(certs.slice(0, 2).sort());
    const institution = await context.db.knex('fdic_institutions').where({ cert: certs[0] }).first();
    const one = await publicGet(`/banks/${certs[0]}`, key.key);
    expect(Object.keys(one.body.data)).to.deep.equal(['id', 'cert', 'name', 'city', 'state', 'zip', 'address', 'website', 'assets', 'deposits', 'officeCount', 'regulator', 'roa', 'nplRatio', 'netInterestMargin']);
    expect(one.body.data).to.include({ id: certs[0], cert: certs[0], name: institution.name, officeCount: institution.offices });
    expect(one.body.data.assets).to.be.greaterThan(1_000_000);
    const untracked = await publicGet(`/banks/${certs[2]}`, key.key);
    expect(untracked.status).to.equal(404);
    expect(untracked.body.message).to.equal(`Bank ${certs[2]} is not one of your targets.`);
    const listed = (await app.request('/api/data/api-keys', { token })).body.find((entry: { id: string }) => entry.id === key.id);
    expect(listed.lastUsedAt).to.be.a('string');
  });

  it('forbids caches to keep any answer given to a key, as a shared cache keys only by URL', async () => {
    const key = (await createKey('Behind a proxy')).body.key;
    const answers = [await publicGet('/banks', key), await publicGet(`/banks/${certs[0]}`, key), await publicGet(`/banks/${certs[2]}`, key), await publicGet('/banks')];
    expect(answers.map((answer) => answer.status)).to.deep.equal([200, 200, 404, 401]);
    for (const answer of answers) expect(answer.headers.get('cache-control')).to.equal('no-store');
    // The same answer again, now from the server's own cache.
    expect((await publicGet('/banks', key)).headers.get('cache-control')).to.equal('no-store');
  });

  it('refuses a cert that is not a whole number from 1 with 400 problem details naming cert', async () => {
    // A key each: one key may send 5 requests a minute here.
    const key = (await createKey('Typo')).body.key;
    for (const cert of ['abc', '1.5', '-1', '0', '1e3', '0x10', '99999999999']) {
      const refused = await publicGet(`/banks/${cert}`, (await createKey(`Typo ${cert}`)).body.key);
      expect(refused.status, cert).to.equal(400);
      expect(refused.headers.get('content-type')).to.match(/^application\/problem\+json/);
      expect(refused.body.message).to.equal("cert: cert must be a whole number from 1 to 2147483647 (the bank's FDIC certificate number).");
      expect(refused.body.issues).to.deep.equal([{ path: 'cert', message: "cert must be a whole number from 1 to 2147483647 (the bank's FDIC certificate number)." }]);
    }
    expect((await publicGet(`/banks/${certs[0]}`, key)).status).to.equal(200);
  });

  it('takes a query parameter sent empty as one not sent', async () => {
    const key = (await createKey('Template')).body.key;
    const answer = await publicGet('/banks?page=&limit=&after=', key);
    expect(answer.status).to.equal(200);
    expect(answer.body.meta).to.deep.equal({ page: 1, limit: 25, total: 2, next: null });
    expect((await publicGet('/banks?page=&limit=1', key)).body.meta).to.include({ page: 1, limit: 1 });
  });

  it('pages with page and limit (limit at most 100), and refuses bad values with 400', async () => {
    const key = (await createKey('Paging')).body.key;
    expect((await publicGet('/banks?page=2&limit=1', key)).body).to.deep.include({ meta: { page: 2, limit: 1, total: 2, next: null } });
    expect((await publicGet('/banks?limit=101', key)).body.message).to.equal('limit: limit must be a whole number from 1 to 100, written in plain digits (like 25).');
    expect((await publicGet('/banks?page=0', key)).status).to.equal(400);
  });

  it('refuses a page or limit not written in plain decimal digits (hex, exponent, decimal point, spaces), and says so', async () => {
    // A key answers 5 requests a minute: a fresh key for each.
    const freshKey = async () => (await createKey('Loose numbers')).body.key;
    for (const limit of ['0x10', '1e1', '5.0', '%2010', '-1', '+2']) {
      const refused = await publicGet(`/banks?limit=${limit}`, await freshKey());
      expect(refused.status, limit).to.equal(400);
      expect(refused.body.issues, limit).to.deep.equal([{ path: 'limit', message: 'limit must be a whole number from 1 to 100, written in plain digits (like 25).' }]);
    }
    const key = await freshKey();
    const page = await publicGet('/banks?page=0x1', key);
    expect(page.status).to.equal(400);
    expect(page.body.message).to.equal('page: page must be a whole number from 1, written in plain digits (like 2).');
    expect((await publicGet('/banks?page=01&limit=010', key)).body.meta).to.include({ page: 1, limit: 10 });
    const { parameters } = (await publicGet('/openapi.json')).body.paths['/api/public/banks'].get;
    const schemaOf = (name: string) => parameters.find((parameter: { name: string }) => parameter.name === name).schema;
    expect(schemaOf('page')).to.include({ type: 'integer', minimum: 1, default: 1 });
    expect(schemaOf('limit')).to.deep.equal({ type: 'integer', minimum: 1, maximum: 100, default: 25 });
  });

  it('refuses an after whose moment is in year 0000 or missing from the calendar with 400, as one not sent by an earlier page', async () => {
    for (const moment of ['0000-01-01T00:00:00.000000Z', '2026-02-30T00:00:00.000000Z']) {
      const after = Buffer.from(JSON.stringify([moment, 1])).toString('base64url');
      const refused = await publicGet(`/banks?after=${after}`, (await createKey(`Forged ${moment}`)).body.key);
      expect(refused.status, moment).to.equal(400);
      expect(refused.body.message).to.equal('after: after must be the meta.next of an earlier page, as it was sent.');
    }
  });

  it('refuses an after whose bank is no certificate number (beyond the largest, a fraction) with 400, not a failed query', async () => {
    const key = (await createKey('Forged cert')).body.key;
    for (const cert of [largestCert + 1, 99_999_999_999, 1.5]) {
      const after = Buffer.from(JSON.stringify(['2026-01-02T03:04:05.000000Z', cert])).toString('base64url');
      const refused = await publicGet(`/banks?after=${after}`, key);
      expect(refused.status, String(cert)).to.equal(400);
      expect(refused.body.message).to.equal('after: after must be the meta.next of an earlier page, as it was sent.');
    }
    const largest = Buffer.from(JSON.stringify(['2026-01-02T03:04:05.000000Z', largestCert])).toString('base64url');
    expect((await publicGet(`/banks?after=${largest}`, key)).status).to.equal(200);
  });

  it('reads every target once with after, while targets are removed and added between pages', async () => {
    const reader = await app.signUp('Paging reader');
    const allCerts = (await context.db.knex('fdic_institutions').orderBy('cert').select('cert')).map((row: { cert: number }) => row.cert);
    for (const cert of allCerts.slice(0, 5)) await app.request('/api/data/banks', { method: 'POST', token: reader.token, body: { cert, name: `Target ${cert}` } });
    const key = (await createKey('Sync', reader.token)).body.key;
    const certsOf = (answer: { body: { data: Array<{ cert: number }> } }) => answer.body.data.map((bank) => bank.cert);
    const before = certsOf(await publicGet('/banks?limit=100', key));

    const first = await publicGet('/banks?limit=2', key);
    expect(first.body.meta).to.include({ page: 1, total: 5 }).and.to.have.property('next').that.is.a('string');
    // A bank already read stops being a target: a page number would now skip the bank after the first page.
    await app.request(`/api/data/banks/${certsOf(first)[0]}`, { method: 'DELETE', token: reader.token });
    const second = await publicGet(`/banks?limit=2&after=${first.body.meta.next}`, key);
    expect(second.body.meta).to.include({ page: null, total: 4 });
    // A new target goes first in the list: a page number would now read a bank of the second page again.
    await app.request('/api/data/banks', { method: 'POST', token: reader.token, body: { cert: allCerts[5], name: 'Newest' } });
    const third = await publicGet(`/banks?limit=2&after=${second.body.meta.next}`, key);
    expect(third.body.meta.next).to.equal(null);
    expect([...certsOf(first), ...certsOf(second), ...certsOf(third)]).to.deep.equal(before);
  });

  it('refuses an after it did not send, or with page, with 400', async () => {
    const key = (await createKey('Cursor')).body.key;
    const forged = await publicGet(`/banks?after=${Buffer.from('["yesterday", 1]').toString('base64url')}`, key);
    expect(forged.status).to.equal(400);
    expect(forged.body.message).to.equal('after: after must be the meta.next of an earlier page, as it was sent.');
    expect((await publicGet('/banks?after=%F0%9F%8F%A6', key)).status).to.equal(400);
    const next = (await publicGet('/banks?limit=1', key)).body.meta.next;
    expect((await publicGet(`/banks?limit=1&after=${next}`, key)).status).to.equal(200);
    expect((await publicGet(`/banks?page=2&after=${next}`, key)).body.message).to.equal('after: send page or after, not both: after already says where the page starts.');
  });

  it('answers 401 for a missing or unknown key, and 429 with Retry-After past the per-key rate', async () => {
    expect((await publicGet('/banks')).body.message).to.equal('Missing API key: send it in the X-API-Key header.');
    expect((await publicGet('/banks', 'chl_nope')).body.message).to.equal('Unknown API key: it may have been deleted in Settings, API Access. Create a new key there.');
    const key = (await createKey('Limited')).body.key;
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) statuses.push((await publicGet('/banks', key)).status);
    expect(statuses).to.deep.equal([200, 200, 200, 200, 200, 429]);
    const limited = await publicGet('/banks', key);
    expect(Number(limited.headers.get('retry-after'))).to.be.within(1, 60);
    // Five a minute: a token every 12 seconds.
    expect(limited.body.message).to.match(/^Too many requests for this API key\. Try again in (11|12) seconds\.$/);
    const fresh = (await createKey('Another key')).body.key;
    expect((await publicGet('/banks', fresh)).status).to.equal(200);
  });

  it('serves an OpenAPI 3.1 document of the public API without a key', async () => {
    const document = await publicGet('/openapi.json');
    expect(document.status).to.equal(200);
    expect(document.body.openapi).to.equal('3.1.0');
    expect(document.body.servers).to.deep.equal([{ url: app.url }]);
    expect(Object.keys(document.body.paths)).to.deep.equal(['/api/public/banks', '/api/public/banks/{cert}']);
    expect(document.body.components.schemas.Bank.required).to.include.members(['cert', 'assets', 'netInterestMargin']);
    expect(document.body.components.securitySchemes.apiKey).to.deep.equal({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    expect(JSON.stringify(document.body)).not.to.contain('#/$defs/');
    expect(document.body.paths['/api/public/banks'].get.responses['429'].description).to.contain('each key may send 5 a minute');
  });

  it('answers errors in the content type and shape its OpenAPI document gives them', async () => {
    const document = (await publicGet('/openapi.json')).body;
    const key = (await createKey('Errors')).body.key;
    const answers = [
      { path: '/api/public/banks', status: '400', response: await publicGet('/banks?limit=0', key) },
      { path: '/api/public/banks', status: '401', response: await publicGet('/banks') },
      { path: '/api/public/banks/{cert}', status: '400', response: await publicGet('/banks/abc', key) },
      { path: '/api/public/banks/{cert}', status: '404', response: await publicGet(`/banks/${certs[2]}`, key) },
      { path: '/api/public/banks/{cert}', status: '405', response: await app.request(`/api/public/banks/${certs[0]}`, { method: 'DELETE', headers: { 'X-API-Key': key } }) },
    ];
    for (const { path, status, response } of answers) {
      expect(String(response.status)).to.equal(status);
      const content = document.paths[path].get.responses[status].content;
      const mediaType = response.headers.get('content-type')!.split(';')[0];
      expect(Object.keys(content), `${status} of ${path}`).to.deep.equal([mediaType]);
      const schema = document.components.schemas[content[mediaType].schema.$ref.split('/').pop()];
      expect(Object.keys(schema.properties), `${status} of ${path}`).to.include.members(Object.keys(response.body));
      expect(Object.keys(response.body), `${status} of ${path}`).to.include.members(schema.required);
    }
  });

  it("names the server the document was fetched from, never the request's Origin header", async () => {
    const document = await publicGet('/openapi.json', undefined, { Origin: 'https://elsewhere.example' });
    expect(document.body.servers).to.deep.equal([{ url: app.url }]);
  });

  it('answers a method the public API has not with 405 problem details naming the ones it has', async () => {
    const key = (await createKey('Writer')).body.key;
    const refused = await app.request('/api/public/banks', { method: 'POST', headers: { 'X-API-Key': key }, body: { cert: 1 } });
    expect(refused.status).to.equal(405);
    expect(refused.headers.get('content-type')).to.match(/^application\/problem\+json/);
    expect(refused.headers.get('allow')).to.equal('HEAD, GET');
    expect(refused.body.message).to.equal('/api/public/banks does not take POST: it answers HEAD, GET.');
  });

  it('answers 405 for a method the path does not take before looking at the type of its body', async () => {
    const key = (await createKey('Form poster')).body.key;
    for (const [method, path] of [['POST', '/api/public/banks'], ['PUT', `/api/public/banks/${certs[0]}`], ['PATCH', '/api/public/openapi.json']]) {
      const refused = await app.request(path, { method, headers: { 'X-API-Key': key, 'content-type': 'text/plain' }, body: 'cert=1' });
      expect(refused.status, `${method} ${path}`).to.equal(405);
      expect(refused.headers.get('allow')).to.equal('HEAD, GET');
      expect(refused.body.message).to.equal(`${path} does not take ${method}: it answers HEAD, GET.`);
    }
  });

  it('documents the 405, with its Allow header, for every path', async () => {
    const { paths } = (await publicGet('/openapi.json')).body;
    for (const path of Object.keys(paths)) {
      const documented = paths[path].get.responses['405'];
      expect(Object.keys(documented.content), path).to.deep.equal(['application/problem+json']);
      expect(documented.headers, path).to.have.property('Allow');
    }
  });

  it('answers 429 with Retry-After to an address past the allowance of requests with unknown keys, and counts a right key as none', async () => {
    const knownKey = (await createKey('Integration')).body.key;
    expect((await publicGet('/banks', knownKey)).status).to.equal(200);
    const statuses: number[] = [];
    for (let guess = 0; guess < 100; guess += 1) {
      statuses.push((await publicGet('/banks', `chl_guess${guess}`)).status);
      // A right key looked up meanwhile is given back: it uses up none of the allowance.
      if (guess === 50) expect((await publicGet('/banks', (await createKey(`Right ${guess}`)).body.key)).status).to.equal(200);
    }
    // The earlier tests of this suite sent a few unknown keys from this address too.
    const firstRefused = statuses.indexOf(429);
    expect(firstRefused).to.be.greaterThan(90);
    expect(new Set(statuses.slice(0, firstRefused))).to.deep.equal(new Set([401]));
    const refused = await publicGet('/banks', 'chl_another_guess');
    expect(refused.status).to.equal(429);
    expect(Number(refused.headers.get('retry-after'))).to.be.within(1, 15 * 60);
    expect(refused.body.message).to.match(/^Too many requests with an unknown API key from this address\. Try again in \d+ minute\(s\)\.$/);
    // Refused before it is looked up: a right key not known a moment ago is told no more than a wrong one.
    expect((await publicGet('/banks', (await createKey('Unlucky')).body.key)).status).to.equal(429);
    // The integration whose key this server knows keeps working from the same address.
    expect((await publicGet('/banks', knownKey)).status).to.equal(200);
    await context.db.knex('auth_attempts').where('key', 'like', 'api-key:%').delete();
  });
});
