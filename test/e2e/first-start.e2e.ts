import { expect } from 'chai';
import type { Browser, Route } from 'playwright-core';
import { loadConfig } from '../../backend/src/config.ts';
import { openDatabase, type Database } from '../../backend/src/db/database.ts';
import { features } from '../../backend/src/features.ts';
import { createBootstrapFeature } from '../../backend/src/regulator/bootstrap.ts';
import { createSyncFeature } from '../../backend/src/regulator/sync/feature.ts';
import { startServer, type RunningServer } from '../../backend/src/server.ts';
import { FdicDouble } from '../doubles/fdic-double.ts';
import { fdicTestData } from '../doubles/fdic-data.ts';
import type { RecordedRequest } from '../doubles/server.ts';
import { launchBrowser, newContext } from './support/browser.ts';
import { apiAs, newUserDetails, routeUrl, screenshot, screenshotInBothThemes, useE2E } from './support/index.ts';
import { SignUpPage } from './support/pages/auth.ts';
import { DirectoryPage } from './support/pages/directory.ts';
import { Shell } from './support/pages/shell.ts';

describe('first start: the app is usable while the demo data loads', function () {
  let db: Database;
  let server: RunningServer;
  let browser: Browser;
  let releaseLoad!: () => void;
  const loadHeld = new Promise<void>((resolve) => (releaseLoad = resolve));
  let firstChunkDone!: () => void;
  const firstChunk = new Promise<void>((resolve) => (firstChunkDone = resolve));

  before(async function () {
    this.timeout(180_000);
    db = await openDatabase({ engine: 'pglite' });
    const sync = createSyncFeature();
    // The real first start with DEMO_DATA=always, held after its first chunk until the test lets it go on.
    const bootstrap = createBootstrapFeature(sync, {
      demoBanks: 150,
      afterDemoChunk: async ({ loaded }) => {
        if (loaded > 50) return;
        firstChunkDone();
        await loadHeld;
      },
    });
    server = await startServer(
      { ...loadConfig({}), port: 0, host: '127.0.0.1', jwtSecret: 'e2e-secret-that-is-long-enough', demoData: 'always', fdicApiUrl: 'http://127.0.0.1:9/banks', censusApiUrl: 'http://127.0.0.1:9/data' },
      { db, features: [...features.filter((feature) => feature.name !== 'regulator-bootstrap' && feature.name !== 'regulator-sync'), sync, bootstrap] },
    );
    browser = await launchBrowser();
  });

  after(async () => {
    releaseLoad();
    await browser?.close();
    await server?.stop();
    await db?.close();
  });

  it('signs up during the load, shows its progress on the screens, and fills them when it is done', async () => {
    await firstChunk;
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).to.equal(200);

    const context = await newContext(browser, server.url);
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await page.goto(routeUrl('/signup'));
    await new SignUpPage(page).signUp(newUserDetails('Early Bird'));
    await new Shell(page).waitForRoute('/');
    const loading = page.getByTestId('demo-data-loading');
    await loading.getByText('Loading demo data: 50 of 150 banks (33%)').waitFor();
    await screenshot(page, 'first-start-loading');

    await page.goto(routeUrl('/bank-directory'));
    await loading.waitFor();
    releaseLoad();
    // The rest of the load (100 banks) runs now; the banner polls for it.
    await page.getByTestId('demo-data-banner').waitFor({ timeout: 120_000 });
    await loading.waitFor({ state: 'detached' });
    await page.getByTestId('directory-row').first().waitFor();
    await context.close();
  });
});

describe('replacing the demo data: a sync from Data Tools that fails once, is resumed, and is refused while another runs', function () {
  /** The first page of an endpoint's records (not a count, which asks for no offset). */
  const firstPageOf = (endpoint: string) => (request: RecordedRequest) => request.path.endsWith(`/${endpoint}`) && request.params.get('offset') === '0';
  const fdic = new FdicDouble(fdicTestData({ active: 30, inactive: 2, quarters: ['20250930', '20250630'] }));
  const fast = { retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 5 }, requestsPerSecond: 0 };
  before(() => fdic.start());
  after(() => fdic.stop());
  const e2e = useE2E({
    banks: 40,
    config: () => ({ fdicApiUrl: fdic.url, syncQuarters: 2 }),
    features: () => [...features.filter((feature) => feature.name !== 'regulator-bootstrap' && feature.name !== 'regulator-sync'), (syncFeature = createSyncFeature({ fdic: fast, pageSize: 10 }))],
  });
  let syncFeature: ReturnType<typeof createSyncFeature>;

  it('says why the sync failed and from where it resumes, then shows the real banks; a second start follows the sync already running', async () => {
    const { page, session } = await e2e.openSignedInPage({ path: '/data-tools' });
    const card = page.getByTestId('bulk-sync');
    await page.getByTestId('demo-data-banner').waitFor();
    const syncButton = card.getByRole('button', { name: 'Sync FDIC Institutions & Financials' });

    fdic.inject({ status: 500, times: 3, when: (request) => request.path.endsWith('/financials') && request.params.get('offset') === '10' });
    await syncButton.click();
    await card.getByText(/^Sync failed: FDIC BankFind had a server error \(HTTP 500\).* Start the sync again to continue from 30 of 90 records\.$/).waitFor();
    await screenshot(page, 'data-tools-sync-failed');
    // Nothing replaced yet: the demo set stays whole until a sync completes.
    await page.getByTestId('demo-data-banner').waitFor();

    await syncButton.click();
    await card.getByText('Institution sync finished successfully!').waitFor();
    expect(await card.getByTestId('sync-detail').textContent()).to.match(
      /^Synced 30 active institutions, 0 structure changes, 0 failures and 60 quarterly reports \(Q2 2025 to Q3 2025\) from FDIC BankFind\. The demo data was removed\. Finished [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M\.$/,
    );
    await page.getByTestId('demo-data-banner').waitFor({ state: 'detached' });
    await new Shell(page).navigate('Bank Directory');
    const directory = new DirectoryPage(page);
    await directory.waitForRows();
    expect((await directory.names()).every((name) => name.startsWith('Test Bank '))).to.equal(true);

    // Started elsewhere while this screen shows the last result: the refused start follows that sync to its end.
    await page.goto(`${e2e.url}/#/data-tools`);
    await card.getByText('Institution sync finished successfully!').waitFor();
    const release = fdic.hold(firstPageOf('institutions'));
    await apiAs(e2e.url, session, '/api/services/sync/institutions', { method: 'POST' });
    await syncButton.click();
    await card.getByText(/^Sync failed to start: An FDIC institution sync is already running/).waitFor();
    await card.getByText('Institution sync finished successfully!').waitFor({ state: 'detached' });
    expect(await syncButton.isDisabled()).to.equal(true);
    release();
    await card.getByText('Institution sync finished successfully!').waitFor();
    await card.getByText(/^Sync failed to start/).waitFor({ state: 'detached' });
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });

  it('says why it cannot tell how a running sync goes while the server cannot answer, and follows it again once it does', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/data-tools' });
    const card = page.getByTestId('bulk-sync');
    const release = fdic.hold(firstPageOf('institutions'));
    await card.getByRole('button', { name: 'Sync FDIC Institutions & Financials' }).click();
    // Held at its first page, the run has counted its records: 'Starting...' before that lasts only a few requests.
    await card.getByText(/^Syncing \d+ records from FDIC BankFind\.$/).waitFor();

    const unavailable = 'The database is not reachable right now. Please try again in a moment.';
    const down = (route: Route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ status: 503, title: 'Service Unavailable', detail: unavailable, message: unavailable }) });
    await page.route('**/api/services/sync/status', down);
    await card.getByText(`The sync status could not be loaded. ${unavailable}`).waitFor();
    await screenshot(page, 'data-tools-sync-status-unavailable');
    await page.unroute('**/api/services/sync/status', down);
    release();
    await card.getByText('Institution sync finished successfully!').waitFor();
    await card.getByText(/^The sync status could not be loaded/).waitFor({ state: 'detached' });
  });

  it('shows a sync the server stopped mid-run as stopped, not failed, saying where starting it again continues', async () => {
    const { page } = await e2e.openSignedInPage({ path: '/data-tools' });
    const card = page.getByTestId('bulk-sync');
    const release = fdic.hold(firstPageOf('financials'));
    await card.getByRole('button', { name: 'Sync FDIC Institutions & Financials' }).click();
    // Held at the first page of financials: the institutions are stored.
    await card.getByText('30 of 90').waitFor();
    // What a server shutting down does to the sync it runs.
    await syncFeature.syncFor(e2e.server.running.services).stop();
    release();
    const notice = card.getByRole('alert').filter({ hasText: 'Sync stopped' });
    await notice.waitFor();
    expect(await notice.getByTestId('sync-detail').textContent()).to.match(/^The sync was stopped before it finished \(a server shutting down, or Ctrl\+C on npm run sync\)\. Start the sync again to continue from \d+ of \d+ records\.$/);
    await card.getByText(/^Sync failed/).waitFor({ state: 'detached' });
    await screenshotInBothThemes(page, 'data-tools-sync-stopped');
    expect(e2e.pageErrors(page)).to.deep.equal([]);
  });
});
