import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';

describeWithDatabase('auth API', (context) => {
  let app: TestApp;
  before(async () => {
    // No mail dispatcher here: its shutdown on PostgreSQL has been seen to hang past the hook's limit (under investigation).
    app = await startTestApp(context.db, { config: { mailDispatch: 'worker' } });
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

  it('refuses a name longer than 200 characters with 400 saying so, not that the name is missing', async () => {
    const response = await app.request('/api/auth/register', { method: 'POST', body: { name: 'N'.repeat(201), email: 'long-name@example.com', password: 'long enough password' } });
    expect(response.status).to.equal(400);
    expect(response.body.msg).to.equal('Full name can be at most 200 characters.');
  });

  it('refuses a password of spaces only with 400 saying so', async () => {
    const response = await app.request('/api/auth/register', { method: 'POST', body: { name: 'Blank Pass', email: 'blank-pass@example.com', password: ' '.repeat(12) } });
    expect(response.status).to.equal(400);
    expect(response.body.message).to.contain('Password cannot be only spaces.');
  });

  it('refuses an email longer than 320 characters with 400, at sign-up (no account whose token no request could carry) and at sign-in', async () => {
    const email = `${'a'.repeat(20_000)}@example.com`;
    const response = await app.request('/api/auth/register', { method: 'POST', body: { name: 'Long Email', email, password: 'long enough password' } });
    expect(response.status).to.equal(400);
    expect(response.body.msg).to.equal('An email address can be at most 320 characters.');
    // letters that do not compress: a sign-in with them reached the attempts table's index and failed there with 500
    const incompressible = `${randomBytes(4_500).toString('hex')}@example.com`;
    const signIn = await app.request('/api/auth/login', { method: 'POST', body: { email: incompressible, password: 'long enough password' } });
    expect(signIn.status).to.equal(400);
    expect(signIn.body.msg).to.equal('An email address can be at most 320 characters.');
  });

  it('signs in with the right password, case-insensitively by email, and /me returns the user', async () => {
    const login = await app.request('/api/auth/login', { method: 'POST', body: { email: 'ada@EXAMPLE.com', password: 'long enough password' } });
    expect(login.status).to.equal(200);
    const me = await app.request('/api/auth/me', { token: login.body.token });
    expect(me.status).to.equal(200);
    expect(me.body.email).to.equal('ada@example.com');
  });

  it('tells caches never to store an answer that carries a session token or an API key', async () => {
    const body = { name: 'Stored Nowhere', email: `stored-${Date.now()}@example.com`, password: 'long enough password' };
    const registered = await app.request('/api/auth/register', { method: 'POST', body });
    const signedIn = await app.request('/api/auth/login', { method: 'POST', body: { email: body.email, password: body.password } });
    const token = signedIn.body.token as string;
    const changed = await app.request('/api/auth/password', { method: 'POST', token, body: { currentPassword: body.password, newPassword: 'another long password' } });
    const key = await app.request('/api/data/api-keys', { method: 'POST', token: changed.body.token as string, body: { name: 'Integration' } });
    for (const [what, answer] of Object.entries({ registered, signedIn, changed, key })) {
      expect(answer.status, what).to.be.oneOf([200, 201]);
      expect(answer.headers.get('cache-control'), what).to.equal('no-store');
    }
  });

  it('answers 401 with a msg for a wrong password or an unknown email', async () => {
    const wrong = await app.request('/api/auth/login', { method: 'POST', body: { email: 'ada@example.com', password: 'nope' } });
    expect(wrong.status).to.equal(401);
    expect(wrong.body.msg).to.equal('Invalid email or password.');
    const unknown = await app.request('/api/auth/login', { method: 'POST', body: { email: 'nobody@example.com', password: 'nope' } });
    expect(unknown.status).to.equal(401);
  });

  it('locks an email out from an address with 429 after ten failed sign-ins there', async () => {
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

  it('lets exactly ten of sixty parallel wrong passwords through to a 401 and refuses the rest with 429', async () => {
    const email = `parallel-${Date.now()}@example.com`;
    await app.request('/api/auth/register', { method: 'POST', body: { name: 'P', email, password: 'long enough password' } });
    const answers = await Promise.all(Array.from({ length: 60 }, () => app.request('/api/auth/login', { method: 'POST', body: { email, password: 'wrong' } })));
    expect(answers.filter((answer) => answer.status === 401)).to.have.length(10);
    expect(answers.filter((answer) => answer.status === 429)).to.have.length(50);
  });

  it('ends only the signed-out session: that token answers 401 afterwards, another of the same user still works', async () => {
    const email = `signout-${Date.now()}@example.com`;
    await app.request('/api/auth/register', { method: 'POST', body: { name: 'S', email, password: 'long enough password' } });
    const signIn = async () => (await app.request('/api/auth/login', { method: 'POST', body: { email, password: 'long enough password' } })).body.token as string;
    const [first, second] = [await signIn(), await signIn()];
    expect((await app.request('/api/auth/me', { token: first })).status).to.equal(200);
    expect((await app.request('/api/auth/logout', { method: 'POST', token: first })).status).to.equal(204);
    expect((await app.request('/api/auth/me', { token: first })).status).to.equal(401);
    expect((await app.request('/api/data/tasks', { token: first })).status).to.equal(401);
    expect((await app.request('/api/auth/me', { token: second })).status).to.equal(200);
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

  it('sends security headers on pages and API answers: a CSP without inline scripts, no framing, no sniffing', async () => {
    for (const path of ['/', '/api/health', '/api/data/tasks']) {
      const response = await app.request(path);
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).to.include("script-src 'self'").and.include("frame-ancestors 'none'");
      expect(policy).not.to.match(/script-src[^;]*unsafe-inline/);
      expect(response.headers.get('x-content-type-options')).to.equal('nosniff');
      expect(response.headers.get('referrer-policy')).to.equal('no-referrer');
    }
  });

  it('reports database and event store status on /api/health', async () => {
    const health = await app.request('/api/health');
    expect(health.status).to.equal(200);
    expect(health.body.database.status).to.equal('ok');
    expect(health.body.eventStore).to.include({ status: 'ok', kind: 'postgres' });
  });
});

describeWithDatabase('auth API behind a proxy, per client address', (context) => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp(context.db, { config: { trustProxy: true, signUpsPerHour: 3, mailDispatch: 'worker' } });
  });
  after(async () => app.stop());
  const from = (address: string) => ({ 'x-forwarded-for': address });

  it("keeps the owner's sign-in open from their address while wrong passwords from another address are refused", async () => {
    const email = `owner-${Date.now()}@example.com`;
    await app.request('/api/auth/register', { method: 'POST', headers: from('10.1.1.1'), body: { name: 'O', email, password: 'long enough password' } });
    for (let attempt = 0; attempt < 12; attempt += 1) {
      await app.request('/api/auth/login', { method: 'POST', headers: from('10.6.6.6'), body: { email, password: 'guess' } });
    }
    const attacker = await app.request('/api/auth/login', { method: 'POST', headers: from('10.6.6.6'), body: { email, password: 'long enough password' } });
    expect(attacker.status).to.equal(429);
    const owner = await app.request('/api/auth/login', { method: 'POST', headers: from('10.1.1.1'), body: { email, password: 'long enough password' } });
    expect(owner.status).to.equal(200);
  });

  it('limits the accounts one address may create, with 429 and Retry-After', async () => {
    const signUp = (index: number) =>
      app.request('/api/auth/register', { method: 'POST', headers: from('10.9.9.9'), body: { name: 'N', email: `new-${index}-${Date.now()}@example.com`, password: 'long enough password' } });
    for (let index = 0; index < 3; index += 1) expect((await signUp(index)).status).to.equal(201);
    const refused = await signUp(3);
    expect(refused.status).to.equal(429);
    expect(refused.headers.get('retry-after')).to.match(/^\d+$/);
    const elsewhere = await app.request('/api/auth/register', { method: 'POST', headers: from('10.9.9.10'), body: { name: 'N', email: `other-${Date.now()}@example.com`, password: 'long enough password' } });
    expect(elsewhere.status).to.equal(201);
  });
});
