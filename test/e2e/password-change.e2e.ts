import { expect } from 'chai';
import { apiOf, screenshotInBothThemes, useE2E } from './support/index.ts';
import { SignInPage } from './support/pages/auth.ts';
import { Shell } from './support/pages/shell.ts';

/**
 * A user changes their password from Settings, Account: each field says what is wrong with it, a
 * wrong current password is said beside that field (the user stays signed in), the right one changes
 * it with a notice; the tab stays signed in (after a reload too), every other session is refused,
 * and only the new password signs in.
 */
describe("changing one's password from Settings", function () {
  const e2e = useE2E({ banks: 5 });

  it('says what is wrong per field, refuses a wrong current password, then changes it, keeps this session and ends the others', async () => {
    const session = await e2e.registerUser('Parker Rotate');
    const anotherUser = await e2e.registerUser('Someone Else');
    const signInElsewhere = await fetch(`${e2e.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: session.email, password: session.password }),
    });
    const elsewhereToken = ((await signInElsewhere.json()) as { token: string }).token;

    const { page } = await e2e.openSignedInPage({ session, path: '/settings?tab=account' });
    const form = page.getByRole('form', { name: 'Change password' });
    const current = form.getByLabel(/^Current password/);
    const fresh = form.getByLabel(/^New password/);
    const confirmation = form.getByLabel(/^Confirm new password/);
    const submit = form.getByRole('button', { name: 'Change password' });
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    await page.getByRole('heading', { name: 'Delete account' }).waitFor();
    await screenshotInBothThemes(page, 'account-change-password');

    // what is wrong is said beside each field, before anything is sent
    await submit.click();
    await form.getByText('Enter your current password.').waitFor();
    await form.getByText('Enter a new password.').waitFor();
    await form.getByText('Type your new password again.').waitFor();
    await current.fill('not my password');
    await fresh.fill('short');
    await confirmation.fill('shorter');
    await submit.click();
    await form.getByText('Password must be at least 8 characters.').waitFor();
    await form.getByText('The passwords do not match.').waitFor();

    // show and hide
    await form.getByRole('button', { name: 'Show new password', exact: true }).click();
    expect(await fresh.getAttribute('type')).to.equal('text');
    await form.getByRole('button', { name: 'Hide new password', exact: true }).click();
    expect(await fresh.getAttribute('type')).to.equal('password');

    // the server's refusal of the current password, beside it; the user stays signed in
    await fresh.fill('a much longer password');
    await confirmation.fill('a much longer password');
    await submit.click();
    await form.getByText('Your current password is not correct.').waitFor();
    expect(await current.getAttribute('aria-invalid')).to.equal('true');
    await screenshotInBothThemes(page, 'account-change-password-wrong-current');
    await apiOf(e2e.url, session)('/api/auth/me');

    await current.fill(session.password);
    await submit.click();
    await form.getByRole('status').getByText('Your password was changed. Other sessions were signed out.').waitFor();
    expect(await current.inputValue()).to.equal('');
    await screenshotInBothThemes(page, 'account-password-changed');

    // every other session is ended, another user's is not; this tab keeps working, after a reload too
    for (const ended of [elsewhereToken, session.token]) {
      expect((await fetch(`${e2e.url}/api/auth/me`, { headers: { authorization: `Bearer ${ended}` } })).status).to.equal(401);
    }
    expect((await fetch(`${e2e.url}/api/auth/me`, { headers: { authorization: `Bearer ${anotherUser.token}` } })).status).to.equal(200);
    await page.reload();
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    const storedToken = await page.evaluate(() => window.localStorage.getItem('charterline.token'));
    expect((await fetch(`${e2e.url}/api/auth/me`, { headers: { authorization: `Bearer ${storedToken}` } })).status).to.equal(200);

    // only the new password signs in
    await new Shell(page).signOut();
    const signIn = new SignInPage(page);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await signIn.signIn(session.email, session.password);
    await signIn.error().getByText('Invalid email or password.').waitFor();
    await signIn.signIn(session.email, 'a much longer password');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor({ state: 'detached' });
  });
});
