import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { SmtpSink } from '../doubles/smtp-sink.ts';
import { apiOf, chartsDrawn, screenshotDir, trackLargestBank, transitionsEnded, useE2E, type ColorScheme } from './support/index.ts';
import { AutomationPage } from './support/pages/automation.ts';
import { TargetsPage } from './support/pages/targets.ts';

/** A sales rep's phone: 390 × 844, touch. */
const phone = { viewport: { width: 390, height: 844 }, touch: true } as const;

/** How many pixels of the element the window shows, top to bottom. */
async function heightInView(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    return Math.max(0, Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0));
  });
}

/**
 * Waits until the window, shrunk to `height` (a phone's keyboard coming up), shows the whole element:
 * the app scrolls the field being typed in back into view once the window has shrunk under it.
 */
async function shownWholeIn(element: Locator, height: number): Promise<void> {
  await element.page().waitForFunction(
    ([node, shrunk]) => {
      const box = node.getBoundingClientRect();
      return window.innerHeight === shrunk && box.top >= 0 && box.bottom <= shrunk;
    },
    [await element.elementHandle(), height] as const,
  );
}

/** Whether a tap anywhere well inside the element lands on it: its middle and towards each corner, within its rounded shape. */
async function uncovered(element: Locator): Promise<boolean> {
  return element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const points = [0.5, 0.2, 0.8].flatMap((across) => [0.2, 0.8].map((down) => [box.left + box.width * across, box.top + box.height * down]));
    return points.every(([x, y]) => node.contains(document.elementFromPoint(x, y)));
  });
}

/** A picture of what the phone's screen shows (a full-page one would show the page under a full-screen dialog). */
async function screenshot(page: Page, name: string, colorScheme: ColorScheme): Promise<void> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await chartsDrawn(page);
  await page.screenshot({ path: path.join(screenshotDir, `${name}-${colorScheme}.png`) });
}

/** Taps a target's card open, and waits until it has slid open: a tap while it slides can land beside its target. */
async function openTarget(targets: TargetsPage, name: string): Promise<void> {
  await targets.waitForCards();
  await targets.card(name).getByRole('button', { name, expanded: false }).tap();
  await targets.expandedCard().locator('.MuiCollapse-entered').waitFor();
}

/** The work of a rep between meetings, done on a phone. */
describe('on a phone', function () {
  const mail = new SmtpSink();
  before(async () => {
    await mail.start();
  });
  after(async () => {
    await mail.stop();
  });
  const e2e = useE2E({ banks: 30, config: () => ({ smtpUrl: mail.url }) });

  async function openBankDetail(colorScheme: ColorScheme): Promise<{ page: Page; dialog: Locator }> {
    const { page } = await e2e.openSignedInPage({ ...phone, colorScheme, path: '/bank-directory' });
    await page.getByRole('link', { name: 'Details', exact: true }).first().tap();
    const dialog = page.getByRole('dialog', { name: 'Bank detail' });
    await dialog.getByTestId('bank-detail-name').waitFor();
    return { page, dialog };
  }

  it('gives a bank detail panel the whole screen once the header and views are scrolled past, the AI summary open', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, dialog } = await openBankDetail(colorScheme);
      await dialog.getByRole('button', { name: 'AI Summary' }).tap();
      await dialog.getByTestId('ai-summary').waitFor();
      const panel = dialog.getByRole('region', { name: 'Bank detail panel' });
      await panel.getByRole('heading', { name: 'Off-Balance Sheet Items' }).scrollIntoViewIfNeeded();
      expect(await heightInView(panel), `${colorScheme}: the panel fills the window`).to.be.at.least(phone.viewport.height - 1);
      await screenshot(page, 'phone-bank-detail-scrolled', colorScheme);
    }
  });

  it('brings up the keyboard for web addresses in the LinkedIn fields, with no capital letter or autocorrect', async () => {
    const session = await e2e.registerUser();
    const bank = await trackLargestBank(e2e.url, session);
    const { page } = await e2e.openSignedInPage({ ...phone, session, path: '/outreach/targets' });
    const targets = new TargetsPage(page);
    await openTarget(targets, bank.name);
    const keyboardOf = (field: Locator) => field.evaluate((input: HTMLInputElement) => ({ inputMode: input.inputMode, autocapitalize: input.autocapitalize, autocorrect: input.getAttribute('autocorrect'), spellcheck: input.spellcheck }));
    const addressKeyboard = { inputMode: 'url', autocapitalize: 'none', autocorrect: 'off', spellcheck: false };

    await targets.expandedCard().getByRole('button', { name: 'Edit LinkedIn company page' }).tap();
    expect(await keyboardOf(targets.expandedCard().getByRole('textbox', { name: 'LinkedIn company page URL' })), 'the company page').to.deep.equal(addressKeyboard);

    await targets.expandedCard().getByRole('button', { name: 'Add New Contact' }).tap();
    expect(await keyboardOf(targets.dialog().getByRole('textbox', { name: 'LinkedIn URL' })), "a contact's profile").to.deep.equal(addressKeyboard);
  });

  it('ticks a task done from the Tasks list, its text then struck through, and the rest of its line still opens it', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const session = await e2e.registerUser();
      const as = apiOf(e2e.url, session);
      const bank = await trackLargestBank(e2e.url, session);
      const text = 'Send the treasury management proposal to Maximiliana Alexandrovna before the board meets';
      const task = await as<{ id: string }>('/api/data/tasks', { method: 'POST', body: { bankId: bank.cert, text, dueDate: '2026-12-15' } });
      const { page } = await e2e.openSignedInPage({ ...phone, colorScheme, session, path: '/tasks' });
      await page.getByRole('checkbox', { name: `Complete "${text}"` }).tap();
      await page.getByRole('checkbox', { name: `Reopen "${text}"` }).waitFor();
      expect((await as<{ completed: boolean }>(`/api/data/tasks/${task.id}`)).completed, `${colorScheme}: the task is done`).to.equal(true);
      const decoration = await page.getByText(text, { exact: true }).first().evaluate((element) => getComputedStyle(element).textDecorationLine);
      expect(decoration, `${colorScheme}: a done task's text is struck through`).to.equal('line-through');
      await screenshot(page, 'phone-tasks-ticked', colorScheme);
      await page.getByRole('link', { name: new RegExp(`^${text}`) }).tap();
      await page.waitForURL(new RegExp(`#/tasks/${task.id}/show$`));
    }
  });

  it("writes an email to a contact with a long address without the dialog scrolling sideways, the address read whole", async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const session = await e2e.registerUser();
      const bank = await trackLargestBank(e2e.url, session);
      const name = 'Maximiliana Alexandrovna Featherstonehaugh-Worthington';
      const email = 'maximiliana.featherstonehaughworthington@treasuryservices.example';
      await apiOf(e2e.url, session)('/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name, title: 'Chief Financial Officer', email } });
      const { page } = await e2e.openSignedInPage({ ...phone, colorScheme, session, path: '/outreach/targets' });
      const targets = new TargetsPage(page);
      await openTarget(targets, bank.name);
      await targets.contactRow(name).getByRole('button', { name: `Send email to ${name}` }).tap();
      const content = targets.dialog().locator('.MuiDialogContent-root');
      await content.getByText(email, { exact: false }).waitFor();
      const widths = await content.evaluate((element) => ({ content: element.scrollWidth, shown: element.clientWidth }));
      expect(widths.content, `${colorScheme}: the dialog's width, px`).to.be.at.most(widths.shown);
      await screenshot(page, 'phone-send-email', colorScheme);
    }
  });

  it("reads a long template name whole in the composer's Template menu", async () => {
    const session = await e2e.registerUser();
    const as = apiOf(e2e.url, session);
    const bank = await trackLargestBank(e2e.url, session);
    const template = 'CFO introduction for treasury management and the new ACH limits';
    await as('/api/data/templates', { method: 'POST', body: { name: template, category: 'introduction', subject: 'Partnering with {{bankName}}', body: 'Dear {{contactName}},' } });
    await as('/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Jane Doe', title: 'Chief Financial Officer', email: 'jane@example.com' } });
    const { page } = await e2e.openSignedInPage({ ...phone, session, path: '/outreach/targets' });
    const targets = new TargetsPage(page);
    await openTarget(targets, bank.name);
    await targets.contactRow('Jane Doe').getByRole('button', { name: 'Send email to Jane Doe' }).tap();
    await targets.dialog().getByRole('combobox', { name: 'Template' }).tap();
    const option = page.getByRole('option', { name: template });
    const fit = await option.evaluate((element) => ({ text: element.scrollWidth, shown: element.clientWidth, right: element.getBoundingClientRect().right, menuRight: element.closest('.MuiPaper-root')!.getBoundingClientRect().right }));
    expect(fit.text, "the name's width, px").to.be.at.most(fit.shown);
    expect(fit.right, 'the option ends within its menu').to.be.at.most(fit.menuRight);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await screenshot(page, 'phone-template-menu', colorScheme);
    }
  });

  it("brings up the number pad for a workflow step's day and a peer group's assets", async () => {
    const inputModeOf = (field: Locator) => field.evaluate((input: HTMLInputElement) => input.inputMode);
    const { dialog } = await openBankDetail('light');
    await dialog.getByRole('navigation', { name: 'Bank detail views' }).locator('[data-view="benchmark"]').tap();
    for (const label of ['Min Assets', 'Max Assets']) expect(await inputModeOf(dialog.getByRole('spinbutton', { name: label })), label).to.equal('numeric');

    const { page } = await e2e.openSignedInPage({ ...phone, path: '/outreach/automation' });
    await page.getByRole('button', { name: '+ New Workflow' }).tap();
    expect(await inputModeOf(page.getByRole('dialog').getByRole('spinbutton', { name: 'Day of step 1' })), 'Day').to.equal('numeric');
  });

  it("reads a contact's History whole, each event with what changed, with no sideways scrolling", async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const session = await e2e.registerUser();
      const bank = await trackLargestBank(e2e.url, session);
      const contact = await apiOf(e2e.url, session)<{ id: string }>('/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Jane Doe', title: 'Chief Financial Officer', email: 'jane@example.com' } });
      const { page } = await e2e.openSignedInPage({ ...phone, colorScheme, session, path: `/contacts/${contact.id}/show` });
      await page.getByRole('tab', { name: 'History' }).tap();
      const history = page.getByTestId('record-history');
      const change = history.getByTestId('history-entry').first().getByText('Title: Chief Financial Officer', { exact: true });
      await change.waitFor();
      const box = (await change.boundingBox())!;
      expect(box.x + box.width, `${colorScheme}: what changed ends within the screen, px`).to.be.at.most(phone.viewport.width);
      const sideways = await history.evaluate((element) => {
        for (let node: Element | null = element; node; node = node.parentElement) if (node.scrollWidth > node.clientWidth + 1) return `${node.tagName}: ${node.scrollWidth} > ${node.clientWidth}`;
        return null;
      });
      expect(sideways, `${colorScheme}: nothing around the history scrolls sideways`).to.equal(null);
      await screenshot(page, 'phone-contact-history', colorScheme);
    }
  });

  it("reads Reports' tracked banks and contacts whole, each row's figures on the screen", async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const session = await e2e.registerUser();
      const bank = await trackLargestBank(e2e.url, session);
      await apiOf(e2e.url, session)('/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Maximiliana Alexandrovna Featherstonehaugh-Worthington', title: 'Executive Vice President and Chief Financial Officer' } });
      const { page } = await e2e.openSignedInPage({ ...phone, colorScheme, session, path: '/reports' });
      for (const [report, last] of [['report-targets', 'Contacts'], ['report-contacts', 'Replied']] as const) {
        const card = page.getByTestId(report);
        const label = card.getByText(last, { exact: true }).last();
        await label.waitFor();
        const box = (await label.boundingBox())!;
        expect(box.x + box.width, `${colorScheme}: ${report}'s last column ends within the screen, px`).to.be.at.most(phone.viewport.width);
        const sideways = await card.evaluate((element) => [element, ...element.querySelectorAll('*')].filter((node) => node.scrollWidth > node.clientWidth + 1).length);
        expect(sideways, `${colorScheme}: boxes in ${report} scrolling sideways`).to.equal(0);
      }
      await page.getByTestId('report-targets').scrollIntoViewIfNeeded();
      await screenshot(page, 'phone-reports-tables', colorScheme);
    }
  });

  it("shows an Analyst Chat answer's Copy button on a touch screen, where nothing hovers", async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page } = await e2e.openSignedInPage({ ...phone, colorScheme, path: '/analyst-chat' });
      const answer = [{ chunk: '', provider: 'gemini' }, { chunk: 'Harbor Savings leads your targets with an ROA of 1.42%.' }].map((line) => JSON.stringify(line)).join('\n');
      await page.route('**/api/analyst/chat', (route) => route.fulfill({ status: 200, contentType: 'application/x-ndjson', body: `${answer}\n` }));
      await page.getByLabel('Question for the analyst').fill('Which of my targets has the highest ROA?');
      await page.getByRole('button', { name: 'Ask', exact: true }).tap();
      const copy = page.getByTestId('assistant-message').last().getByRole('button', { name: 'Copy message' });
      await page.getByTestId('assistant-text').last().getByText(/leads your targets/).waitFor();
      expect(await copy.evaluate((button) => getComputedStyle(button).opacity), `${colorScheme}: the answer's Copy button is seen`).to.equal('1');
      await screenshot(page, 'phone-chat-copy', colorScheme);
    }
  });

  it("keeps the Analyst Chat button off an edit page's Save and Delete, which sit at the foot of the screen", async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const session = await e2e.registerUser();
      const bank = await trackLargestBank(e2e.url, session);
      const contact = await apiOf(e2e.url, session)<{ id: string }>('/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Jane Doe', title: 'Chief Financial Officer' } });
      const { page } = await e2e.openSignedInPage({ ...phone, colorScheme, session, path: `/contacts/${contact.id}` });
      // A change, so Save is enabled (a disabled button lets taps through, to what is under it).
      await page.getByLabel('Job Title').fill('Chief Executive Officer');
      const toolbar = page.getByRole('toolbar').filter({ has: page.getByRole('button', { name: 'Save' }) });
      for (const button of [toolbar.getByRole('button', { name: 'Save' }), toolbar.getByRole('button', { name: 'Delete' })]) {
        await button.waitFor();
        expect(await uncovered(button), `${colorScheme}: ${await button.textContent() || 'Delete'} is not covered`).to.equal(true);
      }
      await screenshot(page, 'phone-edit-toolbar', colorScheme);
    }
  });

  it("reads 'Email successfully sent' above the composer's Close, which a tap still reaches", async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const session = await e2e.registerUser();
      const as = apiOf(e2e.url, session);
      const bank = await trackLargestBank(e2e.url, session);
      // A long template: the composer then fills the screen, its buttons at the foot, where notices show.
      const body = ['Dear {{contactName}},', ...Array.from({ length: 24 }, (_, line) => `Line ${line + 1} about {{bankName}}.`)].join('\n');
      await as('/api/data/templates', { method: 'POST', body: { name: 'Long introduction', category: 'introduction', subject: 'Partnering with {{bankName}}', body } });
      await as('/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Jane Doe', title: 'Chief Financial Officer', email: 'jane@example.com' } });
      const { page } = await e2e.openSignedInPage({ ...phone, colorScheme, session, path: '/outreach/targets' });
      const targets = new TargetsPage(page);
      await openTarget(targets, bank.name);
      await targets.contactRow('Jane Doe').getByRole('button', { name: 'Send email to Jane Doe' }).tap();
      const dialog = targets.dialog();
      await dialog.getByRole('combobox', { name: 'Template' }).tap();
      await page.getByRole('option', { name: 'Long introduction' }).tap();
      await dialog.getByRole('textbox', { name: 'Subject' }).and(page.locator(`[value="Partnering with ${bank.name}"]`)).waitFor();
      await dialog.getByRole('button', { name: 'Send Email' }).tap();
      const notice = page.getByText('Email successfully sent to Jane Doe.');
      await notice.waitFor({ timeout: 20_000 });
      const close = dialog.getByRole('button', { name: 'Close', exact: true }).last();
      // Judged once the notice has grown to its size and the dialog has settled under it.
      await transitionsEnded(page);
      expect(await uncovered(close), `${colorScheme}: Close is not covered`).to.equal(true);
      expect(await heightInView(notice), `${colorScheme}: the notice is read whole`).to.be.greaterThan(0);
      await screenshot(page, 'phone-send-email-sent', colorScheme);
      await close.tap();
      await dialog.waitFor({ state: 'hidden' });
    }
  });

  it('narrows the template editor\'s placeholder menu to what is typed in its filter, and inserts one from the keyboard', async () => {
    const { page } = await e2e.openSignedInPage({ ...phone, path: '/outreach/automation' });
    const automation = new AutomationPage(page);
    await page.getByRole('button', { name: '+ New Template' }).tap();
    const dialog = automation.dialog();
    await dialog.getByLabel('Body').fill('Hello ');
    await dialog.getByRole('button', { name: 'Insert Placeholder' }).tap();
    const menu = page.getByRole('menu');
    const filter = page.getByRole('textbox', { name: 'Filter placeholders' });
    expect(await filter.evaluate((input) => input === document.activeElement), 'the filter takes the typing at once').to.equal(true);
    const everything = await menu.getByRole('menuitem').count();
    expect(everything, 'entries before filtering').to.be.greaterThan(80);

    await filter.pressSequentially('RETURN ON');
    await menu.getByRole('menuitem', { name: 'Return on assets {{roa}}' }).waitFor();
    expect(await menu.getByRole('menuitem').allTextContents(), 'entries for "RETURN ON"').to.have.length.within(2, 8);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await screenshot(page, 'phone-placeholder-filter', colorScheme);
    }
    await filter.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await dialog.getByLabel('Body').inputValue(), 'Down then Enter inserts the first match').to.equal('Hello {{roa}}');

    await dialog.getByRole('button', { name: 'Insert Placeholder' }).tap();
    expect(await filter.inputValue(), 'the menu opens unfiltered').to.equal('');
    await filter.fill('zzz');
    await menu.getByText('No placeholder matches "zzz".').waitFor();
    await filter.fill('first name');
    await filter.press('Enter');
    await filter.waitFor({ state: 'hidden' });
    expect(await dialog.getByLabel('Body').inputValue(), 'Enter in the filter inserts the first match').to.equal('Hello {{roa}}{{contactFirstName}}');
  });

  it("gives each button of a contact's and a task's row, and of a contact's page, a 44 px target for a finger, a mouse's rows as before", async () => {
    const session = await e2e.registerUser();
    const as = apiOf(e2e.url, session);
    const bank = await trackLargestBank(e2e.url, session);
    const contact = await as<{ id: string }>('/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Jane Doe', title: 'Chief Financial Officer', email: 'jane@example.com' } });
    await as('/api/data/tasks', { method: 'POST', body: { bankId: bank.cert, text: 'Call Jane', dueDate: '2026-12-15' } });
    const sizesOf = (buttons: Locator) => buttons.evaluateAll((elements) => elements.map((element) => ({ name: element.getAttribute('aria-label') ?? element.textContent, width: element.getBoundingClientRect().width, height: element.getBoundingClientRect().height })));
    const rowButtons = (targets: TargetsPage) => targets.contactRow('Jane Doe').or(targets.taskRow('Call Jane')).locator('button, a[aria-label], input[type="checkbox"]').locator('xpath=ancestor-or-self::*[contains(@class, "MuiButtonBase-root")][1]');

    for (const colorScheme of ['light', 'dark'] as const) {
      const { page } = await e2e.openSignedInPage({ ...phone, colorScheme, session, path: '/outreach/targets' });
      const targets = new TargetsPage(page);
      await openTarget(targets, bank.name);
      // The card's contacts and tasks load apart from the bank: measured once their rows are in.
      await targets.contactRow('Jane Doe').waitFor();
      await targets.taskRow('Call Jane').waitFor();
      const sizes = await sizesOf(rowButtons(targets));
      expect(sizes.length, 'buttons in the rows').to.be.at.least(8);
      for (const size of sizes) expect(Math.min(size.width, size.height), `${colorScheme}: ${size.name}, px`).to.be.at.least(44);
      const row = (await targets.contactRow('Jane Doe').boundingBox())!;
      expect(row.x + row.width, `${colorScheme}: the contact's row ends within the screen`).to.be.at.most(phone.viewport.width);
      await targets.contactRow('Jane Doe').scrollIntoViewIfNeeded();
      await screenshot(page, 'phone-contact-row-buttons', colorScheme);
    }

    const { page: contactPage } = await e2e.openSignedInPage({ ...phone, session, path: `/contacts/${contact.id}/show` });
    const toolbar = contactPage.getByRole('button', { name: 'Send Email' }).locator('xpath=ancestor::*[contains(@class, "MuiToolbar-root")][1]');
    await toolbar.waitFor();
    for (const size of await sizesOf(toolbar.locator('.MuiButtonBase-root'))) expect(Math.min(size.width, size.height), `the contact page's ${size.name}, px`).to.be.at.least(44);

    const { page: desktop } = await e2e.openSignedInPage({ session, path: '/outreach/targets' });
    const onDesktop = new TargetsPage(desktop);
    await onDesktop.waitForCards();
    await onDesktop.expand(bank.name);
    const edit = (await onDesktop.contactRow('Jane Doe').getByRole('button', { name: 'Edit Jane Doe' }).boundingBox())!;
    expect(edit.height, "a mouse's Edit, px").to.be.below(36);
  });

  it('keeps the field being typed in and Save within reach in the contact and task dialogs, the keyboard taking half the screen', async () => {
    const keyboardUp = { width: phone.viewport.width, height: 400 };
    const session = await e2e.registerUser();
    const bank = await trackLargestBank(e2e.url, session);
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page } = await e2e.openSignedInPage({ ...phone, colorScheme, session, path: '/outreach/targets' });
      const targets = new TargetsPage(page);
      await openTarget(targets, bank.name);
      await targets.expandedCard().getByRole('button', { name: 'Add New Contact' }).tap();
      const dialog = targets.dialog();
      const tags = dialog.getByRole('textbox', { name: 'Tags' });
      await tags.tap();
      await page.setViewportSize(keyboardUp);
      await shownWholeIn(tags, keyboardUp.height);
      expect(await tags.evaluate((input) => input === document.activeElement), `${colorScheme}: Tags keeps the focus`).to.equal(true);
      expect(await heightInView(tags), `${colorScheme}: Tags shown whole while typed in, px`).to.equal((await tags.boundingBox())!.height);
      await screenshot(page, 'phone-keyboard-contact', colorScheme);
      const add = dialog.getByRole('button', { name: 'Add Contact' });
      await add.scrollIntoViewIfNeeded();
      expect(await uncovered(add), `${colorScheme}: Add Contact is reached`).to.equal(true);
      await page.setViewportSize(phone.viewport);
    }

    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, dialog: detail } = await openBankDetail(colorScheme);
      await detail.getByRole('navigation', { name: 'Bank detail views' }).locator('[data-view="tasks"]').tap();
      await detail.getByRole('button', { name: 'Add Task' }).tap();
      const dialog = page.getByRole('dialog', { name: /task/i }).last();
      const due = dialog.getByLabel('Due Date');
      await due.focus();
      await page.setViewportSize(keyboardUp);
      await shownWholeIn(due, keyboardUp.height);
      expect(await heightInView(due), `${colorScheme}: Due Date shown whole while typed in, px`).to.equal((await due.boundingBox())!.height);
      await screenshot(page, 'phone-keyboard-task', colorScheme);
      const add = dialog.getByRole('button', { name: 'Add Task' });
      await add.scrollIntoViewIfNeeded();
      expect(await uncovered(add), `${colorScheme}: Add Task is reached`).to.equal(true);
    }
  });
});
