import { expect } from 'chai';
import type { Page, Route } from 'playwright-core';
import { apiAs, arrangeTemplateWorkflowAndMail, screenshot, screenshotInBothSchemes, screenshotInBothThemes, trackLargestBank, useE2E, type ColorScheme, type Session } from './support/index.ts';
import { AutomationPage } from './support/pages/automation.ts';
import { SentMailPage } from './support/pages/sent-mail.ts';
import { Shell } from './support/pages/shell.ts';
import { TargetsPage } from './support/pages/targets.ts';
import { importAcquisition, importActiveBanks } from '../support/bank-changes.ts';

/** Automation Outreach and Sent Mailbox as a user works with them. */
describe('automation outreach and sent mailbox', function () {
  const e2e = useE2E({ banks: 40 });

  it('marks a tracked bank acquired since on its card and in Contacts, and says so before an email or an automation goes to its staff', async () => {
    const small = { cert: 880_001, name: 'Small Town Bank' };
    const big = { cert: 880_002, name: 'Big Bank' };
    const knex = e2e.server.db.knex;
    await importActiveBanks(knex, [small, big]);
    const session = await e2e.registerUser('Rory Banks');
    await apiAs(e2e.url, session, '/api/data/banks', { method: 'POST', body: small });
    const sam = await apiAs<{ id: string }>(e2e.url, session, '/api/data/contacts', { method: 'POST', body: { bankId: small.cert, name: 'Sam Teller', title: 'Chief Executive Officer', email: 'sam@smalltown.example' } });
    const workflow = await apiAs<{ id: string }>(e2e.url, session, '/api/data/workflows', { method: 'POST', body: { name: 'Slow visits', steps: [{ day: 5, type: 'LinkedIn Visit' }] } });
    await apiAs(e2e.url, session, `/api/data/workflows/${workflow.id}/enrolments`, { method: 'POST', body: { contactIds: [sam.id] } });
    await importAcquisition(knex, small, big);

    const { page } = await e2e.openSignedInPage({ session, path: '/outreach/targets' });
    const targets = new TargetsPage(page);
    await targets.waitForCards();
    expect(await targets.card(small.name).getByTestId('bank-closure').textContent()).to.equal('Acquired by Big Bank on Jun 15, 2026');
    await targets.expand(small.name);
    // The automation started before the acquisition stops: nothing more goes to an address that may be gone.
    await targets.expandedCard().getByText('Stopped: Bank closed', { exact: true }).waitFor({ timeout: 30_000 });
    await screenshotInBothThemes(page, 'targets-acquired-bank');

    const warning = 'Small Town Bank: Acquired by Big Bank on Jun 15, 2026. Its addresses may no longer work, and its staff may have left or moved to Big Bank.';
    await targets.contactRow('Sam Teller').hover();
    await targets.contactRow('Sam Teller').getByRole('button', { name: 'Send email to Sam Teller' }).click();
    const mail = page.getByRole('dialog', { name: 'Send Email to Sam Teller' });
    expect(await mail.getByTestId('bank-closure-warning').textContent()).to.equal(warning);
    await screenshot(page, 'send-email-acquired-bank');
    await mail.getByRole('button', { name: 'Cancel' }).click();
    await mail.waitFor({ state: 'detached' });

    await targets.expandedCard().getByRole('button', { name: 'Automate' }).click();
    const automate = page.getByRole('dialog', { name: 'Start Automation for Small Town Bank' });
    expect(await automate.getByTestId('bank-closure-warning').textContent()).to.equal(warning);
    await automate.getByRole('button', { name: 'Cancel' }).click();

    // The Contacts list marks the contact's bank too.
    await page.goto(`${e2e.url}/#/contacts`);
    const row = page.locator('tr', { hasText: 'Sam Teller' });
    expect(await row.getByTestId('bank-closure').textContent()).to.equal('Acquired by Big Bank on Jun 15, 2026');
    await screenshotInBothThemes(page, 'contacts-acquired-bank');
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('asks before stopping an automation, saying it cannot be resumed; Cancel keeps it running', async () => {
    const session = await e2e.registerUser('Stella Quinn');
    const as = <T>(path: string, body?: unknown) => apiAs<T>(e2e.url, session, path, body === undefined ? {} : { method: 'POST', body });
    const bank = await trackLargestBank(e2e.url, session);
    const contact = await as<{ id: string }>('/api/data/contacts', { bankId: bank.cert, name: 'Jo Park', title: 'CFO', email: 'jo@park.example' });
    const workflow = await as<{ id: string }>('/api/data/workflows', { name: 'Slow visits', steps: [{ day: 5, type: 'LinkedIn Visit' }] });
    await as(`/api/data/workflows/${workflow.id}/enrolments`, { contactIds: [contact.id] });
    const status = async () => (await as<Array<{ status: string; stopReason: string | null }>>(`/api/data/enrolments?filter=${encodeURIComponent(JSON.stringify({ contactId: contact.id }))}`))[0];

    const { page } = await e2e.openSignedInPage({ session, path: `/workflows/${workflow.id}/show/enrolments` });
    const row = page.getByTestId('enrolment-row').filter({ hasText: 'Jo Park' });
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Stop Jo Park' }).click();
    const question = page.getByRole('alertdialog', { name: 'Stop this automation?' });
    await question
      .getByText('Jo Park stops going through "Slow visits": no further step runs, and a stopped automation cannot be resumed (started again, it begins at step 1). To hold it for a while, pause it instead.')
      .waitFor();
    await screenshotInBothSchemes(page, 'enrolment-stop-question');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await status()).to.include({ status: 'active' });

    await row.getByRole('button', { name: 'Stop Jo Park' }).click();
    await question.getByRole('button', { name: 'Stop Automation' }).click();
    await page.getByText('Automation stopped.').waitFor();
    await row.getByText('Stopped: By you', { exact: true }).waitFor();
    expect(await status()).to.include({ status: 'stopped', stopReason: 'manual' });
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('cuts a long template name and subject to two lines on its card, with the whole text on hover', async () => {
    const session = await e2e.registerUser('Lena Marsh');
    const name = `Quarterly check-in ${'for community banks in the Midwest '.repeat(6)}`.slice(0, 200).trim();
    const subject = `Your quarter ${'and what the numbers say about deposits, loans and capital '.repeat(6)}`.slice(0, 300).trim();
    await apiAs(e2e.url, session, '/api/data/templates', { method: 'POST', body: { name, category: 'introduction', subject, body: 'Dear {{contactName}},' } });
    const { page } = await e2e.openSignedInPage({ session, path: '/outreach/automation' });
    const automation = new AutomationPage(page);
    await automation.waitUntilLoaded();
    const card = automation.templateCards().filter({ hasText: 'Quarterly check-in' });
    for (const [testId, text] of [['template-name', name], ['template-subject', subject]]) {
      const part = card.getByTestId(testId);
      expect(await part.getAttribute('title'), testId).to.equal(text);
      const { height, lineHeight } = await part.evaluate((element) => ({ height: element.getBoundingClientRect().height, lineHeight: parseFloat(getComputedStyle(element).lineHeight) }));
      expect(height, testId).to.be.at.most(2 * lineHeight + 1);
    }
    await screenshot(page, 'template-cards-long-name-and-subject');
  });

  it('creates, searches, stars and deletes templates and builds a workflow with an Email and a LinkedIn Visit step', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/outreach/automation' });
    const automation = new AutomationPage(page);
    await automation.waitUntilLoaded();
    await page.getByText('No Workflows Yet').waitFor();
    await page.getByText('No Templates Yet').waitFor();

    await automation.openNewTemplate();
    await automation.saveTemplate();
    await automation.dialog().getByText('Template name is required.').waitFor();
    await automation.fillTemplate({ name: 'CFO introduction', subject: 'Hello {{bankName}}', body: 'Dear {{contactName}},\nWe help banks like yours.' });
    await automation.saveTemplate();
    await automation.dialog().waitFor({ state: 'hidden' });
    await automation.templateCard('CFO introduction').getByText('Introduction', { exact: true }).waitFor();

    await automation.openNewTemplate();
    await automation.fillTemplate({ name: 'Quarter check-in', subject: 'Your quarter', body: 'Congratulations on the quarter.' });
    await automation.choose('Category', 'Check-in');
    await automation.saveTemplate();
    await automation.dialog().waitFor({ state: 'hidden' });
    // The list reads the templates again after the save, which may answer after the dialog has closed.
    await automation.templateCard('Quarter check-in').waitFor();
    expect(await automation.templateCards().count()).to.equal(2);

    await automation.searchTemplates('congratulations');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="template-card"]').length === 1);
    await automation.templateCard('Quarter check-in').waitFor();
    await automation.searchTemplates('');

    await automation.templateCard('CFO introduction').getByRole('button', { name: 'Mark CFO introduction as favorite' }).click();
    await automation.templateCard('CFO introduction').getByRole('button', { name: 'Remove CFO introduction from favorites' }).waitFor();

    await automation.openNewWorkflow();
    await automation.dialog().getByLabel('Workflow Name').fill('New CFO sequence');
    await automation.dialog().getByRole('button', { name: '+ Add Step' }).click();
    expect(await automation.dialog().getByLabel('Day of step 2').inputValue()).to.equal('3');
    // A day is typed over as in any field: emptied, then the new day typed (the old day came back at the Backspace, and typing 3 gave 33).
    const secondDay = automation.dialog().getByLabel('Day of step 2');
    await secondDay.click();
    await secondDay.press('End');
    await secondDay.press('Backspace');
    expect(await secondDay.inputValue()).to.equal('');
    await secondDay.pressSequentially('3');
    expect(await secondDay.inputValue()).to.equal('3');
    // Left empty, the field shows the step's day again.
    await secondDay.press('Backspace');
    await secondDay.press('Tab');
    expect(await secondDay.inputValue()).to.equal('3');
    await automation.choose('Type of step 2', 'LinkedIn Visit');
    expect(await automation.dialog().getByRole('combobox', { name: 'Template of step 2' }).count()).to.equal(0);
    await screenshot(page, 'workflow-modal');
    await automation.dialog().getByRole('button', { name: 'Create Workflow' }).click();
    await automation.dialog().waitFor({ state: 'hidden' });
    const card = automation.workflowCard('New CFO sequence');
    await card.getByText('Day 1').waitFor();
    await card.getByText('Day 3').waitFor();
    await card.getByText('LinkedIn Visit').waitFor();
    // The newest template comes first in the chooser, so the first step uses it.
    await card.getByText('Email: Quarter check-in').waitFor();

    await automation.deleteTemplate('Quarter check-in');
    await page.getByText('Are you sure you want to delete the template named Quarter check-in? This action cannot be undone.').waitFor();
    await page.getByTestId('deletion-consequence').getByText('The workflow "New CFO sequence" sends it: that email step will be skipped for everyone going through it.').waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await automation.templateCard('Quarter check-in').waitFor({ state: 'detached' });
    await card.getByText('Email: Unknown Template').waitFor();
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('asks before the X or Escape drops a template or a workflow being written, and closes an untouched one at once', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/outreach/automation' });
    const automation = new AutomationPage(page);
    await automation.waitUntilLoaded();
    const question = page.getByRole('alertdialog', { name: 'Discard your changes?' });

    await automation.openNewTemplate();
    await automation.dialog().getByRole('button', { name: 'Close' }).click();
    await automation.dialog().waitFor({ state: 'detached' });

    await automation.openNewTemplate();
    await automation.fillTemplate({ name: 'CFO introduction', subject: 'Hello {{bankName}}', body: 'Dear {{contactName}},' });
    await automation.dialog().getByRole('button', { name: 'Close' }).click();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await question.waitFor({ state: 'detached' });
    const template = page.getByRole('dialog', { name: 'Create New Template' });
    expect(await template.getByLabel('Subject').inputValue()).to.equal('Hello {{bankName}}');
    await page.keyboard.press('Escape');
    await question.getByRole('button', { name: 'Discard' }).click();
    await template.waitFor({ state: 'detached' });
    await page.getByText('No Templates Yet').waitFor();

    await automation.openNewWorkflow();
    const workflow = page.getByRole('dialog', { name: 'Create New Workflow' });
    await workflow.getByRole('button', { name: '+ Add Step' }).click();
    await page.keyboard.press('Escape');
    await question.waitFor();
    await screenshotInBothSchemes(page, 'workflow-modal-discard-question');
    await question.getByRole('button', { name: 'Discard' }).click();
    await workflow.waitFor({ state: 'detached' });
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('names the unknown placeholders of an email step\'s template in the workflow editor, and that automation stops there', async () => {
    const session = await e2e.registerUser('Wren Editor');
    const template = (body: string, name: string) => apiAs(e2e.url, session, '/api/data/templates', { method: 'POST', body: { name, category: 'follow-up', subject: 'About {{bankName}}', body } });
    await template('Dear {{contactFirstName}},', 'Introduction');
    await template('Dear {{FirstName}},', 'Follow-up');
    const { page } = await e2e.openSignedInPage({ session, path: '/outreach/automation' });
    const automation = new AutomationPage(page);
    await automation.waitUntilLoaded();
    await automation.openNewWorkflow();
    await automation.dialog().getByLabel('Workflow Name').fill('Typo sequence');
    await automation.choose('Template of step 1', 'Introduction');
    expect(await automation.dialog().getByTestId('unknown-placeholders').count()).to.equal(0);
    await automation.choose('Template of step 1', 'Follow-up');
    const warning = automation.dialog().getByTestId('workflow-step').first().getByTestId('unknown-placeholders');
    expect(await warning.textContent()).to.equal('Unknown placeholders (automation stops at this step instead of sending it): {{FirstName}}');
    await screenshotInBothSchemes(page, 'workflow-modal-unknown-placeholders');
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('lists the first 8 steps of a long workflow on its card, the rest behind Show all, and says a workflow has no steps yet', async () => {
    const session = await e2e.registerUser('Ines Longsteps');
    const as = (path: string, body: unknown) => apiAs<{ id: string }>(e2e.url, session, path, { method: 'POST', body });
    const template = await as('/api/data/templates', { name: 'Touch base', subject: 'About {{bankName}}', body: 'Hello {{contactFirstName}}' });
    const steps = Array.from({ length: 100 }, (_, index) => (index % 2 === 0 ? { day: 1 + index * 2, type: 'Email', templateId: template.id } : { day: 1 + index * 2, type: 'LinkedIn Visit' }));
    await as('/api/data/workflows', { name: 'Hundred touches', steps });
    await as('/api/data/workflows', { name: 'Empty so far' });
    const { page } = await e2e.openSignedInPage({ session, path: '/outreach/automation' });
    const automation = new AutomationPage(page);
    await automation.waitUntilLoaded();
    const long = automation.workflowCard('Hundred touches');
    await long.waitFor();
    expect(await long.getByRole('listitem').filter({ hasText: /^Day / }).count()).to.equal(8);
    expect((await long.boundingBox())!.height, 'the card, and the row of cards with it, stays short').to.be.below(600);
    await automation.workflowCard('Empty so far').getByText('No steps yet').waitFor();
    await long.getByRole('button', { name: 'Show all 100 steps' }).click();
    await long.getByText('Day 199').waitFor();
    expect(await long.getByRole('listitem').filter({ hasText: /^Day / }).count()).to.equal(100);
    await long.getByRole('button', { name: 'Show fewer steps' }).click();
    await long.getByText('Day 199').waitFor({ state: 'detached' });
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('names the steps of the chosen workflow whose templates have unknown placeholders in Start Automation', async () => {
    const session = await e2e.registerUser('Wren Starter');
    const bank = await trackLargestBank(e2e.url, session);
    await apiAs(e2e.url, session, '/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Sam Teller', title: 'Chief Financial Officer', email: 'sam@teller.example' } });
    const template = (body: string, name: string) => apiAs<{ id: string }>(e2e.url, session, '/api/data/templates', { method: 'POST', body: { name, category: 'follow-up', subject: 'About {{bankName}}', body } });
    const introduction = await template('Dear {{contactFirstName}},', 'Introduction');
    const followUp = await template('Dear {{FirstName}},', 'Follow-up');
    const steps = [{ day: 1, type: 'Email', templateId: introduction.id }, { day: 3, type: 'Email', templateId: followUp.id }];
    await apiAs(e2e.url, session, '/api/data/workflows', { method: 'POST', body: { name: 'Typo sequence', steps } });
    await apiAs(e2e.url, session, '/api/data/workflows', { method: 'POST', body: { name: 'Clean sequence', steps: steps.slice(0, 1) } });

    const { page } = await e2e.openSignedInPage({ session, path: '/outreach/targets' });
    const targets = new TargetsPage(page);
    await targets.waitForCards();
    await targets.expand(bank.name);
    await targets.expandedCard().getByRole('button', { name: 'Automate' }).click();
    const dialog = page.getByRole('dialog', { name: `Start Automation for ${bank.name}` });
    const chooseWorkflow = async (name: string) => {
      await dialog.getByRole('combobox', { name: '1. Select a workflow' }).click();
      await page.getByRole('option', { name: new RegExp(`^${name} `) }).click();
    };
    await chooseWorkflow('Clean sequence');
    expect(await dialog.getByTestId('workflow-template-warnings').count()).to.equal(0);
    await chooseWorkflow('Typo sequence');
    const warning = dialog.getByTestId('workflow-template-warnings').getByTestId('unknown-placeholders');
    expect(await warning.textContent()).to.equal('Step 2\'s template "Follow-up" has unknown placeholders (automation stops at this step instead of sending it): {{FirstName}}');
    // This app has no SMTP server and the user no Mailgun key: the emails could not go.
    await dialog.getByTestId('no-mail-service').getByText(/^No mail service is set up, so this workflow's emails would fail/).waitFor();
    await screenshotInBothSchemes(page, 'start-automation-unknown-placeholders');
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('says in Start Automation when it could not check for a mail service, and starts all the same', async () => {
    const session = await e2e.registerUser('Ines Checker');
    const bank = await trackLargestBank(e2e.url, session);
    await apiAs(e2e.url, session, '/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Sam Teller', title: 'Chief Financial Officer', email: 'sam@teller.example' } });
    const template = await apiAs<{ id: string }>(e2e.url, session, '/api/data/templates', { method: 'POST', body: { name: 'Introduction', category: 'follow-up', subject: 'About {{bankName}}', body: 'Dear {{contactFirstName}},' } });
    await apiAs(e2e.url, session, '/api/data/workflows', { method: 'POST', body: { name: 'Intro sequence', steps: [{ day: 1, type: 'Email', templateId: template.id }] } });

    const { page } = await e2e.openSignedInPage({ session, path: '/outreach/targets' });
    // The status check fails (the server answers with an error), the rest of the app works.
    await page.route('**/api/services/mail/status', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service unavailable' }) }));
    const targets = new TargetsPage(page);
    await targets.waitForCards();
    await targets.expand(bank.name);
    await targets.expandedCard().getByRole('button', { name: 'Automate' }).click();
    const dialog = page.getByRole('dialog', { name: `Start Automation for ${bank.name}` });
    await dialog.getByRole('combobox', { name: '1. Select a workflow' }).click();
    await page.getByRole('option', { name: /^Intro sequence / }).click();
    const unchecked = dialog.getByTestId('mail-service-unchecked');
    await unchecked.waitFor();
    expect(await unchecked.textContent()).to.equal("Could not check whether a mail service is set up. If none is, this workflow's emails would fail and stop each automation at its first email.");
    expect(await dialog.getByTestId('no-mail-service').count()).to.equal(0);
    await dialog.getByLabel('Sam Teller, Chief Financial Officer').check();
    await screenshotInBothSchemes(page, 'start-automation-mail-status-unchecked');
    await dialog.getByRole('button', { name: 'Start Automation' }).click();
    await page.getByText('Automation started for selected contacts!').waitFor();
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  /** A user tracking the largest demo bank, with Sam Teller there, and Send Email opened to him from its card in Targets. */
  async function composerOpened(name: string, arrange: (session: Session, page: Page) => Promise<void> = async () => {}) {
    const session = await e2e.registerUser(name);
    const bank = await trackLargestBank(e2e.url, session);
    await apiAs(e2e.url, session, '/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Sam Teller', title: 'Chief Financial Officer', email: 'sam@teller.example' } });
    const { page } = await e2e.openSignedInPage({ session, path: '/outreach/targets' });
    await arrange(session, page);
    const targets = new TargetsPage(page);
    await targets.waitForCards();
    await targets.expand(bank.name);
    await targets.contactRow('Sam Teller').hover();
    const asked = page.waitForResponse((response) => response.url().endsWith('/api/services/mail/status'));
    await targets.contactRow('Sam Teller').getByRole('button', { name: 'Send email to Sam Teller' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Email to Sam Teller' });
    await dialog.getByText(/^To: Sam Teller/).waitFor();
    await asked;
    return { session, page, dialog, send: dialog.getByRole('button', { name: 'Send Email' }) };
  }

  it('says at the top of Send Email that no mail service is set up and where to set one, Send off until one is, and keeps the email written meanwhile', async () => {
    // This app has no SMTP server and the user no Mailgun key.
    const { session, page, dialog, send } = await composerOpened('Nell Draft');
    const warning = dialog.getByTestId('no-mail-service');
    await warning.waitFor();
    expect(await warning.textContent()).to.equal(
      'No mail service is set up, so this email cannot be sent yet. Add your Mailgun key and sending domain in Settings › Data Enrichment (it opens in a new tab, and this email stays here), then come back to send it.',
    );
    await dialog.getByLabel('Subject').fill('Treasury services for the quarter');
    await dialog.getByLabel('Body').fill('Hi Sam, a few words of my own.');
    expect(await send.isDisabled()).to.equal(true);
    const reason = await send.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${reason}"]`).textContent()).to.equal('Sending is off until a mail service is set up.');
    expect(await dialog.getByTestId('mail-service-unchecked').count()).to.equal(0);
    await screenshotInBothSchemes(page, 'send-email-no-mail-service');

    const [settings] = await Promise.all([page.context().waitForEvent('page'), warning.getByRole('link', { name: 'Settings › Data Enrichment' }).click()]);
    await settings.getByRole('tab', { name: 'Data Enrichment', selected: true }).waitFor();
    expect(settings.url()).to.match(/#\/settings\?tab=data-enrichment$/);
    // set up in the tab the link opened (here, through the API), then back to this one
    await apiAs(e2e.url, session, '/api/data/settings', { method: 'PUT', body: { mailgunApiKey: 'key-good', mailgunDomain: 'mg.charterline.example' } });
    await settings.close();
    // As the browser tells a tab shown again: the event bubbles up to the window.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await warning.waitFor({ state: 'detached' });
    expect(await send.isEnabled()).to.equal(true);
    expect(await dialog.getByLabel('Subject').inputValue()).to.equal('Treasury services for the quarter');
    expect(await dialog.getByLabel('Body').inputValue()).to.equal('Hi Sam, a few words of my own.');
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('notes in Send Email when it could not check the mail service, leaves Send on, and keeps the email when the server refuses it', async () => {
    const { page, dialog, send } = await composerOpened('Ivo Unchecked', async (_session, opened) => {
      // The status check fails (the server answers with an error), the rest of the app works.
      await opened.route('**/api/services/mail/status', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service unavailable' }) }));
    });
    const note = dialog.getByTestId('mail-service-unchecked');
    await note.waitFor();
    expect(await note.textContent()).to.equal('Could not check the mail service. You can still send: if none is set up, you will be told, and the email stays here.');
    expect(await dialog.getByTestId('no-mail-service').count()).to.equal(0);
    await dialog.getByLabel('Body').fill('Hi Sam, a few words of my own.');
    await page.waitForFunction(() => [...document.querySelectorAll('[role="dialog"] button')].some((button) => button.textContent === 'Send Email' && !(button as HTMLButtonElement).disabled));
    expect(await send.getAttribute('aria-describedby')).to.equal(null);
    await screenshotInBothSchemes(page, 'send-email-mail-service-unchecked');
    // There is none: the server says so, and the email is still there.
    await send.click();
    await dialog.getByText(/^Failed to send email\. No mail service is configured/).waitFor();
    expect(await dialog.getByLabel('Body').inputValue()).to.equal('Hi Sam, a few words of my own.');
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('says nothing of the mail service in Send Email when one is set up', async () => {
    const { page, dialog, send } = await composerOpened('Mo Ready', async (session) => {
      await apiAs(e2e.url, session, '/api/data/settings', { method: 'PUT', body: { mailgunApiKey: 'key-good', mailgunDomain: 'mg.charterline.example' } });
    });
    await page.waitForFunction(() => [...document.querySelectorAll('[role="dialog"] button')].some((button) => button.textContent === 'Send Email' && !(button as HTMLButtonElement).disabled));
    expect(await dialog.getByTestId('no-mail-service').count()).to.equal(0);
    expect(await dialog.getByTestId('mail-service-unchecked').count()).to.equal(0);
    expect(await send.getAttribute('aria-describedby')).to.equal(null);
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it("edits a template on the Records screen as in the Automation editor: a placeholder inserted at the caret, an unknown one named, the template previewed on a bank", async () => {
    const session = await e2e.registerUser('Devi Rao');
    const bank = await trackLargestBank(e2e.url, session);
    const template = await apiAs<{ id: string }>(e2e.url, session, '/api/data/templates', { method: 'POST', body: { name: 'Rate sheet', category: 'custom', subject: 'Rates', body: 'Our rates for you.' } });
    const { page } = await e2e.openSignedInPage({ session, path: `/templates/${template.id}` });
    const body = page.getByRole('textbox', { name: 'Body' });
    await body.waitFor();
    expect(await body.inputValue()).to.equal('Our rates for you.');
    // The caret after "Our rates": the placeholder goes there, not at the end.
    await body.click();
    await body.press('Control+Home');
    for (let step = 0; step < 'Our rates'.length; step += 1) await body.press('ArrowRight');
    await page.getByRole('button', { name: 'Insert Placeholder' }).click();
    await page.getByRole('textbox', { name: 'Filter placeholders' }).fill('bank name');
    await page.getByRole('textbox', { name: 'Filter placeholders' }).press('Enter');
    await page.waitForFunction(() => (document.querySelector('form [name="body"]') as HTMLTextAreaElement | null)?.value === 'Our rates{{bankName}} for you.');
    await page.getByRole('textbox', { name: 'Subject' }).fill('Rates for {{FirstName}}');
    await page.getByTestId('unknown-placeholders').getByText('{{FirstName}}').waitFor();
    await page.getByRole('combobox', { name: 'Preview bank' }).click();
    await page.getByRole('option', { name: bank.name }).click();
    const preview = page.getByTestId('rendered-preview');
    await preview.getByText(`Our rates${bank.name} for you.`).waitFor();
    await preview.getByText('Rates for N/A').waitFor();
    await screenshotInBothThemes(page, 'records-template-edit');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/#\/templates\/[^/]+\/show$/);
    const saved = await apiAs<{ subject: string; body: string }>(e2e.url, session, `/api/data/templates/${template.id}`);
    expect(saved).to.include({ subject: 'Rates for {{FirstName}}', body: 'Our rates{{bankName}} for you.' });
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('says on the Records screens what deleting a template or a workflow does to outreach under way', async () => {
    const session = await e2e.registerUser('Rowan Tate');
    const as = <T = { id: string },>(path: string, body: unknown) => apiAs<T>(e2e.url, session, path, { method: 'POST', body });
    const institutions = await apiAs<{ data: Array<{ data: { CERT: number; NAME: string } }> }>(e2e.url, session, '/api/services/fdic/institutions?limit=1&sort_by=ASSET&sort_order=DESC');
    const cert = Number(institutions.data[0].data.CERT);
    await as('/api/data/banks', { cert, name: institutions.data[0].data.NAME });
    const contact = await as('/api/data/contacts', { bankId: cert, name: 'Jo Park', title: 'CFO', email: 'jo@bank.example' });
    const template = await as('/api/data/templates', { name: 'Rate sheet', category: 'custom', subject: 'Rates', body: 'Our rates.' });
    await as('/api/data/templates', { name: 'Spare note', category: 'custom', subject: 'Hi', body: 'A note.' });
    const workflow = await as('/api/data/workflows', { name: 'Treasury push', steps: [{ day: 5, type: 'Email', templateId: template.id }] });
    await as(`/api/data/workflows/${workflow.id}/enrolments`, { contactIds: [contact.id] });

    const { page } = await e2e.openSignedInPage({ session, path: '/templates' });
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByText('2 templates selected').waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Are you sure you want to delete these 2 templates? This action cannot be undone.').waitFor();
    await dialog.getByTestId('deletion-consequence').getByText('The workflow "Treasury push" sends one of them: that email step will be skipped for everyone going through it.').waitFor();
    await screenshot(page, 'records-templates-bulk-delete');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The templates answer late, as from a busy server: a step added meanwhile must still get the newest.
    const templatesListed = (url: URL) => url.pathname === '/api/data/templates';
    const slowTemplates = async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue().catch(() => undefined);
    };
    await page.route(templatesListed, slowTemplates);
    await page.goto(`${e2e.url}/#/workflows/${workflow.id}`);
    await page.getByRole('heading', { name: 'Edit Treasury push' }).waitFor();
    // Jo Park is going through it: the edit applies to automations started from now on.
    await page.getByTestId('running-enrolments-note').getByText('1 contact is going through this workflow and keeps the steps they started with: changes here apply to automations started from now on.').waitFor();
    expect(await page.getByLabel('Day of step 1').inputValue()).to.equal('5');
    // Steps are added and switched by the Automation page's rules: two days after the last, an
    // email with the newest template, which comes back when a visit is switched to an email again.
    await page.getByRole('button', { name: '+ Add Step' }).click();
    await page.unroute(templatesListed, slowTemplates);
    expect(await page.getByLabel('Day of step 2').inputValue()).to.equal('7');
    expect(await page.getByRole('combobox', { name: 'Template of step 2' }).textContent()).to.equal('Spare note');
    const chooseType = async (type: string) => {
      await page.getByRole('combobox', { name: 'Type of step 2' }).click();
      await page.getByRole('option', { name: type, exact: true }).click();
    };
    await chooseType('LinkedIn Visit');
    expect(await page.getByRole('combobox', { name: 'Template of step 2' }).count()).to.equal(0);
    await chooseType('Email');
    expect(await page.getByRole('combobox', { name: 'Template of step 2' }).textContent()).to.equal('Spare note');
    await screenshotInBothThemes(page, 'records-workflow-edit');
    await page.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByText('Are you sure you want to delete the workflow named Treasury push? This action cannot be undone.').waitFor();
    await dialog.getByTestId('deletion-consequence').getByText('1 contact is going through it: their outreach stops.').waitFor();
    await screenshot(page, 'records-workflow-delete');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Workflow deleted.', { exact: true }).waitFor();
    expect(await apiAs<unknown[]>(e2e.url, session, '/api/data/workflows')).to.deep.equal([]);
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('starts a workflow for contacts ticked in the Contacts list, across banks, and says why when one cannot go', async () => {
    const session = await e2e.registerUser('Sasha Lind');
    const as = <T = { id: string },>(path: string, body: unknown) => apiAs<T>(e2e.url, session, path, { method: 'POST', body });
    const institutions = await apiAs<{ data: Array<{ data: { CERT: number; NAME: string } }> }>(e2e.url, session, '/api/services/fdic/institutions?limit=2&sort_by=ASSET&sort_order=DESC');
    const [first, second] = institutions.data.map((row) => ({ cert: Number(row.data.CERT), name: row.data.NAME }));
    for (const bank of [first, second]) await as('/api/data/banks', bank);
    const ana = await as('/api/data/contacts', { bankId: first.cert, name: 'Ana Ruiz', title: 'CFO', email: 'ana@first.example' });
    const ben = await as('/api/data/contacts', { bankId: second.cert, name: 'Ben Ode', title: 'CEO', email: 'ben@second.example' });
    const cy = await as('/api/data/contacts', { bankId: second.cert, name: 'Cy Moss', title: 'COO', email: 'cy@second.example' });
    const di = await as('/api/data/contacts', { bankId: first.cert, name: 'Di Lake', title: 'CRO', email: 'di@first.example' });
    await as('/api/data/suppressions', { email: 'cy@second.example' });
    const workflow = await as('/api/data/workflows', { name: 'Visit round', steps: [{ day: 2, type: 'LinkedIn Visit' }] });

    const { page } = await e2e.openSignedInPage({ session, path: '/contacts' });
    const dialog = page.getByRole('dialog');
    const startFor = async (names: string[]) => {
      for (const name of names) await page.getByRole('row', { name: new RegExp(name) }).getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Start automation' }).click();
      await dialog.getByRole('heading', { name: `Start Automation for ${names.length} contact${names.length === 1 ? '' : 's'}` }).waitFor();
      const start = dialog.getByRole('button', { name: 'Start Automation' });
      expect(await start.isDisabled()).to.equal(true);
      await dialog.getByRole('combobox', { name: 'Workflow' }).click();
      await page.getByRole('option', { name: 'Visit round (1 step)' }).click();
      return start;
    };
    const start = await startFor(['Ana Ruiz', 'Ben Ode']);
    await screenshot(page, 'contacts-start-automation');
    await start.click();
    await page.getByText('Automation started for 2 contacts.').waitFor();
    const enrolled = await apiAs<Array<{ contactId: string; status: string }>>(e2e.url, session, `/api/data/enrolments?filter=${encodeURIComponent(JSON.stringify({ workflowId: workflow.id }))}`);
    expect(enrolled.map((row) => [row.contactId, row.status]).sort()).to.deep.equal([[ana.id, 'active'], [ben.id, 'active']].sort());

    // A contact's page lists the automations they go through, and records a reply.
    await page.goto(`${e2e.url}/#/contacts/${ana.id}/show/automations`);
    await page.getByRole('tab', { name: 'Automations', selected: true }).waitFor();
    await page.getByText('Visit round').waitFor();
    await page.getByText('Active', { exact: true }).waitFor();
    await screenshotInBothThemes(page, 'contact-show-automations');
    await page.getByRole('button', { name: 'Mark replied' }).click();
    await page.getByText('Ana Ruiz marked as replied: automations to them stop.').waitFor();
    await page.getByRole('button', { name: 'Mark a new reply' }).waitFor();
    // The tab asks again on its own: 'Stopping: Replied' (no further step runs) until the scheduler's round records the stop.
    await page.getByText(/^Stopp(ing|ed): Replied$/).waitFor();
    await page.getByText('Stopped: Replied', { exact: true }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'contact-show-automations-replied');
    await page.getByRole('tab', { name: 'Details' }).click();
    expect(await page.locator('.ra-field-repliedAt').textContent()).to.not.contain('—');
    // The workflow's page lists who goes through it; a tracked bank's page, its contacts' automations.
    // (after the heading: the title of the page before shows until then)
    await page.goto(`${e2e.url}/#/workflows/${workflow.id}/show/enrolments`);
    await page.getByRole('heading', { name: 'Visit round' }).waitFor();
    await page.getByText('Ana Ruiz', { exact: true }).waitFor();
    await page.getByText('Ben Ode', { exact: true }).waitFor();
    await screenshotInBothThemes(page, 'workflow-show-enrolments');
    await page.goto(`${e2e.url}/#/banks/${second.cert}/show/automations`);
    await page.getByRole('heading', { name: second.name }).waitFor();
    await page.getByText('Ben Ode · Visit round', { exact: true }).waitFor();
    expect(await page.getByText(/Ana Ruiz/).count()).to.equal(0);
    await page.goto(`${e2e.url}/#/contacts`);
    await page.getByRole('row', { name: /Ana Ruiz/ }).waitFor();

    // Cy's address is on the Do Not Contact list: the list marks him, and says why and since when.
    await page.getByRole('row', { name: /Cy Moss/ }).getByText('Do Not Contact').hover();
    await page.getByRole('tooltip').getByText(/^On your Do Not Contact list since [A-Z][a-z]{2} \d{1,2}, \d{4}: you added them\./).waitFor();
    expect(await page.getByRole('row', { name: /Ben Ode/ }).getByText('Do Not Contact').count()).to.equal(0);
    await screenshot(page, 'contacts-do-not-contact');
    await page.mouse.move(700, 10);
    await page.goto(`${e2e.url}/#/contacts/${cy.id}/show`);
    await page.locator('.ra-field-doNotContact').getByText(/^On your Do Not Contact list since .*: you added them\./).waitFor();
    await screenshotInBothThemes(page, 'contact-show-do-not-contact');
    // So does the bank's card in Targets, where Send Email says why it is off.
    await page.goto(`${e2e.url}/#/outreach/targets`);
    const targets = new TargetsPage(page);
    await targets.expand(second.name);
    await targets.contactRow('Cy Moss').getByText('Do Not Contact').waitFor();
    expect(await targets.contactRow('Cy Moss').getByRole('button', { name: 'Send email to Cy Moss' }).isDisabled()).to.equal(true);
    expect(await targets.contactRow('Ben Ode').getByRole('button', { name: 'Send email to Ben Ode' }).isDisabled()).to.equal(false);
    await screenshotInBothThemes(page, 'targets-do-not-contact');
    await page.goto(`${e2e.url}/#/contacts`);

    // Deleting contacts says which of them an automation is writing to (Ben: Ana's stopped at her reply).
    for (const name of ['Ben Ode', 'Cy Moss']) await page.getByRole('row', { name: new RegExp(name) }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Delete' }).click();
    const question = page.getByRole('alertdialog');
    await question.getByText('Are you sure you want to delete these 2 contacts?').waitFor();
    await question.getByTestId('deletion-consequence').getByText('1 of them is going through an automation: their outreach stops.').waitFor();
    await screenshot(page, 'contacts-bulk-delete');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Unselect' }).click();

    // One who cannot go: the dialog says why and starts the others (in the dark theme this time).
    await new Shell(page).toggleTheme();
    await (await startFor(['Cy Moss', 'Di Lake'])).click();
    await dialog.getByRole('alert').getByText('Automation does not write to anyone on your Do Not Contact list: Cy Moss <cy@second.example> (you added them). Leave them out to start the others.').waitFor();
    await screenshot(page, 'contacts-start-automation-refused');
    await dialog.getByRole('button', { name: 'Start for the other 1 contact' }).click();
    await page.getByText('Automation started for 1 contact.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const withDi = await apiAs<Array<{ contactId: string }>>(e2e.url, session, `/api/data/enrolments?filter=${encodeURIComponent(JSON.stringify({ workflowId: workflow.id }))}`);
    expect(withDi.map((row) => row.contactId)).to.include(di.id);

    // The list narrows to the contacts an automation is going through (Ana's stopped at her reply, Cy's never started).
    for (const name of ['Cy Moss', 'Di Lake']) await page.getByRole('row', { name: new RegExp(name) }).getByRole('checkbox').uncheck();
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menu').getByText('In an automation').click();
    await page.getByLabel('In an automation').check();
    await page.getByText('1-2 of 2').waitFor();
    for (const name of ['Ben Ode', 'Di Lake']) await page.getByRole('row', { name: new RegExp(name) }).waitFor();
    await screenshot(page, 'contacts-in-automation');
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it("shows a contact's automation on its bank's card as stopping once they reply there, then as stopped", async () => {
    const session = await e2e.registerUser('Rowan Hale');
    const as = <T>(path: string, body?: unknown, method = 'POST') => apiAs<T>(e2e.url, session, path, { method, body });
    await as('/api/data/banks', { cert: 628, name: 'Alpha Bank', state: 'IL' });
    const eve = await as<{ id: string }>('/api/data/contacts', { bankId: 628, name: 'Eve Stone', title: 'CFO', email: 'eve@alpha.example' });
    // Its one step is due on day 3: the scheduler's rounds meanwhile only look for enrolments to stop.
    const workflow = await as<{ id: string }>('/api/data/workflows', { name: 'Later visit', steps: [{ day: 3, type: 'LinkedIn Visit' }] });
    await as(`/api/data/workflows/${workflow.id}/enrolments`, { contactIds: [eve.id] });
    const { page } = await e2e.openSignedInPage({ session, path: '/outreach/targets' });
    const targets = new TargetsPage(page);
    await targets.expand('Alpha Bank');
    const enrolment = targets.expandedCard().locator('[data-testid="enrolment-row"]', { hasText: 'Eve Stone · Later visit' });
    await enrolment.getByText('Active', { exact: true }).waitFor();
    await targets.contactRow('Eve Stone').getByRole('button', { name: 'Mark Eve Stone replied' }).click();
    await enrolment.getByText(/^Stopp(ing|ed): Replied$/).waitFor();
    await enrolment.getByText('Stopped: Replied', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await enrolment.getByRole('button', { name: /^(Pause|Resume|Stop) / }).count()).to.equal(0);
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it("shows on a workflow's page that a contact replied elsewhere once the user comes back to the tab", async () => {
    const session = await e2e.registerUser('Noor Vale');
    const as = <T>(path: string, body?: unknown, method = 'POST') => apiAs<T>(e2e.url, session, path, { method, body });
    await as('/api/data/banks', { cert: 628, name: 'Alpha Bank', state: 'IL' });
    const eve = await as<{ id: string }>('/api/data/contacts', { bankId: 628, name: 'Eve Stone', title: 'CFO', email: 'eve@alpha.example' });
    const workflow = await as<{ id: string }>('/api/data/workflows', { name: 'Later visit', steps: [{ day: 3, type: 'LinkedIn Visit' }] });
    await as(`/api/data/workflows/${workflow.id}/enrolments`, { contactIds: [eve.id] });
    const { page } = await e2e.openSignedInPage({ session, path: `/workflows/${workflow.id}/show/enrolments` });
    await page.getByRole('heading', { name: 'Later visit' }).waitFor();
    await page.getByText('Active', { exact: true }).waitFor();
    // marked in another tab (here, through the API), while this one was in the background
    await as(`/api/data/contacts/${eve.id}/replied`, {}, 'PUT');
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.getByText(/^Stopp(ing|ed): Replied$/).waitFor();
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('lists sent emails newest first, searches them and shows the selected one', async () => {
    const session = await e2e.registerUser('Avery Stone');
    const record = (recipientName: string, bankName: string, subject: string, sentAt: string) =>
      apiAs(e2e.url, session, '/api/data/sent-emails', {
        method: 'POST',
        body: { recipientName, recipientEmail: `${recipientName.split(' ')[0].toLowerCase()}@example.com`, bankName, subject, body: `Hello ${recipientName},\n\nLine two.`, sentAt },
      });
    await record('Jane Doe', 'Alpha Bank', 'Intro to Alpha', '2026-03-01T10:00:00Z');
    await record('Raj Patel', 'Beta Trust', 'Following up', '2026-03-05T10:00:00Z');

    const { page } = await e2e.openSignedInPage({ session, path: '/outreach/sent-mail' });
    const mailbox = new SentMailPage(page);
    await page.waitForFunction(() => document.querySelector('[data-testid="mailbox-count"]')?.textContent === '2 of 2 emails shown');
    expect(await mailbox.rows().first().textContent()).to.contain('Raj Patel');
    await mailbox.view().getByText('To: Raj Patel <raj@example.com>').waitFor();

    // The search asks the server: the mailbox loads only the newest emails, and an older one must be found too.
    const asked = page.waitForRequest((request) => decodeURIComponent(request.url()).includes('/api/data/sent-emails?filter={"q":"alpha"}'));
    await mailbox.search('alpha');
    await asked;
    await page.waitForFunction(() => document.querySelector('[data-testid="mailbox-count"]')?.textContent === '1 of 2 emails shown');
    await mailbox.view().getByText('Intro to Alpha').waitFor();

    await mailbox.search('nobody');
    await page.getByText('No emails match your search.').waitFor();
    await page.getByText('Select an email from the list to view it.').waitFor();
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('improves a template with the AI: the rewrite opens for review, Save keeps it, and a template with nothing to improve says so', async () => {
    const session = await e2e.registerUser('Avery Quill');
    await apiAs(e2e.url, session, '/api/data/templates', { method: 'POST', body: { name: 'Bare note', category: 'custom', subject: 'deposits at {{bankName}}', body: 'We help banks like {{bankName}} grow deposits.' } });
    const { page } = await e2e.openSignedInPage({ session, path: '/outreach/automation' });
    const automation = new AutomationPage(page);
    await automation.waitUntilLoaded();

    await automation.templateCard('Bare note').getByRole('button', { name: 'Improve with AI: Bare note' }).click();
    const dialog = automation.dialog();
    await dialog.getByRole('heading', { name: 'Review AI Improved Template' }).waitFor();
    await dialog.getByText('Rewritten by Offline analyst: read it before saving.').waitFor();
    expect(await dialog.getByLabel('Subject').inputValue()).to.equal('Deposits at {{bankName}}');
    const body = await dialog.getByLabel('Body').inputValue();
    expect(body.startsWith('Hi {{contactName}},\n\nWe help banks like {{bankName}} grow deposits.')).to.equal(true);
    expect(body.endsWith('Best regards,\n{{senderName}}')).to.equal(true);
    await screenshot(page, 'template-improved-review');
    await automation.saveTemplate();
    await page.getByText('Template saved.').waitFor();
    await automation.templateCard('Bare note').getByTestId('template-preview').getByText(/^Hi \{\{contactName\}\},/).waitFor();
    expect(await automation.templateCards().count()).to.equal(1);

    // Now it follows every rule of the offline editor: nothing to review.
    await automation.templateCard('Bare note').getByRole('button', { name: 'Improve with AI: Bare note' }).click();
    await page.getByText('The AI has nothing to improve in this template.').waitFor();
    expect(await dialog.count()).to.equal(0);
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  for (const colorScheme of ['light', 'dark'] as ColorScheme[]) {
    it(`shows the outreach screens in ${colorScheme} mode`, async () => {
      const session = await e2e.registerUser('Morgan Ellery');
      await arrangeTemplateWorkflowAndMail(e2e.url, session, 'Dear {{contactName}},\n\nI have been following {{bankName}} and its growth in {{city}}. A long line that should clamp to two lines in the card preview of the template grid.');
      await apiAs(e2e.url, session, '/api/data/templates', { method: 'POST', body: { name: 'Second touch', category: 'follow-up', subject: 'Following up', body: 'Any thoughts?' } });

      const { page } = await e2e.openSignedInPage({ colorScheme, session, path: '/outreach/automation' });
      const automation = new AutomationPage(page);
      await automation.waitUntilLoaded();
      await automation.templateCard('CFO introduction').waitFor();
      await screenshot(page, 'automation-outreach');
      await automation.templateCard('CFO introduction').getByRole('button', { name: 'Edit CFO introduction' }).click();
      await automation.dialog().getByRole('heading', { name: 'Edit Template' }).waitFor();
      await screenshot(page, 'template-modal');
      await automation.dialog().getByRole('button', { name: 'Cancel' }).click();

      await page.goto(`${e2e.url}/#/outreach/sent-mail`);
      await new SentMailPage(page).view().waitFor();
      await screenshot(page, 'sent-mailbox');

      await page.goto(`${e2e.url}/#/settings`);
      await page.getByRole('button', { name: 'Create API Key' }).waitFor();
      await screenshot(page, 'settings-api-access');
      await page.getByRole('tab', { name: 'Placeholder Engine' }).click();
      await page.getByText('Select a Bank from the dropdown above to see a live preview of placeholder replacements.').waitFor();
      await screenshot(page, 'settings-placeholder-engine');
      expect(e2e.pageErrors(page)).to.deep.equal([]);
    });
  }
});
