import { expect } from 'chai';
import type { Locator } from 'playwright-core';
import { HunterDouble, hunterDoubleKey, type HunterPerson } from '../doubles/hunter-double.ts';
import { LinkedinDouble } from '../doubles/linkedin-double.ts';
import { apiAs, screenshot, screenshotInBothSchemes, screenshotInBothThemes, useE2E } from './support/index.ts';
import { Shell } from './support/pages/shell.ts';
import { TargetsPage } from './support/pages/targets.ts';

type Institution = { data: Array<{ data: Record<string, unknown> }> };

describe('outreach: targets, contacts and tasks', function () {
  const hunterPeople: Record<string, HunterPerson[]> = {};
  const hunter = new HunterDouble(hunterPeople);
  const linkedin = new LinkedinDouble(new Set(['/company/new-name']), { '/company/old-name': 'https://www.linkedin.com/company/new-name' });
  before(async () => {
    await hunter.start();
    await linkedin.start();
  });
  after(async () => {
    await hunter.stop();
    await linkedin.stop();
  });
  const e2e = useE2E({ banks: 60, config: () => ({ hunterApiUrl: hunter.url, linkedinUrlRewrite: linkedin.url }) });

  /** The name and cert of a demo bank, to track through the API when the test is not about starring. */
  async function someBank(index: number): Promise<{ cert: number; name: string }> {
    const session = await e2e.registerUser();
    const answer = await apiAs<Institution>(e2e.url, session, `/api/services/fdic/institutions?limit=1&offset=${index}&sort_by=ASSET&sort_order=DESC`);
    const record = answer.data[0].data;
    return { cert: Number(record.CERT), name: String(record.NAME) };
  }

  it('runs the outreach flow as a user: keys, Mark as Target, contacts, email check, hot lead, tasks, edits, history and activity', async () => {
    // As most users see it: with the app's fades and slides (other tests ask for reduced motion).
    const { page } = await e2e.openSignedInPage({ path: '/settings', motion: true });
    const shell = new Shell(page);

    // The contact finder's key, tested and saved on Settings -> Data Enrichment.
    await page.getByRole('tab', { name: 'Data Enrichment' }).click();
    const hunterCard = page.locator('.MuiCard-root', { hasText: 'Hunter.io' });
    await hunterCard.getByLabel('API Key').fill(hunterDoubleKey);
    await hunterCard.getByRole('button', { name: 'Test Connection' }).click();
    await page.getByTestId('hunter-io-test-result').filter({ hasText: /^Connected to Hunter.io/ }).waitFor();
    await page.getByRole('button', { name: 'Save API Keys' }).click();
    await page.getByText('Settings saved successfully!').waitFor();
    expect(await hunterCard.getByLabel('API Key').inputValue()).to.match(/^••••/);
    await screenshotInBothThemes(page, 'settings-data-enrichment');

    // Mark as Target in the bank detail lands on Targets with that bank expanded.
    await shell.navigate('Bank Directory');
    await page.getByTestId('directory-row').first().click();
    const detail = page.getByRole('dialog', { name: 'Bank detail' });
    const name = (await detail.getByTestId('bank-detail-name').textContent())!;
    await detail.getByRole('button', { name: 'Mark as Target' }).click();
    await shell.waitForRoute('/outreach/targets');
    const targets = new TargetsPage(page);
    await targets.expandedCard().waitFor();
    expect(await targets.expandedCard().getByTestId('target-name').textContent()).to.equal(name);
    await page.getByText('1 bank being tracked').waitFor();
    await targets.expandedCard().getByTestId('key-financials').waitFor();

    // The LinkedIn company page is checked first: an unknown page is refused, a redirect's end is saved.
    const card = targets.expandedCard();
    await card.getByRole('button', { name: 'Edit LinkedIn company page' }).click();
    await card.getByLabel('LinkedIn company page URL').fill('linkedin.com/company/no-such-bank');
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByText('The provided LinkedIn URL is not valid.').waitFor();
    await card.getByLabel('LinkedIn company page URL').fill('https://linkedin.com/company/old-name');
    await card.getByRole('button', { name: 'Save' }).click();
    await page.getByText('LinkedIn URL updated.').waitFor();
    expect(await card.getByTestId('linkedin-company-url').textContent()).to.equal('https://www.linkedin.com/company/new-name');

    // A contact: added, its email checked, marked hot.
    await targets.addContact({ name: 'Jane <b>Doe</b>', title: 'Chief Financial Officer', email: 'jane.doe@example.com', tags: ['board'] });
    expect(await targets.contactRow('Jane <b>Doe</b>').locator('b').count()).to.equal(0); // typed markup stays text
    await page.getByText('Jane <b>Doe</b> added as a contact.').waitFor();
    expect(await card.getByTestId('contact-count').textContent()).to.equal('1');
    await targets.contactRow('Jane <b>Doe</b>').getByRole('button', { name: 'Verify email' }).click();
    await page.getByText('Email for Jane <b>Doe</b> verified.').waitFor();
    await targets.contactRow('Jane <b>Doe</b>').locator('[data-verification="deliverable"]').waitFor();
    await targets.contactRow('Jane <b>Doe</b>').getByRole('button', { name: /as hot lead$/ }).click();
    await page.getByText('"Jane <b>Doe</b>" marked as hot leads.').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="hot-contacts"]')?.textContent === '1');
    // A reply is recorded and the button stays: a later reply stops an automation started after this one.
    const reply = targets.contactRow('Jane <b>Doe</b>').getByRole('button', { name: 'Mark Jane <b>Doe</b> replied' });
    await reply.click();
    await page.getByText('Jane <b>Doe</b> marked as replied: automations to them stop.').waitFor();
    await reply.hover();
    await page.getByRole('tooltip', { name: /^Replied .+: mark a new reply$/ }).waitFor();
    expect(await reply.isEnabled()).to.equal(true);

    // Find Contacts: Hunter's people at the bank's domain; the email the bank has reads 'Added'.
    const bankDomain = (await card.getByRole('link', { name: /\./ }).first().textContent())!.replace(/^www\./, '');
    hunterPeople[bankDomain] = [
      { value: 'jane.doe@example.com', first_name: 'Jane', last_name: 'Doe', position: 'CFO', confidence: 95 },
      { value: 'raj.patel.treasury@copperlane-federal-savings.example', first_name: 'Raj', last_name: 'Patel', position: 'Head of Treasury', confidence: 90 },
    ];
    await card.getByRole('button', { name: 'Find Contacts & Execs' }).click();
    const finder = page.getByRole('dialog', { name: 'Find Contacts and Executives' });
    expect(await finder.getByLabel('Bank domain').inputValue()).to.equal(bankDomain);
    await finder.getByRole('button', { name: 'Search' }).click();
    await finder.getByTestId('search-result').nth(1).waitFor();
    expect(await finder.getByTestId('search-result').filter({ hasText: 'jane.doe@example.com' }).getByRole('button').textContent()).to.equal('Added');
    await finder.getByTestId('search-result').filter({ hasText: 'raj.patel.treasury@copperlane-federal-savings.example' }).getByRole('button', { name: 'Add' }).click();
    await page.getByText('Raj Patel added as a contact.').waitFor();
    await finder.getByTestId('search-result').filter({ hasText: 'raj.patel.treasury@copperlane-federal-savings.example' }).getByRole('button', { name: 'Added' }).waitFor();
    await finder.getByRole('button', { name: 'Close' }).click();
    await targets.contactRow('Raj Patel').waitFor();

    // A task: quick-added for next week, then completed.
    await targets.quickAddTask('Call the CFO about treasury services');
    expect(await targets.taskRow('Call the CFO about treasury services').getByTestId('due-badge').textContent()).to.match(/^Due /);
    expect(await card.getByTestId('open-task-count').textContent()).to.equal('1');
    // The box follows the saved task: it turns checked when the server has completed it.
    await targets.taskRow('Call the CFO about treasury services').getByRole('checkbox').click();
    await page.locator('[data-testid="task-row"][data-completed="true"]').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="target-card"][data-expanded="true"] [data-testid="open-task-count"]')?.textContent === '0');
    // A task added by mistake is deleted after the confirm.
    await targets.quickAddTask('A task added by mistake');
    await page.getByRole('button', { name: 'Delete task "A task added by mistake"' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Task' });
    await confirm.getByText('Are you sure you want to delete the task "A task added by mistake"?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Task deleted.').waitFor();
    await confirm.waitFor({ state: 'hidden' });
    await targets.taskRow('A task added by mistake').waitFor({ state: 'detached' });
    await screenshot(page, 'targets-detail');
    await page.getByRole('button', { name: 'Card view' }).click();
    await page.getByTestId('target-summary-card').waitFor();
    await screenshot(page, 'targets-cards');

    // The contact edited on the Contacts list screen; its History shows every change, oldest first.
    await shell.navigate('Contacts', 'Records');
    // Opened from the list, the form waits for the record's fetch (answered late here, as by a busy
    // server) instead of starting from the list's copy and undoing, when the fetch lands, what was typed.
    await page.route(/\/api\/data\/contacts\/[^/?]+$/, async (route) => {
      if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue().catch(() => undefined);
    });
    await page.locator('tr', { hasText: 'Jane <b>Doe</b>' }).getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('progressbar', { name: 'Loading the record' }).waitFor();
    await page.getByRole('textbox', { name: /^Job Title/ }).fill('Chief Executive Officer');
    await page.waitForFunction(() => !document.querySelector('button[type="submit"][aria-label="Save"]')?.hasAttribute('disabled'), undefined, { timeout: 2000 });
    await page.unroute(/\/api\/data\/contacts\/[^/?]+$/);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByTestId('record-history');
    await history.locator('[data-event-type="ContactTitleChanged"]').waitFor();
    const events = await history.getByTestId('history-entry').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-event-type')));
    expect(events).to.deep.equal(['ContactAdded', 'ContactEmailVerified', 'ContactMarkedHotLead', 'ContactReplied', 'ContactTitleChanged']);
    expect(await history.locator('[data-event-type="ContactTitleChanged"]').textContent()).to.contain('Chief Executive Officer');
    await screenshotInBothThemes(page, 'contact-show-history');

    // Activity lists the same changes and leads back to the record.
    await shell.navigate('Activity'); // the Records group is open: its Contacts page is shown
    await page.getByText('Contact title changed').first().waitFor();
    await page.getByText('Contact marked hot lead').first().waitFor();
    await page.getByText('Task completed').first().waitFor();
    await screenshotInBothThemes(page, 'activity');
    // Each row names its record and links to it.
    await page.locator('tr', { hasText: 'Contact title changed' }).getByRole('link', { name: 'Jane <b>Doe</b>' }).click();
    await page.getByRole('tab', { name: 'History' }).waitFor();

    // The Contacts list exports as CSV.
    await shell.navigate('Contacts');
    await page.locator('tr', { hasText: 'Raj Patel' }).waitFor();
    await screenshotInBothThemes(page, 'contacts-list');
    // Beside the sidebar on a 1,440 px window every column shows, a long address cut short.
    const listScroll = () => page.locator('.RaDatagrid-tableWrapper').evaluate((table) => table.scrollWidth - table.clientWidth);
    expect(await listScroll()).to.equal(0);
    // So does it on a laptop's 1,280 px window (the email check sits under the address).
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: 1280, height: viewport.height });
    expect(await listScroll()).to.equal(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(1280);
    await screenshotInBothThemes(page, 'contacts-list-1280');
    await page.setViewportSize(viewport);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const file = await (await download).createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of file) chunks.push(chunk as Buffer);
    const csv = Buffer.concat(chunks).toString('utf8').split(/\r?\n/);
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(csv[0]).to.equal(`\uFEFFFull name,Job title,Email,LinkedIn URL,Bank,Cert,Hot lead,Email check,Score,Tags,Last reply (${zone}),Do Not Contact,Added (${zone})`);
    expect(csv.find((line) => line.startsWith('Jane <b>Doe</b>'))).to.match(/^Jane <b>Doe<\/b>,Chief Executive Officer,jane.doe@example.com,.*,yes,deliverable,96,board,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,/);
    // Jane replied (above): she alone is left with Replied only.
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menu').getByText('Replied only').click();
    await page.getByLabel('Replied only').check();
    await page.getByText('1-1 of 1').waitFor();
    await page.locator('tr', { hasText: 'Jane' }).waitFor();
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

  it("says a target's contacts and tasks are loading until they arrive, not that the bank has none", async () => {
    const { page, session } = await e2e.openSignedInPage({ path: '/' });
    const bank = await someBank(4);
    await apiAs(e2e.url, session, '/api/data/banks', { method: 'POST', body: { cert: bank.cert, name: bank.name } });
    await apiAs(e2e.url, session, '/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Dana Whitaker', title: 'Treasurer' } });
    // The card's contacts are held back until the card has been judged.
    let release = () => {};
    const judged = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/data/contacts?*', async (route) => {
      await judged;
      await route.continue();
    });
    await page.goto(`${e2e.url}/#/outreach/targets`);
    const targets = new TargetsPage(page);
    await targets.waitForCards();
    const card = targets.card(bank.name);
    expect(await card.getByTestId('contact-count').textContent()).to.equal('…');
    await card.getByRole('button', { name: bank.name, expanded: false }).click();
    await card.getByRole('progressbar', { name: 'Loading contacts' }).waitFor();
    expect(await card.getByRole('button', { name: 'Automate' }).isDisabled()).to.equal(true);
    expect(await card.getByText('No contacts added.').count()).to.equal(0);
    release();
    await targets.contactRow('Dana Whitaker').waitFor();
    expect(await card.getByTestId('contact-count').textContent()).to.equal('1');
    expect(await card.getByRole('button', { name: 'Automate' }).isEnabled()).to.equal(true);
  });

  it("draws a bank's first 50 contacts on its Targets card and more when asked (hundreds held the page still)", async () => {
    const { page, session } = await e2e.openSignedInPage({ path: '/' });
    const bank = await someBank(4);
    await apiAs(e2e.url, session, '/api/data/banks', { method: 'POST', body: { cert: bank.cert, name: bank.name } });
    const rows = Array.from({ length: 52 }, (_, index) => `Person ${String(index).padStart(2, '0')},Officer,${bank.cert}`);
    await apiAs(e2e.url, session, '/api/data/contacts/import', { method: 'POST', body: { csv: ['Full name,Job title,Cert', ...rows].join('\n'), mapping: { name: 'Full name', title: 'Job title', bankId: 'Cert' } } });
    await page.goto(`${e2e.url}/#/outreach/targets`);
    const targets = new TargetsPage(page);
    await targets.waitForCards();
    await targets.expand(bank.name);
    const contacts = page.getByRole('list', { name: `Contacts at ${bank.name}` });
    await contacts.getByRole('button', { name: 'Show 2 more of 2 contacts not shown' }).waitFor();
    expect(await contacts.getByTestId('contact-row').count()).to.equal(50);
    await contacts.getByRole('button', { name: 'Show 2 more of 2 contacts not shown' }).click();
    await contacts.locator('[data-contact-name="Person 51"]').waitFor();
    expect(await contacts.getByTestId('contact-row').count()).to.equal(52);
  });

  it('keeps LinkedIn addresses LinkedIn could not be asked about, saying they were not checked', async () => {
    const { page, session } = await e2e.openSignedInPage({ path: '/' });
    const bank = await someBank(4);
    await apiAs(e2e.url, session, '/api/data/banks', { method: 'POST', body: { cert: bank.cert, name: bank.name } });
    await page.goto(`${e2e.url}/#/outreach/targets`);
    const targets = new TargetsPage(page);
    await targets.waitForCards();
    await targets.expand(bank.name);
    const card = targets.expandedCard();
    await card.getByRole('button', { name: 'Edit LinkedIn company page' }).click();
    await card.getByLabel('LinkedIn company page URL').fill('https://www.linkedin.com/company/busy-whitfield-bank');
    await card.getByRole('button', { name: 'Save' }).click();
    await page.getByText('LinkedIn URL updated. LinkedIn could not be checked right now (HTTP 503). It was saved unchecked.').waitFor();
    expect(await card.getByTestId('linkedin-company-url').textContent()).to.equal('https://www.linkedin.com/company/busy-whitfield-bank');

    await card.getByRole('button', { name: 'Add New Contact' }).click();
    const dialog = targets.dialog();
    await dialog.getByLabel('Full Name').fill('Dana Whitfield');
    await dialog.getByLabel('Job Title').fill('CFO');
    await dialog.getByLabel('LinkedIn URL').fill('https://www.linkedin.com/busy/in/dana-whitfield');
    await dialog.getByRole('button', { name: 'Check' }).click();
    await dialog.getByText('LinkedIn could not be checked right now (HTTP 503). The address is kept as typed, unchecked.').waitFor();
    await screenshot(page, 'contact-form-linkedin-unchecked');
    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await page.getByText('Dana Whitfield added as a contact.').waitFor();
    const [contact] = await apiAs<Array<{ linkedinUrl: string }>>(e2e.url, session, '/api/data/contacts');
    expect(contact.linkedinUrl).to.equal('https://www.linkedin.com/busy/in/dana-whitfield');
  });

  it("says in words why a contact was refused, adding and editing from Targets, without the field's code name", async () => {
    const { page, session } = await e2e.openSignedInPage({ path: '/' });
    const bank = await someBank(5);
    await apiAs(e2e.url, session, '/api/data/banks', { method: 'POST', body: { cert: bank.cert, name: bank.name } });
    await page.goto(`${e2e.url}/#/outreach/targets`);
    const targets = new TargetsPage(page);
    await targets.waitForCards();
    await targets.expand(bank.name);
    const longTitle = 'Chief Financial Officer '.repeat(10);

    await targets.expandedCard().getByRole('button', { name: 'Add New Contact' }).click();
    const dialog = targets.dialog();
    await dialog.getByLabel('Full Name').fill('Zoë <b>Núñez</b>');
    await dialog.getByLabel('Job Title').fill(longTitle);
    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await page.getByText('Failed to add contact. Job title can be at most 200 characters.', { exact: true }).waitFor();
    await dialog.getByText('Job title can be at most 200 characters.', { exact: true }).waitFor();
    await dialog.getByLabel('Job Title').fill('CFO');
    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await page.getByText('Zoë <b>Núñez</b> added as a contact.').waitFor();

    await targets.contactRow('Zoë <b>Núñez</b>').getByRole('button', { name: 'Edit Zoë <b>Núñez</b>' }).click();
    await dialog.getByLabel('Job Title').fill(longTitle);
    await dialog.getByRole('button', { name: 'Save Contact' }).click();
    // said once, under the field, with the alert saying the save failed
    await dialog.getByRole('alert').getByText('Failed to update contact.', { exact: true }).waitFor();
    expect(await dialog.getByText('Job title can be at most 200 characters.', { exact: true }).count()).to.equal(1);
    expect(await page.getByText('title: ').count()).to.equal(0);
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('asks before Escape, the backdrop or Cancel drops what was typed in Add Contact, keeps it on Keep editing, and closes an untouched form at once', async () => {
    const { page, session } = await e2e.openSignedInPage({ path: '/' });
    const bank = await someBank(6);
    await apiAs(e2e.url, session, '/api/data/banks', { method: 'POST', body: { cert: bank.cert, name: bank.name } });
    await page.goto(`${e2e.url}/#/outreach/targets`);
    const targets = new TargetsPage(page);
    await targets.waitForCards();
    await targets.expand(bank.name);
    const addContact = targets.expandedCard().getByRole('button', { name: 'Add New Contact' });
    const form = page.getByRole('dialog', { name: `Add Contact for ${bank.name}` });
    const question = page.getByRole('alertdialog', { name: 'Discard your changes?' });
    const focusOn = async (element: Locator) => page.waitForFunction((target) => target === document.activeElement, await element.elementHandle());

    // Nothing typed: Escape closes at once, without a question.
    await addContact.click();
    await form.getByLabel('Full Name').waitFor();
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    expect(await question.count()).to.equal(0);

    await addContact.click();
    await form.getByLabel('Full Name').fill('Dana Whitfield');
    await page.keyboard.press('Escape');
    await question.getByText("Some of your changes weren't saved. Are you sure you want to ignore them?").waitFor();
    await screenshotInBothSchemes(page, 'contact-form-discard-question');
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await form.getByLabel('Full Name').inputValue()).to.equal('Dana Whitfield');
    // Focus is back on the field being typed in, for the keyboard and the screen reader.
    await focusOn(form.getByLabel('Full Name'));

    // A click on the backdrop asks too; Escape in the question keeps editing.
    await page.mouse.click(5, 5);
    await question.waitFor();
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    expect(await form.getByLabel('Full Name').inputValue()).to.equal('Dana Whitfield');

    // Cancel asks; Discard closes both, and the next opening starts afresh.
    await form.getByRole('button', { name: 'Cancel' }).click();
    await question.getByRole('button', { name: 'Discard' }).click();
    await form.waitFor({ state: 'detached' });
    await question.waitFor({ state: 'detached' });
    await focusOn(addContact);
    await addContact.click();
    expect(await form.getByLabel('Full Name').inputValue()).to.equal('');
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('asks before closing Find Contacts on people found and not added, Keep editing on Enter, and closes at once before a search', async () => {
    const { page, session } = await e2e.openSignedInPage({ path: '/' });
    const bank = await someBank(7);
    await apiAs(e2e.url, session, '/api/data/banks', { method: 'POST', body: { cert: bank.cert, name: bank.name } });
    // The finder and the AI answer one person, who is not among the bank's contacts.
    await page.route('**/api/services/hunter/find', (route) => route.fulfill({ json: { contacts: [{ name: 'Nia Rowe', title: 'CFO', email: 'nia.rowe@finder.example' }] } }));
    await page.route('**/api/services/gemini/find-executives', (route) => route.fulfill({ json: [] }));
    await page.goto(`${e2e.url}/#/outreach/targets`);
    const targets = new TargetsPage(page);
    await targets.waitForCards();
    await targets.expand(bank.name);
    const findContacts = targets.expandedCard().getByRole('button', { name: 'Find Contacts & Execs' });
    const finder = page.getByRole('dialog', { name: 'Find Contacts and Executives' });
    const question = page.getByRole('alertdialog', { name: 'Discard your changes?' });

    // Opened and closed straight away: no question.
    await findContacts.click();
    await finder.getByLabel('Bank domain').waitFor();
    await page.keyboard.press('Escape');
    await finder.waitFor({ state: 'detached' });
    expect(await question.count()).to.equal(0);

    // Another domain typed and not searched is a change too: closing asks before dropping it.
    await findContacts.click();
    await finder.getByLabel('Bank domain').fill('typed-not-searched.example');
    await page.keyboard.press('Escape');
    await question.getByText("Some of your changes weren't saved. Are you sure you want to ignore them?").waitFor();
    await screenshotInBothSchemes(page, 'find-contacts-typed-domain-question');
    await question.getByRole('button', { name: 'Discard' }).click();
    await finder.waitFor({ state: 'detached' });

    await findContacts.click();
    await finder.getByLabel('Bank domain').fill('finder.example');
    await finder.getByRole('button', { name: 'Search' }).click();
    await finder.getByTestId('search-result').filter({ hasText: 'nia.rowe@finder.example' }).waitFor();
    await page.keyboard.press('Escape');
    await question.getByText("Some of your changes weren't saved. Are you sure you want to ignore them?").waitFor();
    // The question opens on Keep editing: Enter keeps the people found.
    await page.waitForFunction(() => document.activeElement?.textContent === 'Keep editing');
    await page.keyboard.press('Enter');
    await question.waitFor({ state: 'detached' });
    await finder.getByTestId('search-result').filter({ hasText: 'nia.rowe@finder.example' }).waitFor();
    await finder.getByRole('button', { name: 'Close' }).click();
    await question.getByRole('button', { name: 'Discard' }).click();
    await finder.waitFor({ state: 'detached' });
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('keeps a tag typed without Enter when Add Contact is pressed, and splits pasted tags at their commas', async () => {
    const { page, session } = await e2e.openSignedInPage({ path: '/' });
    const bank = await someBank(5);
    await apiAs(e2e.url, session, '/api/data/banks', { method: 'POST', body: { cert: bank.cert, name: bank.name } });
    await page.goto(`${e2e.url}/#/outreach/targets`);
    const targets = new TargetsPage(page);
    await targets.waitForCards();
    await targets.expand(bank.name);
    await targets.expandedCard().getByRole('button', { name: 'Add New Contact' }).click();
    const dialog = targets.dialog();
    await dialog.getByLabel('Full Name').fill('Tess Tagger');
    await dialog.getByLabel('Job Title').fill('Treasurer');
    await dialog.getByRole('textbox', { name: 'Tags' }).fill('vip, key account,');
    await dialog.getByRole('textbox', { name: 'Tags' }).fill('board');
    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await dialog.waitFor({ state: 'detached' });
    const [contact] = await apiAs<Array<{ name: string; tags: string[] }>>(e2e.url, session, `/api/data/contacts?filter=${encodeURIComponent(JSON.stringify({ bankId: bank.cert }))}`);
    expect(contact.tags).to.deep.equal(['vip', 'key account', 'board']);
  });

  it("says why Find Contacts found nobody when the contact finder failed, rather than that there is nobody to find", async () => {
    // This user saved no Hunter.io key, and this server has no AI executive search.
    const { page, session } = await e2e.openSignedInPage({ path: '/' });
    const bank = await someBank(6);
    await apiAs(e2e.url, session, '/api/data/banks', { method: 'POST', body: { cert: bank.cert, name: bank.name, website: 'https://www.finder.example' } });
    await page.goto(`${e2e.url}/#/outreach/targets`);
    const targets = new TargetsPage(page);
    await targets.waitForCards();
    await targets.expand(bank.name);
    await targets.expandedCard().getByRole('button', { name: 'Find Contacts & Execs' }).click();
    const finder = page.getByRole('dialog', { name: 'Find Contacts and Executives' });
    await finder.getByRole('button', { name: 'Search' }).click();
    await finder.getByText('An error occurred during search: Add your Hunter.io API key in Settings → Data Enrichment first.').waitFor();
    expect(await finder.getByText('No contacts found from either Gemini AI or Hunter.io.').count()).to.equal(0);
  });

  it('goes back to the last page with banks when the banks of the last page are un-starred', async () => {
    const { page, session } = await e2e.openSignedInPage({ path: '/' });
    const answer = await apiAs<Institution>(e2e.url, session, '/api/services/fdic/institutions?limit=11&sort_by=ASSET&sort_order=DESC');
    for (const { data } of answer.data) await apiAs(e2e.url, session, '/api/data/banks', { method: 'POST', body: { cert: Number(data.CERT), name: String(data.NAME) } });
    await page.goto(`${e2e.url}/#/outreach/targets`);
    const targets = new TargetsPage(page);
    await targets.waitForCards();
    await page.getByLabel('Per page').click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('Page 2 of 2').waitFor();
    await targets.cards().first().getByRole('button', { name: /^Remove .* from targets$/ }).click();
    await page.getByText('10 banks being tracked').waitFor();
    // The ten left are on page 1, which is shown, rather than an empty page 2 saying there are no targets.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="target-card"]').length === 10);
    expect(await page.getByText('No Targets Found').count()).to.equal(0);
    expect(await page.getByTestId('pager').count()).to.equal(0);
  });

  it('says when no target matches the search and how to add the first one', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/outreach/targets' });
    await page.getByText('No Targets Found').waitFor();
    await page.getByText('Visit the Bank Directory to add banks to your target list.').waitFor();
    await page.getByLabel('Search targets').fill('zz no such bank');
    await page.getByText('No banks match your search criteria.').waitFor();
  });
});
