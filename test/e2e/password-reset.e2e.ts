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
    // by keyboard, typed as people do (capitals, a stray space), sent with Enter
    await ask.getByLabel(/^Email/).fill(` ${session.email.toUpperCase()}`);
    await ask.getByLabel(/^Email/).press('Enter');
    const sent = page.getByRole('status').getByText('If an account uses that email, we sent a link to reset its password. It works for one hour.');
    await sent.waitFor();
    // the answer takes the focus of the form it replaced, so a screen reader reads it
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).to.equal('status');
    await screenshotInBothSchemes(page, 'forgot-password-sent');

    const mail = await mailTo(sink, session.email);
    expect(mail.subject).to.equal('Reset your Charterline password');
    const link = linkIn(mail);
    expect(link.startsWith(`${e2e.url}/#/reset-password?token=`)).to.equal(true);

    await page.goto(link);
    const reset = page.getByRole('form', { name: 'Choose a new password' });
    await reset.waitFor();
    await page.getByText(`For ${session.email}.`).waitFor();
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

    // the link works once: opened again, it says so instead of offering the form
    await page.goto(link);
    await page.getByRole('alert').getByText('This reset link is invalid or has expired. Ask for a new one.').waitFor();
    expect(await reset.count()).to.equal(0);

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
  it('says at once that a link cut short by a mail client, or an address without a token, cannot work, before a password is typed', async () => {
    const session = await e2e.registerUser('Riley Wrapped');
    await fetch(`${e2e.url}/api/auth/password-reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: session.email }) });
    const link = linkIn(await mailTo(sink, session.email));
    for (const [opened, name] of [
      [link.slice(0, -12), 'reset-password-cut-short'],
      [`${e2e.url}/#/reset-password`, 'reset-password-no-token'],
    ]) {
      const page = await e2e.openPage({ viewport: { width: 390, height: 844 } });
      await page.goto(opened);
      await page.getByRole('alert').getByText('This reset link is invalid or has expired. Ask for a new one.').waitFor();
      expect(await page.getByRole('form', { name: 'Choose a new password' }).count()).to.equal(0);
      await page.getByRole('link', { name: 'Ask for a new one' }).waitFor();
      await screenshotInBothSchemes(page, name);
    }
    // the cut-short link was refused without being used up: the whole one still works
    const page = await e2e.openPage();
    await page.goto(link);
    await page.getByRole('form', { name: 'Choose a new password' }).waitFor();
  });

  it("tells a user signed in as another account that setting the password signs them in as the link's account", async () => {
    const owner = await e2e.registerUser('Riley Owner');
    const { page, session: other } = await e2e.openSignedInPage({ viewport: { width: 390, height: 844 } });
    await fetch(`${e2e.url}/api/auth/password-reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: owner.email }) });
    await page.goto(linkIn(await mailTo(sink, owner.email)));
    const reset = page.getByRole('form', { name: 'Choose a new password' });
    await reset.getByRole('status').getByText(`You are signed in as ${other.email}. Setting this password signs you out of that account here and in as ${owner.email}.`).waitFor();
    await screenshotInBothSchemes(page, 'reset-password-other-account');
    // keyboard only: the fields, each with its show button, in reading order, and Enter sets it
    await reset.getByLabel(/^New password/).focus();
    await page.keyboard.type('the owner chose this');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).to.equal('Show new password');
    await page.keyboard.press('Tab');
    await page.keyboard.type('the owner chose this');
    await page.keyboard.press('Enter');
    await new Shell(page).waitForRoute('/');
    // at a phone's width the signed-in user's email sits in the closed menu
    await page.locator(`[title="${owner.email}"]`).waitFor({ state: 'attached' });
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
