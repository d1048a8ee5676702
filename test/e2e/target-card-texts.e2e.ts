import { expect } from 'chai';
import { apiAs, screenshot, trackLargestBank, useE2E } from './support/index.ts';
import { TargetsPage } from './support/pages/targets.ts';

/** What a target's expanded card and the Tasks list show of long, empty and refused texts. */
describe("texts on a target's card and in the Tasks list", function () {
  const e2e = useE2E({ banks: 20 });

  it('shows a refused duplicate address once, under Email, in the Edit Contact dialog', async () => {
    const session = await e2e.registerUser('Dana Dupe');
    const bank = await trackLargestBank(e2e.url, session);
    const as = (path: string, body: unknown) => apiAs<{ id: string }>(e2e.url, session, path, { method: 'POST', body });
    await as('/api/data/contacts', { bankId: bank.cert, name: 'Ann First', title: 'CFO', email: 'ann@bank.example' });
    await as('/api/data/contacts', { bankId: bank.cert, name: 'Ben Second', title: 'CEO', email: 'ben@bank.example' });
    const { page } = await e2e.openSignedInPage({ session, path: '/outreach/targets' });
    const targets = new TargetsPage(page);
    await targets.expand(bank.name);
    await targets.contactRow('Ben Second').getByRole('button', { name: 'Edit Ben Second' }).click();
    const dialog = targets.dialog();
    await dialog.getByLabel('Email').fill('ann@bank.example');
    await dialog.getByRole('button', { name: 'Save Contact' }).click();
    const message = 'Ann First at this bank already has the address ann@bank.example: give this contact another address, or edit that contact instead.';
    await dialog.getByText(message).waitFor();
    expect(await dialog.getByText(message).count()).to.equal(1);
    expect(await dialog.locator('#contact-form .MuiFormHelperText-root', { hasText: message }).count()).to.equal(1);
    await screenshot(page, 'contact-edit-duplicate-address');
  });

  it("writes a card's empty contacts, automations and outreach history in one text size", async () => {
    const session = await e2e.registerUser('Erin Empty');
    const bank = await trackLargestBank(e2e.url, session);
    const { page } = await e2e.openSignedInPage({ session, path: '/outreach/targets' });
    const targets = new TargetsPage(page);
    await targets.expand(bank.name);
    const card = targets.expandedCard();
    const sizes = [];
    for (const text of ['No contacts added.', 'No automations for this bank yet.', 'No outreach history.']) {
      const empty = card.getByText(text, { exact: true });
      await empty.waitFor();
      sizes.push(await empty.evaluate((element) => getComputedStyle(element).fontSize));
    }
    expect(new Set(sizes).size, sizes.join(', ')).to.equal(1);
  });

  it("refuses a person's LinkedIn profile as the bank's company page, on the field", async () => {
    const session = await e2e.registerUser('Lee Linked');
    const bank = await trackLargestBank(e2e.url, session);
    const { page } = await e2e.openSignedInPage({ session, path: '/outreach/targets' });
    const targets = new TargetsPage(page);
    await targets.expand(bank.name);
    const card = targets.expandedCard();
    await card.getByRole('button', { name: 'Edit LinkedIn company page' }).click();
    await card.getByLabel('LinkedIn company page URL').fill('https://www.linkedin.com/in/person');
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByText("This is not a LinkedIn company page: use the address of the bank's page, like https://www.linkedin.com/company/first-example.").waitFor();
    expect(await card.getByLabel('LinkedIn company page URL').inputValue()).to.equal('https://www.linkedin.com/in/person');
    await card.getByRole('button', { name: 'Cancel' }).click();
    expect(await card.getByTestId('linkedin-company-url').textContent()).to.equal('Not set');
  });

  it('cuts a 2,000-character task to a few lines on the card and in the Tasks list, the whole text on hover', async () => {
    const session = await e2e.registerUser('Tia Long');
    const bank = await trackLargestBank(e2e.url, session);
    const text = `Prepare the proposal ${'and the appendix '.repeat(120)}`.slice(0, 2000).trim();
    await apiAs(e2e.url, session, '/api/data/tasks', { method: 'POST', body: { bankId: bank.cert, text, dueDate: '2026-12-31' } });
    const { page } = await e2e.openSignedInPage({ session, path: '/outreach/targets' });
    const targets = new TargetsPage(page);
    await targets.expand(bank.name);
    const onCard = targets.taskRow(text).locator('[title]', { hasText: 'Prepare the proposal' });
    expect(await onCard.getAttribute('title')).to.equal(text);
    expect((await onCard.boundingBox())!.height).to.be.below(80);
    await screenshot(page, 'target-card-long-task');

    await page.goto(`${e2e.url}/#/tasks`);
    const inList = page.locator('tr').locator('[title]', { hasText: 'Prepare the proposal' });
    await inList.waitFor();
    expect(await inList.getAttribute('title')).to.equal(text);
    expect((await inList.boundingBox())!.height).to.be.below(80);
    await screenshot(page, 'tasks-long-task');
  });
});
