import { expect } from 'chai';
import { addOneOfEachRecord, apiAs, screenshot, screenshotInBothThemes, trackLargestBank, useE2E, type ColorScheme } from './support/index.ts';
import { CreditBoxPage } from './support/pages/credit-box.ts';
import { DashboardPage } from './support/pages/dashboard.ts';
import { DataToolsPage } from './support/pages/data-tools.ts';
import { DirectoryPage } from './support/pages/directory.ts';
import { waitForRecordList } from './support/pages/records.ts';
import { ReportsPage } from './support/pages/reports.ts';
import { SentMailPage } from './support/pages/sent-mail.ts';
import { Shell } from './support/pages/shell.ts';
import { TargetsPage } from './support/pages/targets.ts';

/** A picture of every screen in light and dark mode (test-artifacts/screenshots), checked for page errors. */
describe('every screen in light and dark mode', function () {
  const e2e = useE2E({ banks: 150 });

  /** The activity feed, listed beside the Records lists: its row of the contact added. */
  const activityList = { link: 'Activity', heading: 'Activity', route: 'activity', text: 'Added contact' };

  for (const colorScheme of ['light', 'dark'] as ColorScheme[]) {
    it(`renders every screen in ${colorScheme} mode without errors`, async () => {
      const session = await e2e.registerUser('Morgan Ellery');
      const recordLists = await addOneOfEachRecord(e2e.url, session);
      const { page } = await e2e.openSignedInPage({ colorScheme, session, path: '/' });
      const shell = new Shell(page);

      await new DashboardPage(page).waitUntilLoaded();
      await screenshot(page, 'dashboard');

      await shell.navigate('Bank Directory');
      const directory = new DirectoryPage(page);
      await directory.waitForRows();
      await screenshot(page, 'bank-directory');
      await directory.switchToCards();
      await screenshot(page, 'bank-directory-cards');

      await shell.navigate('Credit Box');
      const creditBox = new CreditBoxPage(page);
      await page.getByText('Adjust your criteria and click "Find Matches" to begin.').waitFor();
      await creditBox.openGroup('Location');
      await creditBox.openGroup('Institutional');
      await creditBox.openGroup('Loan Portfolio');
      await creditBox.findMatches();
      await screenshot(page, 'credit-box');

      await shell.navigate('Data Tools', 'Settings');
      const tools = new DataToolsPage(page);
      await tools.waitUntilLoaded();
      await page.getByRole('button', { name: 'Sync FDIC Institutions & Financials' }).waitFor();
      await screenshot(page, 'data-tools');
      await tools.openApiDocumentation();
      await screenshot(page, 'api-documentation');
      await page.getByRole('button', { name: 'Close' }).last().click();

      await shell.navigate('Analyst Chat');
      await page.getByPlaceholder('Ask about banks, metrics, peers or your targets...').waitFor();
      await screenshot(page, 'analyst-chat');

      await shell.navigate('Targets', 'Outreach');
      await shell.waitForRoute('/outreach/targets');
      await screenshot(page, 'targets');

      // Every Records link shows once the group is open, none behind a scroll of the sub-menu.
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Records' }).click();
      const records = page.getByTestId('sidebar-group-Records');
      // Measured once the group's opening transition has ended.
      await page.locator('.MuiCollapse-entered').getByRole('link', { name: 'Reports' }).waitFor();
      expect(await records.evaluate((list) => list.scrollHeight - list.clientHeight)).to.equal(0);
      await screenshot(page, 'sidebar-records-open');

      // Each Records list shows every column beside the sidebar at 1,440 px, long texts and all, and on a laptop's 1,280 px.
      const inListScroll = () => page.locator('.RaDatagrid-tableWrapper').evaluate((table) => table.scrollWidth - table.clientWidth);
      for (const { link, heading, route, text } of [activityList, ...recordLists]) {
        await shell.navigate(link);
        // The list before stays on screen until the next one's code has loaded.
        await page.getByRole('heading', { name: heading, exact: true }).waitFor();
        await page.locator('.RaDatagrid-row', { hasText: text }).waitFor();
        expect(await inListScroll(), link).to.equal(0);
        await screenshot(page, `records-${route}`);
        const wide = page.viewportSize()!;
        await page.setViewportSize({ width: 1280, height: wide.height });
        const laptopScroll = await inListScroll();
        await page.setViewportSize(wide);
        expect(laptopScroll, `${link} at 1,280 px`).to.equal(0);
      }

      // A tracked bank's timeline: the bank's contacts, tasks and the bank itself, each by name.
      const trackedBank = recordLists.find((list) => list.route === 'banks')!;
      await shell.navigate(trackedBank.link);
      await page.locator('.RaDatagrid-row', { hasText: trackedBank.text }).click();
      await page.getByRole('tab', { name: 'Timeline' }).click();
      await page.getByRole('link', { name: 'Alexandra Montgomery-Whitfield' }).waitFor();
      await screenshot(page, 'tracked-bank-timeline');

      await page.getByRole('button', { name: 'Open Analyst Chat' }).click();
      await page.getByRole('button', { name: 'Close Analyst Chat' }).waitFor();
      await screenshot(page, 'analyst-chat-panel');
      await page.getByRole('button', { name: 'Close Analyst Chat' }).click();

      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${e2e.url}/#/`);
      await new DashboardPage(page).waitUntilLoaded();
      await screenshot(page, 'dashboard-mobile');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('link', { name: 'Bank Directory' }).waitFor();
      await screenshot(page, 'sidebar-mobile');
      // On a phone each Records list, and Activity, is a record a line, not a table scrolling sideways.
      await page.keyboard.press('Escape');
      for (const list of [...recordLists, activityList]) {
        const { route } = list;
        await page.goto(`${e2e.url}/#/${route}`);
        await waitForRecordList(page, list);
        expect(await page.locator('table').count(), route).to.equal(0);
        expect(await page.getByRole('button', { name: 'Columns' }).count(), `${route}: a list a line has no columns to choose`).to.equal(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), route).to.be.at.most(390);
        await screenshot(page, `records-${route}-mobile`);
        // The navigation opens from each of them too.
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('link', { name: 'Bank Directory' }).waitFor();
        await page.keyboard.press('Escape');
        await page.getByRole('link', { name: 'Bank Directory' }).waitFor({ state: 'hidden' });
      }
      // A feed row opens its record.
      await page.getByText('Added contact').first().click();
      await page.waitForURL(/#\/contacts\/[^/]+\/show/);

      expect(e2e.pageErrors(page)).to.deep.equal([]);
    });
  }

  it("fits every screen and the bank detail in a laptop's 1,280 px window, none scrolling sideways", async () => {
    const session = await e2e.registerUser('Morgan Ellery');
    const trackedBank = (await addOneOfEachRecord(e2e.url, session)).find((list) => list.route === 'banks')!;
    const { page } = await e2e.openSignedInPage({ session, path: '/', viewport: { width: 1280, height: 800 } });
    const screens: Array<{ path: string; name: string; loaded: () => Promise<unknown> }> = [
      { path: '/', name: 'dashboard', loaded: () => new DashboardPage(page).waitUntilLoaded() },
      { path: '/bank-directory', name: 'bank-directory', loaded: () => new DirectoryPage(page).waitForRows() },
      { path: '/credit-box', name: 'credit-box', loaded: () => page.getByRole('heading', { name: 'Credit Box Search' }).waitFor() },
      { path: '/outreach/targets', name: 'targets-expanded', loaded: () => new TargetsPage(page).expand(trackedBank.text) },
      { path: '/outreach/sent-mail', name: 'sent-mailbox', loaded: () => new SentMailPage(page).waitUntilLoaded() },
      { path: '/outreach/automation', name: 'automation', loaded: () => page.getByText('Treasury introduction').first().waitFor() },
      { path: '/reports', name: 'reports', loaded: () => new ReportsPage(page).waitUntilLoaded() },
      { path: '/settings', name: 'settings', loaded: () => page.getByRole('tab').first().waitFor() },
      { path: '/data-tools', name: 'data-tools', loaded: () => new DataToolsPage(page).waitUntilLoaded() },
      { path: '/analyst-chat', name: 'analyst-chat', loaded: () => page.getByPlaceholder('Ask about banks, metrics, peers or your targets...').waitFor() },
    ];
    const sidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    for (const { path, name, loaded } of screens) {
      await page.goto(`${e2e.url}/#${path}`);
      await loaded();
      expect(await sidewaysScroll(), name).to.equal(0);
      // Nor does any table scroll inside its card.
      const cutTables = await page.locator('table').evaluateAll((tables) => tables.filter((table) => table.parentElement!.scrollWidth > table.parentElement!.clientWidth + 1).length);
      expect(cutTables, `${name}: tables wider than their card`).to.equal(0);
      await screenshotInBothThemes(page, `${name}-1280`);
    }
    await page.goto(`${e2e.url}/#/bank-directory`);
    const directory = new DirectoryPage(page);
    await directory.waitForRows();
    await directory.rows().first().click();
    const detail = page.locator('.MuiDialog-paperFullScreen');
    await detail.waitFor();
    await detail.getByText('Key Performance Ratios').waitFor();
    expect(await detail.evaluate((dialog) => dialog.scrollWidth - dialog.clientWidth), 'bank detail').to.equal(0);
    await screenshot(page, 'bank-detail-1280');
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('keeps the chosen theme across reloads', async () => {
    const { page } = await e2e.openSignedInPage({ colorScheme: 'light', path: '/' });
    await new DashboardPage(page).waitUntilLoaded();
    const background = () => page.evaluate(() => getComputedStyle(document.querySelector('[data-testid="app-shell"]')!).backgroundColor);
    const light = await background();
    await new Shell(page).toggleTheme();
    const dark = await background();
    expect(dark).to.not.equal(light);
    await page.reload();
    await new DashboardPage(page).waitUntilLoaded();
    expect(await background()).to.equal(dark);
  });

  it('says on a phone when a search finds no record, with a Clear filters button that shows them again', async () => {
    const session = await e2e.registerUser('Morgan Ellery');
    const bank = await trackLargestBank(e2e.url, session);
    await apiAs(e2e.url, session, '/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Priya Castellanos', title: 'Treasurer', email: 'priya@example.com' } });
    const search = encodeURIComponent(JSON.stringify({ q: 'nobody by this name' }));
    // A phone has the theme switch in its menu: each theme is its own page.
    for (const colorScheme of ['light', 'dark'] as ColorScheme[]) {
      const { page } = await e2e.openSignedInPage({ colorScheme, session, path: `/contacts?filter=${search}`, viewport: { width: 390, height: 844 } });
      await page.getByText('No contacts found with the current filters.').waitFor();
      await screenshot(page, 'contacts-no-results-mobile');
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await page.getByText('Priya Castellanos').waitFor();
      expect(e2e.pageErrors(page)).to.deep.equal([]);
    }
  });

  it('answers an address that names no screen with "Page not found" and a way back to the Dashboard', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/no-such-screen' });
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByText('There is no page at /no-such-screen.').waitFor();
    await screenshotInBothThemes(page, 'page-not-found');
    await page.getByRole('button', { name: 'Go to the Dashboard' }).click();
    await new DashboardPage(page).waitUntilLoaded();
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('tells a user who tracks no bank yet how to track one, here or from the Bank Directory, and takes them there', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/banks' });
    await page.getByText('No tracked banks found with the current filters.').waitFor();
    await page.getByText('A bank is tracked once you star it in the Bank Directory, the Credit Box or its detail view, or track it here.').waitFor();
    expect(await page.getByRole('link', { name: 'Track a Bank' }).count()).to.equal(2);
    // Opened by its address, the page's sidebar group is open, showing where the user is.
    const records = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Records' });
    expect(await records.getAttribute('aria-expanded')).to.equal('true');
    await screenshotInBothThemes(page, 'tracked-banks-empty');
    await page.getByRole('link', { name: 'Open the Bank Directory' }).click();
    await new DirectoryPage(page).waitForRows();
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });
});
