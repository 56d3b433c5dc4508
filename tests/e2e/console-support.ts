/** The operator console as staff open it: sign in (with the authenticator code when asked) until the room is live. */
import type { Page } from '@playwright/test';
import { expect } from './fixtures.js';

export async function signIn(page: Page, serverUrl: string, who: { username: string; password: string }, code?: () => string): Promise<void> {
  await page.goto(`${serverUrl}/console/`);
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (code) {
    await page.getByLabel('Authenticator code').fill(code());
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
}
