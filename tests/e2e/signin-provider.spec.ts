/**
 * Issue 25: the kiosk's QR login through a real OpenID Provider, and email
 * that leaves the building. The cafe server is configured from the
 * environment as a cafe would, with Google, Apple, Discord and GitHub at once
 * (each pointed at oidc-provider on loopback by its documented overrides;
 * client secrets, Apple's team key and the SMTP URL in files); for each
 * provider the test scans nothing — a second browser page follows the QR
 * session's authUrl as the phone would, signs in at the provider, and the
 * kiosk logs in. A local SMTP
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

const PROVIDERS = [
  { id: 'google', name: 'Google', station: 1 },
  { id: 'apple', name: 'Apple ID', station: 2 },
  { id: 'discord', name: 'Discord', station: 3 },
  { id: 'github', name: 'GitHub', station: 4 },
] as const;

let op: TestOpenIdProvider;
let server: Running;
let shell: Running;
let dir: string;
let smtp: SMTPServer;
const mails: string[] = [];

test.beforeAll(async () => {
  op = await startOpenIdProvider();
  dir = mkdtempSync(join(tmpdir(), 'spawnpoint-signin-e2e-'));
  const secretFile = (name: string, value: string) => {
    const file = join(dir, name);
    writeFileSync(file, `${value}\n`, { mode: 0o600 });
    return file;
  };
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
  const P = 'SPAWNPOINT_OAUTH_';
  server = await startServer({
    env: {
      SPAWNPOINT_SMTP_URL_FILE: smtpFile,
      [`${P}GOOGLE_CLIENT_ID`]: 'google-client',
      [`${P}GOOGLE_CLIENT_SECRET_FILE`]: secretFile('google-secret', 'google-secret'),
      [`${P}GOOGLE_ISSUER`]: op.issuer,
      [`${P}APPLE_CLIENT_ID`]: 'apple-client',
      [`${P}APPLE_TEAM_ID`]: op.apple.teamId,
      [`${P}APPLE_KEY_ID`]: op.apple.keyId,
      [`${P}APPLE_PRIVATE_KEY_FILE`]: secretFile('apple-key.p8', op.apple.privateKeyPem),
      [`${P}APPLE_ISSUER`]: op.issuer,
      [`${P}DISCORD_CLIENT_ID`]: 'discord-client',
      [`${P}DISCORD_CLIENT_SECRET_FILE`]: secretFile('discord-secret', 'discord-secret'),
      [`${P}DISCORD_ISSUER`]: op.issuer,
      [`${P}DISCORD_AUTHORIZATION_URL`]: `${op.issuer}/auth`,
      [`${P}DISCORD_TOKEN_URL`]: `${op.issuer}/token`,
      [`${P}DISCORD_PROFILE_URL`]: `${op.issuer}/discord/users/@me`,
      [`${P}GITHUB_CLIENT_ID`]: 'github-client',
      [`${P}GITHUB_CLIENT_SECRET_FILE`]: secretFile('github-secret', 'github-secret'),
      [`${P}GITHUB_ISSUER`]: op.issuer,
      [`${P}GITHUB_AUTHORIZATION_URL`]: `${op.issuer}/auth`,
      [`${P}GITHUB_TOKEN_URL`]: `${op.issuer}/token`,
      [`${P}GITHUB_PROFILE_URL`]: `${op.issuer}/github/user`,
      [`${P}GITHUB_EMAILS_URL`]: `${op.issuer}/github/user/emails`,
    },
  });
  op.register(
    PROVIDERS.map(({ id }) => ({
      clientId: `${id}-client`,
      clientSecret: id === 'apple' ? 'apple-checks-the-team-key-instead' : `${id}-secret`,
      redirectUri: `${server.url}/oauth/${id}/callback`,
    })),
    'apple-client',
  );
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

for (const provider of PROVIDERS) {
  test(`QR login through ${provider.name} at a real provider: the configured providers are offered, the phone signs in, the kiosk logs in`, async ({ page }) => {
    const station = await startWebShell(server.url, provider.station);
    try {
      await page.goto(station.url);
      await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
      await page.getByRole('button', { name: 'Login with QR Code' }).click();
      const modal = page.getByTestId('qr-modal');
      await expect(modal.getByText('Choose Login Method')).toBeVisible();
      const grid = modal.getByTestId('qr-providers');
      await expect(grid.getByRole('button')).toHaveCount(PROVIDERS.length);
      for (const { name } of PROVIDERS) await expect(grid.getByRole('button', { name })).toBeVisible();
      await expect(grid.getByText('Development sign-in')).toHaveCount(0);

      const authUrl = page
        .waitForResponse((r) => /\/qr-session$/.test(r.url()) && r.request().method() === 'POST')
        .then(async (r) => ((await r.json()) as { authUrl: string }).authUrl);
      await grid.getByRole('button', { name: provider.name }).click();
      await expect(modal.getByText('Scan QR Code')).toBeVisible();

      const phone = await page.context().newPage();
      const before = op.authorizations.length;
      await phone.goto(await authUrl);
      await expect(phone.getByText('Signed in. You can go back to the station now.')).toBeVisible();
      const request = op.authorizations.at(-1);
      expect(op.authorizations.length).toBeGreaterThan(before);
      expect(request?.get('client_id')).toBe(`${provider.id}-client`);
      expect(request?.get('code_challenge_method')).toBe('S256');
      if (provider.id === 'apple') expect(request?.get('response_mode')).toBe('form_post');

      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
      await expect(page.getByText('Welcome, ali')).toBeVisible();
    } finally {
      await station.stop();
    }
  });
}

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
