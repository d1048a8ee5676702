import { expect } from 'chai';
import { screenshotInBothThemes, useE2E } from './support/index.ts';
import { SignInPage } from './support/pages/auth.ts';
import { Shell } from './support/pages/shell.ts';

/**
 * A user changes the email they sign in with from Settings, Account: each field says what is wrong
 * with it, a wrong current password and an address another account has are said beside their fields,
 * the right ones change it with a notice; the page and the sidebar show the new address at once (after
 * a reload too) without signing in again, and only the new address signs in.
 */
describe("changing one's sign-in email from Settings", function () {
  const e2e = useE2E({ banks: 5 });

  it('says what is wrong per field, refuses a wrong password and a taken address, then changes it, showing the new address at once', async () => {
    const session = await e2e.registerUser('Morgan Moves');
    const anotherUser = await e2e.registerUser('Someone Else');
    const newEmail = `morgan.moved-${Date.now()}@example.com`;

    const { page } = await e2e.openSignedInPage({ session, path: '/settings?tab=account' });
    const form = page.getByRole('form', { name: 'Change email' });
    const address = form.getByLabel(/^New email/);
    const current = form.getByLabel(/^Current password/);
    const submit = form.getByRole('button', { name: 'Change email' });
    await page.getByRole('heading', { name: 'Change email' }).waitFor();
    await form.getByText(session.email).waitFor();
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    await screenshotInBothThemes(page, 'account-change-email');

    // what is wrong is said beside each field, before anything is sent
    await submit.click();
    await form.getByText('Enter your new email address.').waitFor();
    await form.getByText('Enter your current password.').waitFor();
    await address.fill('not an address');
    await submit.click();
    await form.getByText('Enter a valid email address.').waitFor();
    await address.fill(session.email.toUpperCase());
    await submit.click();
    await form.getByText('Your new email must be different from your current one.').waitFor();

    // the server's refusals, beside their fields; the user stays signed in
    await address.fill(newEmail);
    await current.fill('not my password');
    await submit.click();
    await form.getByText('Your current password is not correct.').waitFor();
    expect(await current.getAttribute('aria-invalid')).to.equal('true');
    await address.fill(anotherUser.email);
    await current.fill(session.password);
    await submit.click();
    await form.getByText('An account with this email already exists.').waitFor();
    expect(await address.getAttribute('aria-invalid')).to.equal('true');
    await screenshotInBothThemes(page, 'account-change-email-taken');

    // changed: a notice, and the new address here and in the sidebar without signing in again
    await address.fill(`  ${newEmail.toUpperCase()} `);
    await submit.click();
    await form.getByRole('status').getByText(`Your email was changed. Sign in with ${newEmail} from now on.`).waitFor();
    expect(await address.inputValue()).to.equal('');
    expect(await current.inputValue()).to.equal('');
    await form.getByText(`You sign in as ${newEmail}.`, { exact: false }).waitFor();
    await page.locator(`[title="${newEmail}"]`).waitFor();
    await screenshotInBothThemes(page, 'account-email-changed');

    await page.reload();
    await page.getByRole('form', { name: 'Change email' }).getByText(newEmail).waitFor();
    await page.locator(`[title="${newEmail}"]`).waitFor();
    const stored = await page.evaluate(() => ({ token: window.localStorage.getItem('charterline.token'), user: window.localStorage.getItem('charterline.user') }));
    expect(JSON.parse(stored.user!).email).to.equal(newEmail);
    const me = await fetch(`${e2e.url}/api/auth/me`, { headers: { authorization: `Bearer ${stored.token}` } });
    expect(((await me.json()) as { email: string }).email).to.equal(newEmail);

    // only the new address signs in
    await new Shell(page).signOut();
    const signIn = new SignInPage(page);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await signIn.signIn(session.email, session.password);
    await signIn.error().getByText('Invalid email or password.').waitFor();
    await signIn.signIn(newEmail, session.password);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor({ state: 'detached' });
  });
});
