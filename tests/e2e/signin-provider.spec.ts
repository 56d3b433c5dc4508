/**
 * Issue 25: the kiosk's QR login through a real OpenID Provider. The cafe
 * server is configured from the environment as a cafe would (Google's issuer
 * pointed at oidc-provider on loopback, the client secret in a file); the
 * test scans nothing — a second browser page follows the QR session's
 * authUrl as the phone would, signs in at the provider, and the kiosk logs in.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, startWebShell, type Running } from '../support/processes.js';
import { startOpenIdProvider, type TestOpenIdProvider } from '../support/openid-provider.js';
import { expect, test } from './fixtures.js';

let op: TestOpenIdProvider;
let server: Running;
let shell: Running;
let dir: string;

test.beforeAll(async () => {
  op = await startOpenIdProvider();
  dir = mkdtempSync(join(tmpdir(), 'spawnpoint-signin-e2e-'));
  const secretFile = join(dir, 'google-secret');
  writeFileSync(secretFile, 'google-secret\n', { mode: 0o600 });
  server = await startServer({
    env: {
      SPAWNPOINT_OAUTH_GOOGLE_CLIENT_ID: 'google-client',
      SPAWNPOINT_OAUTH_GOOGLE_CLIENT_SECRET_FILE: secretFile,
      SPAWNPOINT_OAUTH_GOOGLE_ISSUER: op.issuer,
    },
  });
  op.register([{ clientId: 'google-client', clientSecret: 'google-secret', redirectUri: `${server.url}/oauth/google/callback` }]);
  op.accounts.set('ali', { email: 'ali@example.com', emailVerified: true, name: 'Ali Hassan', username: 'ali' });
  op.nextAccount = 'ali';
  shell = await startWebShell(server.url, 7);
});

test.afterAll(async () => {
  await shell?.stop();
  await server?.stop();
  await op?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('QR login through a real OpenID Provider: only the configured provider is offered, the phone signs in, the kiosk logs in', async ({ page }) => {
  await page.goto(shell.url);
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Login with QR Code' }).click();
  const modal = page.getByTestId('qr-modal');
  await expect(modal.getByText('Choose Login Method')).toBeVisible();
  const grid = modal.getByTestId('qr-providers');
  await expect(grid.getByRole('button')).toHaveCount(1);
  await expect(grid.getByRole('button', { name: 'Google' })).toBeVisible();
  await expect(grid.getByText('Development sign-in')).toHaveCount(0);

  const authUrl = page
    .waitForResponse((r) => /\/qr-session$/.test(r.url()) && r.request().method() === 'POST')
    .then(async (r) => ((await r.json()) as { authUrl: string }).authUrl);
  await grid.getByRole('button', { name: 'Google' }).click();
  await expect(modal.getByText('Scan QR Code')).toBeVisible();

  const phone = await page.context().newPage();
  await phone.goto(await authUrl);
  await expect(phone.getByText('Signed in. You can go back to the station now.')).toBeVisible();
  expect(op.authorizations.at(-1)?.get('code_challenge_method')).toBe('S256');

  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  await expect(page.getByText('Welcome, ali')).toBeVisible();
});
