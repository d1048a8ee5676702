import { expect } from 'chai';
import type { Page, Route } from 'playwright-core';
import { SmtpSink } from '../doubles/smtp-sink.ts';
import { apiOf, screenshotInBothThemes, trackLargestBank, useE2E, type Session } from './support/index.ts';
import { TargetsPage } from './support/pages/targets.ts';

/**
 * A rep on hotel Wi-Fi: a save whose answer never arrives, tried again, is made once, and the screen
 * says the server could not be reached instead of a bare failure.
 */
describe('outreach on an unreliable network', function () {
  const sink = new SmtpSink();
  before(async () => {
    await sink.start();
  });
  after(async () => {
    await sink.stop();
  });
  const e2e = useE2E({ banks: 30, config: () => ({ smtpUrl: sink.url }) });

  /** The next request of `method` to `url` reaches the server, but its answer is lost on the way back. */
  async function loseNextAnswer(page: Page, url: string, method: string): Promise<void> {
    let lost = false;
    await page.route(url, async (route: Route) => {
      if (lost || route.request().method() !== method) return route.continue();
      lost = true;
      await route.fetch();
      await route.abort('connectionreset');
    });
  }

  async function openTarget(session: Session): Promise<{ page: Page; bank: { cert: number; name: string } }> {
    const bank = await trackLargestBank(e2e.url, session);
    const { page } = await e2e.openSignedInPage({ session, path: '/outreach/targets' });
    // Expanded as TargetsPage does, waiting until its card has slid open: a click while it slides can miss.
    const targets = new TargetsPage(page);
    await targets.waitForCards();
    await targets.expand(bank.name);
    return { page, bank };
  }

  it('adds a contact whose first answer was lost once, when Add Contact is pressed again, and says why the first try failed', async () => {
    const session = await e2e.registerUser('Robin Hale');
    const { page } = await openTarget(session);
    await page.getByRole('button', { name: 'Add New Contact' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Full Name').fill('Jane Roamer');
    await dialog.getByLabel('Job Title').fill('Chief Financial Officer');
    await loseNextAnswer(page, '**/api/data/contacts', 'POST');

    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await page.getByText('Failed to add contact. Could not reach the server. Check your connection and try again.').waitFor();
    expect(await dialog.getByLabel('Full Name').inputValue()).to.equal('Jane Roamer');

    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const contacts = await apiOf(e2e.url, session)<Array<{ name: string }>>('/api/data/contacts');
    expect(contacts.map((contact) => contact.name)).to.deep.equal(['Jane Roamer']);
  });

  it('sends an email whose first answer was lost once: the email cannot be changed until Send Email asks again, and goes out once', async () => {
    const session = await e2e.registerUser('Robin Hale');
    const bank = await trackLargestBank(e2e.url, session);
    const contact = await apiOf(e2e.url, session)<{ id: string }>('/api/data/contacts', {
      method: 'POST',
      body: { bankId: bank.cert, name: 'Jane Roamer', title: 'Chief Financial Officer', email: 'jane.roamer@bank.example' },
    });
    const { page } = await e2e.openSignedInPage({ session, path: `/contacts/${contact.id}/show` });
    await page.getByRole('button', { name: 'Send Email' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Send Email to Jane Roamer' }).waitFor();
    await loseNextAnswer(page, '**/api/services/mailgun/send', 'POST');

    await dialog.getByRole('button', { name: 'Send Email' }).click();
    await dialog.getByText('The email may already be queued: press Send Email again to find out. It will not be sent twice').waitFor();
    expect(await dialog.getByLabel('Subject').isDisabled()).to.equal(true);
    expect(await dialog.getByLabel('Body').isDisabled()).to.equal(true);

    await dialog.getByRole('button', { name: 'Send Email' }).click();
    await dialog.getByTestId('send-status').getByText('Sent', { exact: true }).waitFor({ timeout: 20_000 });
    const sent = await apiOf(e2e.url, session)<unknown[]>('/api/data/sent-emails');
    expect(sent).to.have.length(1);
    expect(sink.received.filter((mail) => mail.to.includes('jane.roamer@bank.example'))).to.have.length(1);
  });

  it('says a screen could not be opened while the server is down, and opens it and loads its rows by itself once the server is back', async () => {
    const session = await e2e.registerUser('Robin Hale');
    const bank = await trackLargestBank(e2e.url, session);
    await apiOf(e2e.url, session)('/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Kim Patient', title: 'Controller' } });
    const { page } = await openTarget(session);
    // A deploy: the server answers nothing, neither the API nor the code of screens not yet opened.
    const down = (route: Route) => route.abort('connectionrefused');
    await page.route('**/api/**', down);
    await page.route('**/assets/**', down);

    await page.goto(`${e2e.url}/#/contacts`);
    await page.getByText('This screen could not be loaded because the server cannot be reached. It opens by itself once the connection is back.').waitFor();
    await page.getByTestId('connection-lost').getByText('The server cannot be reached right now.', { exact: false }).waitFor();
    await screenshotInBothThemes(page, 'server-unreachable');

    await page.unroute('**/api/**', down);
    await page.unroute('**/assets/**', down);
    await page.getByText('Kim Patient').waitFor();
    await page.getByTestId('connection-lost').waitFor({ state: 'detached' });
  });
});
