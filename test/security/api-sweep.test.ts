import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { RouteEntry } from '../../backend/src/app.ts';
import { startTestApp, type TestApp, type TestResponse } from '../support/app.ts';
import { describeWithDatabase } from '../support/database.ts';
import { insureResourceBanks, resourceCases, seededRandom } from '../outreach/resources.ts';
import { fillPath, needsCredentials, randomBody, randomQuery, rawBodies, resourceOf } from './route-inputs.ts';

/** Outside services point at a closed port: no request leaves the machine, and every provider is "down". */
const offline = { fdicApiUrl: 'http://127.0.0.1:9/banks', censusApiUrl: 'http://127.0.0.1:9/data' };

const isServerFault = (response: TestResponse) => response.status >= 500;
const describeAnswer = (route: string, response: TestResponse) => `${route} -> ${response.status} ${response.text.slice(0, 300)}`;
/** What a caller can tell apart in an answer: its status and body, less the request's own id. */
const shapeOf = (response: TestResponse) => {
  const { requestId: _requestId, ...body } = (response.body ?? {}) as Record<string, unknown>;
  return { status: response.status, body };
};

/**
 * Every route of the app's own route table, so a route added later is swept without editing this file:
 * credentials required, another user's records indistinguishable from missing ones, and no input a
 * client can send makes the server fail.
 */
describeWithDatabase('the whole API, swept route by route', (context) => {
  let app: TestApp;
  let owner: string;
  let intruder: string;
  const ownerIds = new Map<string, string>();

  before(async function () {
    this.timeout(120_000);
    app = await startTestApp(context.db, { config: offline });
    owner = (await app.signUp('Owner')).token;
    intruder = (await app.signUp('Intruder')).token;
    await insureResourceBanks(context.db.knex);
    for (const [index, testCase] of resourceCases.entries()) ownerIds.set(testCase.resource, await testCase.create(app, owner, 50 + index));
    // Records of a user that are not outreach resources: an API key, an automation, an analyst chat.
    ownerIds.set('api-keys', String((await app.request('/api/data/api-keys', { method: 'POST', token: owner, body: { name: 'Owner key' } })).body.id));
    const contact = (await app.request(`/api/data/contacts/${ownerIds.get('contacts')}`, { token: owner })).body;
    await app.request('/api/data/banks', { method: 'POST', token: owner, body: { cert: contact.bankId, name: 'Automated Bank', city: 'Springfield', state: 'IL' } });
    const started = await app.request(`/api/data/workflows/${ownerIds.get('workflows')}/enrolments`, { method: 'POST', token: owner, body: { contactIds: [ownerIds.get('contacts')] } });
    if (started.status !== 201 && started.status !== 200) throw new Error(`automation not started: ${started.status} ${started.text}`);
    ownerIds.set('enrolments', String(started.body.enrolments[0].id));
    const chatId = randomUUID();
    await app.request(`/api/analyst/chats/${chatId}`, { method: 'POST', token: owner, body: { title: 'Owner chat', messages: [{ role: 'user', content: 'Market statistics' }] } });
    ownerIds.set('analyst-chats', chatId);
  });
  after(async () => app?.stop());

  const request = (route: RouteEntry, path: string, init: { token?: string; body?: unknown; headers?: Record<string, string> }) =>
    app.request(path, { method: route.method, ...init, body: route.method === 'GET' || route.method === 'DELETE' ? undefined : (init.body ?? {}) });

  it('refuses every route but sign-up, sign-in, health and the API description with 401 when no credentials are sent', async () => {
    const routes = app.routes.filter(needsCredentials);
    expect(routes.length).to.be.greaterThan(40);
    const unexpected: string[] = [];
    for (const route of routes) {
      const response = await request(route, fillPath(route.path, () => '1'), {});
      if (response.status !== 401) unexpected.push(describeAnswer(`${route.method} ${route.path}`, response));
    }
    expect(unexpected).to.deep.equal([]);
  });

  /** The owner's view of one of their records (of API keys, the list: a key has no address of its own). */
  const readBack = (resource: string, id: string) =>
    app.request(resource === 'api-keys' ? '/api/data/api-keys' : resource === 'analyst-chats' ? `/api/analyst/chats/${id}` : `/api/data/${resource}/${id}`, { token: owner });
  const ownedRecordOf = (path: string) => resourceOf(path) ?? (path.startsWith('/api/analyst/chats/:') ? 'analyst-chats' : undefined);

  it('creates an API key, an automation and a chat for the owner, so their routes are swept too', async () => {
    for (const resource of ['api-keys', 'enrolments', 'analyst-chats']) expect((await readBack(resource, ownerIds.get(resource)!)).status, resource).to.equal(200);
    expect((await readBack('api-keys', '')).body).to.have.length(1);
  });

  it("answers another user's record exactly as a missing one, for every method and If-Match, and leaves it as it was", async function () {
    this.timeout(120_000);
    const before = await Promise.all([...ownerIds].map(([resource, id]) => readBack(resource, id)));
    const differences: string[] = [];
    const missingIds = new Map<string, string>();
    let compared = 0;
    for (const route of app.routes) {
      const resource = ownedRecordOf(route.path);
      if (!resource || !ownerIds.has(resource)) continue;
      // The same missing id on every route of a resource: saving a chat under it makes it exist for the others.
      const missingId = missingIds.get(resource) ?? missingIds.set(resource, resource === 'banks' ? '424242' : randomUUID()).get(resource)!;
      for (const ifMatch of [undefined, 'W/"1"', 'W/"987"', '*', 'garbage']) {
        const headers: Record<string, string> = ifMatch ? { 'if-match': ifMatch } : {};
        const foreign = await request(route, fillPath(route.path, () => ownerIds.get(resource)!), { token: intruder, headers });
        const missing = await request(route, fillPath(route.path, () => missingId), { token: intruder, headers });
        compared += 1;
        // A bank (target) is the intruder's own record under the same cert, and saving a chat under an id
        // makes the intruder's own chat: there only the status must match.
        const ownUnderSameId = resource === 'banks' || (resource === 'analyst-chats' && route.method === 'POST');
        const same = ownUnderSameId ? foreign.status === missing.status : JSON.stringify(shapeOf(foreign)) === JSON.stringify(shapeOf(missing));
        if (!same || isServerFault(foreign)) {
          differences.push(`${route.method} ${route.path} If-Match ${ifMatch}: foreign ${foreign.status} ${foreign.text.slice(0, 160)} / missing ${missing.status} ${missing.text.slice(0, 160)}`);
        }
      }
    }
    expect(compared).to.be.greaterThan(20);
    expect(differences).to.deep.equal([]);
    const after = await Promise.all([...ownerIds].map(([resource, id]) => readBack(resource, id)));
    expect(after.map((response) => response.body)).to.deep.equal(before.map((response) => response.body));
  });

  it('never fails with a server error on generated bodies, filters, sorts, ranges and parameters', async function () {
    this.timeout(600_000);
    const random = seededRandom(20261125);
    const faults: string[] = [];
    let sent = 0;
    for (const route of app.routes) {
      const resource = resourceOf(route.path);
      const pathFor = (attempt: number) =>
        fillPath(route.path, (param) => (attempt % 3 === 0 && resource && ownerIds.has(resource) ? ownerIds.get(resource)! : String(pickParam(random, param))));
      const attempts = route.path.includes('/pdf/') ? 4 : 16;
      for (let attempt = 0; attempt < attempts; attempt += 1) {
        const query = randomQuery(random);
        const path = `${pathFor(attempt)}${query ? `?${query}` : ''}`;
        const response =
          attempt < rawBodies.length && route.method !== 'GET'
            ? await app.request(path, { method: route.method, token: owner, body: rawBodies[attempt], headers: { 'content-type': 'application/json' } })
            : await request(route, path, { token: owner, body: randomBody(random), headers: attempt % 4 === 1 ? { 'idempotency-key': `fuzz-${sent}` } : {} });
        sent += 1;
        if (isServerFault(response)) faults.push(describeAnswer(`${route.method} ${path.slice(0, 200)}`, response));
      }
    }
    expect(sent).to.be.greaterThan(1000);
    expect(faults).to.deep.equal([]);
    expect((await app.request('/api/health')).status, 'the server is healthy afterwards').to.equal(200);
  });
});

/** A path parameter value: sometimes plausible, sometimes hostile. */
function pickParam(random: () => number, param: string): string | number {
  const values = [1, 628, 0, -5, 2_147_483_648, 'abc', randomUUID(), '%00', '\u0000', '..', 'toString', '1e3', ' '];
  return param === 'kind' ? ['summary', 'risk', 'x'][Math.floor(random() * 3)] : values[Math.floor(random() * values.length)];
}
