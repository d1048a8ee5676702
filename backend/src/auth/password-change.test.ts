import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { replacePassword } from './password-change.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { TokenRevocations } from './revocations.ts';
import { createUser, findPasswordHash } from './users.ts';

/** The password `app.signUp` gives its users. */
const password = 'correct horse battery';

describeWithDatabase("changing one's password", (context) => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp(context.db, { config: { mailDispatch: 'worker' } });
  });
  after(async () => app.stop());

  const changePassword = (token: string, body: unknown) => app.request('/api/auth/password', { method: 'POST', token, body });
  const signIn = (email: string, withPassword: string) => app.request('/api/auth/login', { method: 'POST', body: { email, password: withPassword } });

  it('refuses a wrong current password with 400 saying so, keeps the password and the session', async () => {
    const { token, user } = await app.signUp('Mistyped');
    const wrong = await changePassword(token, { currentPassword: 'not my password', newPassword: 'a brand new password' });
    expect(wrong.status).to.equal(400);
    expect(wrong.body.message).to.equal('Your current password is not correct.');
    expect(wrong.body.issues).to.deep.equal([{ path: 'currentPassword', message: 'Your current password is not correct.' }]);
    expect((await app.request('/api/auth/me', { token })).status).to.equal(200);
    expect((await signIn(user.email, password)).status).to.equal(200);
    expect((await signIn(user.email, 'a brand new password')).status).to.equal(401);
  });

  it('refuses a weak new password with 400 and the sign-up rule, a missing current password, and fields it does not know', async () => {
    const { token } = await app.signUp('Weak');
    const short = await changePassword(token, { currentPassword: password, newPassword: 'short' });
    expect(short.status).to.equal(400);
    expect(short.body.message).to.equal('Password must be at least 8 characters.');
    expect(short.body.issues).to.deep.equal([{ path: 'newPassword', message: 'Password must be at least 8 characters.' }]);
    const spaces = await changePassword(token, { currentPassword: password, newPassword: ' '.repeat(12) });
    expect(spaces.status).to.equal(400);
    expect(spaces.body.message).to.equal('Password cannot be only spaces.');
    const missing = await changePassword(token, { newPassword: 'a brand new password' });
    expect(missing.status).to.equal(400);
    expect(missing.body.message).to.equal('Enter your current password.');
    expect((await changePassword(token, { currentPassword: password, newPassword: 'a brand new password', userId: 'someone' })).status).to.equal(400);
    expect((await app.request('/api/auth/password', { method: 'POST', body: { currentPassword: password, newPassword: 'a brand new password' } })).status).to.equal(401);
  });

  it('refuses a new password equal to the current one with 400 saying so', async () => {
    const { token } = await app.signUp('Same');
    const same = await changePassword(token, { currentPassword: password, newPassword: password });
    expect(same.status).to.equal(400);
    expect(same.body.message).to.equal('Your new password must be different from your current one.');
    expect(same.body.issues[0].path).to.equal('newPassword');
  });

  it('lets the new password sign in and refuses the old, ends every other session, and answers the caller a new token that works', async () => {
    const { token: callerToken, user } = await app.signUp('Changing');
    const otherSession = (await signIn(user.email, password)).body.token as string;
    const apiKey = (await app.request('/api/data/api-keys', { method: 'POST', token: callerToken, body: { name: 'CRM sync' } })).body.key as string;

    const changed = await changePassword(callerToken, { currentPassword: password, newPassword: 'a brand new password' });
    expect(changed.status).to.equal(200);
    expect(changed.body.user).to.include({ id: user.id, email: user.email });
    const freshToken = changed.body.token as string;

    expect((await signIn(user.email, 'a brand new password')).status).to.equal(200);
    expect((await signIn(user.email, password)).status).to.equal(401);
    // the other session, signed in within the same second as the change, and the caller's old token are ended
    for (const ended of [otherSession, callerToken]) {
      expect((await app.request('/api/auth/me', { token: ended })).status).to.equal(401);
      expect((await app.request('/api/data/tasks', { token: ended })).status).to.equal(401);
    }
    expect((await app.request('/api/auth/me', { token: freshToken })).body.email).to.equal(user.email);
    expect((await app.request('/api/data/tasks', { token: freshToken })).status).to.equal(200);
    // an API key is an integration's, not a session: it keeps working
    expect((await app.request('/api/public/banks', { headers: { 'x-api-key': apiKey } })).status).to.equal(200);
  });

  it('counts wrong current passwords like sign-in attempts: after ten, even the right one answers 429 with Retry-After', async () => {
    const { token } = await app.signUp('Guessing');
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await changePassword(token, { currentPassword: `guess ${attempt}`, newPassword: 'a brand new password' })).status).to.equal(400);
    }
    const locked = await changePassword(token, { currentPassword: password, newPassword: 'a brand new password' });
    expect(locked.status).to.equal(429);
    expect(locked.body.message).to.match(/^Too many password attempts\. Try again in \d+ minute\(s\)\.$/);
    expect(locked.headers.get('retry-after')).to.match(/^\d+$/);
    // deleting the account asks for the same password: the guesses count there too
    expect((await app.request('/api/auth/account', { method: 'DELETE', token, body: { password } })).status).to.equal(429);
  });
});

describeWithDatabase('sessions ended by a password change, seen by another server process', (context) => {
  it('refuses the sessions issued before the change and accepts those issued since; a change recorded late with an earlier moment does not move it back', async () => {
    const { knex } = context.db;
    const user = await createUser(knex, { name: 'Elsewhere', email: `elsewhere-${Date.now()}@example.com`, passwordHash: await hashPassword(password) });
    const session = (issuedAt: number) => ({ jti: randomUUID(), issuedAt: new Date(issuedAt), expiresAt: new Date(issuedAt + 3_600_000) });
    const changedAt = Date.now();
    await knex.transaction((trx) => new TokenRevocations(knex).endSessionsIssuedBefore(trx, user.id, new Date(changedAt), new Date(changedAt + 3_600_000)));
    await knex.transaction((trx) => new TokenRevocations(knex).endSessionsIssuedBefore(trx, user.id, new Date(changedAt - 60_000), new Date(changedAt + 3_600_000)));

    // a process that did not make the change reads it from the database
    const otherProcess = new TokenRevocations(knex);
    expect(await otherProcess.isSessionEnded(user.id, session(changedAt - 1_000))).to.equal(true);
    expect(await otherProcess.isSessionEnded(user.id, { expiresAt: new Date(changedAt + 3_600_000) })).to.equal(true);
    expect(await otherProcess.isSessionEnded(user.id, session(changedAt))).to.equal(false);
    expect(await otherProcess.isSessionEnded(randomUUID(), session(changedAt - 1_000))).to.equal(false);
  });
});

describeWithDatabase('a password change that fails halfway', (context) => {
  it('keeps the old password when ending the sessions fails: the two are saved together or not at all', async () => {
    const { knex } = context.db;
    const user = await createUser(knex, { name: 'Interrupted', email: `interrupted-${Date.now()}@example.com`, passwordHash: await hashPassword(password) });
    class FailingRevocations extends TokenRevocations {
      override async endSessionsIssuedBefore(): Promise<void> {
        throw new Error('the sessions could not be ended');
      }
    }
    const failing = new FailingRevocations(knex);
    await replacePassword(knex, failing, { userId: user.id, newPassword: 'a brand new password', sessionSeconds: 3_600 }).then(
      () => expect.fail('the change must fail with its second write'),
      (error: Error) => expect(error.message).to.equal('the sessions could not be ended'),
    );
    const kept = (await findPasswordHash(knex, user.id))!;
    expect(await verifyPassword(password, kept)).to.equal(true);
    expect(await verifyPassword('a brand new password', kept)).to.equal(false);
  });

  it('does not refuse the sessions in the process whose change was rolled back', async () => {
    const { knex } = context.db;
    const user = await createUser(knex, { name: 'Rolled Back', email: `rolled-back-${Date.now()}@example.com`, passwordHash: await hashPassword(password) });
    const revocations = new TokenRevocations(knex);
    const issuedAt = Date.now() - 1_000;
    await knex
      .transaction(async (trx) => {
        await revocations.endSessionsIssuedBefore(trx, user.id, new Date(issuedAt + 60_000), new Date(issuedAt + 3_600_000));
        throw new Error('a later write of the change failed');
      })
      .catch(() => undefined);
    expect(await revocations.isSessionEnded(user.id, { jti: randomUUID(), issuedAt: new Date(issuedAt), expiresAt: new Date(issuedAt + 3_600_000) })).to.equal(false);
    expect(await knex('revoked_tokens').where('jti', `sessions:${user.id}`).first()).to.equal(undefined);
  });
});
