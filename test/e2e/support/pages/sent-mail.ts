import type { Locator, Page } from 'playwright-core';

/** Sent Mailbox: the list pane and the reading pane. */
export class SentMailPage {
  constructor(readonly page: Page) {}

  count(): Locator {
    return this.page.getByTestId('mailbox-count');
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
