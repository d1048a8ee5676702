import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { collectPageErrors, launchBrowser, newContext, type ColorScheme, type Session } from './browser.ts';
import type { AppConfig } from '../../../backend/src/config.ts';
import type { Feature } from '../../../backend/src/services.ts';
import { startE2EServer, type E2EServer } from './server.ts';
import { registerUser } from './users.ts';
import { screenshotDir } from './screenshots.ts';

export { contrastRatio, seenThrough } from './contrast.ts';
export { chartsDrawn, screenshot, screenshotDir, screenshotInBothSchemes, screenshotInBothThemes } from './screenshots.ts';
export { holdRequests } from './held-requests.ts';
export { transitionsEnded } from './transitions.ts';
export { addOneOfEachRecord, apiAs, apiOf, arrangeTemplateWorkflowAndMail, newUserDetails, registerUser, trackLargestBank } from './users.ts';
export type { ColorScheme, Session } from './browser.ts';

export type OpenPageOptions = {
  colorScheme?: ColorScheme;
  viewport?: { width: number; height: number };
  /** The hash route to open, e.g. '/bank-directory' (default '/'). */
  path?: string;
  /** The browser's time zone (IANA, e.g. 'Pacific/Kiritimati'); this machine's by default. */
  timezoneId?: string;
  /** A phone's touch screen: taps (`locator.tap()`), no hover. */
  touch?: boolean;
  /** The app's fades and slides as most users see them (by default the system asks for reduced motion). */
  motion?: boolean;
};

export type E2E = {
  /** Base URL of the running server. */
  readonly url: string;
  readonly browser: Browser;
  readonly server: E2EServer;
  /** Registers a fresh user through the API. */
  registerUser(name?: string): Promise<Session>;
  /** A page in a fresh context, not signed in, at the given hash route. */
  openPage(options?: OpenPageOptions): Promise<Page>;
  /** A page signed in as a fresh user (or the given session), at the given hash route. */
  openSignedInPage(options?: OpenPageOptions & { session?: Session }): Promise<{ page: Page; session: Session }>;
  /** Uncaught errors the given page raised so far. */
  pageErrors(page: Page): string[];
};

/** The hash URL of a route. */
export function routeUrl(path = '/'): string {
  return `/#${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * Registers mocha hooks in the calling `describe`: one server (fresh in-memory PGlite, demo banks) and
 * one chromium for the suite; every page's context is closed after each test. `config` is read when
 * the server starts (after the suite's earlier `before` hooks, e.g. ones starting protocol doubles); `features`
 * replaces the app's feature list (a suite that drives automation's clock builds its own).
 */
export function useE2E(options: { banks?: number; config?: () => Partial<AppConfig>; features?: () => Feature[] } = {}): E2E {
  let server: E2EServer | undefined;
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  const errors = new WeakMap<Page, string[]>();

  before(async function () {
    this.timeout(180_000);
    server = await startE2EServer({ banks: options.banks, config: options.config?.(), features: options.features?.() });
    browser = await launchBrowser();
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await saveFailureScreenshots(contexts, this.currentTest.fullTitle());
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    contexts = [];
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  const ready = () => {
    if (!server || !browser) throw new Error('useE2E: the server and browser start in a before hook; use them inside tests.');
    return { server, browser };
  };

  const open = async (opts: OpenPageOptions & { session?: Session }) => {
    const { server: running, browser: chromium } = ready();
    const context = await newContext(chromium, running.url, { colorScheme: opts.colorScheme, viewport: opts.viewport, session: opts.session, timezoneId: opts.timezoneId, touch: opts.touch, motion: opts.motion });
    contexts.push(context);
    // Fail fast: a missing element is a failing test, not a 30 s wait.
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    errors.set(page, collectPageErrors(page));
    await page.goto(routeUrl(opts.path));
    return page;
  };

  return {
    get url() {
      return ready().server.url;
    },
    get browser() {
      return ready().browser;
    },
    get server() {
      return ready().server;
    },
    registerUser: (name) => registerUser(ready().server.url, name),
    openPage: (opts = {}) => open(opts),
    async openSignedInPage(opts = {}) {
      const session = opts.session ?? (await registerUser(ready().server.url));
      const page = await open({ ...opts, session });
      return { page, session };
    },
    pageErrors: (page) => errors.get(page) ?? [],
  };
}

/** A picture of every open page of a failed test, to see what the browser showed. */
async function saveFailureScreenshots(contexts: BrowserContext[], title: string) {
  const folder = path.join(screenshotDir, '..', 'failures');
  fs.mkdirSync(folder, { recursive: true });
  const slug = title.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  let index = 0;
  for (const context of contexts) {
    for (const page of context.pages()) {
      index += 1;
      await page.screenshot({ path: path.join(folder, `${slug}-${index}.png`), fullPage: true }).catch(() => undefined);
    }
  }
}
