import { expect } from 'chai';
import { startTestApp, type TestApp } from '../support/app.ts';
import { describeWithDatabase } from '../support/database.ts';

const query = (value: unknown) => encodeURIComponent(JSON.stringify(value));
/** JSON text nested `depth` objects deep (built as text: the client's own JSON.stringify would overflow). */
const nestedJson = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Each input here once answered 500; each must answer a 4xx that says what to fix, and change nothing. */
describeWithDatabase('inputs that once failed the server', (context) => {
  let app: TestApp;
  let token: string;
  before(async () => {
    app = await startTestApp(context.db);
    token = (await app.signUp('Fuzzed')).token;
  });
  after(async () => app.stop());

  const eventCount = async () => Number((await context.db.knex('events').count({ n: '*' }))[0].n);

  it('refuses a NUL character in a body field, a list filter or a sign-up name with 400 naming the field', async () => {
    const before = await eventCount();
    const template = await app.request('/api/data/templates', { method: 'POST', token, body: { name: 'a\u0000b', subject: 's', body: 'b' } });
    expect(template.status).to.equal(400);
    expect(template.body.msg).to.include('"name"').and.include('NUL');
    const filter = await app.request(`/api/data/contacts?filter=${query({ q: '\u0000' })}`, { token });
    expect(filter.status).to.equal(400);
    const register = await app.request('/api/auth/register', { method: 'POST', body: { name: '\u0000', email: 'nul@example.com', password: 'long enough password' } });
    expect(register.status).to.equal(400);
    const search = await app.request('/api/services/fdic/institutions?search=%00', { token });
    expect(search.status).to.equal(400);
    expect(await eventCount()).to.equal(before);
  });

  it('refuses a lone UTF-16 surrogate in any text field with 400', async () => {
    const response = await app.request('/api/data/banks/90001', { method: 'PUT', token, body: { name: '\ud800' } });
    expect(response.status).to.equal(400);
    expect(response.body.msg).to.include('surrogate');
  });

  it('refuses a cert or bankId past the 32-bit range with 400, and answers such a record id with 404', async () => {
    const task = await app.request('/api/data/tasks', { method: 'POST', token, body: { text: 'Call', dueDate: '2026-12-01', bankId: 2_147_483_648 } });
    expect(task.status).to.equal(400);
    expect(task.body.msg).to.include('too large');
    expect((await app.request('/api/data/banks/2147483648', { token })).status).to.equal(404);
  });

  for (const resource of ['banks', 'contacts', 'tasks', 'templates', 'workflows', 'sent-emails', 'activity']) {
    it(`refuses a prototype name as a sort field or filter key on ${resource} with 400`, async () => {
      expect((await app.request(`/api/data/${resource}?sort=${query(['toString', 'DESC'])}`, { token })).status).to.equal(400);
      expect((await app.request(`/api/data/${resource}?filter=${query({ __defineGetter__: 1 })}`, { token })).status).to.equal(400);
    });
  }

  it('answers an activity filter on a malformed id with an empty list', async () => {
    const response = await app.request(`/api/data/activity?filter=${query({ id: 'x' })}`, { token });
    expect(response.status).to.equal(200);
    expect(response.body).to.deep.equal([]);
  });

  it('refuses a deeply nested body with 400, with or without an Idempotency-Key', async () => {
    for (const headers of [{}, { 'idempotency-key': 'deep-1' }] as Record<string, string>[]) {
      const response = await app.request('/api/data/templates', { method: 'POST', token, headers: { ...headers, 'content-type': 'application/json' }, body: nestedJson(5_000) });
      expect(response.status).to.equal(400);
      expect(response.body.msg).to.include('nested too deeply');
    }
  });

  it('answers a page path with broken percent-encoding with 400, signed in or not', async () => {
    expect((await app.request('/%E0%A4%A')).status).to.equal(400);
    expect((await app.request('/api/data/contacts/%E0%A4%A', { token })).status).to.equal(400);
  });

  it("refuses a website that is not a web address, so a bank's site can never become a script link", async () => {
    const response = await app.request('/api/data/banks', { method: 'POST', token, body: { cert: 90002, name: 'Script Bank', website: 'javascript:alert(1)' } });
    expect(response.status).to.equal(400);
    expect(response.body.msg).to.include('Website');
    const fine = await app.request('/api/data/banks', { method: 'POST', token, body: { cert: 90003, name: 'Plain Bank', website: 'www.plainbank.com' } });
    expect(fine.status).to.equal(201);
  });
});
