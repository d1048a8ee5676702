import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { createAutomationFeature } from '../../backend/src/automation/feature.ts';
import { features, featuresWithAutomation } from '../../backend/src/features.ts';
import { createMailFeature } from '../../backend/src/mail/feature.ts';
import { SmtpSink } from '../doubles/smtp-sink.ts';
import { apiOf, screenshot, screenshotInBothSchemes, screenshotInBothThemes, useE2E, type ColorScheme } from './support/index.ts';
import { SentMailPage } from './support/pages/sent-mail.ts';
import { TargetsPage } from './support/pages/targets.ts';

type Institution = { data: Array<{ data: Record<string, unknown> }> };
type Enrolment = { id: string; status: string; stopReason: string | null; emailsSent: number; stepsSent: number };

/**
 * An automation started from Targets runs: the day-1 email goes out at once and shows in Sent Mailbox,
 * the next day's LinkedIn visit becomes a task, and the unsubscribe link stops the enrolment. Time is
 * moved by the test through the clock the suite hands to the mail and automation features: nothing a
 * production configuration can reach.
 */
describe('automation engine: enrolments started from Targets run their steps', function () {
  const sink = new SmtpSink();
  // Tuesday 2026-12-01, 10:00 in Chicago, and running on from there.
  let offsetMs = Date.parse('2026-12-01T16:00:00Z') - Date.now();
  const clock = { now: () => new Date(Date.now() + offsetMs) };
  const mail = createMailFeature({ dispatcher: { now: clock.now, pollIntervalMs: 200 } });
  const automation = createAutomationFeature(mail, { clock: { ...clock, spreadMinutes: 0 }, scheduler: { pollIntervalMs: 200 } });
  before(async () => {
    await sink.start();
  });
  after(async () => {
    await sink.stop();
  });
  const e2e = useE2E({
    banks: 30,
    config: () => ({ smtpUrl: sink.url }),
    features: () => featuresWithAutomation(automation, features.map((feature) => (feature.name === 'mail' ? mail : feature))),
  });

  const janeProfile = 'https://www.linkedin.com/in/jane-doe-alpha';
  const janeVisit = `Visit Jane Doe on LinkedIn: ${janeProfile}`;

  async function userWithWorkflow(name: string) {
    const session = await e2e.registerUser(name);
    const as = apiOf(e2e.url, session);
    const answer = await as<Institution>('/api/services/fdic/institutions?limit=1&sort_by=ASSET&sort_order=DESC');
    const bank = { cert: Number(answer.data[0].data.CERT), name: String(answer.data[0].data.NAME) };
    await as('/api/data/banks', { method: 'POST', body: { cert: bank.cert, name: bank.name } });
    await as('/api/data/settings', { method: 'PUT', body: { timeZone: 'America/Chicago' } });
    const contact = await as<{ id: string }>('/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Jane Doe', title: 'CFO', email: 'jane.doe@alpha-bank.example', linkedinUrl: janeProfile } });
    await as('/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Raj Patel', title: 'CEO', email: 'raj@alpha-bank.example' } });
    const template = await as<{ id: string }>('/api/data/templates', { method: 'POST', body: { name: 'Intro', subject: 'A note for {{bankName}}', body: 'Dear {{contactName}},\nA short note.' } });
    await as('/api/data/workflows', { method: 'POST', body: { name: 'First week touch', steps: [{ day: 1, type: 'Email', templateId: template.id }, { day: 2, type: 'LinkedIn Visit' }, { day: 5, type: 'Email', templateId: template.id }] } });
    return { session, as, bank, contactId: contact.id };
  }

  it('keeps what the user types in Settings › Automation, reads the settings once, and saves them', async () => {
    const session = await e2e.registerUser('Kai Moreno');
    const as = apiOf(e2e.url, session);
    const { page } = await e2e.openSignedInPage({ session, path: '/settings' });
    let settingsReads = 0;
    page.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/data/settings') settingsReads += 1;
    });
    // The saved settings answer late, as from a busy server: what is typed must not be replaced when they arrive.
    await page.route('**/api/data/settings', async (route) => {
      if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue().catch(() => undefined);
    });
    const tabRead = page.waitForResponse((response) => response.request().method() === 'GET' && new URL(response.url()).pathname === '/api/data/settings');
    await page.getByRole('tab', { name: 'Automation' }).click();
    await page.getByLabel('Time zone').pressSequentially('America/Denver');
    await page.getByLabel('Daily send cap').fill('25');
    await page.getByRole('group', { name: 'Send days' }).getByLabel('Fri').uncheck();
    await page.getByRole('group', { name: 'Send days' }).getByLabel('Sat').check();
    await tabRead;
    await page.getByRole('button', { name: 'Save Automation Settings' }).click();
    await page.getByText('Settings saved successfully!').waitFor();
    expect(await page.getByLabel('Time zone').inputValue()).to.equal('America/Denver');
    expect(settingsReads, 'the tab reads the settings once, not on every render').to.be.at.most(2);
    expect(await as('/api/data/settings')).to.include({ timeZone: 'America/Denver', dailySendCap: 25 }).and.to.have.deep.property('sendDays', [1, 2, 3, 4, 6]);
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('moves the steps already scheduled when the send window widens, and says how many moved', async () => {
    const { session, as, contactId } = await userWithWorkflow('Lena Fischer');
    const day = 24 * 60 * 60_000;
    // Sending only on the weekday three days from now: a day-2 visit started now waits for it.
    const weekdayIn = (at: Date) => ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', weekday: 'short' }).format(at)) + 1;
    await as('/api/data/settings', { method: 'PUT', body: { sendDays: [weekdayIn(new Date(clock.now().getTime() + 3 * day))] } });
    const workflow = await as<{ id: string }>('/api/data/workflows', { method: 'POST', body: { name: 'Visit later', steps: [{ day: 2, type: 'LinkedIn Visit' }] } });
    await as(`/api/data/workflows/${workflow.id}/enrolments`, { method: 'POST', body: { contactIds: [contactId] } });
    const dueAt = async () => Date.parse((await as<Array<{ nextStep: { dueAt: string } }>>(`/api/data/enrolments?filter=${encodeURIComponent(JSON.stringify({ workflowId: workflow.id }))}`))[0].nextStep.dueAt);
    expect(await dueAt()).to.be.greaterThan(clock.now().getTime() + 2 * day);

    const { page } = await e2e.openSignedInPage({ session, path: '/settings' });
    await page.getByRole('tab', { name: 'Automation' }).click();
    const days = page.getByRole('group', { name: 'Send days' });
    for (const name of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']) await days.getByLabel(name).check();
    await page.getByRole('button', { name: 'Save Automation Settings' }).click();
    await page.getByRole('status').filter({ hasText: '1 scheduled step moved to the first time the new send window allows (never before its workflow day).' }).waitFor();
    // its workflow day: tomorrow, this time of day (inside the 8:00-18:00 window)
    const tomorrow = clock.now().getTime() + day;
    expect(await dueAt()).to.be.within(tomorrow - 60_000, tomorrow + 60_000);
    await screenshotInBothThemes(page, 'automation-settings-steps-moved');
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('shows no form over defaults when the saved settings cannot be read, and the saved ones after Try again', async () => {
    const session = await e2e.registerUser('Ines Ortega');
    await apiOf(e2e.url, session)('/api/data/settings', { method: 'PUT', body: { dailySendCap: 7 } });
    const { page } = await e2e.openSignedInPage({ session, path: '/settings' });
    let reachable = false;
    await page.route('**/api/data/settings', async (route) => {
      if (reachable || route.request().method() !== 'GET') return route.continue();
      return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ status: 500, message: 'The database did not answer.' }) });
    });
    const failure = page.getByRole('alert').filter({ hasText: 'Your saved settings could not be loaded: The database did not answer.' });
    // A Save on either tab would have written defaults, or empty keys, over settings the user never saw.
    const saveButtons = page.getByRole('button', { name: /^Save/ });
    await page.getByRole('tab', { name: 'Data Enrichment' }).click();
    await failure.waitFor();
    expect(await saveButtons.count()).to.equal(0);
    expect(await page.getByText('Hunter.io').count(), 'no card of the form').to.equal(0);
    await page.getByRole('tab', { name: 'Automation' }).click();
    // The card's heading comes with the tab, before its read fails: the alert then found is the tab's own.
    await page.getByRole('heading', { name: 'Send window and daily cap' }).waitFor();
    await failure.waitFor();
    expect(await saveButtons.count()).to.equal(0);
    await screenshotInBothThemes(page, 'automation-settings-unread');
    reachable = true;
    await failure.getByRole('button', { name: 'Try again' }).click();
    expect(await page.getByLabel('Daily send cap').inputValue()).to.equal('7');
    await page.getByRole('button', { name: 'Save Automation Settings' }).waitFor();
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('says under each field of Settings › Automation what it refused, in words, on a phone', async () => {
    const session = await e2e.registerUser('Noor Haddad');
    const { page } = await e2e.openSignedInPage({ session, path: '/settings', viewport: { width: 390, height: 844 } });
    await page.getByRole('tab', { name: 'Automation' }).click();
    // The two hours stand one above the other, so neither label is cut short.
    const starts = await page.getByLabel('Window starts (hour)').boundingBox();
    const ends = await page.getByLabel('Window ends (hour)').boundingBox();
    expect(ends!.y).to.be.greaterThan(starts!.y + starts!.height);
    await page.getByLabel('Time zone').fill('Mars/Olympus');
    await page.getByLabel('Daily send cap').fill('0');
    // a window ending before it starts is said with the other refusals, in one Save
    await page.getByLabel('Window starts (hour)').fill('20');
    await page.getByRole('button', { name: 'Save Automation Settings' }).click();
    await page.getByText('Failed to save settings.', { exact: true }).waitFor();
    await page.getByText('Time zone must be a zone like America/Chicago.', { exact: true }).waitFor();
    await page.getByText('The daily send cap must be at least 1.', { exact: true }).waitFor();
    await page.getByText('The send window must end after it starts.', { exact: true }).waitFor();
    // an emptied field stays empty and is refused under it; it read as 0
    await page.getByLabel('Window starts (hour)').fill('');
    expect(await page.getByLabel('Window starts (hour)').inputValue()).to.equal('');
    await page.getByRole('button', { name: 'Save Automation Settings' }).click();
    await page.getByText('The send window start must be an hour from 0 to 24.', { exact: true }).waitFor();
    await page.getByLabel('Email address').fill('not an address');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Email must be an email address like name@bank.com.', { exact: true }).waitFor();
    await screenshot(page, 'automation-settings-refused-phone');
    // Enter in the field adds the address, as Add does.
    await page.getByLabel('Email address').fill('Quiet@Bank.example');
    await page.getByLabel('Email address').press('Enter');
    const doNotContact = page.getByRole('list', { name: 'Do Not Contact list' });
    await doNotContact.getByText('quiet@bank.example', { exact: true }).waitFor();
    // No message names a field the way the code does.
    expect(await page.getByText(/timeZone:|dailySendCap:|email:/).count()).to.equal(0);
    // An address the user added comes off after they confirm, without the unsubscribe warning.
    await page.getByRole('button', { name: 'Remove quiet@bank.example' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove from Do Not Contact?' });
    await confirm.getByText(/It is on the list because you added them \(/).waitFor();
    expect(await confirm.getByText(/anti-spam law/).count()).to.equal(0);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('quiet@bank.example removed from Do Not Contact.').waitFor();
    await page.getByText('Nobody is on the list.').waitFor();
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('searches the Do Not Contact list on the server, a page at a time with the total, and says plainly when an address was already removed', async () => {
    const session = await e2e.registerUser('Lee Park');
    const as = apiOf(e2e.url, session);
    // added oldest first: person00 is the oldest, person29 the newest
    for (let index = 0; index < 30; index += 1) await as('/api/data/suppressions', { method: 'POST', body: { email: `person${String(index).padStart(2, '0')}@${index % 3 === 0 ? 'beta' : 'alpha'}.example` } });
    const { page } = await e2e.openSignedInPage({ session, path: '/settings' });
    await page.getByRole('tab', { name: 'Automation' }).click();
    const doNotContact = page.getByRole('list', { name: 'Do Not Contact list' });
    const total = page.getByTestId('do-not-contact-total');
    await total.getByText('30 addresses on the list', { exact: true }).waitFor();
    await doNotContact.getByText('person29@alpha.example', { exact: true }).waitFor();
    expect(await doNotContact.getByRole('listitem').count()).to.equal(25);
    await page.getByRole('navigation', { name: 'Do Not Contact pages' }).getByRole('button', { name: 'Go to page 2' }).click();
    await doNotContact.getByText('person00@beta.example', { exact: true }).waitFor();
    expect(await doNotContact.getByRole('listitem').count()).to.equal(5);
    // the search goes to the server, in any letter case, and starts at the first page
    await page.getByLabel('Search addresses').fill('BETA');
    await total.getByText('10 addresses match “BETA”', { exact: true }).waitFor();
    await doNotContact.getByText('person27@beta.example', { exact: true }).waitFor();
    expect(await doNotContact.getByRole('listitem').count()).to.equal(10);
    await screenshotInBothThemes(page, 'settings-do-not-contact-search');
    await page.getByLabel('Search addresses').fill('nobody');
    await page.getByText('No address on the list matches your search.').waitFor();
    // an address removed elsewhere since the list was read
    await page.getByLabel('Search addresses').fill('person27');
    await total.getByText('1 address matches “person27”', { exact: true }).waitFor();
    await as(`/api/data/suppressions/${encodeURIComponent('person27@beta.example')}`, { method: 'DELETE' });
    await page.getByRole('button', { name: 'Remove person27@beta.example' }).click();
    await page.getByRole('alertdialog', { name: 'Remove from Do Not Contact?' }).getByRole('button', { name: 'Remove' }).click();
    await page.getByText('That address is not on your Do Not Contact list (it may have been removed already).').waitFor();
    await total.getByText('0 addresses match “person27”', { exact: true }).waitFor();
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('starts an automation from Targets, sends the email, creates the LinkedIn task, and stops on unsubscribe', async () => {
    const { session, as, bank, contactId } = await userWithWorkflow('Morgan Reyes');
    const { page } = await e2e.openSignedInPage({ session, path: '/outreach/targets' });
    const { targets, dialog } = await openStartAutomation(page, bank.name);
    await dialog.getByRole('heading', { name: `Start Automation for ${bank.name}` }).waitFor();
    const start = dialog.getByRole('button', { name: 'Start Automation' });
    expect(await start.isDisabled()).to.equal(true);
    await chooseFirstWeekTouch(page, dialog);
    expect(await start.isDisabled()).to.equal(true);
    await dialog.getByLabel('Jane Doe, CFO').check();
    expect(await start.isDisabled()).to.equal(false);
    // The app's SMTP server sends the emails: nothing to warn of.
    expect(await dialog.getByTestId('no-mail-service').count()).to.equal(0);
    await start.click();
    await page.getByText('Automation started for selected contacts!').waitFor();
    const automations = targets.expandedCard().getByRole('region', { name: 'Automations' });
    await automations.getByText('First week touch').waitFor();

    // The day-1 email went at once (the window is open): it reaches the mail server and Sent Mailbox.
    await waitFor(async () => sink.received.some((received) => received.subject === `A note for ${bank.name}`));
    await page.goto(`${e2e.url}/#/outreach/sent-mail`);
    const mailbox = new SentMailPage(page);
    await mailbox.rows().first().waitFor();
    expect(await mailbox.rows().first().textContent()).to.contain('Jane Doe');
    await mailbox.view().getByText(`A note for ${bank.name}`).waitFor();

    // A day later the LinkedIn visit becomes a task on the bank, saying where her profile is.
    offsetMs += 24 * 60 * 60_000;
    automation.schedulerFor(e2e.server.running.services)?.wake();
    await waitFor(async () => (await as<Array<{ text: string }>>('/api/data/tasks')).some((task) => task.text === janeVisit));
    await page.goto(`${e2e.url}/#/outreach/targets`);
    await targets.waitForCards();
    await targets.expand(bank.name);
    await targets.taskRow(janeVisit).scrollIntoViewIfNeeded();
    // Her profile address is a link that opens in a new tab.
    const profileLink = targets.taskRow(janeVisit).getByRole('link', { name: janeProfile });
    expect(await profileLink.getAttribute('href')).to.equal(janeProfile);
    expect(await profileLink.getAttribute('target')).to.equal('_blank');
    // in the system's schemes: a theme chosen with the button would keep the Do Not Contact dialog's pictures below from following them
    await screenshotInBothSchemes(page, 'automation-linkedin-visit-task');

    // The recipient unsubscribes through the link in the email, without signing in.
    const [sent] = await as<Array<{ id: string }>>(`/api/data/sent-emails?filter=${encodeURIComponent(JSON.stringify({ contactId }))}`);
    const { body } = await as<{ body: string }>(`/api/data/sent-emails/${sent.id}`);
    const linkPath = new URL(/https?:\/\/\S+\/api\/public\/unsubscribe\/\S+/.exec(body)![0]).pathname;
    const visitor = await e2e.openPage();
    await visitor.goto(`${e2e.url}${linkPath}`);
    await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
    await visitor.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    const [enrolment] = await as<Enrolment[]>(`/api/data/enrolments?filter=${encodeURIComponent(JSON.stringify({ contactId }))}`);
    expect(enrolment).to.include({ status: 'stopped', stopReason: 'unsubscribed', emailsSent: 1 });
    await page.reload();
    await targets.waitForCards();
    await targets.expand(bank.name);
    await automations.getByText('Stopped: Unsubscribed').waitFor();

    // Taking the address off Do Not Contact is asked first, saying they unsubscribed; Cancel keeps it.
    await page.goto(`${e2e.url}/#/settings`);
    await page.getByRole('tab', { name: 'Automation' }).click();
    await page.getByRole('button', { name: 'Remove jane.doe@alpha-bank.example' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove from Do Not Contact?' });
    await confirm.getByText(/^Email, by automation and by hand, can go to jane\.doe@alpha-bank\.example again\. It is on the list because they unsubscribed \(/).waitFor();
    await confirm.getByText('Remove it only if they have asked to hear from you again: mailing someone who asked for no mail breaks anti-spam law.').waitFor();
    await screenshotInBothSchemes(page, 'do-not-contact-remove-unsubscribed');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('list', { name: 'Do Not Contact list' }).getByText('jane.doe@alpha-bank.example', { exact: true }).waitFor();
    expect(await as<Array<{ email: string }>>('/api/data/suppressions')).to.have.length(1);
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it("leaves a Do Not Contact contact out of Select All, and starts the others when one is refused", async () => {
    const { session, as, bank, contactId } = await userWithWorkflow('Avery Stone');
    await as('/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Ola Berg', title: 'COO', email: 'ola@alpha-bank.example' } });
    await as('/api/data/suppressions', { method: 'POST', body: { email: 'raj@alpha-bank.example' } });
    const [workflow] = await as<Array<{ id: string }>>('/api/data/workflows');
    await as(`/api/data/workflows/${workflow.id}/enrolments`, { method: 'POST', body: { contactIds: [contactId] } });
    const { page } = await e2e.openSignedInPage({ session, path: '/outreach/targets' });
    const { dialog } = await openStartAutomation(page, bank.name);
    await chooseFirstWeekTouch(page, dialog);
    expect(await dialog.getByLabel('Raj Patel, CEO (Do Not Contact)').isDisabled()).to.equal(true);
    await dialog.getByLabel('Select All').check();
    expect(await dialog.getByLabel('Raj Patel, CEO (Do Not Contact)').isChecked()).to.equal(false);
    await dialog.getByRole('button', { name: 'Start Automation' }).click();
    await dialog.getByRole('alert').waitFor();
    await screenshot(page, 'start-automation-refused');
    await dialog.getByRole('button', { name: 'Start for the other 1 contact' }).click();
    await page.getByText('Automation started for selected contacts!').waitFor();
    const enrolled = await as<Array<{ contactName: string }>>(`/api/data/enrolments?filter=${encodeURIComponent(JSON.stringify({ workflowId: workflow.id }))}`);
    expect(enrolled.map((enrolment) => enrolment.contactName).sort()).to.deep.equal(['Jane Doe', 'Ola Berg']);
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('asks before closing Start Automation once a workflow or a contact is chosen, from Targets and the Contacts list, and closes at once before', async () => {
    const { session, bank } = await userWithWorkflow('Quinn Hale');
    const { page } = await e2e.openSignedInPage({ session, path: '/outreach/targets' });
    const question = page.getByRole('alertdialog', { name: 'Discard your changes?' });
    const automate = page.getByRole('dialog', { name: `Start Automation for ${bank.name}` });

    // Opened and closed straight away: no question.
    await openStartAutomation(page, bank.name);
    await page.keyboard.press('Escape');
    await automate.waitFor({ state: 'detached' });
    expect(await question.count()).to.equal(0);

    // A contact ticked: Escape asks, Keep editing keeps the tick.
    const { targets } = await openStartAutomation(page, bank.name);
    await automate.getByLabel('Jane Doe, CFO').check();
    await page.keyboard.press('Escape');
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await automate.getByLabel('Jane Doe, CFO').isChecked()).to.equal(true);
    // A workflow chosen as well: Cancel asks, Discard closes, and the next opening starts afresh.
    await chooseFirstWeekTouch(page, automate);
    await automate.getByRole('button', { name: 'Cancel' }).click();
    await question.getByRole('button', { name: 'Discard' }).click();
    await automate.waitFor({ state: 'detached' });
    await targets.expandedCard().getByRole('button', { name: 'Automate' }).click();
    await automate.getByLabel('Select All').waitFor();
    expect(await automate.getByLabel('Jane Doe, CFO').isChecked()).to.equal(false);
    await page.keyboard.press('Escape');
    await automate.waitFor({ state: 'detached' });

    // The Contacts list's Start automation for the ticked contacts.
    await page.goto(`${e2e.url}/#/contacts`);
    await page.getByRole('row', { name: /Jane Doe/ }).getByRole('checkbox').check();
    const forSelected = page.getByRole('dialog', { name: 'Start Automation for 1 contact' });
    await page.getByRole('button', { name: 'Start automation' }).click();
    await forSelected.getByRole('combobox', { name: 'Workflow' }).waitFor();
    await page.keyboard.press('Escape');
    await forSelected.waitFor({ state: 'detached' });
    expect(await question.count()).to.equal(0);
    await page.getByRole('button', { name: 'Start automation' }).click();
    await forSelected.getByRole('combobox', { name: 'Workflow' }).click();
    await page.getByRole('option', { name: /^First week touch / }).click();
    await page.keyboard.press('Escape');
    await question.getByRole('button', { name: 'Discard' }).click();
    await forSelected.waitFor({ state: 'detached' });
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  for (const colorScheme of ['light', 'dark'] as ColorScheme[]) {
    it(`shows the automation screens in ${colorScheme} mode`, async () => {
      const { session, as, bank } = await userWithWorkflow(`Screens ${colorScheme}`);
      const { page } = await e2e.openSignedInPage({ session, colorScheme, path: '/outreach/targets' });
      const { targets, dialog } = await openStartAutomation(page, bank.name);
      await chooseFirstWeekTouch(page, dialog);
      await dialog.getByLabel('Select All').check();
      await screenshot(page, 'start-automation-modal');
      await dialog.getByRole('button', { name: 'Start Automation' }).click();
      await page.getByText('Automation started for selected contacts!').waitFor();
      await targets.expandedCard().getByRole('region', { name: 'Automations' }).getByText('Raj Patel').waitFor();
      await screenshot(page, 'target-automations');

      await page.goto(`${e2e.url}/#/outreach/automation`);
      await page.getByRole('button', { name: 'Enrolments in First week touch' }).click();
      const outcomes = page.getByTestId('workflow-outcomes');
      await outcomes.getByText('Active 2').waitFor();
      await page.getByRole('dialog').getByText('Raj Patel').waitFor();
      await screenshot(page, 'workflow-enrolments');
      await page.getByRole('dialog').getByRole('button', { name: 'Pause Raj Patel' }).click();
      await page.getByRole('dialog').getByText('Paused', { exact: true }).waitFor();
      // The statistics follow the pause.
      await outcomes.getByText('Paused 1').waitFor();
      await outcomes.getByText('Active 1').waitFor();
      expect(await outcomes.getByRole('img').getAttribute('aria-label')).to.equal('Where the 2 enrolments stand: Active 1, Paused 1');
      await screenshot(page, 'workflow-enrolments-paused');
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

      // Deleting the workflow says whose outreach it stops, and stops it.
      await page.getByRole('button', { name: 'Delete First week touch' }).click();
      await page.getByTestId('deletion-consequence').getByText('2 contacts are going through it: their outreach stops.').waitFor();
      await screenshot(page, 'delete-workflow-with-enrolments');
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByText('Workflow deleted.').waitFor();
      await waitFor(async () => (await as<Enrolment[]>('/api/data/enrolments')).every((enrolment) => enrolment.stopReason === 'workflow-deleted'));

      await page.goto(`${e2e.url}/#/settings`);
      await page.getByRole('tab', { name: 'Automation' }).click();
      await page.getByRole('button', { name: 'Save Automation Settings' }).waitFor();
      await screenshot(page, 'settings-automation');
      expect(e2e.pageErrors(page)).to.deep.equal([]);
    });
  }
});

/** On Targets, expands the bank and opens Start Automation once the card has finished expanding (its automations are loaded). */
async function openStartAutomation(page: Page, bankName: string): Promise<{ targets: TargetsPage; dialog: Locator }> {
  const targets = new TargetsPage(page);
  await targets.waitForCards();
  await targets.expand(bankName);
  await targets.expandedCard().getByRole('region', { name: 'Automations' }).getByText(/No automations for this bank yet|Next:/).first().waitFor();
  await targets.expandedCard().getByRole('button', { name: 'Automate' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: /^Start Automation for / }).waitFor();
  return { targets, dialog };
}

/** Chooses the workflow every test's user has. */
async function chooseFirstWeekTouch(page: Page, dialog: Locator): Promise<void> {
  await dialog.getByRole('combobox', { name: '1. Select a workflow' }).click();
  await page.getByRole('option', { name: 'First week touch (3 steps)' }).click();
}

/** Polls until the condition holds (background work: the scheduler and the dispatcher). */
async function waitFor(condition: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for background work.');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
