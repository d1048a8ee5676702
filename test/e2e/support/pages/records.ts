import type { Page } from 'playwright-core';

/**
 * Waits until a Records list opened by its address shows its record: its heading first, since the
 * list before stays on screen until the next one's code has loaded, and may hold the same text (a
 * task's row names its bank).
 */
export async function waitForRecordList(page: Page, list: { heading: string; text: string }): Promise<void> {
  await page.getByRole('heading', { name: list.heading, exact: true, level: 1 }).waitFor();
  await page.getByText(list.text).first().waitFor();
}
