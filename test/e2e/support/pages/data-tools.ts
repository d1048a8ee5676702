import type { Page } from 'playwright-core';

/** Tools & Utilities. */
export class DataToolsPage {
  constructor(readonly page: Page) {}

  async waitUntilLoaded() {
    await this.page.getByTestId('data-tools').waitFor();
  }

  async openApiDocumentation() {
    await this.page.getByRole('button', { name: 'View API Documentation' }).click();
    await this.page.getByRole('dialog').waitFor();
  }
}
