import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { useE2E } from './support/index.ts';
import { Shell } from './support/pages/shell.ts';

/** Marks the page's document, so a later check tells it was never reloaded. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { notReloaded?: boolean }).notReloaded = true));
const stillSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

/**
 * Two tabs of one browser share the stored session: what one tab does to the account, the other
 * follows without a reload. A new email shows there at once; after a password change it goes on with
 * the new session (its old token is ended, the stored one is the new); signing out signs it out.
 */
describe('other open tabs following account changes', function () {
  const e2e = useE2E({ banks: 5 });

  it('shows a new email in the other tab, keeps it working after a password change, and signs it out with the first', async () => {
    const { page: settings, session } = await e2e.openSignedInPage({ path: '/settings?tab=account' });
    const other = await settings.context().newPage();
    await other.goto(`${e2e.url}/#/`);
    await other.locator(`[title="${session.email}"]`).waitFor();
    await markDocument(other);

    const newEmail = `tabs.moved-${Date.now()}@example.com`;
    const emailForm = settings.getByRole('form', { name: 'Change email' });
    await emailForm.getByLabel(/^New email/).fill(newEmail);
    await emailForm.getByLabel(/^Current password/).fill(session.password);
    await emailForm.getByRole('button', { name: 'Change email' }).click();
    await emailForm.getByRole('status').waitFor();
    await other.locator(`[title="${newEmail}"]`).waitFor();

    const passwordForm = settings.getByRole('form', { name: 'Change password' });
    await passwordForm.getByLabel(/^Current password/).fill(session.password);
    await passwordForm.getByLabel(/^New password/).fill('a password for both tabs');
    await passwordForm.getByLabel(/^Confirm new password/).fill('a password for both tabs');
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await passwordForm.getByRole('status').waitFor();
    // the other tab's next screen loads with the new session instead of signing out on the ended one
    await new Shell(other).navigate('Targets', 'Outreach');
    await new Shell(other).waitForRoute('/outreach/targets');
    await other.getByRole('heading', { name: 'Targets' }).first().waitFor();
    await other.locator(`[title="${newEmail}"]`).waitFor();
    expect(new Shell(other).route()).to.equal('/outreach/targets');

    await new Shell(settings).signOut();
    await new Shell(other).waitForRoute('/signin');
    await other.getByText('You signed out in another tab. Sign in again to continue.').waitFor();
    expect(await stillSameDocument(other)).to.equal(true);
    expect([...e2e.pageErrors(settings)]).to.deep.equal([]);
  });
});
