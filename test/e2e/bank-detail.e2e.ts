import { expect } from 'chai';
import type { Knex } from 'knex';
import type { Locator, Page } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { apiAs, apiOf, contrastRatio, screenshotDir, trackLargestBank, useE2E } from './support/index.ts';
import { DirectoryPage } from './support/pages/directory.ts';
import { Shell } from './support/pages/shell.ts';
import { TargetsPage } from './support/pages/targets.ts';
import { defaultPeerCriteria } from '../../domain/peers.ts';
import { quarterLabel } from '../../domain/format.ts';
import { markRegulatorDataChanged } from '../../backend/src/regulator/store.ts';

/** The bank detail modal as a person uses it: navigation, panels, view switches, header actions. */
class BankDetailPage {
  constructor(readonly page: Page) {}

  dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Bank detail' }).last();
  }

  name(): Locator {
    return this.dialog().getByTestId('bank-detail-name');
  }

  async openFromDirectory(rowIndex = 0): Promise<string> {
    // Rows shown while the list still loads (the page before, or the first page before the address's) give way to others.
    await new DirectoryPage(this.page).waitForRows();
    const row = this.page.getByTestId('directory-row').nth(rowIndex);
    const name = (await row.getByTestId('bank-name').textContent())?.trim() ?? '';
    await row.click();
    await this.name().waitFor();
    return name;
  }

  /** Opens the first of the directory's banks that has a Community Profile (a statistical area code). */
  async openOneWithCommunityProfile(): Promise<string> {
    for (let row = 0; row < 10; row += 1) {
      const name = await this.openFromDirectory(row);
      if (!(await this.navItem('community').isDisabled())) return name;
      await this.dialog().getByRole('button', { name: 'Close' }).first().click();
      await this.dialog().waitFor({ state: 'detached' });
    }
    throw new Error('None of the first ten banks has a statistical area code.');
  }

  navItem(view: string): Locator {
    return this.dialog().getByRole('navigation', { name: 'Bank detail views' }).locator(`[data-view="${view}"]`);
  }

  async show(view: string, panelTestId: string): Promise<Locator> {
    await this.navItem(view).click();
    const panel = this.dialog().getByTestId(panelTestId);
    await panel.waitFor();
    return panel;
  }

  async switchView(label: string, option: string) {
    await this.dialog().getByRole('group', { name: label }).getByRole('button', { name: option, exact: true }).click();
  }

  /** Waits until no panel spinner is showing. */
  async settled() {
    await this.page.waitForFunction(() => !document.querySelector('[role="dialog"] [data-testid="panel-loading"]'), undefined, { timeout: 20_000 });
  }

  async chooseOption(label: string, option: string) {
    await this.dialog().getByRole('combobox', { name: label }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  async toggleTheme() {
    await this.dialog().getByRole('button', { name: /Switch to (dark|light) mode/ }).click();
  }
}

/**
 * A picture of the modal with the whole panel in view: the page behind the full-screen dialog is
 * longer than the dialog, so the window is grown to the panel's own height instead of taking the
 * full page. Named like the shared helper: `<name>-<light|dark>.png` under test-artifacts.
 */
/** Adds 25 branches (copies of one of the bank's own) and 20 history events to a demo bank. */
async function giveMoreBranchesAndEvents(knex: Knex, cert: number): Promise<void> {
  const branch = await knex('fdic_locations').where({ cert }).first();
  const branches = Array.from({ length: 25 }, (_, i) => ({ ...branch, id: `${branch.id}-e2e-${i}`, name: `${branch.name} ${i + 1}`, is_main_office: false }));
  await knex('fdic_locations').insert(branches).onConflict('id').ignore();
  const events = Array.from({ length: 20 }, (_, i) => ({
    id: `e2e-${cert}-${i}`,
    cert,
    effective_date: `2010-01-${String(i + 1).padStart(2, '0')}`,
    change_code: 711,
    change_description: 'Branch opened',
    institution_name: branch.name,
    details: `Browser test event ${i + 1}`,
    is_demo: true,
  }));
  await knex('fdic_history').insert(events).onConflict('id').ignore();
}

async function screenshot(page: Page, name: string): Promise<void> {
  const viewport = page.viewportSize() ?? { width: 1440, height: 900 };
  const needed = await page.evaluate(() => {
    const panel = document.querySelector('[role="dialog"] section[aria-label="Bank detail panel"]');
    if (!panel) return 0;
    return panel.getBoundingClientRect().top + panel.scrollHeight + 8;
  });
  const theme = await page.evaluate(() => {
    const stored = window.localStorage.getItem('RaStore.theme');
    return stored ? (JSON.parse(stored) as string) : window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  });
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.setViewportSize({ width: viewport.width, height: Math.min(6000, Math.max(viewport.height, Math.ceil(needed))) });
  await page.waitForTimeout(500); // charts resize with their container
  await page.screenshot({ path: path.join(screenshotDir, `${name}-${theme}.png`) });
  await page.setViewportSize(viewport);
}

/** Every panel of the navigation with the test id of its content. */
const panels = [
  { view: 'financials', testId: 'financials-panel' },
  { view: 'benchmark', testId: 'benchmark-panel' },
  { view: 'trends', testId: 'trends-panel' },
  { view: 'community', testId: 'community-panel' },
  { view: 'contacts', testId: 'bank-contacts-panel' },
  { view: 'tasks', testId: 'bank-tasks-panel' },
  { view: 'summary', testId: 'summary-panel' },
  { view: 'locations', testId: 'locations-panel' },
  { view: 'history', testId: 'history-panel' },
  { view: 'demographics', testId: 'demographics-panel' },
  { view: 'raw', testId: 'raw-panel' },
  { view: 'failures', testId: 'failures-panel' },
  { view: 'deposits', testId: 'deposits-panel' },
];

describe('bank detail view', function () {
  const e2e = useE2E({ banks: 300 });

  it('opens from the directory and shows every panel in both themes', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory' });
    const detail = new BankDetailPage(page);
    const name = await detail.openOneWithCommunityProfile();
    expect(await detail.name().textContent()).to.equal(name);

    for (const theme of ['light', 'dark']) {
      if (theme === 'dark') await detail.toggleTheme();
      for (const panel of panels) {
        if (await detail.navItem(panel.view).isDisabled()) continue;
        await detail.show(panel.view, panel.testId);
        await detail.settled();
        await screenshot(page, `bank-detail-${panel.view}`);
      }
    }
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('keeps the navigation\'s group titles readable on a phone while the views scroll under them', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page } = await e2e.openSignedInPage({ path: '/bank-directory', viewport: { width: 390, height: 844 }, colorScheme });
      await page.getByRole('link', { name: 'Details', exact: true }).first().click();
      const detail = new BankDetailPage(page);
      await detail.name().waitFor();
      const nav = detail.dialog().getByRole('navigation', { name: 'Bank detail views' });
      await nav.evaluate((element) => element.scrollTo(0, 60));
      const backgrounds = await nav.evaluate((element) => ({ nav: getComputedStyle(element).backgroundColor, title: getComputedStyle(element.querySelector('.MuiListSubheader-root')!).backgroundColor }));
      expect(backgrounds.title, `${colorScheme}: the title hides the views scrolled under it`).to.equal(backgrounds.nav);
    }
  });

  it("lists the emails sent to the bank's contacts under its contacts, newest first, as the Targets card does", async () => {
    const session = await e2e.registerUser('Morgan Reyes');
    const bank = await trackLargestBank(e2e.url, session);
    const as = apiOf(e2e.url, session);
    const email = (subject: string, sentAt: string, bankId: number | null) => ({
      method: 'POST',
      body: { bankId, bankName: bank.name, recipientName: 'Jane Doe', recipientEmail: 'jane.doe@bank.example', subject, body: 'Dear Jane,', sentAt },
    });
    await as('/api/data/sent-emails', email('First note', '2026-01-05T15:00:00Z', bank.cert));
    await as('/api/data/sent-emails', email('Second note', '2026-02-05T15:00:00Z', bank.cert));
    await as('/api/data/sent-emails', email('A note to no bank', '2026-03-05T15:00:00Z', null));
    const { page } = await e2e.openSignedInPage({ session, path: `/bank/${bank.cert}?view=contacts` });
    const detail = new BankDetailPage(page);
    const history = detail.dialog().getByTestId('bank-outreach-history');
    await history.getByRole('heading', { name: 'Outreach History' }).waitFor();
    const subjects = history.getByRole('list', { name: 'Outreach history' }).getByRole('listitem');
    await subjects.nth(1).waitFor();
    expect(await subjects.count()).to.equal(2);
    expect(await subjects.nth(0).textContent()).to.contain('Second note');
    expect(await subjects.nth(1).textContent()).to.contain('First note');
    expect(await subjects.nth(0).textContent()).to.contain('To Jane Doe <jane.doe@bank.example>');
    await screenshot(page, 'bank-detail-outreach-history');
    await detail.toggleTheme();
    await screenshot(page, 'bank-detail-outreach-history');
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('prints dark text on white paper from the dark theme', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory', colorScheme: 'dark' });
    const detail = new BankDetailPage(page);
    await detail.openFromDirectory();
    const panel = detail.dialog().getByTestId('financials-panel');
    await panel.getByRole('heading', { name: 'Capital Adequacy' }).waitFor();
    await detail.settled();
    /** The text colour of every heading, table cell and line of text shown in the detail. */
    const colours = () =>
      detail.dialog().evaluate((dialog) =>
        [...dialog.querySelectorAll('h1, h2, h3, h4, h6, p, td, th, li')]
          .filter((element) => element.textContent?.trim() && (element as HTMLElement).offsetParent !== null)
          .map((element) => ({ text: element.textContent!.trim().slice(0, 40), color: getComputedStyle(element).color })),
      );
    const faintOnWhite = (lines: Array<{ color: string }>) => lines.filter((line) => contrastRatio(line.color, 'rgb(255, 255, 255)') < 4.5);
    // On screen the dark theme's text is light: most of it would be faint on white.
    const onScreen = await colours();
    expect(faintOnWhite(onScreen).length).to.be.greaterThan(onScreen.length / 2);

    await page.emulateMedia({ media: 'print' });
    // Paper is white whatever the theme; each text reads at least 4.5:1 on it (WCAG AA).
    await page.waitForFunction(() => getComputedStyle(document.querySelector('#bank-detail')!).backgroundColor !== 'rgb(15, 23, 42)');
    const printed = await colours();
    expect(printed.length).to.be.greaterThan(20);
    const faint = faintOnWhite(printed);
    expect(faint, JSON.stringify(faint.slice(0, 5))).to.deep.equal([]);
    await page.emulateMedia({ media: 'screen' });
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('reads financials by quarter and shows the risk score explained, the tiles, tables and composition chart', async () => {
    const { page, session } = await e2e.openSignedInPage({ path: '/bank-directory' });
    const detail = new BankDetailPage(page);
    await detail.openFromDirectory();
    const panel = detail.dialog().getByTestId('financials-panel');
    await panel.getByText(/quarterly report as of/i).waitFor();
    for (const section of ['Core Financials & Reserves', 'Key Performance Ratios', 'Balance Sheet Summary', 'Loan Portfolio Breakdown', 'Asset Quality & Delinquency', 'Income & Expense Statement', 'Capital Adequacy', 'Off-Balance Sheet Items']) {
      await panel.getByRole('heading', { name: section }).waitFor();
    }
    await panel.getByTestId('asset-composition-chart').locator('svg').first().waitFor();
    // The risk score the server computes for the quarter, its category and what it means.
    const cert = Number(/CERT (\d+)/.exec((await detail.dialog().getByText(/CERT \d+/).first().textContent()) ?? '')?.[1]);
    const { risk } = await apiAs<{ risk: { score: number; category: string } }>(e2e.url, session, `/api/services/fdic/bank/${cert}/overview`);
    const riskScore = panel.getByTestId('risk-score');
    await riskScore.getByText(`${risk.score.toFixed(1)} of 100 · ${risk.category}`, { exact: true }).waitFor();
    await riskScore.getByText(/^The mean of three factor scores, each from 0 \(least risk\) to 100 \(most\)/).waitFor();
    const before = await panel.getByText(/quarterly report as of/i).textContent();
    await detail.chooseOption('Quarter', 'Q4 2023');
    // The quarter picked goes into the detail's address, and the panel follows the address.
    await page.waitForFunction(() => window.location.hash.includes('quarter=20231231'));
    await panel.getByRole('combobox', { name: 'Quarter' }).getByText('Q4 2023').waitFor();
    const after = panel.getByText(/quarterly report as of/i).or(panel.getByText('Financials data not available for the selected quarter.'));
    await after.first().waitFor();
    expect(await after.first().textContent()).to.not.equal(before);

    await detail.show('summary', 'summary-panel');
    const tiles = detail.dialog().getByTestId('summary-tiles');
    for (const label of ['Total Assets', 'Total Deposits', 'Total Equity', 'Net Income (YTD)', 'Return on Assets (ROA)', 'Net Interest Margin (NIM)', '# of Offices']) {
      await tiles.getByText(label, { exact: true }).waitFor();
    }
  });

  it("writes the AI risk commentary of the quarter picked on Financials, says which, and never shows it as another quarter's", async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory' });
    const detail = new BankDetailPage(page);
    await detail.openFromDirectory();
    const cert = Number(/CERT (\d+)/.exec((await detail.dialog().getByText(/CERT \d+/).first().textContent()) ?? '')?.[1]);
    const [newest, earlier] = (await e2e.server.db.knex('fdic_financials').where({ cert }).orderBy('repdte', 'desc').limit(2).pluck('repdte')).map(String);
    const label = (repdte: string) => `Q${Math.ceil(Number(repdte.slice(4, 6)) / 3)} ${repdte.slice(0, 4)}`;
    const risk = detail.dialog().getByTestId('financials-panel').getByTestId('ai-risk');
    await risk.getByText(`No risk commentary has been generated for ${label(newest)} yet.`).waitFor();

    await detail.chooseOption('Quarter', label(earlier));
    await risk.getByText(`No risk commentary has been generated for ${label(earlier)} yet.`).waitFor();
    const asked = page.waitForRequest((request) => request.url().endsWith('/api/services/gemini/analyze-risk'));
    await risk.getByRole('button', { name: 'Generate Risk Commentary' }).click();
    expect((await asked).postDataJSON()).to.include({ cert, quarter: earlier });
    await risk.getByTestId('ai-risk-quarter').getByText(new RegExp(`^Written from the ${label(earlier)} reports, as of `)).waitFor();
    expect(await risk.getByTestId('ai-risk-text').textContent()).to.include(`regulator data for ${label(earlier)}`);
    await risk.scrollIntoViewIfNeeded();
    await screenshot(page, 'bank-detail-risk-commentary-quarter');
    await detail.toggleTheme();
    await page.mouse.move(700, 400); // the theme button's tooltip would cover the picture
    await screenshot(page, 'bank-detail-risk-commentary-quarter');
    await detail.toggleTheme();

    // The newest quarter's figures are not commented on by the earlier quarter's text, before or after a reload.
    await detail.chooseOption('Quarter', label(newest));
    await risk.getByText(`No risk commentary has been generated for ${label(newest)} yet.`).waitFor();
    await page.reload();
    await risk.getByText(`No risk commentary has been generated for ${label(newest)} yet.`).waitFor();
    await detail.chooseOption('Quarter', label(earlier));
    await risk.getByTestId('ai-risk-quarter').getByText(new RegExp(`^Written from the ${label(earlier)} reports, as of `)).waitFor();
    await risk.getByRole('button', { name: 'Regenerate' }).waitFor();
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('compares the bank with its peers on the quarter picked on Financials, with the figures of that quarter, says which, and writes the peer commentary of it', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory' });
    const detail = new BankDetailPage(page);
    await detail.openFromDirectory(2);
    const cert = Number(/CERT (\d+)/.exec((await detail.dialog().getByText(/CERT \d+/).first().textContent()) ?? '')?.[1]);
    const [newest, earlier] = (await e2e.server.db.knex('fdic_financials').where({ cert }).orderBy('repdte', 'desc').limit(2).select('repdte', 'assets', 'roa')).map((row) => ({
      repdte: String(row.repdte),
      assets: Number(row.assets),
      roa: Number(row.roa),
    }));
    let panel = await detail.show('benchmark', 'benchmark-panel');
    await panel.getByRole('heading', { name: `Benchmark: ${quarterLabel(newest.repdte)}` }).waitFor();

    await detail.show('financials', 'financials-panel');
    await detail.chooseOption('Quarter', quarterLabel(earlier.repdte));
    const peersAsked = page.waitForRequest((request) => request.url().includes('/api/services/fdic/peers?'));
    panel = await detail.show('benchmark', 'benchmark-panel');
    expect(new URL((await peersAsked).url()).searchParams.get('quarter')).to.equal(earlier.repdte);
    await panel.getByRole('heading', { name: `Benchmark: ${quarterLabel(earlier.repdte)}` }).waitFor();
    await panel.getByTestId('benchmark-quarter').getByText(new RegExp(`^This bank and its peers compared on the ${quarterLabel(earlier.repdte)} reports, as of `)).waitFor();
    // The peer group is drawn around the bank's assets of that quarter.
    const minAssets = String(defaultPeerCriteria({ assets: earlier.assets }).minAssets);
    expect(minAssets).not.to.equal(String(defaultPeerCriteria({ assets: newest.assets }).minAssets));
    expect(await panel.getByRole('spinbutton', { name: 'Min Assets' }).inputValue()).to.equal(minAssets);
    await detail.settled();

    const commentary = panel.getByTestId('peer-ai-analysis');
    const commentaryAsked = page.waitForRequest((request) => request.url().endsWith('/api/services/gemini/analyze-peer-comparison'));
    await commentary.getByRole('button', { name: 'Generate Analysis' }).click();
    const asked = (await commentaryAsked).postDataJSON();
    expect(asked).to.include({ cert, quarter: earlier.repdte });
    expect(asked.targetBankData.ROA).to.equal(earlier.roa);
    await screenshot(page, 'bank-detail-benchmark-picked-quarter');

    // The quarter picked is in the detail's address: reloaded, the Benchmark compares on it still.
    await page.reload();
    await detail.dialog().getByTestId('benchmark-panel').getByRole('heading', { name: `Benchmark: ${quarterLabel(earlier.repdte)}` }).waitFor();
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('changes the peer group, lists and sorts the peers, and opens a peer that Close leaves for the bank before it', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory' });
    const detail = new BankDetailPage(page);
    const name = await detail.openFromDirectory(3);
    const panel = await detail.show('benchmark', 'benchmark-panel');
    await detail.settled();
    const peersHeading = panel.getByRole('button', { name: /^Identified Peer Banks \(\d+\)$/ });
    await peersHeading.waitFor();
    const countOf = async () => Number(/\((\d+)\)/.exec((await peersHeading.textContent()) ?? '')?.[1]);
    const sameState = await countOf();

    const peerRequest = page.waitForRequest((request) => request.url().includes('/api/services/fdic/peers'));
    await detail.chooseOption('State', 'All');
    await panel.getByRole('button', { name: 'Update Peer Group' }).click();
    const sent = new URL((await peerRequest).url());
    expect(sent.searchParams.get('state')).to.equal(null);
    expect(Number(sent.searchParams.get('minAssets'))).to.be.greaterThan(0);
    await detail.settled();
    await page.waitForFunction(() => !document.querySelector('[role="dialog"] button[type="submit"][disabled]'));
    const allStates = await countOf();
    expect(allStates).to.be.at.least(sameState);
    expect(allStates).to.be.greaterThan(0);

    const charts = panel.getByTestId('peer-category-chart');
    expect(await charts.count()).to.equal(4);
    expect(await charts.first().getByRole('heading').textContent()).to.equal(`Profitability & Efficiency (vs. ${allStates} Peers)`);
    await screenshot(page, 'bank-detail-benchmark-all-states');

    await peersHeading.click();
    const table = panel.getByRole('table', { name: 'Identified peer banks' });
    await table.waitFor();
    await table.getByRole('button', { name: 'Name' }).click();
    const firstNames = await table.locator('tbody tr td:first-child').allTextContents();
    const sortedDescending = [...firstNames].sort((a, b) => b.localeCompare(a));
    expect(firstNames).to.deep.equal(sortedDescending);

    const peerName = firstNames[0];
    await table.locator('tbody tr').first().click();
    await page.waitForFunction((expected) => document.querySelector('[data-testid="bank-detail-name"]')?.textContent === expected, peerName);
    await detail.dialog().getByRole('button', { name: 'Close' }).last().click();
    await page.waitForFunction((expected) => document.querySelector('[data-testid="bank-detail-name"]')?.textContent === expected, name);
  });

  it('shows the Benchmark again as it was left, peer group, selection and list, when the user comes back from a peer by Back or Close', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory' });
    const detail = new BankDetailPage(page);
    const name = await detail.openFromDirectory(3);
    let panel = await detail.show('benchmark', 'benchmark-panel');
    await detail.settled();
    await detail.chooseOption('State', 'All');
    const minAssets = panel.getByRole('spinbutton', { name: 'Min Assets' });
    await minAssets.fill('100000000');
    await panel.getByRole('button', { name: 'Update Peer Group' }).click();
    await page.waitForFunction(() => !document.querySelector('[role="dialog"] button[type="submit"][disabled]'));
    await detail.settled();
    // Chosen but not yet searched: kept as the user left it all the same.
    await detail.chooseOption('Regulator', 'OCC');
    const peersHeading = panel.getByRole('button', { name: /^Identified Peer Banks \(\d+\)$/ });
    const peersFound = await peersHeading.textContent();
    await peersHeading.click();
    const table = () => detail.dialog().getByRole('table', { name: 'Identified peer banks' });
    await table().getByRole('button', { name: 'Name' }).click();
    const namesShown = await table().locator('tbody tr td:first-child').allTextContents();

    const asLeft = async () => {
      await page.waitForFunction((expected) => document.querySelector('[data-testid="bank-detail-name"]')?.textContent === expected, name);
      panel = detail.dialog().getByTestId('benchmark-panel');
      await panel.waitFor();
      expect(await panel.getByRole('spinbutton', { name: 'Min Assets' }).inputValue()).to.equal('100000000');
      expect(await panel.getByRole('combobox', { name: 'State' }).textContent()).to.equal('All');
      expect(await panel.getByRole('combobox', { name: 'Regulator' }).textContent()).to.equal('OCC');
      expect(await panel.getByRole('button', { name: /^Identified Peer Banks/ }).textContent()).to.equal(peersFound);
      expect(await table().locator('tbody tr td:first-child').allTextContents()).to.deep.equal(namesShown);
    };
    const openPeer = async () => {
      await table().locator('tbody tr').first().click();
      await page.waitForFunction((expected) => document.querySelector('[data-testid="bank-detail-name"]')?.textContent === expected, namesShown[0]);
    };
    await openPeer();
    await page.goBack();
    await asLeft();
    await openPeer();
    await detail.dialog().getByRole('button', { name: 'Close' }).last().click();
    await asLeft();
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('takes a peer asset amount typed into an emptied field as typed, without a 0 in front', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory' });
    const detail = new BankDetailPage(page);
    await detail.openFromDirectory(3);
    const panel = await detail.show('benchmark', 'benchmark-panel');
    await detail.settled();
    const minAssets = panel.getByRole('spinbutton', { name: 'Min Assets' });
    await minAssets.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    expect(await minAssets.inputValue()).to.equal('');
    await page.keyboard.type('500000000');
    expect(await minAssets.inputValue()).to.equal('500000000');
    await panel.getByText('$500.00M').waitFor();
    const peerRequest = page.waitForRequest((request) => request.url().includes('/api/services/fdic/peers'));
    await panel.getByRole('button', { name: 'Update Peer Group' }).click();
    // The peer search takes thousands of dollars, as the regulator reports them.
    expect(new URL((await peerRequest).url()).searchParams.get('minAssets')).to.equal('500000');
  });

  it('compares the largest bank with a wider group when its default peer group is thin, and says so', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory' });
    const detail = new BankDetailPage(page);
    await detail.openFromDirectory(0);
    const panel = await detail.show('benchmark', 'benchmark-panel');
    await detail.settled();
    // The default group (its state, 50%-150% of its assets) stays what the form shows.
    const minAssets = Number(await panel.getByLabel('Min Assets').inputValue());
    const maxAssets = Number(await panel.getByLabel('Max Assets').inputValue());
    expect(maxAssets / minAssets).to.be.closeTo(3, 0.01);

    const notice = panel.getByTestId('peer-group-notice');
    await notice.waitFor();
    expect(await notice.textContent()).to.match(/(No bank matches|Only \d+ banks? match(es)?) the selected peer group, so the comparison uses .+ \(\d+ peers\)\./);
    const charts = panel.getByTestId('peer-category-chart');
    expect(await charts.count()).to.equal(4);
    expect(await charts.first().getByRole('heading').textContent()).to.match(/^Profitability & Efficiency \(vs\. \d+ Peers\)$/);
    await screenshot(page, 'bank-detail-benchmark-wider-group');

    await notice.getByRole('button', { name: /^Show the selected group/ }).click();
    await notice.getByRole('button', { name: /^(Widen to 25%-400% of assets|Top 20 by assets)/ }).first().waitFor();
  });

  it('filters the historical trends by year and quarter and picks series', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory' });
    const detail = new BankDetailPage(page);
    await detail.openFromDirectory();
    const panel = await detail.show('trends', 'trends-panel');
    await panel.getByTestId('trend-chart').locator('.recharts-line').first().waitFor();
    expect(await panel.getByTestId('trend-chart').locator('.recharts-line').count()).to.equal(5);
    for (const [label, shown] of [['Year', 'All Years'], ['Quarter', 'All Quarters']]) {
      const choice = panel.getByRole('combobox', { name: label });
      expect(await choice.textContent()).to.equal(shown);
      expect(await choice.evaluate((element) => element.scrollWidth <= element.clientWidth), `${shown} is shown whole`).to.equal(true);
    }
    await panel.getByRole('checkbox', { name: 'Deposits' }).check();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="trend-chart"] .recharts-line').length === 6);

    await detail.chooseOption('Year', '2024');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="trend-chart"] .recharts-xAxis-tick-labels text').length === 4);
    const labels = await panel.getByTestId('trend-chart').locator('.recharts-xAxis-tick-labels text').allTextContents();
    expect(labels.length).to.be.within(2, 6);
    expect(labels.every((label) => label.endsWith('2024'))).to.equal(true);
    await detail.chooseOption('Quarter', 'Q1');
    await panel.getByText('Not enough data to display chart.').waitFor();
    await detail.chooseOption('Year', 'All Years');
    await panel.getByTestId('trend-chart').waitFor();
    await screenshot(page, 'bank-detail-trends-q1');
  });

  it('spaces the trend chart by time, so a year of missing quarters shows as a gap that breaks the lines, its quarters still labelled', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory' });
    const detail = new BankDetailPage(page);
    await detail.openFromDirectory(2);
    const cert = Number(/CERT (\d+)/.exec((await detail.dialog().getByText(/CERT \d+/).first().textContent()) ?? '')?.[1]);
    // The bank filed nothing for Q2 to Q4 2024: Q4 2023 and Q1 2024 are one quarter apart, Q1 2024 and Q1 2025 four.
    const knex = e2e.server.db.knex;
    const missing = ['20240630', '20240930', '20241231'];
    const removed = await knex('fdic_financials').where({ cert }).whereIn('repdte', missing).select('*');
    expect(removed).to.have.length(3);
    await knex('fdic_financials').where({ cert }).whereIn('repdte', missing).delete();
    markRegulatorDataChanged();
    try {
      const panel = await detail.show('trends', 'trends-panel');
      const chart = panel.getByTestId('trend-chart');
      await chart.locator('.recharts-line-dots').first().waitFor();
      const xs = (await chart.locator('.recharts-line-dots').first().locator('circle').evaluateAll((dots) => dots.map((dot) => Number(dot.getAttribute('cx'))))).sort((a, b) => a - b);
      expect(xs, 'Q4 2023, Q1 2024, Q1 2025, Q2 2025, Q3 2025').to.have.length(5);
      const quarter = xs[1] - xs[0];
      expect((xs[2] - xs[1]) / quarter, 'a year between Q1 2024 and Q1 2025').to.be.closeTo(4, 0.15);
      expect((xs[4] - xs[3]) / quarter).to.be.closeTo(1, 0.05);
      const labels = await chart.locator('.recharts-xAxis-tick-labels text').allTextContents();
      expect(labels).to.deep.equal(['Q4 2023', 'Q2 2024', 'Q4 2024', 'Q2 2025']);
      // Every line breaks at the gap: two runs (Q4 2023 to Q1 2024, Q1 2025 on), never one stroke across the missing year.
      const runs = await chart.locator('.recharts-line-curve').evaluateAll((curves) => curves.map((curve) => (curve.getAttribute('d') ?? '').match(/M/g)?.length ?? 0));
      expect(runs, 'path segments of each line').to.have.length(5);
      expect(runs.every((count) => count === 2), `path segments of each line: ${runs.join(', ')}`).to.equal(true);
      // Hovering the gap says nothing was reported, never a figure.
      for (const theme of ['light', 'dark']) {
        if (theme === 'dark') await detail.toggleTheme();
        const plot = (await chart.locator('.recharts-cartesian-grid').boundingBox())!;
        const chartBox = (await chart.locator('.recharts-wrapper').boundingBox())!;
        await page.mouse.move(chartBox.x + (xs[1] + xs[2]) / 2, plot.y + plot.height / 2);
        const tooltip = chart.locator('.recharts-tooltip-wrapper');
        await tooltip.getByText('Q3 2024').waitFor();
        expect(await tooltip.getByText('Not reported').count()).to.equal(5);
        await screenshot(page, 'bank-detail-trends-missing-quarters');
      }
    } finally {
      await knex('fdic_financials').insert(removed);
      markRegulatorDataChanged();
    }
  });

  it('names every state on the office count chart', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory' });
    const detail = new BankDetailPage(page);
    await detail.openFromDirectory();
    const cert = Number(/CERT (\d+)/.exec((await detail.dialog().getByText(/CERT \d+/).first().textContent()) ?? '')?.[1]);
    // Offices in 45 states, as a large bank has (fewer than the chart's 500).
    const knex = e2e.server.db.knex;
    const branch = await knex('fdic_locations').where({ cert }).first();
    const states = ['AK', 'AL', 'AR', 'AZ', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA', 'HI', 'IA', 'ID', 'IL', 'IN', 'KS', 'KY', 'LA', 'MA', 'MD', 'ME', 'MI', 'MN', 'MO', 'MS', 'MT', 'NC', 'ND', 'NE', 'NH', 'NJ', 'NM', 'NV', 'NY', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VA'];
    const branches = states.flatMap((state, index) =>
      Array.from({ length: 10 - Math.floor(index / 5) }, (_, i) => ({ ...branch, id: `${branch.id}-states-${state}-${i}`, name: `${state} branch ${i + 1}`, state, is_main_office: false })),
    );
    await knex.batchInsert('fdic_locations', branches, 200);
    markRegulatorDataChanged();

    const locations = await detail.show('locations', 'locations-panel');
    await detail.switchView('Locations view', 'Chart');
    const chart = locations.getByTestId('office-count-chart');
    await chart.locator('.recharts-bar-rectangle').first().waitFor();
    const bars = await chart.locator('.recharts-bar-rectangle').count();
    const names = (await chart.locator('svg text').allTextContents()).filter((text) => /^[A-Z]{2}$/.test(text));
    expect(names).to.have.length(bars);
    expect(names).to.include.members(states);
    await knex('fdic_locations').where('id', 'like', `${branch.id}-states-%`).delete();
    markRegulatorDataChanged();
  });

  it('says when the branch map shows only the first 1,000 of more deposit-holding branches', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory' });
    const detail = new BankDetailPage(page);
    await detail.openFromDirectory();
    const cert = Number(/CERT (\d+)/.exec((await detail.dialog().getByText(/CERT \d+/).first().textContent()) ?? '')?.[1]);
    const knex = e2e.server.db.knex;
    const branch = await knex('fdic_sod').where({ cert }).orderBy('year', 'desc').first();
    const more = Array.from({ length: 1001 }, (_, i) => ({ ...branch, id: `${branch.id}-map-${i}` }));
    await knex.batchInsert('fdic_sod', more, 200);
    markRegulatorDataChanged();
    try {
      const locations = await detail.show('locations', 'locations-panel');
      await locations.getByTestId('branch-map').waitFor();
      await locations.getByText(/^The map shows the first 1,000 of 1,0\d\d deposit-holding branches; the List view lists every office\.$/).waitFor();
    } finally {
      await knex('fdic_sod').where('id', 'like', `${branch.id}-map-%`).delete();
      markRegulatorDataChanged();
    }
  });

  it('switches the branch map, chart and list, and pages through locations, deposits and history', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory' });
    const detail = new BankDetailPage(page);
    await detail.openFromDirectory();
    // Demo banks have few branches and events; give this one enough that every pager must appear.
    const cert = Number(/CERT (\d+)/.exec((await detail.dialog().getByText(/CERT \d+/).first().textContent()) ?? '')?.[1]);
    await giveMoreBranchesAndEvents(e2e.server.db.knex, cert);

    const locations = await detail.show('locations', 'locations-panel');
    await locations.getByTestId('branch-map').waitFor();
    await locations.locator('.leaflet-marker-icon').first().waitFor();
    expect(await locations.locator('.leaflet-marker-icon').count()).to.be.greaterThan(0);
    // The bundled state outlines, drawn whether or not map tiles load.
    await page.waitForFunction(() => [...document.querySelectorAll('.leaflet-overlay-pane path')].filter((path) => (path.getAttribute('d') ?? '').length > 100).length > 0);
    const mapHeight = await locations.getByTestId('branch-map').evaluate((node) => node.getBoundingClientRect().height);
    expect(mapHeight).to.equal(450);

    await detail.switchView('Locations view', 'Chart');
    await locations.getByTestId('office-count-chart').locator('.recharts-bar-rectangle').first().waitFor();
    await detail.switchView('Locations view', 'List');
    const list = locations.getByRole('table', { name: 'Branch locations' });
    await list.waitFor();
    await list.getByText('Main Office').first().waitFor();
    const pager = locations.getByTestId('pager');
    await pager.getByText(/^Showing 1 to 20 of \d+ results$/).waitFor();
    await pager.getByRole('button', { name: 'Next' }).click();
    await pager.getByText(/^Showing 21 to \d+ of \d+ results$/).waitFor();
    await pager.getByText(/^Page 2 of \d+$/).waitFor();
    await screenshot(page, 'bank-detail-locations-list');

    const deposits = await detail.show('deposits', 'deposits-panel');
    await deposits.getByTestId('deposits-chart').locator('.recharts-bar-rectangle').first().waitFor();
    expect(await deposits.getByTestId('deposits-as-of').textContent()).to.match(/^Branch deposits as of Jun 30, \d{4}, from the FDIC's annual Summary of Deposits\. Amounts in US dollars\.$/);
    await detail.switchView('Summary of Deposits view', 'List');
    await deposits.getByRole('table', { name: 'Summary of Deposits by branch' }).waitFor();

    const history = await detail.show('history', 'history-panel');
    await history.getByTestId('history-timeline').or(history.getByText('No historical events found.')).first().waitFor();
    await detail.switchView('History view', 'List');
    await history.getByRole('table', { name: 'Corporate history events' }).or(history.getByText('No historical events found.')).first().waitFor();
    const historyPager = history.getByTestId('pager');
    await historyPager.getByRole('button', { name: 'Next' }).click();
    await historyPager.getByText(/^Showing 16 to \d+ of \d+ results$/).waitFor();
    await detail.switchView('History view', 'Chart');
    await history.getByTestId('history-chart').or(history.getByText('No historical events found.')).first().waitFor();
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('exports the PDF report and makes the bank a target', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory' });
    const detail = new BankDetailPage(page);
    const name = await detail.openFromDirectory(1);

    // The report is held back until the page has said it is being made, on the button and in a notice a
    // screen reader reads over the dialog: a report made faster than a busy machine looks passes both by.
    let releaseReport = () => {};
    const reportHeld = new Promise<void>((resolve) => (releaseReport = resolve));
    await page.route('**/api/services/pdf/report', async (route) => {
      await reportHeld;
      await route.continue();
    });
    const download = page.waitForEvent('download');
    await detail.dialog().getByRole('button', { name: 'Export (PDF)' }).click();
    await detail.dialog().getByRole('button', { name: 'Generating PDF report...' }).waitFor();
    await page.getByRole('alert').getByText('Generating PDF report...').waitFor();
    releaseReport();
    const file = await (await download).createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of file) chunks.push(chunk as Buffer);
    const pdf = Buffer.concat(chunks);
    expect(pdf.subarray(0, 5).toString('latin1')).to.equal('%PDF-');
    expect(pdf.length).to.be.greaterThan(5_000);

    const created = page.waitForResponse((response) => response.url().endsWith('/api/data/banks') && response.request().method() === 'POST');
    await detail.dialog().getByRole('button', { name: 'Mark as Target' }).click();
    expect((await created).status()).to.be.oneOf([200, 201]);
    await new Shell(page).waitForRoute('/outreach/targets');
    await page.getByText(name).first().waitFor();
  });

  it('has an address of its own: shared, reloaded or opened in a new tab it shows the same bank and view, and Back returns to the list', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory?page=2' });
    const detail = new BankDetailPage(page);
    const shell = new Shell(page);
    await new DirectoryPage(page).waitForRows();
    const row = page.getByTestId('directory-row').nth(1);
    const cert = await row.getAttribute('data-cert');
    const name = await detail.openFromDirectory(1);
    await shell.waitForRoute(`/bank/${cert}`);
    // Opened from the list, the detail is shown over it: the list stays as it was under it.
    expect(await page.getByTestId('directory-row').count()).to.be.greaterThan(1);
    await detail.show('benchmark', 'benchmark-panel');
    // Another view replaces the address: Back leaves the bank rather than stepping through its views.
    await page.waitForFunction((expected) => window.location.hash === expected, `#/bank/${cert}?view=benchmark`);
    const address = page.url();

    await page.reload();
    await detail.dialog().getByTestId('benchmark-panel').waitFor();
    expect(await detail.name().textContent()).to.equal(name);
    await page.goBack();
    await shell.waitForRoute('/bank-directory');
    expect(shell.route()).to.equal('/bank-directory?page=2');
    await page.getByTestId('directory-row').first().waitFor();
    await detail.dialog().waitFor({ state: 'detached' });

    // Pasted in a new tab: the same bank and view, over the Bank Directory, to which Close and Back go.
    const tab = await page.context().newPage();
    await tab.goto(address);
    const inTab = new BankDetailPage(tab);
    await inTab.dialog().getByTestId('benchmark-panel').waitFor();
    expect(await inTab.name().textContent()).to.equal(name);
    await inTab.dialog().getByRole('button', { name: 'Close' }).first().click();
    await new Shell(tab).waitForRoute('/bank-directory');
    await inTab.dialog().waitFor({ state: 'detached' });
    // Back from it goes to the Bank Directory too, shown under the detail, rather than out of the app.
    const backTab = await page.context().newPage();
    await backTab.goto(address);
    const inBackTab = new BankDetailPage(backTab);
    await inBackTab.dialog().getByTestId('benchmark-panel').waitFor();
    await backTab.getByTestId('directory-row').first().waitFor({ state: 'attached' });
    await backTab.goBack();
    await new Shell(backTab).waitForRoute('/bank-directory');
    await inBackTab.dialog().waitFor({ state: 'detached' });
    await backTab.getByTestId('directory-row').first().waitFor();
    await backTab.close();

    // The ways to a bank from the lists are links to its address, so the browser can open them in a new tab.
    await tab.getByTestId('directory-row').first().waitFor();
    const firstCert = await tab.getByTestId('directory-row').first().getAttribute('data-cert');
    const link = tab.getByTestId('directory-row').first().getByRole('link', { name: /^View details of / });
    expect(await link.getAttribute('href')).to.equal(`#/bank/${firstCert}`);

    for (const unknown of ['99999999', 'not-a-cert']) {
      await tab.goto(new URL(`/#/bank/${unknown}`, address).href);
      await inTab.dialog().getByRole('heading', { name: 'No such bank' }).waitFor();
      if (unknown === '99999999') await inTab.dialog().getByText('No bank has FDIC certificate number 99999999 in Charterline\'s data.', { exact: false }).waitFor();
    }
    await screenshot(tab, 'bank-detail-no-such-bank');
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('prints the panel shown, whole, under the bank\'s name, without the page behind, the navigation or the buttons', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory' });
    const detail = new BankDetailPage(page);
    const name = await detail.openFromDirectory();
    const panel = detail.dialog().getByTestId('financials-panel');
    await panel.getByRole('heading', { name: 'Off-Balance Sheet Items' }).waitFor();
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('#root').isVisible(), 'the directory behind the dialog').to.equal(false);
    expect(await detail.dialog().getByRole('navigation', { name: 'Bank detail views' }).isVisible()).to.equal(false);
    expect(await detail.dialog().getByRole('button', { name: 'Export (PDF)' }).isVisible()).to.equal(false);
    expect(await detail.name().textContent()).to.equal(name);
    // The panel runs on over the pages rather than scrolling within one window's height.
    const section = detail.dialog().locator('section[aria-label="Bank detail panel"]');
    const { scrollHeight, clientHeight } = await section.evaluate((element) => ({ scrollHeight: element.scrollHeight, clientHeight: element.clientHeight }));
    expect(scrollHeight).to.be.at.most(clientHeight + 1);
    expect(clientHeight).to.be.greaterThan(page.viewportSize()!.height);
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('asks for a reload, over the page, when a new release removed the bank detail code the open page asks for', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory' });
    await page.getByTestId('directory-row').first().waitFor();
    await page.route(/\/assets\/BankDetailModal-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
    await page.getByTestId('directory-row').first().click();
    const failed = page.getByRole('dialog', { name: 'The bank detail could not be shown' });
    await failed.getByText('A new version of Charterline is available. Reload the page to continue.').waitFor();
    await screenshot(page, 'bank-detail-stale-release');
    await failed.getByRole('button', { name: 'Close' }).click();
    await failed.waitFor({ state: 'detached' });
    // The page under it is still there.
    await page.getByTestId('directory-row').first().waitFor();
  });

  /** Makes the bank a target and opens its detail from Targets (a failed bank is in no directory). */
  async function openFromTargets(bank: { cert: number; name: string }): Promise<{ page: Page; detail: BankDetailPage }> {
    const { page, session } = await e2e.openSignedInPage({ path: '/outreach/targets' });
    await apiAs(e2e.url, session, '/api/data/banks', { method: 'POST', body: { cert: bank.cert, name: bank.name } });
    await page.reload();
    const targets = new TargetsPage(page);
    await targets.waitForCards();
    // Waits until the card has slid open: a click while it slides can land beside Review Details.
    await targets.expand(bank.name);
    await targets.expandedCard().getByRole('button', { name: 'Review Details' }).click();
    const detail = new BankDetailPage(page);
    await detail.name().waitFor();
    return { page, detail };
  }

  /** Opens the demo set's first failed bank, one with no quarterly financials. */
  async function openFailedBank(): Promise<{ page: Page; detail: BankDetailPage; cert: number }> {
    const failed = (await e2e.server.db.knex('fdic_institutions').where({ active: false }).orderBy('cert').first('cert', 'name')) as { cert: number; name: string } | undefined;
    if (!failed) throw new Error('The demo set holds no failed bank.');
    return { ...(await openFromTargets(failed)), cert: Number(failed.cert) };
  }

  it("compares a bank whose newest report is not in yet with its peers' figures of its own last quarter, and says which", async () => {
    const knex = e2e.server.db.knex;
    const bank = (await knex('fdic_institutions').where({ active: true }).orderBy('assets', 'desc').offset(40).first('cert', 'name')) as { cert: number; name: string };
    const [newest, previous] = (await knex('fdic_financials').where({ cert: bank.cert }).orderBy('repdte', 'desc').limit(2).pluck('repdte')).map(String);
    await knex('fdic_financials').where({ cert: bank.cert, repdte: newest }).delete();
    const { page, detail } = await openFromTargets(bank);
    const peersAsked = page.waitForRequest((request) => request.url().includes('/api/services/fdic/peers?'));
    const panel = await detail.show('benchmark', 'benchmark-panel');
    expect(new URL((await peersAsked).url()).searchParams.get('quarter')).to.equal(previous);
    const quarter = `Q${Math.ceil(Number(previous.slice(4, 6)) / 3)} ${previous.slice(0, 4)}`;
    await panel.getByTestId('benchmark-quarter').getByText(new RegExp(`^This bank and its peers compared on the ${quarter} reports, as of `)).waitFor();
    await detail.settled();
    await screenshot(page, 'bank-detail-benchmark-quarter');
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('says in the header when a failed bank failed, and who took it over', async () => {
    const { page, detail, cert } = await openFailedBank();
    const failure = (await e2e.server.db.knex('fdic_failures').where({ cert }).first('fail_date', 'acquirer')) as { fail_date: string; acquirer: string | null };
    const on = new Date(failure.fail_date).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    expect(await detail.dialog().getByTestId('bank-detail-status').textContent()).to.equal(`Failed on ${on}${failure.acquirer ? `; acquired by ${failure.acquirer}` : ''}`);
    await screenshot(page, 'bank-detail-inactive-header');
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('says a failed bank has no quarterly financials on file, offering no quarter to choose', async () => {
    const { page, detail } = await openFailedBank();
    const panel = detail.dialog().getByTestId('financials-panel');
    await panel.getByText('No quarterly financials are on file for this bank.').waitFor();
    expect(await panel.getByRole('combobox', { name: 'Quarter' }).count()).to.equal(0);
    await screenshot(page, 'bank-detail-financials-none');
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('says a failed bank without financials cannot be compared with peers, rather than drawing it at 0% ahead of them', async () => {
    const { page, detail } = await openFailedBank();
    const panel = await detail.show('benchmark', 'benchmark-panel');
    await panel.getByText('No quarterly financials are on file for this bank, so it cannot be compared with peers.').waitFor();
    expect(await panel.getByTestId('peer-category-chart').count()).to.equal(0);
    await screenshot(page, 'bank-detail-benchmark-no-financials');
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('says when a bank cannot be found or fails to load, and when the PDF export fails', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory' });
    const detail = new BankDetailPage(page);
    await page.getByTestId('directory-row').first().waitFor();
    const institution = '**/api/services/fdic/bank/*/overview';

    await page.route(institution, (route) => route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ message: 'Institution not found.' }) }));
    await page.getByTestId('directory-row').first().click();
    await detail.dialog().getByRole('heading', { name: 'No such bank' }).waitFor();
    await screenshot(page, 'bank-detail-not-found');
    await detail.dialog().getByRole('button', { name: 'Close' }).click();
    await detail.dialog().waitFor({ state: 'detached' });

    await page.unroute(institution);
    await page.route(institution, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'The database is unavailable.' }) }));
    await page.getByTestId('directory-row').first().click();
    await detail.dialog().getByRole('heading', { name: 'Loading Failed' }).waitFor();
    await detail.dialog().getByText('Could not retrieve bank details.').waitFor();
    await detail.dialog().getByText('An error occurred while fetching bank data. The database is unavailable.').waitFor();
    await screenshot(page, 'bank-detail-loading-failed');
    await page.unroute(institution);
    await detail.dialog().getByRole('button', { name: 'Try again' }).click();
    await detail.name().waitFor();

    await page.route('**/api/services/pdf/report', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'The renderer stopped.' }) }));
    await detail.dialog().getByRole('button', { name: 'Export (PDF)' }).click();
    await page.getByText('PDF export failed: The renderer stopped.').waitFor();
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });
});
