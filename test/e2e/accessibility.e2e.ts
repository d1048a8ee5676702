import { expect } from 'chai';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { bankFieldLabels } from '../../domain/bank-fields.ts';
import { concentrationWords, delinquencyColor, formatPercent, ratingPalettes, ratingWords, roaColor, scoreWords, type RatingColor } from '../../domain/format.ts';
import { addOneOfEachRecord, apiOf, contrastRatio, screenshot, screenshotInBothSchemes, screenshotInBothThemes, seenThrough, trackLargestBank, transitionsEnded, useE2E, type ColorScheme } from './support/index.ts';
import { CreditBoxPage } from './support/pages/credit-box.ts';
import { DashboardPage } from './support/pages/dashboard.ts';
import { DataToolsPage } from './support/pages/data-tools.ts';
import { DirectoryPage } from './support/pages/directory.ts';
import { waitForRecordList } from './support/pages/records.ts';
import { ReportsPage } from './support/pages/reports.ts';
import { SentMailPage } from './support/pages/sent-mail.ts';
import { Shell } from './support/pages/shell.ts';
import { TargetsPage } from './support/pages/targets.ts';

/** axe-core, run inside the page (evaluated, not a script tag: the app's Content-Security-Policy allows no inline script). */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { rule: string; impact: string; help: string; elements: string[] };

/** The WCAG 2.1 A and AA rules the page breaks, each with its impact and up to three of its elements and what is wrong with them. */
async function violationsOf(page: Page): Promise<Violation[]> {
  // Colours are read once transitions end: a button just enabled fades into its colour.
  await transitionsEnded(page);
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type Result = { id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[]; failureSummary?: string }> };
    type AxeResult = { violations: Result[]; incomplete: Result[] };
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<AxeResult> } }).axe;
    const results = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    // What axe leaves for review counts too where it can only be a fault: an ARIA reference to no
    // element, or a label on an element that takes none (a tooltip's text on the span around a button).
    const faultsLeftForReview = results.incomplete.filter((result) => ['aria-valid-attr-value', 'aria-prohibited-attr'].includes(result.id));
    return [...results.violations, ...faultsLeftForReview].map((violation) => ({ rule: violation.id, impact: violation.impact ?? 'unknown', help: violation.help, elements: violation.nodes.slice(0, 3).map((node) => `${node.target.join(' ')}: ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`) }));
  });
}

describe('accessibility', function () {
  const e2e = useE2E({ banks: 60 });

  for (const colorScheme of ['light', 'dark'] as ColorScheme[]) {
    it(`breaks no WCAG 2.1 A or AA rule on any screen in ${colorScheme} mode (axe-core)`, async function () {
      // Some forty screens, dialogs, tabs and views, each loaded and scanned: 35-45 s on a quiet machine, far more on a busy one.
      this.timeout(300_000);
      const signedOut = await e2e.openPage({ colorScheme, path: '/signin' });
      await signedOut.getByRole('button', { name: 'Sign In' }).waitFor();
      const found: Record<string, Violation[]> = { 'sign-in': await violationsOf(signedOut) };

      const session = await e2e.registerUser('Morgan Ellery');
      const records = await addOneOfEachRecord(e2e.url, session);
      const bankName = records.find((list) => list.route === 'banks')!.text;
      const { page } = await e2e.openSignedInPage({ colorScheme, session, path: '/' });
      const screens: Array<{ path: string; loaded: () => Promise<unknown> }> = [
        { path: '/', loaded: () => new DashboardPage(page).waitUntilLoaded() },
        { path: '/bank-directory', loaded: () => new DirectoryPage(page).waitForRows() },
        { path: '/credit-box', loaded: () => new CreditBoxPage(page).findMatches() },
        { path: '/outreach/targets', loaded: () => new TargetsPage(page).expand(bankName) },
        { path: '/outreach/sent-mail', loaded: () => new SentMailPage(page).waitUntilLoaded() },
        { path: '/outreach/automation', loaded: () => page.getByText('Treasury introduction').first().waitFor() },
        { path: '/reports', loaded: () => new ReportsPage(page).waitUntilLoaded() },
        { path: '/settings', loaded: () => page.getByRole('tab').first().waitFor() },
        {
          path: '/data-tools',
          // Its Rebuild button is enabled once the read models' status is in.
          loaded: async () => {
            await new DataToolsPage(page).waitUntilLoaded();
            await (await page.getByRole('button', { name: 'Rebuild Read Models' }).elementHandle())!.waitForElementState('enabled');
          },
        },
        { path: '/analyst-chat', loaded: () => page.getByPlaceholder('Ask about banks, metrics, peers or your targets...').waitFor() },
        ...records.map((list) => ({ path: `/${list.route}`, loaded: () => waitForRecordList(page, list) })),
        { path: '/sent-emails', loaded: () => page.getByText('No Sent Emails yet.').waitFor() },
        { path: '/activity', loaded: () => page.getByText('Added contact').first().waitFor() },
      ];
      for (const { path, loaded } of screens) {
        await page.goto(`${e2e.url}/#${path}`);
        await loaded();
        found[path] = await violationsOf(page);
      }
      // Dialogs: a target's forms, and every Settings tab.
      const targets = new TargetsPage(page);
      await page.goto(`${e2e.url}/#/outreach/targets`);
      await targets.expand(bankName);
      for (const button of ['Add New Contact', 'Find Contacts & Execs', 'Automate']) {
        await targets.expandedCard().getByRole('button', { name: button }).click();
        await targets.dialog().getByRole('heading').first().waitFor();
        found[`targets: ${button}`] = await violationsOf(page);
        await page.keyboard.press('Escape');
        await targets.dialog().waitFor({ state: 'hidden' });
      }
      await page.goto(`${e2e.url}/#/settings`);
      for (const tab of await page.getByRole('tab').allTextContents()) {
        await page.getByRole('tab', { name: tab }).click();
        // Judged once the tab's panel is shown and has loaded what it reads.
        const panel = page.getByRole('tabpanel', { name: tab });
        await panel.waitFor();
        await panel.getByRole('progressbar').first().waitFor({ state: 'detached' });
        found[`settings: ${tab}`] = await violationsOf(page);
      }
      // A record's page with its History, and the bank detail over the directory.
      await page.goto(`${e2e.url}/#/contacts`);
      await page.getByText('Alexandra Montgomery-Whitfield').first().click();
      await page.getByRole('tab', { name: 'History' }).click();
      await page.getByTestId('record-history').waitFor();
      found['contact history'] = await violationsOf(page);
      await page.goto(`${e2e.url}/#/bank-directory`);
      const directory = new DirectoryPage(page);
      await directory.waitForRows();
      await directory.rows().first().click();
      await page.locator('.MuiDialog-paperFullScreen').getByText('Key Performance Ratios').waitFor();
      found['bank detail'] = await violationsOf(page);
      const views = page.getByRole('navigation', { name: 'Bank detail views' }).locator('[data-view]:not(.Mui-disabled)');
      for (const view of await views.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-view')!))) {
        await page.getByRole('navigation', { name: 'Bank detail views' }).locator(`[data-view="${view}"]`).click();
        // A view is judged once shown and loaded, its parts loading after it too (the saved AI analysis
        // under the Benchmark's peers): a button it enables when its data is in fades into its colour.
        await page.locator(`section[data-view="${view}"]`).waitFor();
        await page.getByTestId('panel-loading').waitFor({ state: 'detached' });
        await page.locator('.MuiDialog-paperFullScreen').getByRole('progressbar').first().waitFor({ state: 'detached' });
        // The branch map loads its own code after the view: its attribution links are checked too.
        if (view === 'locations') await page.locator('.leaflet-control-attribution a').first().waitFor();
        found[`bank detail: ${view}`] = await violationsOf(page);
      }

      expectNoneBroken(found);
    });

    it(`breaks none on a phone's screens and menu in ${colorScheme} mode`, async () => {
      const session = await e2e.registerUser('Morgan Ellery');
      const records = await addOneOfEachRecord(e2e.url, session);
      const { page } = await e2e.openSignedInPage({ colorScheme, session, path: '/', viewport: { width: 390, height: 844 } });
      const screens: Array<{ path: string; loaded: () => Promise<unknown> }> = [
        { path: '/', loaded: () => new DashboardPage(page).waitUntilLoaded() },
        { path: '/bank-directory', loaded: () => page.getByTestId('directory-card').first().waitFor() },
        { path: '/outreach/targets', loaded: () => page.getByTestId('target-card').first().waitFor() },
        ...records.map((list) => ({ path: `/${list.route}`, loaded: () => waitForRecordList(page, list) })),
        { path: '/activity', loaded: () => page.getByText('Added contact').first().waitFor() },
      ];
      const found: Record<string, Violation[]> = {};
      for (const { path, loaded } of screens) {
        await page.goto(`${e2e.url}/#${path}`);
        await loaded();
        found[path] = await violationsOf(page);
      }
      await page.getByRole('button', { name: 'Open menu' }).click();
      // The open menu is a dialog named as such, not by the whole of its text.
      await page.getByRole('dialog', { name: 'Menu', exact: true }).getByRole('link', { name: 'Bank Directory' }).waitFor();
      found['menu'] = await violationsOf(page);
      expectNoneBroken(found);
    });
  }

  it('keeps what a fill alone shows in forced colours (High Contrast): the current link, a selected tab and toggle, sliders and a legend\'s keys', async () => {
    const session = await e2e.registerUser('Morgan Ellery');
    await trackLargestBank(e2e.url, session);
    const { page } = await e2e.openSignedInPage({ session, path: '/' });
    await page.emulateMedia({ forcedColors: 'active' });
    await new DashboardPage(page).waitUntilLoaded();
    const unseen: string[] = [];
    const look = async (parts: Record<string, Locator>) => {
      for (const [name, part] of Object.entries(parts)) if (!(await filledApartFromPage(part))) unseen.push(name);
    };
    await look({
      'the current page in the sidebar': page.locator('a[aria-current="page"]').first(),
      "the Spotlight's selected tab": page.getByTestId('performance-spotlight').locator('.MuiTabs-indicator'),
      "a key of the loan donut's legend": page.getByTestId('loan-portfolio').getByTestId('legend-swatch').first(),
    });
    await page.goto(`${e2e.url}/#/outreach/targets`);
    await new TargetsPage(page).waitForCards();
    await look({ "Targets' selected view": page.locator('.MuiToggleButton-root[aria-pressed="true"]') });
    await page.goto(`${e2e.url}/#/credit-box`);
    await look({ "a Credit Box slider's rail": page.locator('.MuiSlider-rail').first(), "a Credit Box slider's handle": page.locator('.MuiSlider-thumb').first() });
    await page.goto(`${e2e.url}/#/settings`);
    await look({ "Settings' selected tab": page.locator('.MuiTabs-indicator') });
    expect(unseen, 'painted as the page is').to.deep.equal([]);
  });

  for (const colorScheme of ['light', 'dark'] as ColorScheme[]) {
    it(`draws a form's text boxes at 3:1 against the card, their hints at 4.5:1, and a switch's track at 3:1 (${colorScheme} mode)`, async () => {
      const { page } = await e2e.openSignedInPage({ colorScheme, path: '/contacts/create' });
      const fullName = page.getByLabel('Full Name');
      await fullName.waitFor();
      const tags = page.getByRole('textbox', { name: 'Tags', exact: true });
      const parts = {
        "Full Name's border": await colourAgainstBackground(fullName.locator('xpath=..').locator('.MuiOutlinedInput-notchedOutline'), 'border'),
        "Tags' border": await colourAgainstBackground(tags.locator('xpath=../..'), 'border'),
        "Tags' hint": await colourAgainstBackground(tags, 'placeholder'),
        "Hot lead's track": await colourAgainstBackground(page.locator('.MuiSwitch-track'), 'fill'),
      };
      const ratios = Object.fromEntries(Object.entries(parts).map(([name, { front, opacity, back }]) => [name, Math.round(contrastRatio(front, back, opacity) * 100) / 100]));
      const least = { "Full Name's border": 3, "Tags' border": 3, "Tags' hint": 4.5, "Hot lead's track": 3 };
      const tooFaint = Object.entries(ratios).filter(([name, ratio]) => ratio < least[name as keyof typeof least]);
      expect(tooFaint, JSON.stringify(ratios)).to.deep.equal([]);
    });
  }

  for (const colorScheme of ['light', 'dark'] as ColorScheme[]) {
    it(`draws every bar, segment and line of the Dashboard's and a bank's charts at 3:1 against their card (${colorScheme} mode)`, async () => {
      const session = await e2e.registerUser('Morgan Ellery');
      const bank = await trackLargestBank(e2e.url, session);
      const { page } = await e2e.openSignedInPage({ colorScheme, session, path: '/' });
      await new DashboardPage(page).waitUntilLoaded();
      const faint: Record<string, number> = {};
      const measure = async (chart: string, marks: Locator, paint: 'fill' | 'stroke') => {
        // A bar of nought is there, but not visible.
        await marks.first().waitFor({ state: 'attached' });
        const seen = await marks.evaluateAll(
          (elements, painted) =>
            elements.map((element) => {
              let behind = element.parentElement;
              while (behind && getComputedStyle(behind).backgroundColor.endsWith(', 0)')) behind = behind.parentElement;
              const front = painted === 'fill' ? getComputedStyle(element).fill : getComputedStyle(element).stroke;
              return { name: element.getAttribute('aria-label') ?? element.getAttribute('name') ?? front, front, back: behind ? getComputedStyle(behind).backgroundColor : 'rgb(255, 255, 255)' };
            }),
          paint,
        );
        for (const { name, front, back } of seen) if (contrastRatio(front, back) < 3) faint[`${chart}: ${name}`] = Math.round(contrastRatio(front, back) * 100) / 100;
      };
      await measure('Dashboard', page.locator('[data-testid="chart-bar"], .donut-segment'), 'fill');
      await page.goto(`${e2e.url}/#/bank-directory`);
      await new DirectoryPage(page).waitForRows();
      await page.getByRole('link', { name: `View details of ${bank.name}` }).click();
      await measure('asset composition', page.getByTestId('asset-composition-chart').locator('.recharts-pie-sector path'), 'fill');
      await page.getByRole('navigation', { name: 'Bank detail views' }).locator('[data-view="trends"]').click();
      await measure('historical trends', page.locator('.recharts-line-curve'), 'stroke');
      expect(faint, 'below 3:1').to.deep.equal({});
    });
  }

  it("reflows every screen of a rep's day into a 320 px window (1,280 px at 400 % zoom): none scrolls sideways, and the new task's box keeps room to type", async () => {
    const session = await e2e.registerUser('Morgan Ellery');
    const records = await addOneOfEachRecord(e2e.url, session);
    const bankName = records.find((list) => list.route === 'banks')!.text;
    const { page } = await e2e.openSignedInPage({ session, path: '/', viewport: { width: 320, height: 640 } });
    const targets = new TargetsPage(page);
    const screens: Array<{ path: string; loaded: () => Promise<unknown> }> = [
      { path: '/', loaded: () => new DashboardPage(page).waitUntilLoaded() },
      { path: '/bank-directory', loaded: () => page.getByTestId('directory-card').first().waitFor() },
      { path: '/credit-box', loaded: () => page.getByRole('heading', { name: 'Credit Box Search' }).waitFor() },
      { path: '/outreach/targets', loaded: () => targets.expand(bankName) },
      { path: '/outreach/sent-mail', loaded: () => new SentMailPage(page).waitUntilLoaded() },
      { path: '/outreach/automation', loaded: () => page.getByText('Treasury introduction').first().waitFor() },
      { path: '/reports', loaded: () => new ReportsPage(page).waitUntilLoaded() },
      { path: '/settings', loaded: () => page.getByRole('tab').first().waitFor() },
      { path: '/analyst-chat', loaded: () => page.getByPlaceholder('Ask about banks, metrics, peers or your targets...').waitFor() },
      ...records.map((list) => ({ path: `/${list.route}`, loaded: () => waitForRecordList(page, list) })),
      { path: '/contacts/create', loaded: () => page.getByLabel('Full Name').waitFor() },
      { path: '/activity', loaded: () => page.getByText('Added contact').first().waitFor() },
    ];
    const sideways: Record<string, number> = {};
    for (const { path, loaded } of screens) {
      await page.goto(`${e2e.url}/#${path}`);
      await loaded();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (overflow > 0) sideways[path] = overflow;
    }
    expect(sideways, 'px past the window').to.deep.equal({});

    await page.goto(`${e2e.url}/#/outreach/targets`);
    await targets.expand(bankName);
    const newTask = targets.expandedCard().getByRole('textbox', { name: `New task for ${bankName}` });
    expect((await newTask.boundingBox())!.width, 'the new task box, px').to.be.at.least(180);
  });

  it("says on the Dashboard in words which task is overdue (not in red alone), and in a 320 px window cuts no task's text or Spotlight bank's name", async () => {
    const session = await e2e.registerUser('Morgan Ellery');
    const bank = await trackLargestBank(e2e.url, session);
    await apiOf(e2e.url, session)('/api/data/tasks', { method: 'POST', body: { bankId: bank.cert, text: 'Call the CFO back about the deposit pricing she asked for', dueDate: '2026-01-05' } });
    const { page } = await e2e.openSignedInPage({ session, path: '/', viewport: { width: 320, height: 640 } });
    const dashboard = new DashboardPage(page);
    await dashboard.waitUntilLoaded();
    const tasks = dashboard.card('upcoming-tasks');
    await tasks.getByText('Call the CFO back').waitFor();
    expect(await tasks.getByTestId('due-badge').allTextContents()).to.deep.equal(['Overdue · Jan 5, 2026']);
    await dashboard.card('performance-spotlight').getByRole('link').first().waitFor();
    const cut = await page.locator('[data-testid="upcoming-tasks"] *, [data-testid="performance-spotlight"] li *').evaluateAll((elements) =>
      elements.filter((element) => getComputedStyle(element).textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth).map((element) => element.textContent),
    );
    expect(cut, 'cut with an ellipsis').to.deep.equal([]);
  });

  for (const colorScheme of ['light', 'dark'] as ColorScheme[]) {
    it(`draws the stars of a target bank and a hot lead, and a contact's enabled actions, at 3:1 against their card (${colorScheme} mode)`, async () => {
      const session = await e2e.registerUser('Morgan Ellery');
      const bank = await trackLargestBank(e2e.url, session);
      await apiOf(e2e.url, session)('/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Jane Doe', title: 'Chief Financial Officer', isHotLead: true } });
      const { page } = await e2e.openSignedInPage({ colorScheme, session, path: '/outreach/targets' });
      const targets = new TargetsPage(page);
      await targets.expand(bank.name);
      // The pointer away from the cards: the icons are measured as they are at rest.
      await page.mouse.move(0, 0);
      const icons = {
        'target star': page.getByRole('button', { name: `Remove ${bank.name} from targets` }),
        'hot lead star': page.getByRole('button', { name: 'Remove Jane Doe from hot leads' }),
        "the hot lead's Edit": page.getByRole('button', { name: 'Edit Jane Doe' }),
        "the hot lead's Delete": page.getByRole('button', { name: 'Delete Jane Doe' }),
        "the hot lead's LinkedIn search": page.getByRole('link', { name: 'Search LinkedIn for Jane Doe' }).locator('svg'),
      };
      const ratios: Record<string, number> = {};
      for (const [name, icon] of Object.entries(icons)) {
        const { front, opacity, back } = await colourAgainstBackground(icon, 'icon');
        ratios[name] = Math.round(contrastRatio(front, back, opacity) * 100) / 100;
      }
      expect(Object.values(ratios).every((ratio) => ratio >= 3), JSON.stringify(ratios)).to.equal(true);
    });
  }

  for (const colorScheme of ['light', 'dark'] as ColorScheme[]) {
    it(`fills the view chosen on a toggle at 3:1 against its card, and rings it from the keyboard in another colour (${colorScheme} mode)`, async () => {
      const session = await e2e.registerUser('Morgan Ellery');
      await trackLargestBank(e2e.url, session);
      const { page } = await e2e.openSignedInPage({ colorScheme, session, path: '/outreach/targets' });
      await new TargetsPage(page).waitForCards();
      await page.mouse.move(0, 0);
      const chosen = page.getByRole('button', { name: 'Detail view', pressed: true });
      const { front, opacity, back } = await colourAgainstBackground(chosen, 'fill');
      expect(Math.round(contrastRatio(front, back, opacity) * 100) / 100, 'the chosen view against its card').to.be.at.least(3);
      await page.getByRole('button', { name: 'Card view' }).focus();
      await page.keyboard.press('Shift+Tab');
      const ring = await chosen.evaluate((button) => ({ style: getComputedStyle(button).outlineStyle, outline: getComputedStyle(button).outlineColor, fill: getComputedStyle(button).backgroundColor }));
      expect(ring.style, 'its ring').to.equal('solid');
      expect(contrastRatio(ring.outline, ring.fill), 'its ring against its fill').to.be.at.least(3);
    });
  }

  it("keeps the sidebar's words whole and the Records lists within a laptop's window at twice the text size", async () => {
    const session = await e2e.registerUser('Morgan Ellery');
    const records = await addOneOfEachRecord(e2e.url, session);
    const { page } = await e2e.openSignedInPage({ session, path: '/', viewport: { width: 1280, height: 800 } });
    // The browser's text size at 200 %: every size given in rem (the app's texts) doubles.
    const doubleTheText = () => page.addStyleTag({ content: 'html { font-size: 200% }' });
    await new DashboardPage(page).waitUntilLoaded();
    await doubleTheText();
    // The sidebar widens with the text through a transition: its words are judged where it ends.
    await transitionsEnded(page);
    const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
    const brokenOrCut = await sidebar.locator('.MuiListItemText-primary, .MuiTypography-root').evaluateAll((texts) =>
      texts
        .filter((text) => {
          const range = document.createRange();
          range.selectNodeContents(text);
          // A word of its own on more than one line was broken within it; a title wider than its box is cut.
          const brokenWord = !text.textContent!.trim().includes(' ') && new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size > 1;
          return brokenWord || (text.scrollWidth > text.clientWidth && getComputedStyle(text).textOverflow !== 'ellipsis');
        })
        .map((text) => text.textContent),
    );
    expect(brokenOrCut, 'broken or cut in the sidebar').to.deep.equal([]);
    const sideways: Record<string, number> = {};
    for (const list of records) {
      await page.goto(`${e2e.url}/#/${list.route}`);
      await waitForRecordList(page, list);
      await doubleTheText();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (overflow > 0) sideways[list.route] = overflow;
    }
    expect(sideways, 'px past the window').to.deep.equal({});
  });

  it("keeps each text box's label clear of its value at twice the text size (the Directory's filters, a contact's form and the Contacts list's Bank filter), and grows the Tags box's words too", async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory', viewport: { width: 1280, height: 800 } });
    const doubleTheText = () => page.addStyleTag({ content: 'html { font-size: 200% }' });
    const overlaps: Record<string, string[]> = {};
    const look = async (screen: string) => {
      // The label is judged where its move to the box's edge ends.
      await transitionsEnded(page);
      const found = await labelsOverValues(page);
      if (found.length > 0) overlaps[screen] = found;
    };
    await new DirectoryPage(page).waitForRows();
    await doubleTheText();
    await look('Directory');
    await screenshotInBothThemes(page, 'directory-filters-200-percent');
    await page.goto(`${e2e.url}/#/contacts/create`);
    await page.getByLabel('Full Name').fill('Jane Doe');
    await page.getByLabel('Job Title').fill('Chief Financial Officer');
    await doubleTheText();
    await look('New contact');
    // The Tags box's words grow with the others: 14 px at the usual size.
    expect(await page.getByRole('textbox', { name: 'Tags', exact: true }).evaluate((box) => getComputedStyle(box).fontSize), "Tags' text size").to.equal('28px');
    await screenshotInBothThemes(page, 'contact-create-200-percent');
    await page.emulateMedia({ forcedColors: 'active' });
    await screenshot(page, 'contact-create-200-percent-forced-colours');
    await page.emulateMedia({ forcedColors: 'none' });
    await page.goto(`${e2e.url}/#/contacts`);
    await page.getByRole('combobox', { name: 'Bank' }).fill('Demo');
    await doubleTheText();
    await look("Contacts' Bank filter");
    expect(overlaps, 'label over value (px)').to.deep.equal({});
  });

  it('opens Send Email in a laptop window at 400 % zoom (320 × 256 px) scrolling as a whole, its form not squeezed between its title and footer', async () => {
    const session = await e2e.registerUser('Morgan Ellery');
    const bank = (await addOneOfEachRecord(e2e.url, session)).find((list) => list.route === 'banks')!.text;
    const { page } = await e2e.openSignedInPage({ session, path: '/outreach/targets', viewport: { width: 320, height: 256 } });
    await new TargetsPage(page).expand(bank);
    await page.getByRole('button', { name: 'Send email to Alexandra Montgomery-Whitfield' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Email to Alexandra Montgomery-Whitfield' });
    const form = dialog.locator('.MuiDialogContent-root');
    await form.getByText(/^To: Alexandra Montgomery-Whitfield/).waitFor();
    const paper = await dialog.boundingBox();
    expect({ left: paper!.x, top: paper!.y }, 'room round the dialog, px').to.deep.equal({ left: 8, top: 8 });
    expect(await form.evaluate((content) => content.scrollHeight - content.clientHeight), 'the form scrolled alone by, px').to.equal(0);
    const send = dialog.getByRole('button', { name: 'Send Email' });
    await send.scrollIntoViewIfNeeded();
    expect(await send.isVisible()).to.equal(true);
  });

  it('names the browser tab after the screen shown, the bank detail open over it, and back', async () => {
    const signedOut = await e2e.openPage({ path: '/signin' });
    await signedOut.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await signedOut.title()).to.equal('Sign In – Charterline');

    const session = await e2e.registerUser('Morgan Ellery');
    const bank = await trackLargestBank(e2e.url, session);
    const { page } = await e2e.openSignedInPage({ session, path: '/' });
    const titleBecomes = (title: string) => page.waitForFunction((expected) => document.title === expected, title, { timeout: 10_000 });
    await titleBecomes('Dashboard – Charterline');
    // A screen of its own header, a record list (its heading filled in by react-admin), and the page for no route.
    for (const [path, title] of [['/outreach/targets', 'Targets'], ['/contacts', 'Contacts'], ['/no-such-screen', 'Page not found']]) {
      await page.goto(`${e2e.url}/#${path}`);
      await titleBecomes(`${title} – Charterline`);
    }
    await page.goto(`${e2e.url}/#/bank-directory`);
    await new DirectoryPage(page).waitForRows();
    await titleBecomes('Bank Directory – Charterline');
    await page.getByRole('link', { name: `View details of ${bank.name}` }).click();
    await titleBecomes(`${bank.name} – Charterline`);
    await page.keyboard.press('Escape');
    await titleBecomes('Bank Directory – Charterline');
  });

  for (const colorScheme of ['light', 'dark'] as ColorScheme[]) {
    it(`rings every stop of the keyboard on the Dashboard, the current page's link and a selected tab too (${colorScheme} mode)`, async () => {
      const { page } = await e2e.openSignedInPage({ colorScheme, path: '/' });
      await new DashboardPage(page).waitUntilLoaded();
      const unringed: string[] = [];
      for (let stop = 0; stop < 60; stop += 1) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const element = document.activeElement;
          if (!element || element === document.body) return null;
          const style = getComputedStyle(element);
          return { name: element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? element.tagName, ringed: style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0 };
        });
        if (!focused) break;
        if (!focused.ringed) unringed.push(focused.name);
      }
      expect(unringed, 'focused without a ring').to.deep.equal([]);
    });
  }

  it('offers "Skip to content" as the first stop of the keyboard, shown only while focused, and Enter moves focus into the page past the sidebar', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/' });
    await new DashboardPage(page).waitUntilLoaded();
    const skip = page.getByRole('link', { name: 'Skip to content' });
    const shown = async () => ((await skip.boundingBox())?.y ?? -1) >= 0;
    expect(await shown(), 'shown before the keyboard reached it').to.equal(false);
    await page.keyboard.press('Tab');
    expect(await skip.evaluate((link) => link === document.activeElement)).to.equal(true);
    expect(await shown(), 'shown while focused').to.equal(true);
    await page.keyboard.press('Enter');
    const focusInMain = () => page.evaluate(() => Boolean(document.activeElement?.closest('main')));
    expect(await focusInMain()).to.equal(true);
    expect(await shown(), 'hidden again once left').to.equal(false);
    // the next stop is the page's first, not the sidebar's; the address is the screen's still
    await page.keyboard.press('Tab');
    expect(await focusInMain()).to.equal(true);
    expect(new URL(page.url()).hash).to.equal('#/');
  });

  it('keeps the keyboard on Next while the Directory loads a page, on Previous once Next is spent, and on Find Matches while the Credit Box searches', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/bank-directory' });
    const directory = new DirectoryPage(page);
    await directory.waitForRows();
    const pager = page.getByTestId('pager');
    const isFocused = (name: string) => pager.getByRole('button', { name }).evaluate((button) => button === document.activeElement);
    await pager.getByRole('button', { name: 'Next' }).focus();
    await page.keyboard.press('Enter');
    // 60 banks at 50 a page: the second is the last, and Next is disabled there.
    await page.getByTestId('pager-page').filter({ hasText: 'Page 2 of 2' }).waitFor();
    await directory.settle();
    expect(await isFocused('Previous'), 'on Previous').to.equal(true);
    expect(await page.getByRole('status').filter({ hasText: 'Showing 51 to 60 of 60 results' }).count(), 'the rows shown, as a status').to.equal(1);
    await page.keyboard.press('Enter');
    await page.getByTestId('pager-page').filter({ hasText: 'Page 1 of 2' }).waitFor();
    await directory.settle();
    expect(await isFocused('Next'), 'on Next').to.equal(true);

    await page.goto(`${e2e.url}/#/credit-box`);
    const find = page.getByRole('button', { name: 'Find Matches' });
    await find.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('credit-box-heading').filter({ hasText: /^Results/ }).waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="credit-box"] .MuiLinearProgress-root') === null);
    expect(await find.evaluate((button) => button === document.activeElement), 'on Find Matches').to.equal(true);
  });

  it('gives focus back to Sign In once a refused sign-in has run, with the reason as an alert', async () => {
    const page = await e2e.openPage({ path: '/signin' });
    const signIn = page.getByRole('button', { name: 'Sign In' });
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('not the password');
    await signIn.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password.' }).waitFor();
    await (await signIn.elementHandle())!.waitForElementState('enabled');
    expect(await signIn.evaluate((button) => button === document.activeElement), 'on Sign In, not at the page start').to.equal(true);
  });

  it('keeps the keyboard on the list when a confirmed deletion, or a star taken off a target, takes away the row its button was in', async () => {
    const session = await e2e.registerUser('Morgan Ellery');
    const as = apiOf(e2e.url, session);
    for (const name of ['First introduction', 'Second introduction']) await as('/api/data/templates', { method: 'POST', body: { name, category: 'introduction', subject: 'Hello {{bankName}}', body: 'Dear {{contactName}},' } });
    const { page } = await e2e.openSignedInPage({ session, path: '/outreach/automation' });
    // A form dialog is named by its title alone, not with its Close button's name after it.
    await page.getByRole('button', { name: '+ New Workflow' }).click();
    await page.getByRole('dialog', { name: 'Create New Workflow', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const deleteFirst = page.getByRole('button', { name: 'Delete First introduction' });
    await deleteFirst.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Delete Template' });
    // The confirm opens on Cancel: the deletion takes a Tab to Delete first.
    await page.waitForFunction(() => document.activeElement?.textContent === 'Cancel');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await deleteFirst.waitFor({ state: 'detached' });
    // On the remaining template's card, not back at the top of the page.
    await page.waitForFunction(() => document.activeElement !== document.body);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).to.equal('Mark Second introduction as favorite');

    // Taking a bank off Targets with its star drops its card: the keyboard goes on to the next bank's star.
    const largest = await as<{ data: Array<{ data: Record<string, unknown> }> }>('/api/services/fdic/institutions?limit=2&sort_by=ASSET&sort_order=DESC');
    const banks = largest.data.map(({ data }) => ({ cert: Number(data.CERT), name: String(data.NAME) }));
    for (const bank of banks) await as('/api/data/banks', { method: 'POST', body: bank });
    await page.goto(`${e2e.url}/#/outreach/targets`);
    const targets = new TargetsPage(page);
    await targets.card(banks[1].name).waitFor();
    await targets.card(banks[0].name).getByRole('button', { name: `Remove ${banks[0].name} from targets` }).focus();
    await page.keyboard.press('Enter');
    await targets.card(banks[0].name).waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement !== document.body);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).to.equal(`Remove ${banks[1].name} from targets`);
  });

  it('opens a delete confirm as an alert dialog described by its question, on Cancel, ringed, so an Enter pressed at once deletes nothing; Escape cancels too (the app\'s confirms and a record screen\'s Delete)', async () => {
    const session = await e2e.registerUser('Morgan Ellery');
    const as = apiOf(e2e.url, session);
    await as('/api/data/templates', { method: 'POST', body: { name: 'First introduction', category: 'introduction', subject: 'Hello {{bankName}}', body: 'Dear {{contactName}},' } });
    const { page } = await e2e.openSignedInPage({ session, path: '/outreach/automation' });
    const focused = () => page.evaluate(() => {
      const element = document.activeElement!;
      const style = getComputedStyle(element);
      return { text: element.textContent, ringed: style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0 };
    });
    const deleteTemplate = page.getByRole('button', { name: 'Delete First introduction' });
    const confirm = page.getByRole('alertdialog', { name: 'Delete Template' });
    await deleteTemplate.focus();
    await page.keyboard.press('Enter');
    await confirm.getByRole('button', { name: 'Delete' }).waitFor();
    // A screen reader reads the question with the title as the dialog opens.
    const description = (dialog: Locator) => dialog.evaluate((element) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent ?? null);
    expect(await description(confirm)).to.include('First introduction');
    await page.waitForFunction(() => document.activeElement?.textContent === 'Cancel');
    expect(await focused()).to.deep.equal({ text: 'Cancel', ringed: true });
    await screenshotInBothSchemes(page, 'delete-confirm-focus-on-cancel');
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached' });
    await deleteTemplate.focus();
    await page.keyboard.press('Enter');
    await confirm.getByRole('button', { name: 'Delete' }).waitFor();
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await deleteTemplate.waitFor();
    expect((await as<unknown[]>('/api/data/templates')).length, 'the template kept').to.equal(1);

    // react-admin's Delete on a record's screen opens on Cancel too.
    const bank = await trackLargestBank(e2e.url, session);
    const kit = await as<{ id: string }>('/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name: 'Kit Marlow', title: 'CEO', email: 'kit@alpha-bank.example' } });
    await page.goto(`${e2e.url}/#/contacts/${kit.id}`);
    const deleteContact = page.getByRole('button', { name: 'Delete', exact: true });
    await deleteContact.focus();
    await page.keyboard.press('Enter');
    const question = page.getByRole('alertdialog').filter({ hasText: 'Are you sure you want to delete Kit Marlow?' });
    await question.waitFor();
    expect(await description(question)).to.include('Are you sure you want to delete Kit Marlow?');
    await page.waitForFunction(() => document.activeElement?.closest('[role="alertdialog"]') !== null && document.activeElement?.textContent === 'Cancel');
    await page.keyboard.press('Enter');
    await question.waitFor({ state: 'detached' });
    expect((await as<Array<{ id: string }>>('/api/data/contacts')).map((contact) => contact.id), 'the contact kept').to.deep.equal([kit.id]);
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('works from the keyboard: opens a bank from the Directory and closes it back onto the button it came from, and opens and closes a target', async () => {
    const session = await e2e.registerUser('Morgan Ellery');
    const bank = await trackLargestBank(e2e.url, session);
    const { page } = await e2e.openSignedInPage({ session, path: '/bank-directory' });
    await new DirectoryPage(page).waitForRows();
    const viewDetails = page.getByRole('link', { name: `View details of ${bank.name}` });
    await viewDetails.focus();
    await page.keyboard.press('Enter');
    const detail = page.locator('.MuiDialog-paperFullScreen');
    await detail.getByText('Key Performance Ratios').waitFor();
    // The view shown is the current one of its navigation, and moves with the one chosen by Enter.
    const views = detail.getByRole('navigation', { name: 'Bank detail views' });
    const currentView = () => views.locator('[aria-current="page"]').allTextContents();
    expect(await currentView()).to.deep.equal(['Financials']);
    await views.getByRole('button', { name: 'Benchmark' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('[aria-label="Bank detail views"] [aria-current="page"]')?.textContent === 'Benchmark');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });
    expect(await viewDetails.evaluate((button) => button === document.activeElement), 'focus back on View details').to.equal(true);

    await page.goto(`${e2e.url}/#/outreach/targets`);
    const targets = new TargetsPage(page);
    const summary = targets.card(bank.name).getByRole('button', { name: bank.name, exact: false }).and(page.locator('[aria-expanded]'));
    await summary.focus();
    await page.keyboard.press('Enter');
    await targets.expandedCard().getByRole('region', { name: 'Contacts' }).waitFor();
    expect(await summary.getAttribute('aria-expanded')).to.equal('true');
    await page.keyboard.press('Enter');
    await targets.expandedCard().waitFor({ state: 'detached' });
    expect(await summary.getAttribute('aria-expanded')).to.equal('false');
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it("tells a bank's ROA and noncurrent loans ratio ratings in words beside their colour, and what each gives its risk score", async () => {
    const session = await e2e.registerUser('Morgan Ellery');
    const bank = await trackLargestBank(e2e.url, session);
    const { page } = await e2e.openSignedInPage({ session, path: '/bank-directory' });
    await new DirectoryPage(page).waitForRows();
    await page.getByRole('link', { name: `View details of ${bank.name}` }).click();
    const financials = page.getByTestId('financials-panel');
    await financials.getByText('Key Performance Ratios').waitFor();
    const tile = (label: string) => financials.getByText(label, { exact: true }).locator('..');
    const rated: Record<string, string> = {};
    for (const [label, rate] of [[bankFieldLabels.roa, roaColor], [bankFieldLabels.nplRatio, delinquencyColor]] as const) {
      const value = (await tile(label).locator('> :nth-child(2)').innerText()).replace(/\s+/g, ' ');
      rated[label] = value;
      expect(value, label).to.equal(`${formatPercent(Number.parseFloat(value))} ${ratingWords[rate(Number.parseFloat(value))]}`);
    }
    for (const label of ['ROA factor', 'Noncurrent loans factor']) expect(await tile(label).locator('> :nth-child(2)').innerText(), label).to.match(/ · (Low|Medium|High) Risk$/);
    await financials.getByText('Key Performance Ratios').scrollIntoViewIfNeeded();
    await screenshot(page, 'bank-detail-ratings');
  });

  it("tells the ratings in the Directory, the Credit Box, Targets, the Dashboard's figures and Performance Spotlight and a risk category (its risk scores too) in a word shown beside or below each figure, not by colour alone", async () => {
    const session = await e2e.registerUser('Morgan Ellery');
    const bank = (await apiOf(e2e.url, session)('/api/services/fdic/institutions?limit=1&sort_by=ASSET&sort_order=DESC')) as { data: Array<{ data: Record<string, unknown> }> };
    const [cert, name] = [Number(bank.data[0].data.CERT), String(bank.data[0].data.NAME)];
    await apiOf(e2e.url, session)('/api/data/banks', { method: 'POST', body: { cert, name, assets: 1_200_000_000, roa: 1.1, nplRatio: 0.6 } });
    await apiOf(e2e.url, session)('/api/data/contacts', { method: 'POST', body: { bankId: cert, name: 'Jane Doe', title: 'CFO' } });
    const { page } = await e2e.openSignedInPage({ session, path: '/bank-directory' });
    const wrong: Record<string, string> = {};
    // The rating the colour tells (the light theme's), against the one the word or shape tells.
    const ratingOfColour = new Map(Object.entries(ratingPalettes.light).map(([rating, hex]) => [`rgb(${[1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(', ')})`, rating as RatingColor]));
    const check = async (place: string, figures: Locator, words = ratingWords) => {
      const told = await ratingsTold(figures);
      expect(told.length, `${place}: rated figures`).to.be.above(0);
      const off = told.filter(({ colour, word }) => word !== words[ratingOfColour.get(colour) ?? 'gray']).map(({ value, word }) => `${value}: ${word ?? 'colour alone'}`);
      if (off.length > 0) wrong[place] = `${off.length} of ${told.length}, as ${off[0]}`;
    };
    const columns = async (table: Locator, headers: string[], place: string, words = ratingWords) => {
      const names = (await table.locator('thead th').allInnerTexts()).map((text) => text.trim());
      expect(names, `${place}'s columns`).to.include.members(headers);
      for (const header of headers) await check(`${place} ${header}`, table.locator(`tbody tr td:nth-child(${names.indexOf(header) + 1})`), words);
    };

    // In the light and dark themes, and in forced colours (High Contrast).
    const screenshotInEveryLook = async (name: string) => {
      await screenshotInBothThemes(page, name);
      await page.emulateMedia({ forcedColors: 'active' });
      await screenshot(page, `${name}-forced-colours`);
      await page.emulateMedia({ forcedColors: 'none' });
    };

    await new DirectoryPage(page).waitForRows();
    await columns(page.locator('table').first(), ['ROA %', 'NPL %'], 'Directory');
    await screenshotInEveryLook('directory-ratings');
    await page.goto(`${e2e.url}/#/credit-box`);
    await new CreditBoxPage(page).findMatches();
    await columns(page.locator('table').first(), ['ROA', 'NPL Ratio'], 'Credit Box');
    await screenshotInEveryLook('credit-box-ratings');

    await page.goto(`${e2e.url}/#/outreach/targets`);
    const targets = new TargetsPage(page);
    await targets.expand(name);
    const metric = (label: string) => targets.card(name).locator('.target-metric', { has: page.getByText(label, { exact: true }) }).locator('.target-metric-value');
    await check('Targets ROA', metric('ROA'));
    await check('Targets NPL', metric('NPL %'));
    const keyFigure = (label: string) => page.getByTestId('key-financials').locator('> div', { has: page.getByText(label, { exact: true }) }).locator('> :nth-child(2)');
    await check('Key Financials ROA', keyFigure('ROA %'));
    await check('Key Financials NPL', keyFigure('NPL %'));
    await targets.showCardView();
    // A figure is the paragraph under its label.
    const cardFigure = (label: string) => page.getByTestId('target-summary-card').locator(`xpath=.//div[div[normalize-space()="${label}"]]/p`);
    await check('Targets card ROA', cardFigure('ROA'));
    await check('Targets card NPL', cardFigure('NPL %'));
    await screenshotInBothThemes(page, 'targets-cards-ratings');

    await page.goto(`${e2e.url}/#/`);
    const dashboard = new DashboardPage(page);
    await dashboard.waitUntilLoaded();
    const figure = (card: string, label: string) => dashboard.card(card).locator(`xpath=.//div[div[normalize-space()="${label}"]]/h6`);
    for (const card of ['market-snapshot', 'portfolio-analysis']) {
      await check(`${card} ROA`, figure(card, 'Avg ROA'));
      await check(`${card} NPL`, figure(card, 'Avg NPL Ratio'));
    }
    const spotlight = page.getByTestId('performance-spotlight');
    for (const [tab, words] of [['Top ROA', ratingWords], ['Efficiency', ratingWords], ['Capital', ratingWords], ['Risk', scoreWords]] as const) {
      await spotlight.getByRole('tab', { name: tab }).click();
      // A bank's figure: the line's last text, after its rank and name.
      await check(`Spotlight ${tab}`, spotlight.locator('li a > p:has(span[style*="color"])'), words);
    }
    await screenshotInEveryLook('dashboard-ratings');
    await dashboard.clickRiskSegment(0);
    await dashboard.riskModal().waitForRows();
    await columns(dashboard.riskModal().root().locator('table'), ['NPL %', 'ROA'], 'Risk category');
    await columns(dashboard.riskModal().root().locator('table'), ['Risk Score'], 'Risk category', scoreWords);
    // In both themes: the theme's button is behind the dialog.
    await screenshot(page, 'risk-category-ratings');
    await dashboard.riskModal().close();
    await new Shell(page).toggleTheme();
    await dashboard.clickRiskSegment(0);
    await dashboard.riskModal().waitForRows();
    await screenshot(page, 'risk-category-ratings');
    await page.emulateMedia({ forcedColors: 'active' });
    await screenshot(page, 'risk-category-ratings-forced-colours');
    expect(wrong, 'told by colour alone or wrongly').to.deep.equal({});
  });

  it("shows each figure and its rating word whole on the Credit Box's and the Directory's cards in a 1,280 px window, not cut to '$43…' and 'Str'", async () => {
    const { page } = await e2e.openSignedInPage({ path: '/credit-box', viewport: { width: 1280, height: 800 } });
    const cut: Record<string, string[]> = {};
    const look = async (screen: string, cards: Locator) => {
      await cards.first().waitFor();
      const texts = await cards.locator('.MuiTypography-noWrap').evaluateAll((figures) => figures.filter((figure) => figure.scrollWidth > figure.clientWidth).map((figure) => (figure as HTMLElement).innerText.replace(/\s+/g, ' ')));
      if (texts.length > 0) cut[screen] = texts.slice(0, 4);
    };
    await new CreditBoxPage(page).findMatches();
    await page.getByRole('button', { name: 'Card view' }).click();
    await look('Credit Box', page.getByTestId('credit-box-card'));
    await screenshotInBothThemes(page, 'credit-box-cards');
    await page.goto(`${e2e.url}/#/bank-directory`);
    await page.getByRole('button', { name: 'Card view' }).click();
    await look('Directory', page.getByTestId('directory-card'));
    await screenshotInBothThemes(page, 'directory-cards');
    expect(cut, 'cut short').to.deep.equal({});
  });

  it("tells each loan type's concentration in a word beside its colour in a bank's Loan Portfolio Breakdown", async () => {
    const session = await e2e.registerUser('Morgan Ellery');
    const bank = await trackLargestBank(e2e.url, session);
    const { page } = await e2e.openSignedInPage({ session, path: '/bank-directory' });
    await new DirectoryPage(page).waitForRows();
    await page.getByRole('link', { name: `View details of ${bank.name}` }).click();
    const table = page.getByRole('table', { name: 'Loan portfolio breakdown' });
    await table.waitFor();
    const rows = await table.locator('tbody tr').evaluateAll((lines) => lines.map((line) => [...line.querySelectorAll('td')].map((cell) => (cell as HTMLElement).innerText.trim())));
    const shared = rows.filter((cells) => cells[2] !== 'N/A');
    expect(shared.length, 'loan types with a share').to.be.above(0);
    expect(shared.filter((cells) => !Object.values(concentrationWords).includes(cells[3] ?? '')), 'no word').to.deep.equal([]);
    await table.scrollIntoViewIfNeeded();
    await screenshotInBothThemes(page, 'bank-detail-loan-concentration');
  });

  for (const colorScheme of ['light', 'dark'] as ColorScheme[]) {
    it(`draws the Benchmark's target and peer-average bars at 3:1 against their card (${colorScheme} mode)`, async () => {
      const session = await e2e.registerUser('Morgan Ellery');
      const bank = await trackLargestBank(e2e.url, session);
      const { page } = await e2e.openSignedInPage({ colorScheme, session, path: '/bank-directory' });
      await new DirectoryPage(page).waitForRows();
      await page.getByRole('link', { name: `View details of ${bank.name}` }).click();
      await page.getByRole('navigation', { name: 'Bank detail views' }).locator('[data-view="benchmark"]').click();
      const bars = page.getByTestId('peer-category-chart').locator('[data-series]');
      await bars.first().waitFor();
      const faint: Record<string, number> = {};
      for (const bar of await bars.all()) {
        const { front, opacity, back } = await colourAgainstBackground(bar, 'fill');
        const ratio = Math.round(contrastRatio(front, back, opacity) * 100) / 100;
        if (ratio < 3) faint[`${await bar.getAttribute('data-series')}, ${await bar.locator('xpath=ancestor::*[@data-metric]').getAttribute('data-metric')}`] = ratio;
      }
      expect(faint, 'below 3:1').to.deep.equal({});
      await page.getByTestId('peer-category-chart').first().scrollIntoViewIfNeeded();
      await screenshot(page, 'bank-detail-benchmark');
    });
  }

  it("keeps the assistant's round button and its typing dots in forced colours (High Contrast)", async () => {
    const { page } = await e2e.openSignedInPage({ path: '/' });
    await page.emulateMedia({ forcedColors: 'active' });
    await new DashboardPage(page).waitUntilLoaded();
    expect(await edgedApartFromPage(page.getByRole('button', { name: 'Open Analyst Chat' })), "the assistant button's circle").to.equal(true);
    // The answer never comes: the dots stay.
    await page.route('**/api/analyst/chat', () => undefined);
    await page.goto(`${e2e.url}/#/analyst-chat`);
    const box = page.getByLabel('Question for the analyst');
    await page.getByTestId('chat-greeting').waitFor();
    await box.fill('Top 5 banks by total assets');
    await box.press('Enter');
    expect(await filledApartFromPage(page.getByTestId('typing-indicator').locator('> *').first()), 'a typing dot').to.equal(true);
  });

  it('slides the Analyst Chat in with a ripple for most users, and shows it at once, with no ripple, for one who asked for less motion', async () => {
    for (const motion of [true, false]) {
      const { page } = await e2e.openSignedInPage({ path: '/', motion });
      await new DashboardPage(page).waitUntilLoaded();
      const chatButton = page.getByRole('button', { name: 'Open Analyst Chat' });
      await chatButton.focus(); // MUI mounts a button's ripple on its first focus or press
      expect(await chatButton.locator('.MuiTouchRipple-root').count(), `the button's ripple (motion: ${motion})`).to.equal(motion ? 1 : 0);
      await chatButton.click();
      const slide = await page.locator('.MuiDrawer-paperAnchorRight').evaluate((paper) => (paper as HTMLElement).style.transition);
      if (motion) expect(slide, 'the panel slides in').to.match(/transform \d+ms/);
      else expect(slide, 'the panel is there at once').to.equal('none');
      await page.getByLabel('Question for the analyst').waitFor();
    }
  });

  it("keeps the Targets header's contact counts within the page at twice the text size", async () => {
    const session = await e2e.registerUser('Morgan Ellery');
    await trackLargestBank(e2e.url, session);
    const { page } = await e2e.openSignedInPage({ session, path: '/outreach/targets', viewport: { width: 1280, height: 800 } });
    await new TargetsPage(page).waitForCards();
    await page.addStyleTag({ content: 'html { font-size: 200% }' });
    // The counts in: '…' is narrower.
    await page.getByTestId('hot-contacts').filter({ hasText: /^\d/ }).waitFor();
    const outside = await page.locator('[data-testid="total-contacts"], [data-testid="hot-contacts"]').evaluateAll((counts) =>
      counts.flatMap((count) => {
        const box = count.closest('.MuiCard-root')!;
        const header = count.closest('[data-testid="page-header"]')!;
        const [inner, outer] = [box.getBoundingClientRect(), header.getBoundingClientRect()];
        const past = Math.max(inner.right - outer.right, outer.left - inner.left, box.scrollWidth - box.clientWidth);
        return past > 0 ? [`${count.dataset.testid}: ${Math.round(past)} px`] : [];
      }),
    );
    expect(outside, 'past the header or their box').to.deep.equal([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 'px past the window').to.equal(0);
    await screenshotInBothThemes(page, 'targets-header-200-percent');
  });

  for (const colorScheme of ['light', 'dark'] as ColorScheme[]) {
    it(`shows a task's and a conversation's delete buttons at rest, at 3:1 against their card, named after what they delete (${colorScheme} mode)`, async () => {
      const session = await e2e.registerUser('Morgan Ellery');
      const bank = (await addOneOfEachRecord(e2e.url, session)).find((list) => list.route === 'banks')!.text;
      // Two conversations: the one open and one not.
      for (const [id, title] of [['deposit-pricing', 'Deposit pricing in Ohio'], ['treasury-leads', 'Treasury leads in Texas']]) await apiOf(e2e.url, session)(`/api/analyst/chats/${id}`, { method: 'POST', body: { title, messages: [] } });
      const { page } = await e2e.openSignedInPage({ colorScheme, session, path: '/outreach/targets' });
      await new TargetsPage(page).expand(bank);
      const buttons = { 'a task': page.getByRole('button', { name: 'Delete task "Send the treasury management proposal to Alexandra before the board meets"' }) };
      // The pointer away: the buttons are measured as they are at rest.
      await page.mouse.move(0, 0);
      const ratios: Record<string, number> = {};
      const measure = async (parts: Record<string, Locator>) => {
        for (const [name, part] of Object.entries(parts)) {
          const { front, opacity, back } = await colourAgainstBackground(part, 'icon');
          ratios[name] = Math.round(contrastRatio(front, back, opacity) * 100) / 100;
        }
      };
      await measure(buttons);
      await screenshot(page, 'targets-task-delete');
      await page.goto(`${e2e.url}/#/analyst-chat`);
      const deleteConversation = (title: string) => page.getByRole('button', { name: `Delete conversation ${title}` });
      await deleteConversation('Deposit pricing in Ohio').waitFor();
      await page.mouse.move(0, 0);
      await measure({ 'a conversation': deleteConversation('Deposit pricing in Ohio'), 'another conversation': deleteConversation('Treasury leads in Texas') });
      await screenshot(page, 'analyst-chat-delete');
      expect(Object.values(ratios).every((ratio) => ratio >= 3), JSON.stringify(ratios)).to.equal(true);
    });
  }

  for (const colorScheme of ['light', 'dark'] as ColorScheme[]) {
    it(`shows each Analyst Chat message's Copy button at rest, beside the message, at 3:1 against the page (${colorScheme} mode)`, async () => {
      const session = await e2e.registerUser('Morgan Ellery');
      const messages = [
        { role: 'user', content: 'Top 5 banks by total assets' },
        { role: 'assistant', content: 'The five largest banks by total assets hold about a third of the industry\'s assets between them.' },
      ];
      await apiOf(e2e.url, session)('/api/analyst/chats/largest-banks', { method: 'POST', body: { title: 'Largest banks', messages } });
      const { page } = await e2e.openSignedInPage({ colorScheme, session, path: '/analyst-chat' });
      await page.getByTestId('conversation').getByText('Largest banks').click();
      const copies = page.getByRole('button', { name: 'Copy message' });
      await page.getByTestId('assistant-message').waitFor();
      await page.mouse.move(0, 0);
      const seen: string[] = [];
      for (const [index, copy] of (await copies.all()).entries()) {
        const { front, opacity, back } = await colourAgainstBackground(copy, 'icon');
        seen.push(`${index}: ${Math.round(contrastRatio(front, back, opacity) * 100) / 100}`);
      }
      expect(seen.length, 'Copy buttons').to.equal(2);
      expect(seen.filter((ratio) => Number(ratio.split(': ')[1]) < 3), `below 3:1 at rest: ${seen.join(', ')}`).to.deep.equal([]);
      // Beside its bubble, not over the answer's words.
      const [answer, copy] = [await page.getByTestId('assistant-message').locator('> div').nth(1).boundingBox(), await copies.nth(1).boundingBox()];
      expect(copy!.x, "the answer's Copy button's left edge").to.be.at.least(answer!.x + answer!.width);
      await screenshotInBothThemes(page, 'analyst-chat-copy');
    });
  }

  it('sets your own Analyst Chat message apart by a border in forced colours (High Contrast), where its fill is painted as the page', async () => {
    const session = await e2e.registerUser('Morgan Ellery');
    await apiOf(e2e.url, session)('/api/analyst/chats/largest-banks', { method: 'POST', body: { title: 'Largest banks', messages: [{ role: 'user', content: 'Top 5 banks by total assets' }] } });
    const { page } = await e2e.openSignedInPage({ session, path: '/analyst-chat' });
    await page.emulateMedia({ forcedColors: 'active' });
    await page.getByTestId('conversation').getByText('Largest banks').click();
    expect(await edgedApartFromPage(page.getByTestId('user-message').getByText('Top 5 banks by total assets').locator('..')), 'your bubble\'s edge').to.equal(true);
    await screenshot(page, 'analyst-chat-forced-colours');
  });

  it('keeps the chosen conversation readable under the pointer in forced colours (High Contrast): its text on the highlight, not on a pale tint', async () => {
    const session = await e2e.registerUser('Morgan Ellery');
    await apiOf(e2e.url, session)('/api/analyst/chats/largest-banks', { method: 'POST', body: { title: 'Largest banks', messages: [{ role: 'user', content: 'Top 5 banks by total assets' }] } });
    const { page } = await e2e.openSignedInPage({ session, path: '/analyst-chat' });
    await page.emulateMedia({ forcedColors: 'active' });
    const chosen = page.getByTestId('conversation').getByRole('button', { name: /^Largest banks/ });
    await chosen.click();
    await chosen.hover();
    // Judged once the hover shade has faded in.
    await transitionsEnded(page);
    const { text, back } = await chosen.evaluate((button) => ({ text: getComputedStyle(button.querySelector('.MuiListItemText-primary')!).color, back: getComputedStyle(button).backgroundColor }));
    // A translucent fill is seen over the page (white in the light scheme).
    expect(contrastRatio(text, seenThrough([back])), `${text} on ${back}`).to.be.at.least(4.5);
    await screenshot(page, 'analyst-chat-forced-colours-hover');
  });

  it("shows the chosen conversation's delete button on its highlight in forced colours (High Contrast), at 3:1", async () => {
    const session = await e2e.registerUser('Morgan Ellery');
    await apiOf(e2e.url, session)('/api/analyst/chats/largest-banks', { method: 'POST', body: { title: 'Largest banks', messages: [{ role: 'user', content: 'Top 5 banks by total assets' }] } });
    const { page } = await e2e.openSignedInPage({ session, path: '/analyst-chat' });
    await page.emulateMedia({ forcedColors: 'active' });
    const conversation = page.getByTestId('conversation').filter({ hasText: 'Largest banks' });
    await conversation.getByRole('button', { name: /^Largest banks/ }).click();
    await conversation.locator('.Mui-selected').waitFor();
    await page.mouse.move(0, 0);
    // Judged once the hover shade the click left has faded out.
    await transitionsEnded(page);
    // The delete button sits beside the conversation's button, over its highlight, not inside it.
    const { icon, back } = await conversation.evaluate((item) => ({
      icon: getComputedStyle(item.querySelector('[aria-label="Delete conversation Largest banks"] svg')!).color,
      back: getComputedStyle(item.querySelector('.Mui-selected')!).backgroundColor,
    }));
    expect(contrastRatio(icon, seenThrough([back])), `${icon} on ${back}`).to.be.at.least(3);
    await screenshot(page, 'analyst-chat-forced-colours-delete');
  });

  it("names a target's contacts in words on its card, a hot lead as such, where only their initials showed and the name only on hover", async () => {
    const session = await e2e.registerUser('Morgan Ellery');
    const bank = await trackLargestBank(e2e.url, session);
    for (const [name, isHotLead] of [['Jane Doe', true], ['Raj Patel', false]] as const) await apiOf(e2e.url, session)('/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name, title: 'CFO', isHotLead } });
    const { page } = await e2e.openSignedInPage({ session, path: '/outreach/targets' });
    const targets = new TargetsPage(page);
    await targets.waitForCards();
    await targets.showCardView();
    const names = page.getByTestId('target-summary-card').getByTestId('contact-names');
    await names.waitFor();
    await page.mouse.move(0, 0);
    expect(await names.innerText()).to.equal('Jane Doe (hot lead), Raj Patel');
    await screenshotInBothThemes(page, 'targets-card-contact-names');
  });

  it('keeps the Targets search box\'s words and the "Per page" label whole at twice the text size', async () => {
    const session = await e2e.registerUser('Morgan Ellery');
    await trackLargestBank(e2e.url, session);
    const { page } = await e2e.openSignedInPage({ session, path: '/outreach/targets', viewport: { width: 1280, height: 800 } });
    await new TargetsPage(page).waitForCards();
    await page.addStyleTag({ content: 'html { font-size: 200% }' });
    const search = page.getByRole('textbox', { name: 'Search targets' });
    const searchCut = await search.evaluate((input: HTMLInputElement) => {
      const probe = document.createElement('span');
      const style = getComputedStyle(input);
      probe.style.cssText = `position: absolute; white-space: pre; font: ${style.font}; letter-spacing: ${style.letterSpacing}`;
      probe.textContent = input.placeholder;
      document.body.append(probe);
      const room = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      const cut = Math.max(0, Math.ceil(probe.getBoundingClientRect().width - room));
      probe.remove();
      return cut;
    });
    const label = page.locator('label', { hasText: 'Per page' });
    const labelCut = await label.evaluate((element) => Math.max(0, element.scrollWidth - element.clientWidth));
    expect({ search: searchCut, perPage: labelCut }, 'px cut').to.deep.equal({ search: 0, perPage: 0 });
    await screenshotInBothThemes(page, 'targets-toolbar-200-percent');
  });

  it('keeps the Reports header\'s "As of" box and its Now button side by side in a 1,280 px window', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/reports', viewport: { width: 1280, height: 800 } });
    await page.getByRole('heading', { name: 'Reports' }).waitFor();
    await page.getByText('Outreach funnel').waitFor();
    // Both measured in one frame: measured apart, a page moving between them (a banner coming) misplaced one.
    const { asOf, now } = await page.evaluate(() => {
      const box = document.querySelector('input[aria-label="As of"]')!.closest('.MuiFormControl-root')!.getBoundingClientRect();
      const button = [...document.querySelectorAll('button')].find((candidate) => candidate.textContent?.trim() === 'Now')!.getBoundingClientRect();
      return { asOf: { x: box.x, y: box.y, width: box.width, height: box.height }, now: { x: button.x, y: button.y } };
    });
    expect(now.y, "Now's top").to.be.below(asOf.y + asOf.height);
    expect(now.x, "Now's left").to.be.at.least(asOf.x + asOf.width);
    await screenshotInBothThemes(page, 'reports-header');
  });

  it("shows a long contact name and title whole on a target's card, wrapped within it, not cut for a tooltip", async () => {
    const session = await e2e.registerUser('Morgan Ellery');
    const bank = await trackLargestBank(e2e.url, session);
    const name = 'Maximiliana Alexandrovna Featherstonehaugh-Montgomery';
    await apiOf(e2e.url, session)('/api/data/contacts', { method: 'POST', body: { bankId: bank.cert, name, title: 'Executive Vice President, Treasury Management', email: 'maximiliana.featherstonehaugh-montgomery@treasury.example.com' } });
    const { page } = await e2e.openSignedInPage({ session, path: '/outreach/targets' });
    const targets = new TargetsPage(page);
    await targets.expand(bank.name);
    const row = targets.contactRow(name);
    const cut = await row.locator('*').evaluateAll((elements) =>
      elements.filter((element) => element.scrollWidth > element.clientWidth && getComputedStyle(element).overflowX !== 'visible').map((element) => element.textContent),
    );
    expect(cut, 'cut short').to.deep.equal([]);
    const [rowBox, cardBox] = [await row.boundingBox(), await targets.expandedCard().boundingBox()];
    expect(rowBox!.x + rowBox!.width, "the row's right edge").to.be.at.most(cardBox!.x + cardBox!.width);
    await row.scrollIntoViewIfNeeded();
    await screenshotInBothThemes(page, 'targets-long-contact-name');
  });
});

/**
 * Whether the element is filled with a colour other than the page's in forced colours, where the
 * browser paints author backgrounds in the system's page colour (Canvas) unless told otherwise.
 */
async function filledApartFromPage(part: Locator): Promise<boolean> {
  await part.waitFor({ state: 'attached' });
  return part.evaluate((element) => {
    const probe = document.createElement('div');
    probe.style.cssText = 'forced-color-adjust: none; background-color: Canvas';
    document.body.append(probe);
    // Colours as numbers: a forced colour reads 'rgba(255, 255, 255, 1)' where the same given one reads 'rgb(255, 255, 255)'.
    const [[pageRed, pageGreen, pageBlue], [red, green, blue, alpha = 1]] = [probe, element].map((painted) => (getComputedStyle(painted).backgroundColor.match(/[\d.]+/g) ?? []).map(Number));
    probe.remove();
    return alpha > 0 && (red !== pageRed || green !== pageGreen || blue !== pageBlue);
  });
}

/** Whether the element has a border in a colour other than the page's in forced colours (the system's text colour, as a button's edge). */
async function edgedApartFromPage(part: Locator): Promise<boolean> {
  await part.waitFor();
  return part.evaluate((element) => {
    const probe = document.createElement('div');
    probe.style.cssText = 'forced-color-adjust: none; background-color: Canvas';
    document.body.append(probe);
    const style = getComputedStyle(element);
    const [[pageRed, pageGreen, pageBlue], [red, green, blue, alpha = 1]] = [getComputedStyle(probe).backgroundColor, style.borderTopColor].map((colour) => (colour.match(/[\d.]+/g) ?? []).map(Number));
    probe.remove();
    return style.borderTopStyle !== 'none' && Number.parseFloat(style.borderTopWidth) > 0 && alpha > 0 && (red !== pageRed || green !== pageGreen || blue !== pageBlue);
  });
}

/**
 * The colour a part is seen in (its border's, its hint's, its fill's or its icon's, faded by its and its boxes' opacity) and
 * the colour behind it: the boxes behind it with a background, to the first opaque one, laid over each other.
 */
async function colourAgainstBackground(part: Locator, seen: 'border' | 'placeholder' | 'fill' | 'icon'): Promise<{ front: string; opacity: number; back: string }> {
  // Read at rest: a pointer just moved away leaves a hover shade and an icon's colour fading back.
  await transitionsEnded(part.page());
  const { front, opacity, layers } = await part.evaluate((element, painted) => {
    const behind: string[] = [];
    for (let box = element.parentElement; box; box = box.parentElement) {
      const background = getComputedStyle(box).backgroundColor;
      if (background.endsWith(', 0)')) continue;
      behind.push(background);
      if (!background.startsWith('rgba')) break;
    }
    const style = getComputedStyle(element, painted === 'placeholder' ? '::placeholder' : null);
    // A box's opacity fades all inside it.
    let opacity = Number(style.opacity);
    for (let box = element.parentElement; box; box = box.parentElement) opacity *= Number(getComputedStyle(box).opacity);
    return { front: painted === 'border' ? style.borderTopColor : painted === 'fill' ? style.backgroundColor : style.color, opacity, layers: behind };
  }, seen);
  return { front, opacity, back: seenThrough(layers) };
}

/**
 * Each text box whose label, raised onto its top edge, reaches down over the line its value is written
 * on, as 'label: px over'.
 */
async function labelsOverValues(page: Page): Promise<string[]> {
  return page.locator('.MuiFormControl-root:has(> label.MuiInputLabel-shrink)').evaluateAll((boxes) =>
    boxes.flatMap((box) => {
      const [label, value] = [box.querySelector(':scope > label')!, box.querySelector('.MuiInputBase-input')];
      if (!value) return [];
      const style = getComputedStyle(value);
      const valueTop = value.getBoundingClientRect().top + Number.parseFloat(style.borderTopWidth) + Number.parseFloat(style.paddingTop);
      const over = Math.round(label.getBoundingClientRect().bottom - valueTop);
      return over > 0 ? [`${label.textContent}: ${over}`] : [];
    }),
  );
}

/** Fails listing every screen's broken rules, when any is. */
function expectNoneBroken(found: Record<string, Violation[]>) {
  const broken = Object.fromEntries(Object.entries(found).filter(([, violations]) => violations.length > 0));
  expect(broken, JSON.stringify(broken, null, 2)).to.deep.equal({});
}

/**
 * Each rated figure's value, its colour, and the rating it tells other than by colour: its cue's word as
 * shown (a shape named only on hover tells it to no one looking); none where the colour alone tells it.
 * Figures not given ('N/A') are left out.
 */
async function ratingsTold(figures: Locator): Promise<Array<{ value: number; colour: string; word: string | null }>> {
  await figures.first().waitFor();
  const told = await figures.evaluateAll((elements) =>
    elements.map((element) => {
      const cue = element.querySelector('[data-rating]');
      const coloured = element.querySelector('span[style*="color"]') ?? element;
      return { value: Number.parseFloat(element.textContent ?? ''), colour: getComputedStyle(coloured).color, word: cue instanceof HTMLElement ? cue.innerText.trim() : null };
    }),
  );
  return told.filter(({ value }) => !Number.isNaN(value));
}
