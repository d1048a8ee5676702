import { expect } from 'chai';
import { apiAs, screenshotInBothThemes, screenshot, trackLargestBank, useE2E } from './support/index.ts';
import { DashboardPage } from './support/pages/dashboard.ts';
import { Shell } from './support/pages/shell.ts';
import { markRegulatorDataChanged } from '../../backend/src/regulator/store.ts';

describe('dashboard', function () {
  const e2e = useE2E({ banks: 250 });

  it('shows non-empty market figures and their quarter, charts and the empty activity texts for a new user', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/' });
    const dashboard = new DashboardPage(page);
    await dashboard.waitUntilLoaded();

    const institutions = Number((await dashboard.statValue('active-institutions')).replace(/,/g, ''));
    expect(institutions).to.be.greaterThan(0);
    expect(await dashboard.statValue('market-assets')).to.match(/^\$\d+\.\d{2}[TBMK]$/);
    // Which quarter the market figures are from.
    expect(await page.getByTestId('stat-active-institutions').textContent()).to.match(/Market figures from the Q\d \d{4} reports, as of [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(await dashboard.statValue('target-banks')).to.equal('0');
    expect(await dashboard.statValue('total-contacts')).to.equal('0');
    expect(await dashboard.card('market-delinquencies').getByTestId('chart-bar').count()).to.be.greaterThan(0);
    expect(await dashboard.card('market-charge-offs').getByTestId('chart-bar').count()).to.be.greaterThan(0);
    expect(await dashboard.card('performance-spotlight').getByRole('link').count()).to.be.greaterThan(0);
    // The task and lead lists load apart from the market figures, each behind a skeleton until it has.
    await dashboard.card('upcoming-tasks').getByText("No upcoming tasks. You're all caught up!").waitFor();
    await dashboard.card('hot-leads').getByText(/Targets page/).waitFor();
    expect(await page.getByTestId('demo-data-banner').textContent()).to.include('demo data');
    expect(await page.getByRole('button', { name: 'Generate AI Commentary' }).isEnabled()).to.equal(true);
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('opens the risk category modal from a donut segment, 20 banks a page, searchable on the page', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/' });
    const dashboard = new DashboardPage(page);
    await dashboard.waitUntilLoaded();
    await dashboard.clickRiskSegment(0);

    const modal = dashboard.riskModal();
    await modal.waitForRows();
    expect(await modal.title().textContent()).to.equal('High Risk Banks');
    const count = await modal.rows().count();
    expect(count).to.be.within(1, 20);
    await screenshot(page, 'risk-category-modal');

    const firstName = (await modal.rows().first().getByRole('button', { name: /^(?!Add ).*/ }).first().textContent()) ?? '';
    await modal.search(firstName.slice(0, 6));
    expect(await modal.rows().count()).to.be.within(1, count);
    await modal.search('no bank is called this');
    expect(await modal.rows().count()).to.equal(0);
    await page.getByText('No bank on this page matches your search.').waitFor();
  });

  it('opens a bank of the risk modal from the keyboard: Tab to its name, Enter', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/' });
    const dashboard = new DashboardPage(page);
    await dashboard.waitUntilLoaded();
    await dashboard.clickRiskSegment(1);
    const modal = dashboard.riskModal();
    await modal.waitForRows();
    const star = modal.rows().first().getByRole('button', { name: /^Add .* to targets$/ });
    const name = ((await star.getAttribute('aria-label')) ?? '').replace(/^Add /, '').replace(/ to targets$/, '');
    await star.focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).to.equal(name);
    await page.keyboard.press('Enter');
    await page.locator('.MuiDialog-paperFullScreen').waitFor();
    // One detail, not one from the name and another from the row under it.
    expect(await page.locator('.MuiDialog-paperFullScreen').count()).to.equal(1);
    await page.locator('.MuiDialog-paperFullScreen h1, .MuiDialog-paperFullScreen h2').filter({ hasText: name }).first().waitFor();
  });

  it('says a risk list that failed to load failed, not that the category has no banks, and loads it on Retry', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/' });
    const dashboard = new DashboardPage(page);
    await dashboard.waitUntilLoaded();
    const riskList = (url: URL) => url.pathname.endsWith('/financials-query') && (url.searchParams.get('filters') ?? '').includes('ROAQ');
    await page.route(riskList, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"msg":"unavailable"}' }));
    await dashboard.clickRiskSegment(0);
    const modal = dashboard.riskModal();
    await modal.root().getByText('Failed to load banks for High Risk category.').waitFor();
    expect(await modal.root().getByText('No banks in this category.').count()).to.equal(0);

    await page.unroute(riskList);
    await modal.root().getByRole('button', { name: 'Retry' }).click();
    await modal.waitForRows();
    expect(await modal.root().getByText('Failed to load banks for High Risk category.').count()).to.equal(0);
  });

  it('stars a bank from the risk modal, says it is going to Targets, and opens that bank there', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/' });
    const dashboard = new DashboardPage(page);
    await dashboard.waitUntilLoaded();
    await dashboard.clickRiskSegment(2);
    const modal = dashboard.riskModal();
    await modal.waitForRows();
    expect(await modal.title().textContent()).to.equal('Low Risk Banks');
    const star = modal.rows().first().getByRole('button', { name: /^Add .* to targets$/ });
    const label = (await star.getAttribute('aria-label')) ?? '';
    const name = label.replace(/^Add /, '').replace(/ to targets$/, '');
    await star.click();
    // The open dialog hides the rest of the page from the accessibility tree, toast included, so the toast is found by its markup.
    await page.locator('[role="alert"]', { hasText: `Adding "${name}" to targets and navigating...` }).waitFor();
    await new Shell(page).waitForRoute('/outreach/targets');
    await page.getByTestId('target-name').filter({ hasText: name }).first().waitFor();
    await page.getByRole('button', { name: 'Find Contacts & Execs' }).waitFor();
  });

  it('opens the bank detail from the performance spotlight', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/' });
    const dashboard = new DashboardPage(page);
    await dashboard.waitUntilLoaded();
    await dashboard.card('performance-spotlight').getByRole('tab', { name: 'Capital' }).click();
    await dashboard.card('performance-spotlight').getByRole('link').first().click();
    await page.locator('.MuiDialog-paperFullScreen').waitFor();
  });

  it("says in the performance spotlight which figure no large bank reports, where a tab has no bank", async () => {
    const knex = e2e.server.db.knex;
    const quarter = (await knex('fdic_financials').max({ quarter: 'repdte' }).first())?.quarter;
    const saved: Array<{ cert: number; repdte: string; efficiency_ratio: number | null }> = await knex('fdic_financials').where({ repdte: quarter }).whereNotNull('efficiency_ratio').select('cert', 'repdte', 'efficiency_ratio');
    await knex('fdic_financials').where({ repdte: quarter }).update({ efficiency_ratio: null });
    markRegulatorDataChanged();
    try {
      const { page } = await e2e.openSignedInPage({ path: '/' });
      const dashboard = new DashboardPage(page);
      await dashboard.waitUntilLoaded();
      await dashboard.card('performance-spotlight').getByRole('tab', { name: 'Efficiency' }).click();
      await dashboard.card('performance-spotlight').getByText('No bank of $1B or more in assets reports its efficiency ratio (EEFFR) this quarter.', { exact: true }).waitFor();
    } finally {
      for (const row of saved) await knex('fdic_financials').where({ cert: row.cert, repdte: row.repdte }).update({ efficiency_ratio: row.efficiency_ratio });
      markRegulatorDataChanged();
    }
  });

  it('says each average is an unweighted mean and of how many banks reporting the figure', async () => {
    const session = await e2e.registerUser('Mira Castell');
    await trackLargestBank(e2e.url, session);
    const answer = await apiAs<{ marketStats: { banksReporting: { roa: number; npl: number; nim: number } } }>(e2e.url, session, '/api/services/fdic/dashboard');
    const { banksReporting } = answer.marketStats;
    expect(banksReporting.roa).to.be.within(1, 100);
    const { page } = await e2e.openSignedInPage({ session, path: '/' });
    const dashboard = new DashboardPage(page);
    await dashboard.waitUntilLoaded();
    const market = dashboard.card('market-snapshot');
    for (const [title, count] of [['Avg ROA', banksReporting.roa], ['Avg NPL Ratio', banksReporting.npl], ['Avg NIM', banksReporting.nim]] as const) {
      await market.getByText(title, { exact: true }).locator('..').getByText(`Unweighted mean of ${count} banks reporting`).waitFor();
    }
    const portfolio = dashboard.card('portfolio-analysis');
    for (const title of ['Avg ROA', 'Avg NPL Ratio', 'Avg Tier 1 Ratio']) {
      await portfolio.getByText(title, { exact: true }).locator('..').getByText('Unweighted mean of 1 bank reporting').waitFor();
    }
    await screenshotInBothThemes(page, 'dashboard-averages');
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it("lists the user's hot leads and opens a lead's bank at its contacts", async () => {
    const session = await e2e.registerUser('Harper Quill');
    const bank = await trackLargestBank(e2e.url, session);
    await apiAs(e2e.url, session, '/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Dana Whitfield', title: 'Chief Credit Officer', isHotLead: true } });
    await apiAs(e2e.url, session, '/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Lukewarm Lee', title: 'Analyst' } });
    const { page } = await e2e.openSignedInPage({ session, path: '/' });
    const dashboard = new DashboardPage(page);
    await dashboard.waitUntilLoaded();
    const hotLeads = dashboard.card('hot-leads');
    await hotLeads.getByText('Dana Whitfield').waitFor();
    expect(await hotLeads.textContent()).to.include(`Chief Credit Officer · ${bank.name}`).and.not.to.include('Lukewarm Lee');
    await screenshotInBothThemes(page, 'dashboard-hot-leads');
    await hotLeads.getByRole('link', { name: /Dana Whitfield/ }).click();
    await page.locator('.MuiDialog-paperFullScreen').getByText('Dana Whitfield').first().waitFor();
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });
});
