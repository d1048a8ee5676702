import type { Page } from 'playwright-core';

/** Credit Box Search. */
export class CreditBoxPage {
  constructor(readonly page: Page) {}

  heading() {
    return this.page.getByTestId('credit-box-heading');
  }

  rows() {
    return this.page.getByTestId('credit-box-row');
  }

  async findMatches() {
    const answered = this.page.waitForResponse((response) => response.url().includes('/credit-box-search'));
    await this.page.getByRole('button', { name: 'Find Matches' }).click();
    await answered;
    await this.settle();
  }

  async settle() {
    await this.page.waitForFunction(() => document.querySelector('[data-testid="credit-box"] .MuiLinearProgress-root') === null);
  }

  async names(): Promise<string[]> {
    await this.settle();
    return this.rows().getByTestId('bank-name').allTextContents();
  }

  async next() {
    const answered = this.page.waitForResponse((response) => response.url().includes('/credit-box-search'));
    await this.page.getByRole('button', { name: 'Next' }).click();
    await answered;
    await this.settle();
  }

  async pageLabel(): Promise<string> {
    return (await this.page.getByTestId('pager-page').textContent()) ?? '';
  }

  /**
   * Opens a filter group (one the user left open stays so) and waits until it has slid open: a click
   * on a filter still moving can land beside it.
   */
  async openGroup(title: string) {
    const button = this.page.getByRole('button', { name: title });
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    await button.locator('xpath=following-sibling::*[contains(@class, "MuiCollapse-entered")]').waitFor();
  }

  /** Flips a filter's switch (by the filter's name, e.g. 'regulator'), making sure it flipped. */
  async toggleFilter(name: string) {
    const toggle = this.page.getByTestId(`filter-${name}`).getByRole('switch');
    await toggle.setChecked(!(await toggle.isChecked()));
  }

  async chooseInFilter(name: string, label: string) {
    await this.page.getByTestId(`filter-${name}`).getByRole('combobox').click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }

  /** Picks several options of a filter that holds more than one (the State), then closes its list. */
  async chooseSeveralInFilter(name: string, labels: string[]) {
    await this.page.getByTestId(`filter-${name}`).getByRole('combobox').click();
    for (const label of labels) await this.page.getByRole('option', { name: label, exact: true }).click();
    await this.page.keyboard.press('Escape');
  }

  /** The count in the results heading, 'Results (1,234)'. */
  async total(): Promise<number> {
    return Number(/\(([\d,]+)\)/.exec((await this.heading().textContent()) ?? '')![1].replace(/,/g, ''));
  }

  /** Moves a slider to its lowest (Home) or highest (End) value with the keyboard. */
  async setSliderToEnd(label: string, key: 'Home' | 'End') {
    const slider = this.page.getByRole('slider', { name: label });
    await slider.focus();
    await slider.press(key);
  }
}
