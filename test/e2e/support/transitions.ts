import type { Page } from 'playwright-core';

/**
 * Waits until every transition and finite animation of the page has ended (a spinner's endless one
 * aside): a colour, a size or a place read while one runs is one the user never sees at rest.
 */
export async function transitionsEnded(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity));
}
