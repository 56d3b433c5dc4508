/**
 * Issue 25: the kiosk's QR login through a real OpenID Provider, and email
 * that leaves the building. The cafe server is configured from the
 * environment as a cafe would (Google's issuer pointed at oidc-provider on
 * loopback, the client secret and the SMTP URL in files); the test scans
 * nothing — a second browser page follows the QR session's authUrl as the
 * phone would, signs in at the provider, and the kiosk logs in. A local SMTP
 * server (smtp-server) receives the reset mail; its link resets the password
 * in the browser.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { startServer, startWebShell, type Running } from '../support/processes.js';
import { startOpenIdProvider, type TestOpenIdProvider } from '../support/openid-provider.js';
import { expect, kioskLogin, test } from './fixtures.js';

let op: TestOpenIdProvider;
let server: Running;
let shell: Running;
let dir: string;
let smtp: SMTPServer;
const mails: string[] = [];

test.beforeAll(async () => {
  op = await startOpenIdProvider();
  dir = mkdtempSync(join(tmpdir(), 'spawnpoint-signin-e2e-'));
  const secretFile = join(dir, 'google-secret');
  writeFileSync(secretFile, 'google-secret\n', { mode: 0o600 });
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push(Buffer.concat(chunks).toString());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpFile = join(dir, 'smtp-url');
  writeFileSync(smtpFile, `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}\n`, { mode: 0o600 });
  server = await startServer({
    env: {
      SPAWNPOINT_SMTP_URL_FILE: smtpFile,
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
  if (smtp) await new Promise<void>((resolve) => smtp.close(() => resolve()));
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

test('the reset mail leaves over SMTP and its link resets the password in the browser', async ({ page, browser }) => {
  await page.goto(shell.url);
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await page.getByLabel('Email').fill('ali@example.com');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('If an account uses this email, a reset link is on its way.')).toBeVisible();
  await expect.poll(() => mails.length, { timeout: 10_000 }).toBeGreaterThan(0);
  // Quoted-printable: soft line breaks and =XX escapes.
  const body = mails.at(-1)!.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  expect(body).toMatch(/^To: ali@example\.com/m);
  const link = /(http\S+\/password\?token=\S+)/.exec(body)![1]!;

  const web = await (await browser.newContext()).newPage();
  await web.goto(link);
  await web.getByLabel('New password', { exact: true }).fill('ali-new-pass');
  await web.getByLabel('Confirm password').fill('ali-new-pass');
  await web.getByRole('button', { name: 'Reset Password' }).click();
  await expect(web.getByText('Your password has been reset.', { exact: false })).toBeVisible();
  // The kiosk takes the new password (the reset ended any session of the old one).
  await kioskLogin(page, shell.url, 'ali', 'ali-new-pass');
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
});
