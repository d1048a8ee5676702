import type { Page } from 'playwright-core';

/** Bank Directory. */
export class DirectoryPage {
  constructor(readonly page: Page) {}

  rows() {
    return this.page.getByTestId('directory-row');
  }

  async waitForRows() {
    await this.rows().first().waitFor();
    await this.settle();
  }

  /** Waits until no list request is in flight (the progress bar is gone). */
  async settle() {
    await this.page.waitForFunction(() => document.querySelector('[data-testid="bank-directory"] .MuiLinearProgress-root') === null);
  }

  async names(): Promise<string[]> {
    await this.settle();
    return this.page.getByTestId('directory-row').getByTestId('bank-name').allTextContents();
  }

  async showing(): Promise<string> {
    return (await this.page.getByTestId('pager-showing').textContent()) ?? '';
  }

  async pageLabel(): Promise<string> {
    return (await this.page.getByTestId('pager-page').textContent()) ?? '';
  }

  /** Types a search and waits for the list to answer it. */
  async search(text: string) {
    const answered = this.page.waitForResponse((response) => response.url().includes('/financials-query') && response.url().includes(encodeURIComponent(text).replace(/%20/g, '+')));
    await this.page.getByLabel('Search by name').fill(text);
    await answered;
    await this.settle();
  }

  async chooseRegulator(label: string) {
    await this.choose('directory-regulator', label);
  }

  async chooseCharter(label: string) {
    await this.choose('directory-charter', label);
  }

  private async choose(testId: string, label: string) {
    await this.page.getByTestId(testId).click();
    const answered = this.page.waitForResponse((response) => response.url().includes('/financials-query'));
    await this.page.getByRole('option', { name: label, exact: true }).click();
    await answered;
    await this.settle();
  }

  /** Picks several states, then closes the list once the Directory has answered the last. */
  async chooseStates(codes: string[]) {
    await this.page.getByTestId('directory-state').click();
    for (const code of codes) {
      const answered = this.page.waitForResponse((response) => response.url().includes('/financials-query'));
      await this.page.getByRole('option', { name: code, exact: true }).click();
      await answered;
    }
    await this.page.keyboard.press('Escape');
    await this.settle();
  }

  /** The count in 'Showing 1 to 50 of 1,234 results'. */
  async total(): Promise<number> {
    return Number(/of ([\d,]+) results/.exec(await this.showing())![1].replace(/,/g, ''));
  }

  async sortBy(header: string) {
    const answered = this.page.waitForResponse((response) => response.url().includes('/financials-query'));
    await this.page.getByRole('columnheader', { name: header }).getByRole('button').click();
    await answered;
    await this.settle();
  }

  async next() {
    const answered = this.page.waitForResponse((response) => response.url().includes('/financials-query'));
    await this.page.getByRole('button', { name: 'Next' }).click();
    await answered;
    await this.settle();
  }

  async switchToCards() {
    await this.page.getByRole('button', { name: 'Card view' }).click();
    await this.page.getByTestId('directory-card').first().waitFor();
  }

  /** Stars the row of the named bank. */
  async star(name: string) {
    await this.page.getByRole('button', { name: `Add ${name} to targets` }).first().click();
  }
}
