import type { Page } from 'playwright-core';

/** The signed-in shell: sidebar, groups, user block. */
export class Shell {
  constructor(readonly page: Page) {}

  /** The current hash route, e.g. '/bank-directory'. */
  route(): string {
    return new URL(this.page.url()).hash.replace(/^#/, '') || '/';
  }

  async waitForRoute(path: string) {
    await this.page.waitForFunction((expected) => (window.location.hash.replace(/^#/, '').split('?')[0] || '/') === expected, path);
  }

  sidebarUserName() {
    return this.page.getByTestId('sidebar-user-name');
  }

  async navigate(label: string, group?: string) {
    const nav = this.page.getByRole('navigation', { name: 'Main navigation' });
    if (group) {
      // A group is already open while one of its pages is shown.
      const header = nav.getByRole('button', { name: group });
      if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
      // On a busy machine a click while the group still opens can land on whichever link was there.
      await nav.locator('.MuiCollapse-entered').getByRole('link', { name: label }).waitFor();
    }
    await nav.getByRole('link', { name: label }).click();
  }

  async signOut() {
    await this.page.getByRole('button', { name: 'Sign out' }).click();
  }

  async toggleTheme() {
    await this.page.getByRole('button', { name: /Switch to (dark|light) mode/ }).click();
  }
}
