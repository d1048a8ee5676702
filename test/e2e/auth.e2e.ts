import { expect } from 'chai';
import { apiAs, newUserDetails, screenshot, trackLargestBank, useE2E } from './support/index.ts';
import { SignInPage, SignUpPage } from './support/pages/auth.ts';
import { Shell } from './support/pages/shell.ts';

describe('signing up, out and in', function () {
  const e2e = useE2E({ banks: 120 });

  it('signs up, lands on the dashboard with the name in the sidebar, signs out and back in', async () => {
    const page = await e2e.openPage({ path: '/signup' });
    const signUp = new SignUpPage(page);
    await page.getByRole('heading', { name: 'Sign Up' }).waitFor();
    await screenshot(page, 'sign-up');
    const details = newUserDetails('Avery Lindqvist');
    await signUp.signUp(details);

    const shell = new Shell(page);
    await shell.waitForRoute('/');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await shell.sidebarUserName().textContent()).to.equal('Avery Lindqvist');

    await shell.signOut();
    await shell.waitForRoute('/signin');
    expect(await page.evaluate(() => window.localStorage.getItem('charterline.token'))).to.equal(null);

    const signIn = new SignInPage(page);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await screenshot(page, 'sign-in');
    await signIn.signIn(details.email, details.password);
    await shell.waitForRoute('/');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('sends a visitor without a session to the sign-in screen', async () => {
    const page = await e2e.openPage({ path: '/bank-directory' });
    await new Shell(page).waitForRoute('/signin');
  });

  it('shows the server message for a bad sign-in and stays on the screen', async () => {
    const session = await e2e.registerUser();
    const page = await e2e.openPage({ path: '/signin' });
    const signIn = new SignInPage(page);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await signIn.signIn(session.email, 'not the password');
    await signIn.error().waitFor();
    expect(await signIn.error().textContent()).to.equal('Invalid email or password.');
    expect(new Shell(page).route()).to.equal('/signin');
    await screenshot(page, 'sign-in-error');
  });

  it("refuses mismatched passwords with 'Passwords do not match' and makes no call", async () => {
    const page = await e2e.openPage({ path: '/signup' });
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/register')) calls.push(request.url());
    });
    const signUp = new SignUpPage(page);
    await page.getByRole('heading', { name: 'Sign Up' }).waitFor();
    await signUp.signUp({ ...newUserDetails(), confirmation: 'something else entirely' });
    await signUp.error().waitFor();
    expect(await signUp.error().textContent()).to.equal('Passwords do not match');
    expect(calls).to.deep.equal([]);
  });

  it('signs a second tab out with the first, and says on the sign-in screen why the session ended and that a refused save was not made', async () => {
    const { page: editing } = await e2e.openSignedInPage({ path: '/tasks/create' });
    await editing.getByLabel('Description').fill('Prepare the pricing');
    const other = await editing.context().newPage();
    await other.goto(`${e2e.url}/#/`);
    await new Shell(other).signOut();
    await new Shell(editing).waitForRoute('/signin');
    await editing.getByText('You signed out in another tab. Sign in again to continue.').waitFor();

    // A session ended by the server (here revoked, as an expired one is refused) while the user edits a contact.
    const session = await e2e.registerUser();
    const bank = await trackLargestBank(e2e.url, session);
    const contact = await apiAs<{ id: string }>(e2e.url, session, '/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Jane Doe', title: 'CFO' } });
    const { page } = await e2e.openSignedInPage({ session, path: `/contacts/${contact.id}` });
    await page.getByLabel('Job Title').fill('Chief Financial Officer');
    await fetch(`${e2e.url}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${session.token}` } });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your session expired before your last change was saved. Please sign in again and make it once more.').waitFor();
    // react-admin answered the refused save as a success once signed out, and the screen said so.
    expect(await page.getByText('Contact saved.').count()).to.equal(0);
    expect([...e2e.pageErrors(editing), ...e2e.pageErrors(page)]).to.deep.equal([]);
  });

  it('signs out when the stored token is no longer accepted', async () => {
    const page = await e2e.openPage({ path: '/' });
    await page.evaluate(() => {
      window.localStorage.setItem('charterline.token', 'a-token-the-server-never-issued');
      window.localStorage.setItem('charterline.user', JSON.stringify({ id: 'x', name: 'Nobody', email: 'nobody@example.com' }));
    });
    await page.goto(`${e2e.url}/#/credit-box`);
    // the page was already on the sign-in route before this navigation: wait for the token's removal itself
    await page.waitForFunction(() => window.localStorage.getItem('charterline.token') === null);
    await new Shell(page).waitForRoute('/signin');
    expect(await page.evaluate(() => window.localStorage.getItem('charterline.user'))).to.equal(null);
  });
});
