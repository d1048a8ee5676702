import type { Page } from 'playwright-core';

/** The Dashboard and its risk category modal. */
export class DashboardPage {
  constructor(readonly page: Page) {}

  async waitUntilLoaded() {
    await this.page.getByTestId('dashboard').waitFor();
    // The market figures replace their skeletons once the dashboard call answers.
    await this.page.getByTestId('market-total-assets').waitFor();
  }

  async statValue(card: 'active-institutions' | 'target-banks' | 'total-contacts' | 'market-assets'): Promise<string> {
    const value = this.page.getByTestId(`stat-${card}-value`);
    await this.page.waitForFunction((id) => {
      const element = document.querySelector(`[data-testid="${id}"]`);
      return element !== null && element.querySelector('.MuiSkeleton-root') === null;
    }, `stat-${card}-value`);
    return (await value.textContent()) ?? '';
  }

  card(testId: string) {
    return this.page.getByTestId(testId);
  }

  /** Clicks a segment of the Market Risk Distribution donut (0 High, 1 Medium, 2 Low). */
  async clickRiskSegment(index: number) {
    const sectors = this.page.getByTestId('risk-distribution').locator('.donut-segment');
    await sectors.nth(index).waitFor();
    // A donut segment's bounding-box centre can fall in the hole, so the click is sent to the segment itself.
    await sectors.nth(index).dispatchEvent('click');
  }

  riskModal() {
    return new RiskModal(this.page);
  }
}

export class RiskModal {
  constructor(readonly page: Page) {}

  root() {
    return this.page.getByTestId('risk-category-modal');
  }

  title() {
    return this.page.locator('#modal-title');
  }

  rows() {
    return this.page.getByTestId('risk-row');
  }

  async waitForRows() {
    await this.rows().first().waitFor();
  }

  async search(text: string) {
    await this.page.getByLabel('Search by name or CERT').fill(text);
  }

  async close() {
    await this.page.getByRole('button', { name: 'Close' }).first().click();
  }
}
