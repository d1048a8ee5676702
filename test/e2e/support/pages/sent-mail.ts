import type { Locator, Page } from 'playwright-core';

/** Sent Mailbox: the list pane and the reading pane. */
export class SentMailPage {
  constructor(readonly page: Page) {}

  count(): Locator {
    return this.page.getByTestId('mailbox-count');
  }

  /** Waits until the list has loaded: its count line says 'Loading...' till then. */
  async waitUntilLoaded() {
    await this.count().filter({ hasNotText: 'Loading...' }).waitFor();
  }

  rows(): Locator {
    return this.page.getByTestId('sent-email-row');
  }

  view(): Locator {
    return this.page.getByTestId('sent-email-view');
  }

  async search(text: string) {
    await this.page.getByRole('textbox', { name: 'Search sent emails' }).fill(text);
  }
}
