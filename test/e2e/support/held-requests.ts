import type { Page, Route } from 'playwright-core';

/**
 * Holds the page's requests to `url` (a glob) unanswered until `release()`, which lets them through
 * and stops holding: a screen seen while an answer is slow, as over a long history or a busy server.
 */
export async function holdRequests(page: Page, url: string): Promise<{ release(): Promise<void> }> {
  let answer = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  const hold = async (route: Route) => {
    await held;
    await route.continue().catch(() => undefined);
  };
  await page.route(url, hold);
  return {
    release: async () => {
      answer();
      await page.unroute(url, hold);
    },
  };
}
