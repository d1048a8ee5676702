import { expect } from 'chai';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';
import { describeWithDatabase } from '../../../test/support/database.ts';

/** The password `app.signUp` gives its users. */
const password = 'correct horse battery';

describeWithDatabase("changing one's sign-in email", (context) => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp(context.db, { config: { mailDispatch: 'worker' } });
  });
  after(async () => app.stop());

  const changeEmail = (token: string, body: unknown) => app.request('/api/auth/email', { method: 'POST', token, body });
  const signIn = (email: string) => app.request('/api/auth/login', { method: 'POST', body: { email, password } });
  let unique = 0;
  const freshEmail = () => `moved-${Date.now()}-${(unique += 1)}@example.com`;

  it('refuses a wrong current password with 400 on the currentPassword field and keeps the email', async () => {
    const { token, user } = await app.signUp('Mistyped');
    const newEmail = freshEmail();
    const wrong = await changeEmail(token, { currentPassword: 'not my password', newEmail });
    expect(wrong.status).to.equal(400);
    expect(wrong.body.message).to.equal('Your current password is not correct.');
    expect(wrong.body.issues).to.deep.equal([{ path: 'currentPassword', message: 'Your current password is not correct.' }]);
    expect((await app.request('/api/auth/me', { token })).body.email).to.equal(user.email);
    expect((await signIn(newEmail)).status).to.equal(401);
  });

  it('refuses an email another account signs in with, whatever its case, with 409 and sign-up’s wording on the newEmail field', async () => {
    const { token, user } = await app.signUp('Taker');
    const other = await app.signUp('Holder');
    const taken = await changeEmail(token, { currentPassword: password, newEmail: ` ${other.user.email.toUpperCase()} ` });
    expect(taken.status).to.equal(409);
    expect(taken.body.message).to.equal('An account with this email already exists.');
    expect(taken.body.issues).to.deep.equal([{ path: 'newEmail', message: 'An account with this email already exists.' }]);
    expect((await app.request('/api/auth/me', { token })).body.email).to.equal(user.email);
  });

  it('refuses the current email, whatever its case, with 400 saying so on the newEmail field', async () => {
    const { token, user } = await app.signUp('Same');
    const same = await changeEmail(token, { currentPassword: password, newEmail: user.email.toUpperCase() });
    expect(same.status).to.equal(400);
    expect(same.body.message).to.equal('Your new email must be different from your current one.');
    expect(same.body.issues).to.deep.equal([{ path: 'newEmail', message: 'Your new email must be different from your current one.' }]);
  });

  it('refuses what sign-up refuses: an invalid or overlong email, a missing one or password, unknown fields, no session', async () => {
    const { token } = await app.signUp('Invalid');
    const invalid = await changeEmail(token, { currentPassword: password, newEmail: 'not an email' });
    expect(invalid.status).to.equal(400);
    expect(invalid.body.issues).to.deep.equal([{ path: 'newEmail', message: 'Enter a valid email address.' }]);
    const overlong = await changeEmail(token, { currentPassword: password, newEmail: `${'a'.repeat(320)}@example.com` });
    expect(overlong.status).to.equal(400);
    expect(overlong.body.message).to.equal('An email address can be at most 320 characters.');
    expect((await changeEmail(token, { currentPassword: password })).body.message).to.equal('Email is required.');
    expect((await changeEmail(token, { newEmail: freshEmail() })).body.message).to.equal('Enter your current password.');
    expect((await changeEmail(token, { currentPassword: password, newEmail: freshEmail(), userId: 'someone' })).status).to.equal(400);
    expect((await app.request('/api/auth/email', { method: 'POST', body: { currentPassword: password, newEmail: freshEmail() } })).status).to.equal(401);
  });

  it('answers the updated user and a new token naming the new email; /me shows it at once on either token; sign-in by the new email works and by the old fails', async () => {
    const { token, user } = await app.signUp('Mover');
    const otherSession = (await signIn(user.email)).body.token as string;
    // the guard has seen the user (and remembers them) before the change
    expect((await app.request('/api/data/tasks', { token })).status).to.equal(200);
    const newEmail = freshEmail();

    const changed = await changeEmail(token, { currentPassword: password, newEmail: `  ${newEmail.toUpperCase()} ` });
    expect(changed.status).to.equal(200);
    expect(changed.body.user).to.deep.include({ id: user.id, name: 'Mover', email: newEmail });
    const claims = JSON.parse(Buffer.from((changed.body.token as string).split('.')[1]!, 'base64url').toString()) as { sub: string; email: string };
    expect(claims).to.include({ sub: user.id, email: newEmail });

    for (const session of [changed.body.token as string, token, otherSession]) {
      const me = await app.request('/api/auth/me', { token: session });
      expect(me.status).to.equal(200);
      expect(me.body.email).to.equal(newEmail);
    }
    const signedIn = await signIn(newEmail);
    expect(signedIn.status).to.equal(200);
    expect(signedIn.body.user).to.include({ id: user.id, email: newEmail });
    expect((await signIn(user.email)).status).to.equal(401);
    // the old email is free for a new account
    expect((await app.request('/api/auth/register', { method: 'POST', body: { name: 'Newcomer', email: user.email, password } })).status).to.equal(201);
  });

  it('shows the new email on /me at once in another server process that remembered the old one', async () => {
    const other = await startTestApp(context.db, { config: { mailDispatch: 'worker' } });
    try {
      const { token, user } = await app.signUp('Elsewhere');
      expect((await other.request('/api/auth/me', { token })).body.email).to.equal(user.email);
      const newEmail = freshEmail();
      expect((await changeEmail(token, { currentPassword: password, newEmail })).status).to.equal(200);
      expect((await other.request('/api/auth/me', { token })).body.email).to.equal(newEmail);
    } finally {
      await other.stop();
    }
  });

  it('counts a wrong current password against the allowance every password check shares', async () => {
    const { token } = await app.signUp('Guessing');
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await changeEmail(token, { currentPassword: `guess ${attempt}`, newEmail: freshEmail() })).status).to.equal(400);
    }
    expect((await changeEmail(token, { currentPassword: password, newEmail: freshEmail() })).status).to.equal(429);
    expect((await app.request('/api/auth/password', { method: 'POST', token, body: { currentPassword: password, newPassword: 'a brand new password' } })).status).to.equal(429);
  });
});
