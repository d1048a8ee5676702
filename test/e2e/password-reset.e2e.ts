import { expect } from 'chai';
import { SmtpSink, type ReceivedMail } from '../doubles/smtp-sink.ts';
import { freePort } from '../support/free-port.ts';
import { screenshotInBothSchemes, useE2E } from './support/index.ts';
import { SignInPage } from './support/pages/auth.ts';
import { Shell } from './support/pages/shell.ts';

/** The link a reset mail carries, its quoted-printable soft line breaks undone. */
const linkIn = (mail: ReceivedMail) => /https?:\/\/[^\s"<]+\/#\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))![0];

async function mailTo(sink: SmtpSink, email: string): Promise<ReceivedMail> {
  for (let tries = 0; tries < 100; tries += 1) {
    const mail = sink.received.find((received) => received.to.includes(email));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${email} within 10 seconds`);
}

/**
 * A user who forgot their password asks for a link from the sign-in screen, opens it from the mail,
 * chooses a new password (judged as the Change password form judges it) and lands signed in; the
 * old password no longer signs in, and the link works once.
 */
describe('resetting a forgotten password by email', function () {
  const sink = new SmtpSink();
  // The app listens where PUBLIC_URL says, so the mailed link opens it as a user's would.
  let port = 0;
  before(async () => {
    await sink.start();
    port = await freePort();
  });
  after(async () => {
    await sink.stop();
  });
  const e2e = useE2E({ banks: 5, config: () => ({ smtpUrl: sink.url, port, publicUrl: `http://127.0.0.1:${port}` }) });

  it('mails a link from the sign-in screen that sets a new password and signs the user in; the old password and the used link stop working', async () => {
    const session = await e2e.registerUser('Riley Forgot');
    const page = await e2e.openPage({ path: '/signin' });
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    const ask = page.getByRole('form', { name: 'Reset your password' });
    await ask.waitFor();
    await screenshotInBothSchemes(page, 'forgot-password');

    await ask.getByRole('button', { name: 'Send reset link' }).click();
    await ask.getByText('Enter the email you sign in with.').waitFor();
    await ask.getByLabel(/^Email/).fill(session.email);
    await ask.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').getByText('If an account uses that email, we sent a link to reset its password. It works for one hour.').waitFor();
    await screenshotInBothSchemes(page, 'forgot-password-sent');

    const mail = await mailTo(sink, session.email);
    expect(mail.subject).to.equal('Reset your Charterline password');
    const link = linkIn(mail);
    expect(link.startsWith(`${e2e.url}/#/reset-password?token=`)).to.equal(true);

    await page.goto(link);
    const reset = page.getByRole('form', { name: 'Choose a new password' });
    await reset.waitFor();
    await screenshotInBothSchemes(page, 'reset-password');
    // the Change password form's rules, beside each field, before anything is sent
    await reset.getByRole('button', { name: 'Set new password' }).click();
    await reset.getByText('Enter a new password.').waitFor();
    await reset.getByText('Type your new password again.').waitFor();
    await reset.getByLabel(/^New password/).fill('short');
    await reset.getByLabel(/^Confirm new password/).fill('shorter');
    await reset.getByRole('button', { name: 'Set new password' }).click();
    await reset.getByText('Password must be at least 8 characters.').waitFor();
    await reset.getByText('The passwords do not match.').waitFor();
    await screenshotInBothSchemes(page, 'reset-password-errors');

    await reset.getByLabel(/^New password/).fill('a freshly chosen password');
    await reset.getByLabel(/^Confirm new password/).fill('a freshly chosen password');
    await reset.getByRole('button', { name: 'Set new password' }).click();
    await new Shell(page).waitForRoute('/');
    await page.locator(`[title="${session.email}"]`).waitFor();
    // the session the user had before is ended
    expect((await fetch(`${e2e.url}/api/auth/me`, { headers: { authorization: `Bearer ${session.token}` } })).status).to.equal(401);

    // the link works once
    await page.goto(link);
    await reset.waitFor();
    await reset.getByLabel(/^New password/).fill('yet another password');
    await reset.getByLabel(/^Confirm new password/).fill('yet another password');
    await reset.getByRole('button', { name: 'Set new password' }).click();
    await reset.getByRole('alert').getByText('This reset link is invalid or has expired. Ask for a new one.').waitFor();

    await new Shell(page).waitForRoute('/reset-password');
    await page.goto(`${e2e.url}/#/signin`);
    const signIn = new SignInPage(page);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await signIn.signIn(session.email, session.password);
    await signIn.error().getByText('Invalid email or password.').waitFor();
    await signIn.signIn(session.email, 'a freshly chosen password');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor({ state: 'detached' });
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });
});

describe('a server that cannot send a reset link', function () {
  const e2e = useE2E({ banks: 5, config: () => ({ smtpUrl: undefined }) });

  it('says on the reset screen that reset by email is not set up, and whom to ask', async () => {
    const page = await e2e.openPage({ path: '/signin' });
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('status').getByText('Password reset by email is not set up on this server. Ask whoever runs Charterline to reset it.').waitFor();
    expect(await page.getByRole('form', { name: 'Reset your password' }).count()).to.equal(0);
    await screenshotInBothSchemes(page, 'forgot-password-not-set-up');
  });
});
