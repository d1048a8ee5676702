import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { formatLocalMoment } from '../../../../domain/format.ts';

/** Reports: the 'As of' picker, the subtitle saying which moment the page shows, and its sections. */
export class ReportsPage {
  constructor(readonly page: Page) {}

  subtitle(text: string): Locator {
    return this.page.getByRole('main').getByText(text, { exact: true });
  }

  /** Waits until the history's first replay has answered: the page draws its sections only then, under a progress bar till then. */
  async waitUntilLoaded() {
    await this.section('targets').waitFor();
  }

  section(name: string): Locator {
    return this.page.getByTestId(`report-${name}`);
  }

  /** The row of a table section that holds the given text. */
  row(section: string, text: string): Locator {
    return this.section(section).locator('tbody tr').filter({ hasText: text });
  }

  /**
   * Moves the page back to a moment given as the picker's own value (local time, to the minute) and
   * answers the subtitle the page then shows.
   */
  async pickAsOf(localValue: string): Promise<string> {
    await this.page.getByLabel('As of').fill(localValue);
    // The browser runs on this machine's clock (no time zone of its own), as Node does here.
    return `As of ${formatLocalMoment(new Date(localValue).toISOString())}`;
  }

  async backToNow() {
    await this.page.getByRole('button', { name: 'Now', exact: true }).click();
    await this.subtitle('As of now').waitFor();
  }

  /** Downloads a section's CSV: the file's name and text. */
  async downloadCsv(section: string): Promise<{ name: string; text: string }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.section(section).getByRole('button', { name: 'CSV' }).click()]);
    const file = await download.path();
    return { name: download.suggestedFilename(), text: fs.readFileSync(file, 'utf8') };
  }
}
