import { expect } from 'chai';
import { tablesContaining } from '../support/tables.ts';
import { apiOf, screenshot, screenshotInBothThemes, trackLargestBank, useE2E } from './support/index.ts';
import { SignInPage } from './support/pages/auth.ts';
import { Shell } from './support/pages/shell.ts';

/**
 * A user deletes their own account from Settings, Account: the screen says what happens, the button
 * stays off until the password is given and the email typed, a wrong password is said beside the
 * password field (the user stays signed in), and the right one signs them out with a note; they
 * cannot sign in again, their old session and API key are refused, and their contacts' personal
 * data is erased.
 */
describe('deleting one\'s own account from Settings', function () {
  const e2e = useE2E({ banks: 20 });

  it('explains, asks for the password and the email, then signs out, refuses the account and erases its contacts', async () => {
    const session = await e2e.registerUser('Dana Departing');
    const as = apiOf(e2e.url, session);
    const bank = await trackLargestBank(e2e.url, session);
    await as('/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Nadia Farewell', title: 'CFO', email: 'nadia.farewell@bank.example' } });
    const apiKey = (await as<{ key: string }>('/api/data/api-keys', { method: 'POST', body: { name: 'CRM' } })).key;

    const { page } = await e2e.openSignedInPage({ session, path: '/settings?tab=account' });
    await page.getByRole('heading', { name: 'Delete account' }).waitFor();
    await page.getByText("Your contacts' personal data (names, email addresses, LinkedIn profiles) is erased for good.").waitFor();
    await screenshotInBothThemes(page, 'account-delete-tab');

    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    const confirm = dialog.getByRole('button', { name: 'Delete account' });
    await page.getByRole('button', { name: 'Delete account…' }).click();
    expect(await confirm.isDisabled()).to.equal(true);
    await screenshot(page, 'account-delete-dialog');
    // the theme switch sits behind the open dialog: the dialog is seen in the dark theme from here on
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await new Shell(page).toggleTheme();
    await page.getByRole('button', { name: 'Delete account…' }).click();
    await dialog.getByLabel('Password').fill('not my password');
    expect(await confirm.isDisabled(), 'armed only once the email is typed too').to.equal(true);
    await dialog.getByLabel('Email address').fill(session.email.toUpperCase());
    expect(await confirm.isDisabled()).to.equal(false);
    await confirm.click();
    // the refusal is said beside the password field, and the user stays signed in
    const passwordField = dialog.getByLabel('Password');
    await dialog.getByText('Your current password is not correct.').waitFor();
    expect(await passwordField.getAttribute('aria-invalid')).to.equal('true');
    const describedBy = await passwordField.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).to.equal('Your current password is not correct.');
    expect(await dialog.getByRole('alert').count()).to.equal(0);
    await screenshot(page, 'account-delete-wrong-password');
    expect(await page.evaluate(() => window.localStorage.getItem('charterline.token'))).to.equal(session.token);
    expect(await page.getByRole('heading', { name: 'Sign In' }).count()).to.equal(0);
    await as('/api/auth/me');

    await dialog.getByLabel('Password').fill(session.password);
    await confirm.click();
    const signIn = new SignInPage(page);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await page.getByText("Your account was deleted. Your contacts' personal data is being erased.").waitFor();
    await screenshot(page, 'account-deleted-sign-in');

    await signIn.signIn(session.email, session.password);
    await signIn.error().getByText('Invalid email or password.').waitFor();
    const refused = await fetch(`${e2e.url}/api/auth/me`, { headers: { authorization: `Bearer ${session.token}` } });
    expect(refused.status).to.equal(401);
    expect((await fetch(`${e2e.url}/api/public/banks`, { headers: { 'x-api-key': apiKey } })).status).to.equal(401);

    // the server erases the contacts in the background
    const { knex } = e2e.server.db;
    for (let tries = 0; !(await knex('account_deletions').where('user_id', session.user.id).whereNotNull('finished_at').first()); tries += 1) {
      expect(tries, 'the deletion finishes').to.be.lessThan(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await tablesContaining(knex, 'Nadia Farewell')).to.deep.equal([]);
    expect(await tablesContaining(knex, 'nadia.farewell@bank.example')).to.deep.equal([]);
  });
});
