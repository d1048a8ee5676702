import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { SmtpSink } from '../doubles/smtp-sink.ts';
import { apiAs, arrangeTemplateWorkflowAndMail, screenshot, screenshotInBothSchemes, useE2E, type ColorScheme, type Session } from './support/index.ts';
import { AutomationPage } from './support/pages/automation.ts';
import { SentMailPage } from './support/pages/sent-mail.ts';

type Institution = { data: Array<{ data: Record<string, unknown> }> };

/** A template written, previewed on a real bank and contact, sent through SMTP and found again where the user looks for it. */
describe('outreach mail: templates, sending and the records of what was sent', function () {
  const sink = new SmtpSink();
  before(async () => {
    await sink.start();
  });
  after(async () => {
    await sink.stop();
  });
  const e2e = useE2E({ banks: 30, config: () => ({ smtpUrl: sink.url }) });

  /** A user tracking the largest demo bank, with one contact there. */
  async function userWithContact(name: string): Promise<{ session: Session; bank: { cert: number; name: string }; contactId: string }> {
    const session = await e2e.registerUser(name);
    const answer = await apiAs<Institution>(e2e.url, session, '/api/services/fdic/institutions?limit=1&sort_by=ASSET&sort_order=DESC');
    const bank = { cert: Number(answer.data[0].data.CERT), name: String(answer.data[0].data.NAME) };
    await apiAs(e2e.url, session, '/api/data/banks', { method: 'POST', body: { cert: bank.cert, name: bank.name } });
    const contact = await apiAs<{ id: string }>(e2e.url, session, '/api/data/contacts', {
      method: 'POST',
      body: { bankId: bank.cert, name: 'Jane Doe', title: 'Chief Financial Officer', email: 'jane.doe@alpha-bank.example' },
    });
    return { session, bank, contactId: contact.id };
  }

  const combobox = (page: Page, name: RegExp) => page.getByRole('dialog').getByRole('combobox', { name });

  it('writes a template, previews it on a bank and contact, sends it and finds it in Sent Mailbox and in the histories', async () => {
    const { session, bank, contactId } = await userWithContact('Avery Stone');
    const { page } = await e2e.openSignedInPage({ session, path: '/outreach/automation' });
    const automation = new AutomationPage(page);
    await automation.waitUntilLoaded();

    await automation.openNewTemplate();
    await automation.fillTemplate({ name: 'CFO note', subject: 'A note for {{BANKNAME}}', body: 'Dear {{contactName}},\n\n{{bankname}} holds {{TotalAssets}} in assets.' });
    await combobox(page, /^Bank/).click();
    await page.getByRole('option', { name: bank.name, exact: true }).click();
    await combobox(page, /^Contact/).click();
    await page.getByRole('option', { name: 'Jane Doe (Chief Financial Officer)' }).click();
    const preview = page.getByTestId('rendered-preview');
    await preview.getByText(`A note for ${bank.name}`).waitFor();
    await preview.getByText('Dear Jane Doe,').waitFor();
    await automation.saveTemplate();
    await automation.dialog().waitFor({ state: 'hidden' });
    await automation.templateCard('CFO note').waitFor();

    // Sent from the contact's own page, with the template chosen.
    await page.goto(`${e2e.url}/#/contacts/${contactId}/show`);
    await page.getByRole('button', { name: 'Send Email' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Send Email to Jane Doe' }).waitFor();
    await combobox(page, /^Template/).click();
    await page.getByRole('option', { name: 'CFO note' }).click();
    // The template fills the subject resolved for this bank (once the bank's figures are in).
    await page.waitForFunction((expected) => [...document.querySelectorAll<HTMLInputElement>('[role="dialog"] input')].some((input) => input.value === expected), `A note for ${bank.name}`);
    expect(await dialog.getByLabel('Subject').inputValue()).to.equal(`A note for ${bank.name}`);
    await dialog.getByRole('button', { name: 'Send Email' }).click();
    await dialog.getByTestId('send-status').getByText('Sent', { exact: true }).waitFor({ timeout: 20_000 });
    const received = sink.received.filter((mail) => mail.to.includes('jane.doe@alpha-bank.example'));
    expect(received).to.have.length(1);
    expect(received[0].raw).to.contain('Dear Jane Doe,');
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'hidden' });

    // The contact's History lists the email, which opens its own page and history.
    await page.getByRole('tab', { name: 'History' }).click();
    const emails = page.getByTestId('emails-to-record');
    await emails.getByText(`A note for ${bank.name}`).waitFor();
    await emails.getByTestId('delivery-status').getByText('Sent').waitFor();
    await screenshot(page, 'contact-history-with-emails');
    // One click opens it: the emails show once the history above them is in, so nothing moves them under the pointer.
    await emails.getByText(`A note for ${bank.name}`).click();
    await page.waitForURL(/#\/sent-emails\//);
    // The contact's page stays on screen until the email's page has loaded: its own History tab would take the click back there.
    await page.getByText('Sent through').waitFor();
    await page.getByRole('tab', { name: 'History' }).click();
    await page.locator('[data-testid="history-entry"][data-event-type="EmailSent"]').waitFor();

    await page.goto(`${e2e.url}/#/outreach/sent-mail`);
    const mailbox = new SentMailPage(page);
    await mailbox.view().getByText(`A note for ${bank.name}`).waitFor();
    await mailbox.view().getByText('To: Jane Doe <jane.doe@alpha-bank.example>').waitFor();
    await mailbox.view().getByTestId('delivery-status').getByText('Sent').waitFor();
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('names the placeholders a chosen template mistyped before the email is sent, not only an N/A in its body', async () => {
    const { session, contactId } = await userWithContact('Morgan Reyes');
    await apiAs(e2e.url, session, '/api/data/templates', {
      method: 'POST',
      body: { name: 'Typo note', category: 'introduction', subject: 'Hello {{bankName}}', body: 'Dear {{FirstName}},\n\n{{ first_name }} and {{bank.name}}' },
    });
    const { page } = await e2e.openSignedInPage({ session, path: `/contacts/${contactId}/show` });
    await page.getByRole('button', { name: 'Send Email' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Send Email to Jane Doe' }).waitFor();
    await combobox(page, /^Template/).click();
    await page.getByRole('option', { name: 'Typo note' }).click();
    const unknown = dialog.getByTestId('unknown-placeholders');
    await unknown.waitFor();
    expect(await unknown.innerText()).to.equal('Unknown placeholders (they will show as N/A): {{FirstName}}, {{first_name}}, {{bank.name}}');
    expect(await dialog.getByLabel('Body').inputValue()).to.equal('Dear N/A,\n\nN/A and N/A');
    await screenshot(page, 'send-email-unknown-placeholders');
    // Another template, or none, clears the warning.
    await combobox(page, /^Template/).click();
    await page.getByRole('option', { name: 'No template' }).click();
    await unknown.waitFor({ state: 'hidden' });
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('keeps the body the user typed when a chosen template replaces it, one click from coming back', async () => {
    const { session, contactId } = await userWithContact('Robin Hale');
    await apiAs(e2e.url, session, '/api/data/templates', { method: 'POST', body: { name: 'Short intro', category: 'introduction', subject: 'Hello {{bankName}}', body: 'Dear {{contactName}},' } });
    const { page } = await e2e.openSignedInPage({ session, path: `/contacts/${contactId}/show` });
    await page.getByRole('button', { name: 'Send Email' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Send Email to Jane Doe' }).waitFor();
    await dialog.getByLabel('Body').fill('Jane, following up on our call: my own words.');
    await combobox(page, /^Template/).click();
    await page.getByRole('option', { name: 'Short intro' }).click();
    await page.waitForFunction(() => document.querySelector<HTMLTextAreaElement>('[role="dialog"] textarea')?.value === 'Dear Jane Doe,');
    // Another template, or none, still keeps the words the user typed.
    await combobox(page, /^Template/).click();
    await page.getByRole('option', { name: 'No template' }).click();
    await dialog.getByRole('button', { name: 'Restore your text' }).click();
    expect(await dialog.getByLabel('Body').inputValue()).to.equal('Jane, following up on our call: my own words.');
    expect(await dialog.getByRole('button', { name: 'Restore your text' }).count()).to.equal(0);
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('keeps the subject the user typed when a template is chosen, and fills it from the template while it is still the previous template\'s', async () => {
    const { session, contactId, bank } = await userWithContact('Sasha Lind');
    for (const [name, subject] of [['First note', 'Hello {{bankName}}'], ['Second note', 'Again, {{bankName}}']]) {
      await apiAs(e2e.url, session, '/api/data/templates', { method: 'POST', body: { name, category: 'introduction', subject, body: `${name} for {{contactName}}` } });
    }
    const { page } = await e2e.openSignedInPage({ session, path: `/contacts/${contactId}/show` });
    await page.getByRole('button', { name: 'Send Email' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Send Email to Jane Doe' }).waitFor();
    const bodyIs = (text: string) => page.waitForFunction((expected) => document.querySelector<HTMLTextAreaElement>('[role="dialog"] textarea')?.value === expected, text);
    // the defaults' subject, and then a template's, give way to the next template
    await combobox(page, /^Template/).click();
    await page.getByRole('option', { name: 'First note' }).click();
    await bodyIs('First note for Jane Doe');
    expect(await dialog.getByLabel('Subject').inputValue()).to.equal(`Hello ${bank.name}`);
    await combobox(page, /^Template/).click();
    await page.getByRole('option', { name: 'Second note' }).click();
    await bodyIs('Second note for Jane Doe');
    expect(await dialog.getByLabel('Subject').inputValue()).to.equal(`Again, ${bank.name}`);
    // a typed subject stays
    await dialog.getByLabel('Subject').fill('Our coffee on Tuesday');
    await combobox(page, /^Template/).click();
    await page.getByRole('option', { name: 'First note' }).click();
    await bodyIs('First note for Jane Doe');
    expect(await dialog.getByLabel('Subject').inputValue()).to.equal('Our coffee on Tuesday');
    await screenshotInBothSchemes(page, 'send-email-typed-subject-kept');
    // an emptied subject is filled again
    await dialog.getByLabel('Subject').fill('');
    await combobox(page, /^Template/).click();
    await page.getByRole('option', { name: 'Second note' }).click();
    await bodyIs('Second note for Jane Doe');
    expect(await dialog.getByLabel('Subject').inputValue()).to.equal(`Again, ${bank.name}`);
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('lists templates, workflows and sent emails as records, each with its history', async () => {
    const { session } = await userWithContact('Morgan Ellery');
    const template = await apiAs<{ id: string }>(e2e.url, session, '/api/data/templates', {
      method: 'POST',
      body: { name: 'CFO introduction', category: 'introduction', subject: 'Partnering with {{bankName}}', body: 'Dear {{contactName}},' },
    });
    await apiAs(e2e.url, session, `/api/data/templates/${template.id}/favorite`, { method: 'PUT', body: { isFavorite: true } });
    await apiAs(e2e.url, session, '/api/data/workflows', {
      method: 'POST',
      body: { name: 'New CFO sequence', steps: [{ day: 1, type: 'Email', templateId: template.id }, { day: 3, type: 'LinkedIn Visit' }] },
    });

    const { page } = await e2e.openSignedInPage({ session, path: '/templates' });
    // The favourites column has a name to click to sort by (a star alone gave the sort button no size).
    await page.getByRole('button', { name: 'Sort by favorite ascending' }).click();
    await page.getByRole('button', { name: 'Sort by favorite descending' }).waitFor();
    await page.getByRole('cell', { name: 'CFO introduction' }).click();
    await page.getByRole('tab', { name: 'History' }).click();
    await page.locator('[data-testid="history-entry"][data-event-type="TemplateCreated"]').waitFor();
    expect(await page.getByTestId('history-entry').count()).to.equal(2);
    // The category reads by its label, the record's lifecycle not at all.
    await page.getByTestId('record-history').getByText('Category: Introduction', { exact: true }).waitFor();
    expect(await page.getByTestId('record-history').getByText(/^Status:/).count()).to.equal(0);

    // Edited as a record, the change shows field by field.
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Subject').fill('Working with {{bankName}}');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByTestId('record-history').getByText('Subject: Partnering with {{bankName}} → Working with {{bankName}}').waitFor();

    await page.goto(`${e2e.url}/#/workflows`);
    await page.getByRole('cell', { name: 'New CFO sequence' }).waitFor();
    await page.getByText('Email: CFO introduction').waitFor();
    await page.getByRole('cell', { name: 'New CFO sequence' }).click();
    await page.getByRole('tab', { name: 'History' }).click();
    await page.locator('[data-testid="history-entry"][data-event-type="WorkflowCreated"]').waitFor();
    // Steps read with their days and the template's name.
    await page.getByTestId('record-history').getByText('Steps: Day 1 · Email: CFO introduction; Day 3 · LinkedIn Visit', { exact: true }).waitFor();
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  for (const colorScheme of ['light', 'dark'] as ColorScheme[]) {
    it(`shows the record screens of templates, workflows and sent emails in ${colorScheme} mode`, async () => {
      const { session } = await userWithContact('Riley Park');
      await arrangeTemplateWorkflowAndMail(e2e.url, session, 'Dear {{contactName}},\n\nI have been following {{bankName}}.');
      const { page } = await e2e.openSignedInPage({ colorScheme, session, path: '/templates' });
      await page.getByRole('cell', { name: 'CFO introduction' }).waitFor();
      await screenshot(page, 'templates-list');
      await page.getByRole('cell', { name: 'CFO introduction' }).click();
      await page.getByRole('tab', { name: 'History' }).click();
      await page.getByTestId('history-entry').first().waitFor();
      await screenshot(page, 'template-history');
      await page.goto(`${e2e.url}/#/workflows`);
      await page.getByText('Email: CFO introduction').waitFor();
      await screenshot(page, 'workflows-list');
      await page.goto(`${e2e.url}/#/sent-emails`);
      await page.getByRole('cell', { name: 'Partnering with Alpha Bank' }).waitFor();
      // Every column shows on a laptop's 1,280 px window, none behind a scroll of the list.
      const wide = page.viewportSize()!;
      await page.setViewportSize({ width: 1280, height: wide.height });
      const laptopScroll = await page.locator('.RaDatagrid-tableWrapper').evaluate((table) => table.scrollWidth - table.clientWidth);
      await screenshot(page, 'sent-emails-list-1280');
      await page.setViewportSize(wide);
      expect(laptopScroll).to.equal(0);
      await page.getByRole('cell', { name: 'Partnering with Alpha Bank' }).click();
      await page.getByText('Sent through').waitFor();
      await screenshot(page, 'sent-email-show');
      await page.goto(`${e2e.url}/#/outreach/automation`);
      await page.getByRole('button', { name: 'Starter Templates' }).click();
      await page.getByRole('menuitem').first().waitFor();
      await screenshot(page, 'automation-starter-templates');
      await page.getByRole('menuitem').first().click();
      await page.getByRole('dialog').getByRole('heading', { name: 'Edit Template' }).waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await new AutomationPage(page).templateCard('Bank performance introduction').waitFor();
      expect(e2e.pageErrors(page)).to.deep.equal([]);
    });
  }
});
