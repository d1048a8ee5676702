import type { Locator, Page } from 'playwright-core';

/** The texts of one column (by its header) in the rows of the shared bank table, whatever columns the page shows. */
export async function columnTexts(page: Page, rows: Locator, header: string): Promise<string[]> {
  const headers = await page.getByTestId('bank-table').locator('thead th').allTextContents();
  const index = headers.findIndex((text) => text.trim() === header);
  if (index < 0) throw new Error(`No column '${header}' in the bank table (it shows ${headers.join(', ')}).`);
  return rows.locator(`td:nth-child(${index + 1})`).allTextContents();
}
