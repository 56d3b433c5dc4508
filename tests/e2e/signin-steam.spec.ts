/**
 * Issue 25: Steam in the browser, against a real OpenID 2.0 peer on loopback
 * (tests/support/openid2-provider.ts) configured from the environment as a
 * cafe would (SPAWNPOINT_OAUTH_STEAM=on, the Web API key in a file, Steam's
 * endpoints pointed at the peer). No development provider: the server starts
 * without --dev-oauth.
 *
 *  1. The profile's Steam link: the popup goes through the server's
 *     /steam-openid/login to the provider, comes back to the station's
 *     /steam-callback, which posts the answer to its opener; the server
 *     links only after the provider's check_authentication said yes.
 *  2. Steam's QR login: a second page follows the authUrl as the phone would,
 *     the provider answers the server's callback, the server asks the provider
 *     (check_authentication), and the kiosk logs in as the customer whose
 *     Steam account was linked in 1.
 *  3. The phone opening the same callback again (a replay) is refused on a
 *     plain page and nobody is logged in; a Steam account linked to no one
 *     is told at the kiosk.
 */
import type { Page } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { en } from '../../src/shared/i18n/en.js';
import { startServer, startWebShell, type Running } from '../support/processes.js';
import { startTestSteam, type TestSteam } from '../support/openid2-provider.js';
import { expect, kioskLogin, shoot, test } from './fixtures.js';

const ALI_STEAM = '76561198000000042';
const STRANGER_STEAM = '76561198000000777';

let steam: TestSteam;
let server: Running;
let dir: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  steam = await startTestSteam(() => Date.now());
  steam.personas.set(ALI_STEAM, 'AliOnSteam');
  dir = mkdtempSync(join(tmpdir(), 'spawnpoint-steam-e2e-'));
  const keyFile = join(dir, 'steam-web-api-key');
  writeFileSync(keyFile, `${steam.webApiKey}\n`, { mode: 0o600 });
  server = await startServer({
    env: {
      SPAWNPOINT_OAUTH_STEAM: 'on',
      SPAWNPOINT_STEAM_WEB_API_KEY_FILE: keyFile,
      SPAWNPOINT_STEAM_OPENID_ENDPOINT: steam.endpoint,
      SPAWNPOINT_STEAM_CLAIMED_ID_PREFIX: steam.claimedIdPrefix,
      SPAWNPOINT_STEAM_WEB_API_URL: steam.url,
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await steam?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The top bar's profile menu item, as a customer opens it. */
async function openProfile(page: Page): Promise<void> {
  await page.getByTestId('profile-menu-button').click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/user-profile$/);
}

/** The QR modal of a station at its Steam code; resolves with the authUrl the phone would scan. */
async function steamQr(page: Page, url: string): Promise<string> {
  await page.goto(url);
  await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Login with QR Code' }).click();
  const modal = page.getByTestId('qr-modal');
  const grid = modal.getByTestId('qr-providers');
  // Only what the cafe configured: Steam, and no development sign-in.
  await expect(grid.getByRole('button')).toHaveCount(1);
  await expect(grid.getByRole('button', { name: 'Steam' })).toBeVisible();
  const authUrl = page
    .waitForResponse((r) => /\/qr-session$/.test(r.url()) && r.request().method() === 'POST')
    .then(async (r) => ((await r.json()) as { authUrl: string }).authUrl);
  await grid.getByRole('button', { name: 'Steam' }).click();
  await expect(modal.getByText('Scan QR Code')).toBeVisible();
  return authUrl;
}

test("the profile's Steam link: the popup signs in at the OpenID 2.0 provider, the server verifies it with the provider and links", async ({ page }) => {
  const shell = await startWebShell(server.url, 1);
  try {
    await kioskLogin(page, shell.url, 'ali', 'ali12345');
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
    await openProfile(page);
    const card = page.getByTestId('steam-card');
    await expect(page.getByTestId('steam-status')).toHaveText(en['steam.notLinked']);

    steam.nextSteamId = ALI_STEAM;
    const checks = steam.checks.length;
    const [popup] = await Promise.all([page.waitForEvent('popup'), card.getByRole('button', { name: en['steam.link'] }).click()]);
    await expect(page.getByTestId('steam-status')).toHaveText(`Linked to Steam ID ${ALI_STEAM}`, { timeout: 15_000 });
    await expect.poll(() => popup.isClosed()).toBe(true);

    // The popup went to the provider with an OpenID request that returns to the station's own /steam-callback…
    const request = steam.requests.at(-1)!;
    expect(request.get('openid.mode')).toBe('checkid_setup');
    expect(request.get('openid.return_to')).toBe(`${shell.url}/steam-callback`);
    expect(request.get('openid.realm')).toBe(shell.url);
    // …and the link was made only once the provider confirmed its own assertion.
    expect(steam.checks.slice(checks)).toEqual([{ valid: true }]);
    await shoot(page, 'signin-steam-01-profile-linked');
  } finally {
    await shell.stop();
  }
});

test("Steam's QR login: the phone signs in at the OpenID 2.0 provider, the server checks it with the provider, the kiosk logs in as the linked customer", async ({ page }) => {
  const shell = await startWebShell(server.url, 2);
  try {
    steam.nextSteamId = ALI_STEAM;
    const authUrl = await steamQr(page, shell.url);
    await shoot(page, 'signin-steam-02-qr');
    const checks = steam.checks.length;
    const phone = await page.context().newPage();
    await phone.goto(authUrl);
    await expect(phone.getByText('Signed in. You can go back to the station now.')).toBeVisible();
    await shoot(phone, 'signin-steam-03-phone-signed-in');

    const request = steam.requests.at(-1)!;
    expect(request.get('openid.realm')).toBe(new URL(server.url).origin);
    expect(request.get('openid.return_to')).toMatch(new RegExp(`^${server.url}/oauth/steam/callback\\?state=[\\w-]{20,}$`));
    expect(steam.checks.slice(checks)).toEqual([{ valid: true }]);

    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
    await expect(page.getByText('Welcome, ali')).toBeVisible();
    await shoot(page, 'signin-steam-04-logged-in');

    // The phone opens the same answer again: refused on a plain page, nothing asked of the provider.
    const callbackUrl = phone.url();
    expect(callbackUrl).toContain('/oauth/steam/callback');
    const before = steam.checks.length;
    const replay = await phone.goto(callbackUrl);
    expect(replay?.status()).toBe(400);
    await expect(phone.getByText('This sign-in link has expired or was already used.', { exact: false })).toBeVisible();
    expect(steam.checks.length).toBe(before);
  } finally {
    await shell.stop();
  }
});

test('a Steam account linked to no one: the kiosk says the sign-in brought no email and stays at the login', async ({ page }) => {
  const shell = await startWebShell(server.url, 3);
  try {
    steam.nextSteamId = STRANGER_STEAM;
    const authUrl = await steamQr(page, shell.url);
    const phone = await page.context().newPage();
    await phone.goto(authUrl);
    await expect(phone.getByText('Signed in. You can go back to the station now.')).toBeVisible();
    await expect(page.getByText(en['validation.oauthMissingEmail'])).toBeVisible({ timeout: 10_000 });
    await expect(page).toHaveURL(/\/login$/);
    await shoot(page, 'signin-steam-05-not-linked');
  } finally {
    await shell.stop();
  }
});
