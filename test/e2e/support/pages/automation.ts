import type { Locator, Page } from 'playwright-core';

/** Automation Outreach: workflow cards, template grid and their modals. */
export class AutomationPage {
  constructor(readonly page: Page) {}

  async waitUntilLoaded() {
    await this.page.getByRole('button', { name: '+ New Template' }).waitFor();
  }

  templateCards(): Locator {
    return this.page.getByTestId('template-card');
  }

  templateCard(name: string): Locator {
    return this.templateCards().filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }

  workflowCard(name: string): Locator {
    return this.page.getByTestId('workflow-card').filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }

  dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  async openNewTemplate() {
    await this.page.getByRole('button', { name: '+ New Template' }).click();
    await this.dialog().getByRole('heading', { name: 'Create New Template' }).waitFor();
  }

  async fillTemplate(fields: { name?: string; subject?: string; body?: string }) {
    const dialog = this.dialog();
    if (fields.name !== undefined) await dialog.getByLabel('Template Name').fill(fields.name);
    if (fields.subject !== undefined) await dialog.getByLabel('Subject').fill(fields.subject);
    if (fields.body !== undefined) await dialog.getByLabel('Body').fill(fields.body);
  }

  async saveTemplate() {
    await this.dialog().getByRole('button', { name: /^(Create|Save) Template$/ }).click();
  }

  async searchTemplates(text: string) {
    await this.page.getByRole('textbox', { name: 'Search templates' }).fill(text);
  }

  async openNewWorkflow() {
    await this.page.getByRole('button', { name: '+ New Workflow' }).click();
    await this.dialog().getByRole('heading', { name: 'Create New Workflow' }).waitFor();
  }

  /** Picks an option of a select field of the open dialog by the field's accessible name. */
  async choose(field: string, option: string) {
    await this.dialog().getByRole('combobox', { name: field }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  async deleteTemplate(name: string) {
    await this.templateCard(name).getByRole('button', { name: `Delete ${name}` }).click();
  }
}
