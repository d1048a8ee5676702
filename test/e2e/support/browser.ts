import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's chromium, headless, with everything that would phone home switched off. */
export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(chromiumPath)) throw new Error(`Browser tests need chromium at ${chromiumPath} (apt-get install -y chromium, or set CHROMIUM_PATH).`);
  return chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

export type ColorScheme = 'light' | 'dark';

export type Session = { token: string; user: { id: string; name: string; email: string }; email: string; password: string };

/**
 * A fresh browser context (own local storage) at a desktop size, in the given system colour scheme
 * (the app's theme defaults to it), signed in when a session is given; a touch screen when `touch`.
 * The system asks for reduced motion unless `motion` is set: the app then shows dialogs, menus and
 * notices at once, so a test neither waits on nor catches a fade (and Chromium draws far fewer frames).
 */
export async function newContext(
  browser: Browser,
  baseUrl: string,
  options: { colorScheme?: ColorScheme; session?: Session; viewport?: { width: number; height: number }; timezoneId?: string; touch?: boolean; motion?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: options.motion ? 'no-preference' : 'reduce',
    viewport: options.viewport ?? { width: 1440, height: 900 },
    timezoneId: options.timezoneId,
    // A phone: taps instead of a pointer (no hover), and the page laid out for its screen.
    hasTouch: options.touch,
    isMobile: options.touch,
  });
  if (options.session) {
    const { token, user } = options.session;
    await context.addInitScript(
      ([storedToken, storedUser]) => {
        if (!window.localStorage.getItem('charterline.token')) {
          window.localStorage.setItem('charterline.token', storedToken);
          window.localStorage.setItem('charterline.user', storedUser);
        }
      },
      [token, JSON.stringify(user)] as const,
    );
  }
  return context;
}

/** Fails the test on uncaught page errors, which otherwise pass silently. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
