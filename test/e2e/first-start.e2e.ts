import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { loadConfig } from '../../backend/src/config.ts';
import { openDatabase, type Database } from '../../backend/src/db/database.ts';
import { features } from '../../backend/src/features.ts';
import { createBootstrapFeature } from '../../backend/src/regulator/bootstrap.ts';
import { createSyncFeature } from '../../backend/src/regulator/sync/feature.ts';
import { startServer, type RunningServer } from '../../backend/src/server.ts';
import { launchBrowser, newContext } from './support/browser.ts';
import { newUserDetails, routeUrl, screenshot } from './support/index.ts';
import { SignUpPage } from './support/pages/auth.ts';
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
