import type { Page } from 'playwright-core';
import { routeUrl } from '../index.ts';

/** Sign In screen. */
export class SignInPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto(routeUrl('/signin'));
    await this.page.getByRole('heading', { name: 'Sign In' }).waitFor();
  }

  async signIn(email: string, password: string) {
    await this.page.locator('input[name="email"]').fill(email);
    await this.page.locator('input[name="password"]').fill(password);
    await this.page.getByRole('button', { name: 'Sign In' }).click();
  }

  error() {
    return this.page.getByRole('alert');
  }
}

/** Sign Up screen. */
export class SignUpPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto(routeUrl('/signup'));
    await this.page.getByRole('heading', { name: 'Sign Up' }).waitFor();
  }

  async signUp(details: { name: string; email: string; password: string; confirmation?: string }) {
    await this.page.locator('input[name="name"]').fill(details.name);
    await this.page.locator('input[name="email"]').fill(details.email);
    await this.page.locator('input[name="password"]').fill(details.password);
    await this.page.locator('input[name="confirmPassword"]').fill(details.confirmation ?? details.password);
    await this.page.getByRole('button', { name: 'Sign Up' }).click();
  }

  error() {
    return this.page.getByRole('alert');
  }
}
