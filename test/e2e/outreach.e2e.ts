import { expect } from 'chai';
import { apiAs, screenshot, useE2E } from './support/index.ts';
import { Shell } from './support/pages/shell.ts';
import { TargetsPage } from './support/pages/targets.ts';

type Institution = { data: Array<{ data: Record<string, unknown> }> };

describe('outreach: targets, contacts and tasks', function () {
  const e2e = useE2E({ banks: 60 });

  /** The name and cert of a demo bank, to track through the API when the test is not about starring. */
  async function someBank(index: number): Promise<{ cert: number; name: string }> {
    const session = await e2e.registerUser();
    const answer = await apiAs<Institution>(e2e.url, session, `/api/services/fdic/institutions?limit=1&offset=${index}&sort_by=ASSET&sort_order=DESC`);
    const record = answer.data[0].data;
    return { cert: Number(record.CERT), name: String(record.NAME) };
  }

  it('lands on Targets with the bank expanded after Mark as Target, then keeps contacts and tasks there', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory' });
    await page.getByTestId('directory-row').first().waitFor();
    await page.getByTestId('directory-row').first().click();
    const detail = page.getByRole('dialog', { name: 'Bank detail' });
    const name = (await detail.getByTestId('bank-detail-name').textContent())!;
    await detail.getByRole('button', { name: 'Mark as Target' }).click();
    await new Shell(page).waitForRoute('/outreach/targets');

    const targets = new TargetsPage(page);
    await targets.expandedCard().waitFor();
    expect(await targets.expandedCard().getByTestId('target-name').textContent()).to.equal(name);
    await page.getByText('1 banks being tracked').waitFor();
    await targets.expandedCard().getByTestId('key-financials').waitFor();

    await targets.addContact({ name: 'Jane <b>Doe</b>', title: 'Chief Financial Officer', email: 'jane.doe@example.com', tags: ['board'] });
    // Markup typed by a user is text, never HTML.
    expect(await targets.contactRow('Jane <b>Doe</b>').locator('b').count()).to.equal(0);
    await page.getByText('Jane <b>Doe</b> added as a contact.').waitFor();
    expect(await targets.expandedCard().getByTestId('contact-count').textContent()).to.equal('1');
    expect(await page.getByTestId('total-contacts').textContent()).to.equal('1');

    await targets.contactRow('Jane <b>Doe</b>').getByRole('button', { name: /as hot lead$/ }).click();
    await page.getByText('"Jane <b>Doe</b>" marked as hot leads.').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="hot-contacts"]')?.textContent === '1');

    await targets.quickAddTask('Call the CFO about treasury services');
    expect(await targets.taskRow('Call the CFO about treasury services').getByTestId('due-badge').textContent()).to.match(/^Due /);
    expect(await targets.expandedCard().getByTestId('open-task-count').textContent()).to.equal('1');
    await targets.taskRow('Call the CFO about treasury services').getByRole('checkbox').check();
    await page.locator('[data-testid="task-row"][data-completed="true"]').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="target-card"][data-expanded="true"] [data-testid="open-task-count"]')?.textContent === '0');
    await screenshot(page, 'targets-detail');
  });

  it('shows targets as cards with avatars, hot leads ringed and +N beyond five', async () => {
    const { page, session } = await e2e.openSignedInPage({ path: '/' });
    const bank = await someBank(3);
    await apiAs(e2e.url, session, '/api/data/banks', { method: 'POST', body: { cert: bank.cert, name: bank.name, assets: 1_200_000_000, roa: 1.1, nplRatio: 0.6 } });
    for (let index = 0; index < 7; index += 1) {
      await apiAs(e2e.url, session, '/api/data/contacts', {
        method: 'POST',
        body: { bankId: bank.cert, name: `Person ${index + 1}`, title: 'Officer', isHotLead: index === 0 },
      });
    }
    await page.goto(`${e2e.url}/#/outreach/targets`);
    const targets = new TargetsPage(page);
    await targets.waitForCards();
    await targets.showCardView();
    const avatars = page.getByTestId('contact-avatars');
    await avatars.getByText('+2').waitFor();
    expect(await avatars.locator('[data-hot-lead="true"]').count()).to.equal(1);
    await screenshot(page, 'targets-cards');
  });

  it('says when no target matches the search and how to add the first one', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/outreach/targets' });
    await page.getByText('No Targets Found').waitFor();
    await page.getByText('Visit the Bank Directory to add banks to your target list.').waitFor();
    await page.getByLabel('Search targets').fill('zz no such bank');
    await page.getByText('No banks match your search criteria.').waitFor();
  });

  it('edits a contact from the Contacts list, shows the change in its History and in Activity, and exports the list', async () => {
    const { page, session } = await e2e.openSignedInPage({ path: '/' });
    const bank = await someBank(5);
    await apiAs(e2e.url, session, '/api/data/banks', { method: 'POST', body: { cert: bank.cert, name: bank.name } });
    await apiAs(e2e.url, session, '/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Omar Reyes', title: 'Treasurer', email: 'omar@example.com' } });

    await page.goto(`${e2e.url}/#/contacts`);
    const row = page.locator('tr', { hasText: 'Omar Reyes' });
    await row.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: /^Job Title/ }).fill('Chief Treasury Officer');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByTestId('record-history');
    await history.locator('[data-event-type="ContactTitleChanged"]').waitFor();
    expect(await history.getByTestId('history-entry').first().getAttribute('data-event-type')).to.equal('ContactAdded');
    expect(await history.locator('[data-event-type="ContactTitleChanged"]').textContent()).to.contain('Chief Treasury Officer');
    await screenshot(page, 'contact-show-history');

    await new Shell(page).navigate('Activity', 'Records');
    await page.getByText('Contact title changed').first().waitFor();
    await page.locator('tr', { hasText: 'Contact title changed' }).getByRole('link', { name: 'Contact' }).click();
    await page.getByRole('tab', { name: 'History' }).waitFor();

    await page.goto(`${e2e.url}/#/contacts`);
    await page.locator('tr', { hasText: 'Omar Reyes' }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const file = await (await download).createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of file) chunks.push(chunk as Buffer);
    const csv = Buffer.concat(chunks).toString('utf8').split(/\r?\n/);
    expect(csv[0]).to.equal('Full name,Job title,Email,LinkedIn URL,Bank,Cert,Hot lead,Email check,Score,Tags,Added');
    expect(csv[1]).to.match(/^Omar Reyes,Chief Treasury Officer,omar@example.com,/);
  });
});
