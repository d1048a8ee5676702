import type { Locator, Page } from 'playwright-core';

/** Targets (/outreach/targets): the target cards and the dialogs opened from them. */
export class TargetsPage {
  constructor(readonly page: Page) {}

  cards() {
    return this.page.getByTestId('target-card');
  }

  card(name: string): Locator {
    return this.cards().filter({ has: this.page.getByTestId('target-name').getByText(name, { exact: true }) });
  }

  expandedCard(): Locator {
    return this.page.locator('[data-testid="target-card"][data-expanded="true"]');
  }

  async waitForCards() {
    await this.cards().first().waitFor();
  }

  async expand(name: string) {
    const card = this.card(name);
    if ((await card.getAttribute('data-expanded')) !== 'true') await card.getByRole('button', { name, expanded: false }).click();
    await this.expandedCard().getByRole('region', { name: 'Contacts' }).waitFor();
    // The card's body slides open: a click while it is still sliding can land beside its target.
    await this.expandedCard().locator('.MuiCollapse-entered').waitFor();
  }

  dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  contactRow(name: string): Locator {
    return this.expandedCard().locator(`[data-testid="contact-row"][data-contact-name="${name}"]`);
  }

  taskRow(text: string): Locator {
    return this.expandedCard().locator(`[data-testid="task-row"][data-task-text="${text}"]`);
  }

  /** Fills and saves the contact form opened by 'Add New Contact'. */
  async addContact(contact: { name: string; title: string; email?: string; tags?: string[] }) {
    await this.expandedCard().getByRole('button', { name: 'Add New Contact' }).click();
    const dialog = this.dialog();
    await dialog.getByLabel('Full Name').fill(contact.name);
    await dialog.getByLabel('Job Title').fill(contact.title);
    if (contact.email) await dialog.getByLabel('Email').fill(contact.email);
    for (const tag of contact.tags ?? []) {
      await dialog.getByRole('textbox', { name: 'Tags' }).fill(tag);
      await dialog.getByRole('textbox', { name: 'Tags' }).press('Enter');
    }
    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await dialog.waitFor({ state: 'detached' });
    await this.contactRow(contact.name).waitFor();
  }

  async quickAddTask(text: string) {
    const card = this.expandedCard();
    await card.getByRole('textbox', { name: /^New task for / }).fill(text);
    await card.getByRole('button', { name: 'Add', exact: true }).click();
    await this.taskRow(text).waitFor();
  }

  async showCardView() {
    await this.page.getByRole('button', { name: 'Card view' }).click();
    await this.page.getByTestId('target-summary-card').first().waitFor();
  }

  async showDetailView() {
    await this.page.getByRole('button', { name: 'Detail view' }).click();
    await this.cards().first().waitFor();
  }
}
