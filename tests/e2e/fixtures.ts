import { test as base, expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { demoStation, startServer, startWebShell, type Running } from '../support/processes.js';

export interface Cafe {
  server: Running;
  /** Start a web shell for a demo station; stopped after the test. */
  station(number: number): Promise<{ url: string; shell: Running } & ReturnType<typeof demoStation>>;
}

/** A fresh cafe server (in-memory demo seed) for every test. */
export const test = base.extend<{ cafe: Cafe }>({
  // eslint-disable-next-line no-empty-pattern
  cafe: async ({}, use) => {
    // The QR login specs sign in through the development provider.
    const server = await startServer({ devOAuth: true });
    const shells: Running[] = [];
    await use({
      server,
      async station(number) {
        const shell = await startWebShell(server.url, number);
        shells.push(shell);
        return { url: shell.url, shell, ...demoStation(number) };
      },
    });
    await Promise.all(shells.map((s) => s.stop()));
    await server.stop();
  },
});

export { expect };

const SHOTS = 'test-results/screenshots';
mkdirSync(SHOTS, { recursive: true });

/** Save a full-page screenshot of a screen for the docs and for review. */
export async function shoot(page: Page, name: string): Promise<void> {
  // Let visible images finish loading first, so the picture is what a person sees.
  await page
    .waitForFunction(() => Array.from(document.images).every((img) => img.complete), undefined, { timeout: 5_000 })
    .catch(() => undefined);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** A customer at the kiosk's login form, as they would type it (what follows — the dashboard or an error — is the caller's to check). */
export async function kioskLogin(page: Page, url: string, username: string, password: string): Promise<void> {
  await page.goto(url);
  await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}
