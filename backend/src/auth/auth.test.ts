import { expect } from 'chai';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';

describeWithDatabase('auth API', (context) => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp(context.db);
  });
  after(async () => app.stop());

  it('registers a user and answers a token with the user, email trimmed and lower-cased', async () => {
    const response = await app.request('/api/auth/register', {
      method: 'POST',
      body: { name: 'Ada Banker', email: '  Ada@Example.COM ', password: 'long enough password' },
    });
    expect(response.status).to.equal(201);
    expect(response.body.token).to.be.a('string');
    expect(response.body.user).to.include({ name: 'Ada Banker', email: 'ada@example.com' });
    expect(response.body.user).not.to.have.property('passwordHash');
  });

  it('refuses a second account for the same email, whatever its case, with 409 and a msg', async () => {
    const response = await app.request('/api/auth/register', {
      method: 'POST',
      body: { name: 'Ada Again', email: 'ADA@example.com', password: 'long enough password' },
    });
    expect(response.status).to.equal(409);
    expect(response.body.msg).to.equal('An account with this email already exists.');
  });

  it('rejects a registration without a name with 400 and says what is missing', async () => {
    const response = await app.request('/api/auth/register', { method: 'POST', body: { email: 'x@example.com', password: 'long enough password' } });
    expect(response.status).to.equal(400);
    expect(response.body.msg).to.equal('Full name is required.');
  });

  it('signs in with the right password, case-insensitively by email, and /me returns the user', async () => {
    const login = await app.request('/api/auth/login', { method: 'POST', body: { email: 'ada@EXAMPLE.com', password: 'long enough password' } });
    expect(login.status).to.equal(200);
    const me = await app.request('/api/auth/me', { token: login.body.token });
    expect(me.status).to.equal(200);
    expect(me.body.email).to.equal('ada@example.com');
  });

  it('answers 401 with a msg for a wrong password or an unknown email', async () => {
    const wrong = await app.request('/api/auth/login', { method: 'POST', body: { email: 'ada@example.com', password: 'nope' } });
    expect(wrong.status).to.equal(401);
    expect(wrong.body.msg).to.equal('Invalid email or password.');
    const unknown = await app.request('/api/auth/login', { method: 'POST', body: { email: 'nobody@example.com', password: 'nope' } });
    expect(unknown.status).to.equal(401);
  });

  it('locks an email out with 429 after ten failed sign-ins', async () => {
    await app.signUp();
    const email = 'locked@example.com';
    await app.request('/api/auth/register', { method: 'POST', body: { name: 'L', email, password: 'long enough password' } });
    for (let i = 0; i < 10; i += 1) {
      await app.request('/api/auth/login', { method: 'POST', body: { email, password: 'wrong' } });
    }
    const locked = await app.request('/api/auth/login', { method: 'POST', body: { email, password: 'long enough password' } });
    expect(locked.status).to.equal(429);
    expect(locked.headers.get('retry-after')).to.match(/^\d+$/);
  });

  it('answers 401 on protected routes without a token, with a bad token, or with a token of another secret', async () => {
    expect((await app.request('/api/data/tasks')).status).to.equal(401);
    expect((await app.request('/api/data/tasks', { token: 'garbage' })).status).to.equal(401);
    const jwt = await import('jsonwebtoken');
    const forged = jwt.default.sign({ sub: '00000000-0000-0000-0000-000000000000' }, 'another-secret-entirely', { issuer: 'charterline' });
    expect((await app.request('/api/services/fdic/quarters', { token: forged })).status).to.equal(401);
  });

  it('accepts a token again and again until it expires, then answers 401', async function () {
    this.timeout(10_000);
    const registered = await app.request('/api/auth/register', { method: 'POST', body: { name: 'Brief', email: 'brief@example.com', password: 'long enough password' } });
    const jwt = await import('jsonwebtoken');
    const shortLived = jwt.default.sign({ sub: registered.body.user.id }, 'test-secret-that-is-long-enough', { issuer: 'charterline', expiresIn: 2 });
    for (let call = 0; call < 3; call += 1) expect((await app.request('/api/services/fdic/quarters', { token: shortLived })).status).to.equal(200);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await app.request('/api/services/fdic/quarters', { token: shortLived })).status).to.equal(401);
  });

  it('answers malformed JSON with 400 and an oversized body with 413, never 500', async () => {
    const malformed = await app.request('/api/auth/login', { method: 'POST', body: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).to.equal(400);
    expect(malformed.body.msg).to.equal('The request body is not valid JSON.');
    const huge = await app.request('/api/auth/login', { method: 'POST', body: { email: 'a@b.c', password: 'x'.repeat(1_100_000) } });
    expect(huge.status).to.equal(413);
  });

  it('reports database and event store status on /api/health', async () => {
    const health = await app.request('/api/health');
    expect(health.status).to.equal(200);
    expect(health.body.database.status).to.equal('ok');
    expect(health.body.eventStore).to.include({ status: 'ok', kind: 'postgres' });
  });
});
