import { expect } from 'chai';
import { SmtpSink, type ReceivedMail } from '../../../test/doubles/smtp-sink.ts';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { features } from '../features.ts';
import { createPasswordResetFeature, resetLinkForEmail, resetLinkLifetimeMs, resetMailSender } from './password-reset.ts';

/** The password `app.signUp` gives its users. */
const password = 'correct horse battery';
const sentAnswer = { message: 'If an account uses that email, we sent a link to reset its password. It works for one hour.' };
const invalid = 'This reset link is invalid or has expired. Ask for a new one.';

/** The mail's text part, quoted-printable soft breaks and escapes undone. */
const bodyOf = (mail: ReceivedMail) => mail.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

async function waitFor<T>(find: () => T | undefined, what: string): Promise<T> {
  for (let tries = 0; tries < 100; tries += 1) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${what} within 5 seconds`);
}

describeWithDatabase('resetting a forgotten password by email', (context) => {
  let app: TestApp;
  let sink: SmtpSink;
  let clock = Date.now();
  const publicUrl = 'https://crm.example.com';
  before(async () => {
    sink = await new SmtpSink().start();
    const resetFeature = createPasswordResetFeature({ now: () => clock });
    app = await startTestApp(context.db, {
      config: { mailDispatch: 'worker', smtpUrl: sink.url, publicUrl },
      features: features.map((feature) => (feature.name === 'password-reset' ? resetFeature : feature)),
    });
  });
  after(async () => {
    await app.stop();
    await sink.stop();
  });
  beforeEach(() => (clock = Date.now()));

  const ask = (email: string, headers?: Record<string, string>) => app.request('/api/auth/password-reset', { method: 'POST', body: { email }, headers });
  const confirm = (token: string, newPassword: string) => app.request('/api/auth/password-reset/confirm', { method: 'POST', body: { token, newPassword } });
  const signIn = (email: string, withPassword: string) => app.request('/api/auth/login', { method: 'POST', body: { email, password: withPassword } });
  const mailTo = (email: string) => waitFor(() => sink.received.findLast((mail) => mail.to.includes(email)), `mail to ${email}`);
  const tokenIn = (mail: ReceivedMail) => new URL(/https:\/\/crm\.example\.com\/#\/reset-password\?token=[A-Za-z0-9_-]+/.exec(bodyOf(mail))![0].replace('#/', '')).searchParams.get('token')!;
  /** Asks for a link for the user and answers the token its mail carries. */
  const linkFor = async (email: string) => {
    const before = sink.received.length;
    expect((await ask(email)).status).to.equal(202);
    await waitFor(() => (sink.received.slice(before).some((mail) => mail.to.includes(email)) ? true : undefined), `mail to ${email}`);
    return tokenIn(await mailTo(email));
  };

  it('tells the sign-in screen that links can be sent', async () => {
    const answer = await app.request('/api/auth/password-reset');
    expect(answer.status).to.equal(200);
    expect(answer.body).to.deep.equal({ byEmail: true });
  });

  it('mails a link that sets a new password once and signs the user in, ending every earlier session', async () => {
    const { token: oldSession, user } = await app.signUp('Forgetful');
    const asked = await ask(user.email.toUpperCase());
    expect(asked.status).to.equal(202);
    expect(asked.body).to.deep.equal(sentAnswer);
    const mail = await mailTo(user.email);
    expect(mail.subject).to.equal('Reset your Charterline password');
    expect(mail.from).to.equal('no-reply@crm.example.com');
    expect(bodyOf(mail)).to.include('it works once, for one hour');
    expect(bodyOf(mail)).to.include('If you asked more than once, use the newest email: each new link replaces the earlier ones.');
    expect(mail.raw).to.include('Content-Type: text/html');
    const token = tokenIn(mail);
    expect(bodyOf(mail)).to.include(`<a href="https://crm.example.com/#/reset-password?token=${token}">`);

    const reset = await confirm(token, 'a brand new password');
    expect(reset.status).to.equal(200);
    expect(reset.body.user).to.include({ id: user.id, email: user.email });
    expect((await app.request('/api/auth/me', { token: reset.body.token })).body.email).to.equal(user.email);
    expect((await app.request('/api/auth/me', { token: oldSession })).status).to.equal(401);
    expect((await signIn(user.email, password)).status).to.equal(401);
    expect((await signIn(user.email, 'a brand new password')).status).to.equal(200);

    const again = await confirm(token, 'yet another password');
    expect(again.status).to.equal(400);
    expect(again.body.message).to.equal(invalid);
    expect((await signIn(user.email, 'yet another password')).status).to.equal(401);
  });

  it('refuses a link past its hour, and an earlier link once a newer one was asked for, with 400', async () => {
    const { user } = await app.signUp('Slow');
    const expired = await linkFor(user.email);
    clock += resetLinkLifetimeMs + 1_000;
    expect((await confirm(expired, 'a brand new password')).body.message).to.equal(invalid);
    expect((await confirm(expired, 'a brand new password')).status).to.equal(400);

    const first = await linkFor(user.email);
    const second = await linkFor(user.email);
    expect((await confirm(first, 'a brand new password')).status).to.equal(400);
    expect((await confirm(second, 'a brand new password')).status).to.equal(200);
    expect((await signIn(user.email, 'a brand new password')).status).to.equal(200);
  });

  it('answers an email no account uses exactly as a known one, and sends nothing', async () => {
    const before = sink.received.length;
    const unknown = await ask('nobody-has-this@example.com');
    expect(unknown.status).to.equal(202);
    expect(unknown.body).to.deep.equal(sentAnswer);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.received.slice(before).map((mail) => mail.to)).to.deep.equal([]);
  });

  it("tells the reset screen, on opening a link, whose account it resets, and refuses a cut-short, used or replaced link with 400 before any password is typed", async () => {
    const check = (token: string) => app.request('/api/auth/password-reset/check', { method: 'POST', body: { token } });
    const { user } = await app.signUp('Checking');
    const first = await linkFor(user.email);
    const token = await linkFor(user.email);
    const opened = await check(token);
    expect(opened.status).to.equal(200);
    expect(opened.body).to.deep.equal({ email: user.email });
    // a mail client that wrapped the link cut the token short
    expect((await check(token.slice(0, 30))).body).to.include({ message: invalid });
    expect((await check(first)).status).to.equal(400);
    expect((await check('')).status).to.equal(400);
    // looking does not use the link up
    expect((await confirm(token, 'a brand new password')).status).to.equal(200);
    const used = await check(token);
    expect(used.status).to.equal(400);
    expect(used.body.issues).to.deep.equal([{ path: 'token', message: invalid }]);
  });

  it('refuses an unknown token with 400 and a weak new password with the sign-up rule beside the field', async () => {
    const unknown = await confirm('not-a-real-token', 'a brand new password');
    expect(unknown.status).to.equal(400);
    expect(unknown.body.message).to.equal(invalid);
    const { user } = await app.signUp('Weak');
    const token = await linkFor(user.email);
    const weak = await confirm(token, 'short');
    expect(weak.status).to.equal(400);
    expect(weak.body.issues).to.deep.equal([{ path: 'newPassword', message: 'Password must be at least 8 characters.' }]);
    // a refused password does not use the link up
    expect((await confirm(token, 'a brand new password')).status).to.equal(200);
  });

  it('refuses a link asked for before the user changed their password in Settings', async () => {
    const { token: session, user } = await app.signUp('Changed Password');
    const token = await linkFor(user.email);
    expect((await app.request('/api/auth/password', { method: 'POST', token: session, body: { currentPassword: password, newPassword: 'a password of my own' } })).status).to.equal(200);
    const stale = await confirm(token, 'the mailbox reader password');
    expect(stale.status).to.equal(400);
    expect(stale.body.message).to.equal(invalid);
    expect((await signIn(user.email, 'a password of my own')).status).to.equal(200);
  });

  it('refuses a link mailed to the address the account signed in with before changing it', async () => {
    const { token: session, user } = await app.signUp('Changed Email');
    const token = await linkFor(user.email);
    const newEmail = `moved-${Date.now()}@example.com`;
    expect((await app.request('/api/auth/email', { method: 'POST', token: session, body: { currentPassword: password, newEmail } })).status).to.equal(200);
    expect((await app.request('/api/auth/password-reset/check', { method: 'POST', body: { token } })).status).to.equal(400);
    expect((await confirm(token, 'the old mailbox password')).status).to.equal(400);
    expect((await signIn(newEmail, password)).status).to.equal(200);
  });

  it('limits requests for one email to 5 an hour with 429 and Retry-After, known or not', async () => {
    for (let request = 0; request < 5; request += 1) expect((await ask('flooded@example.com')).status).to.equal(202);
    const limited = await ask('flooded@example.com');
    expect(limited.status).to.equal(429);
    expect(limited.headers.get('retry-after')).to.match(/^\d+$/);
    expect(limited.body.message).to.match(/^Too many password reset requests\. Try again in \d+ minute\(s\)\.$/);
    clock += 60 * 60_000 + 1_000;
    expect((await ask('flooded@example.com')).status).to.equal(202);
  });
});

describeWithDatabase('a server without SMTP_URL', (context) => {
  let app: TestApp;
  before(async () => (app = await startTestApp(context.db, { config: { mailDispatch: 'worker', smtpUrl: undefined } })));
  after(async () => app.stop());

  it('tells the sign-in screen no link can be sent, and answers a request 503 saying whom to ask', async () => {
    const unavailable = 'Password reset by email is not set up on this server. Ask whoever runs Charterline to reset it.';
    expect((await app.request('/api/auth/password-reset')).body).to.deep.equal({ byEmail: false, message: unavailable });
    const { user } = await app.signUp('No Mail');
    const asked = await app.request('/api/auth/password-reset', { method: 'POST', body: { email: user.email } });
    expect(asked.status).to.equal(503);
    expect(asked.body.message).to.equal(unavailable);
  });

  it("gives the operator a link for an account's email that sets a new password once, and nothing for an unknown email", async () => {
    const { user } = await app.signUp('Locked Out');
    const link = await resetLinkForEmail(context.db.knex, 'https://crm.example.com', ` ${user.email.toUpperCase()} `);
    expect(link).to.match(/^https:\/\/crm\.example\.com\/#\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    const token = link!.split('token=')[1];
    const confirm = () => app.request('/api/auth/password-reset/confirm', { method: 'POST', body: { token, newPassword: 'a brand new password' } });
    expect((await confirm()).status).to.equal(200);
    expect((await confirm()).status).to.equal(400);
    expect((await app.request('/api/auth/login', { method: 'POST', body: { email: user.email, password: 'a brand new password' } })).status).to.equal(200);
    expect(await resetLinkForEmail(context.db.knex, 'https://crm.example.com', 'nobody-has-this@example.com')).to.equal(undefined);
    expect(await resetLinkForEmail(context.db.knex, 'https://crm.example.com', 'not an email')).to.equal(undefined);
  });
});

describe('who a reset mail comes from', () => {
  const publicUrl = 'https://crm.example.com';
  it('is the SMTP login when it is an email address, else no-reply at the public host', () => {
    expect(resetMailSender({ smtpUrl: 'smtp://crm%40bank.example:pw@mail.example.com:587', publicUrl })).to.equal('crm@bank.example');
    expect(resetMailSender({ smtpUrl: 'smtp://AKIA123:pw@mail.example.com:587', publicUrl })).to.equal('no-reply@crm.example.com');
  });

  it('is MAIL_FROM when the deployment sets it', () => {
    expect(resetMailSender({ mailFrom: 'accounts@bank.example', smtpUrl: 'smtp://crm%40bank.example:pw@mail.example.com:587', publicUrl })).to.equal('accounts@bank.example');
  });
});
