import { expect } from 'chai';
import type { Route } from 'playwright-core';
import { apiOf, holdRequests, screenshot, screenshotInBothThemes, trackLargestBank, useE2E, type Session } from './support/index.ts';
import { ReportsPage } from './support/pages/reports.ts';
import { Shell } from './support/pages/shell.ts';

/**
 * Reports replay the user's history: 'As of' moves the whole page back to an earlier moment (a contact
 * added since is absent, an edit made since is undone, counts are as they were), 'Now' returns, and a
 * section's CSV holds the rows the page shows.
 */
describe('reports: the page as of an earlier moment', function () {
  const e2e = useE2E({ banks: 30 });

  /** A user tracking one bank, with two contacts and an open task. */
  async function userWithOutreach(name: string) {
    const session = await e2e.registerUser(name);
    const as = apiOf(e2e.url, session);
    const bank = await trackLargestBank(e2e.url, session);
    const jane = await as<{ id: string }>('/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Jane Doe', title: 'CFO', email: 'jane.doe@alpha-bank.example' } });
    await as('/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Raj Patel', title: 'CEO', email: 'raj@alpha-bank.example' } });
    const task = await as<{ id: string }>('/api/data/tasks', { method: 'POST', body: { text: 'Call Jane about the loan book', dueDate: '2026-12-01', bankId: bank.cert } });
    return { session, as, bank, janeId: jane.id, taskId: task.id };
  }

  /**
   * Moves everything the user has recorded so far two hours into the past: the picker chooses
   * minutes, so this gives a moment that lies between that outreach and what follows without
   * waiting for the clock.
   */
  async function recordedTwoHoursAgo(session: Session) {
    await e2e.server.db.knex.raw("update events set recorded_at = recorded_at - interval '2 hours' where metadata->>'userId' = ?", [session.user.id]);
  }

  it('shows the figures as they were before an edit, returns to now, and exports a section as CSV', async () => {
    const { session, as, bank, janeId, taskId } = await userWithOutreach('Harper Quinn');
    await recordedTwoHoursAgo(session);

    // Since then: Jane's title edited on her screen, her reply recorded, the task done, and a third contact.
    // in New York, not on the server's UTC clock: the CSV is named by the moment as the user picked it
    const { page } = await e2e.openSignedInPage({ session, path: `/contacts/${janeId}`, timezoneId: 'America/New_York' });
    await page.getByLabel('Job Title').fill('Chief Financial Officer');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('tab', { name: 'History' }).waitFor();
    await as(`/api/data/contacts/${janeId}/replied`, { method: 'PUT', body: {} });
    await as(`/api/data/tasks/${taskId}/completion`, { method: 'PUT', body: { completed: true } });
    await as('/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Li Wu', title: 'COO', email: 'li@alpha-bank.example' } });

    // While the history is replayed the page says so (held back here, as a long history would take)
    const replaying = page.getByRole('status').filter({ hasText: 'Replaying your history' });
    const slowReplay = async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    };
    await page.route('**/api/reports/overview**', slowReplay);
    await page.goto(`${e2e.url}/#/reports`);
    await replaying.waitFor();
    await screenshot(page, 'reports-replaying');
    await page.unroute('**/api/reports/overview**', slowReplay);
    await replaying.waitFor({ state: 'hidden' });
    const reports = new ReportsPage(page);
    await reports.subtitle('As of now').waitFor();
    await reports.section('contacts').getByText('3 as they were').waitFor();
    await reports.row('contacts', 'Li Wu').waitFor();
    const janeNow = reports.row('contacts', 'Jane Doe');
    expect(await janeNow.locator('td').allTextContents()).to.deep.equal(['Jane Doe', 'Chief Financial Officer', bank.name, 'No', 'Yes']);
    expect(await reports.row('targets', bank.name).locator('td').last().textContent()).to.equal('3');
    await reports.section('tasks-per-week').locator('.recharts-bar-rectangle').first().waitFor();
    // Weeks read as the app's other dates, 'Nov 23, 2026', not '2026-11-23'.
    const ticks = reports.section('tasks-per-week').locator('.recharts-cartesian-axis-tick-value');
    await ticks.filter({ hasText: /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/ }).first().waitFor();
    expect(await ticks.filter({ hasText: /^\d{4}-\d{2}-\d{2}$/ }).count()).to.equal(0);
    const funnelNow = await reports.downloadCsv('funnel');
    // UTF-8 with a byte order mark: a spreadsheet reads the names' accents as written
    expect(funnelNow.text.split('\r\n')).to.deep.equal(['\uFEFFStage,Contacts', 'Contacts,3', 'Emailed,0', 'Replied,1', 'Hot,0']);

    // An hour ago: after the first outreach, before everything since.
    const anHourAgo = await page.evaluate(() => {
      const moment = new Date(Date.now() - 60 * 60_000);
      return new Date(moment.getTime() - moment.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    });
    // Until the moment has replayed (held here) the page keeps now's rows, dimmed: they are not exported under the moment's name.
    const heldReplay = await holdRequests(page, '**/api/reports/overview**');
    const subtitle = await reports.pickAsOf(anHourAgo);
    await reports.subtitle(subtitle).waitFor();
    await reports.section('contacts').getByText('3 as they were').waitFor();
    await reports.section('contacts').getByRole('button', { name: 'CSV', disabled: true }).waitFor();
    await heldReplay.release();
    await reports.section('contacts').getByText('2 as they were').waitFor();
    expect(await reports.row('contacts', 'Li Wu').count()).to.equal(0);
    expect(await reports.row('contacts', 'Jane Doe').locator('td').allTextContents()).to.deep.equal(['Jane Doe', 'CFO', bank.name, 'No', 'No']);
    expect(await reports.row('contacts', 'Raj Patel').count()).to.equal(1);
    expect(await reports.row('targets', bank.name).locator('td').last().textContent()).to.equal('2');
    await reports.section('tasks-per-week').getByText('Nothing yet at this moment.').waitFor();

    const funnelThen = await reports.downloadCsv('funnel');
    expect(funnelThen.text.split('\r\n')).to.deep.equal(['\uFEFFStage,Contacts', 'Contacts,2', 'Emailed,0', 'Replied,0', 'Hot,0']);
    const contactsThen = await reports.downloadCsv('contacts');
    // named by the moment picked, as the user's clock reads it
    expect(contactsThen.name).to.equal(`contacts-as-of-${anHourAgo.replace(':', '')}.csv`);
    const lines = contactsThen.text.split('\r\n');
    // headers and yes/no in words, as the other screens' exports write them
    expect(lines[0]).to.equal('\uFEFFContact id,Name,Title,Cert,Bank,Email,Hot lead,Replied');
    expect(lines[1].split(',').slice(-2)).to.deep.equal(['no', 'no']);
    expect(lines.slice(1).map((line) => line.split(',').slice(1, 3).join(','))).to.deep.equal(['Jane Doe,CFO', 'Raj Patel,CEO']);
    expect(contactsThen.text).to.contain('jane.doe@alpha-bank.example');

    await screenshot(page, 'reports-as-of');
    await new Shell(page).toggleTheme();
    // away from the theme button, whose tooltip would cover the picture
    await page.mouse.move(700, 400);
    await screenshot(page, 'reports-as-of');

    await page.route('**/api/reports/overview**', slowReplay);
    await reports.backToNow();
    await replaying.waitFor();
    await screenshot(page, 'reports-replaying');
    await page.unroute('**/api/reports/overview**', slowReplay);
    await reports.section('contacts').getByText('3 as they were').waitFor();
    await reports.row('contacts', 'Li Wu').waitFor();
    expect(await page.getByLabel('As of').inputValue()).to.equal('');
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it("no longer shows an erased contact's name, not even while the page replays the history again", async () => {
    const { session, janeId } = await userWithOutreach('Noor Haddad');
    const { page } = await e2e.openSignedInPage({ session, path: '/reports' });
    const reports = new ReportsPage(page);
    await reports.row('contacts', 'Jane Doe').waitFor();

    // Jane erased from her page, then back to Reports in the same visit, its replay held as a long history would take
    await page.evaluate((id) => (window.location.hash = `#/contacts/${id}/show`), janeId);
    await page.getByRole('button', { name: 'Erase personal data' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Erase for good' }).click();
    await page.getByText('Personal data erased.').waitFor();
    const heldReplay = await holdRequests(page, '**/api/reports/overview**');
    await new Shell(page).navigate('Reports');
    await page.getByRole('status').filter({ hasText: 'Replaying your history' }).waitFor();
    expect(await page.getByRole('main').getByText('Jane Doe').count()).to.equal(0);
    expect(await reports.section('contacts').count()).to.equal(0);
    await screenshotInBothThemes(page, 'reports-replaying-after-erasure');

    await heldReplay.release();
    await reports.row('contacts', 'Erased contact').waitFor();
    expect(await page.getByRole('main').getByText('Jane Doe').count()).to.equal(0);
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('says how many rows a long table shows and that its CSV holds them all', async () => {
    const { session, as, bank } = await userWithOutreach('Sasha Lund');
    const rows = Array.from({ length: 1200 }, (_, index) => `Person ${index},Analyst,p${index}@alpha-bank.example,${bank.cert}`);
    await as('/api/data/contacts/import', { method: 'POST', body: { csv: ['Name,Title,Email,Cert', ...rows].join('\n'), mapping: { name: 'Name', title: 'Title', email: 'Email', bankId: 'Cert' } } });

    const { page } = await e2e.openSignedInPage({ session, path: '/reports' });
    const reports = new ReportsPage(page);
    await reports.section('contacts').getByText('1,202 as they were').waitFor();
    await reports.section('contacts').getByText('Showing the first 200 of 1,202. The CSV holds them all.').waitFor();
    expect(await reports.section('contacts').locator('tbody tr').count()).to.equal(200);
    expect((await reports.downloadCsv('contacts')).text.split('\r\n').filter(Boolean)).to.have.length(1203);
    // the short table says nothing of the kind
    expect(await reports.section('targets').getByText(/^Showing the first/).count()).to.equal(0);
  });
});
