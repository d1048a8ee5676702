import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { Shell } from './pages/shell.ts';

/** Git-ignored folder where browser tests leave a picture of every screen, to look at. */
export const screenshotDir = fileURLToPath(new URL('../../../test-artifacts/screenshots/', import.meta.url));

/** Saves a full-page PNG as `<name>-<light|dark>.png` (the page's colour scheme is read from the app). */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  const scheme = await page.evaluate(() => (window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'));
  const stored = await page.evaluate(() => window.localStorage.getItem('RaStore.theme'));
  const theme = stored ? (JSON.parse(stored) as string) : scheme;
  const file = path.join(screenshotDir, `${name}-${theme}.png`);
  await chartsDrawn(page);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Lets charts finish their entry animation before a picture; they have none when the system asks for reduced motion. */
export async function chartsDrawn(page: Page): Promise<void> {
  const animated = await page.evaluate(() => !window.matchMedia('(prefers-reduced-motion: reduce)').matches);
  if (animated) await page.waitForTimeout(600);
}

/**
 * `screenshot` in the page's theme, then in the other, and back to the first. The pointer is moved off
 * the theme button after each switch: its tooltip would cover the next picture, this one's or a later one's.
 */
export async function screenshotInBothThemes(page: Page, name: string): Promise<void> {
  const shell = new Shell(page);
  const switchTheme = async () => {
    await shell.toggleTheme();
    await page.mouse.move(700, 400);
  };
  await screenshot(page, name);
  await switchTheme();
  await screenshot(page, name);
  await switchTheme();
}

/**
 * `screenshot` in the system's light colour scheme, then its dark one, then back to light: for a screen
 * with a dialog open, whose backdrop keeps the theme button from a click. The app follows the system's
 * scheme while the user has chosen no theme.
 */
export async function screenshotInBothSchemes(page: Page, name: string): Promise<void> {
  const switchScheme = async (colorScheme: 'light' | 'dark') => {
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.emulateMedia({ colorScheme });
    await page.waitForFunction((before) => getComputedStyle(document.body).backgroundColor !== before, background);
  };
  await screenshot(page, name);
  await switchScheme('dark');
  await screenshot(page, name);
  await switchScheme('light');
}
