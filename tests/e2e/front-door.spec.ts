/**
 * The front door end to end, through the SPEC's visible texts: the login
 * face and its errors, prepaid card before login, forgot password, sign-up
 * with phone verification (code from the outbox), NFC login through the
 * shell's NFC event, and both login gates.
 */
import type { Page } from '@playwright/test';
import { adminToken, cafe as runCafe } from '../support/processes.js';
import { expect, shoot, test } from './fixtures.js';

async function openLogin(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
  await expect(page.getByText('Or wait for guest unlock from admin')).toBeVisible();
}

async function outbox(serverUrl: string): Promise<Array<{ channel: string; recipient: string; body: string }>> {
  const token = await adminToken(serverUrl);
  const res = await fetch(`${serverUrl}/admin/outbox`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as Array<{ channel: string; recipient: string; body: string }>;
}

async function tapCard(shellUrl: string, uid: string): Promise<void> {
  const res = await fetch(`${shellUrl}/__shell/emit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ command: 'NFC_LOGIN', ID: uid }),
  });
  expect(res.ok).toBe(true);
}

async function shellActions(shellUrl: string): Promise<string> {
  return JSON.stringify(await (await fetch(`${shellUrl}/__shell/actions`)).json());
}

test('the login face: station panel, announcement, WiFi QR and every way in', async ({ page, cafe }) => {
  const station = await cafe.station(6);
  await openLogin(page, station.url);
  for (const name of ['Login', 'Login with NFC Card', 'Forgot Password?', 'Create Account']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByLabel('Prepaid card code (optional)')).toBeVisible();
  const panel = page.getByTestId('station-panel');
  await expect(panel).toContainText('PC-06');
  await expect(panel).toContainText('3000IQD/hour');
  await expect(panel).toContainText('VIP');
  await expect(page.getByText('Weekend tournament')).toBeVisible();
  await expect(page.getByTestId('wifi-qr').locator('img')).toHaveAttribute('src', /^data:image\/png;base64,iVBOR/);
  await expect(panel).toHaveAttribute('data-open', 'true');
  await page.waitForTimeout(700); // the card's flip-in and the panel's slide finish
  await shoot(page, 'front-door-01-login-face');
});

test('a prepaid card is redeemed before login, and a bad one aborts it', async ({ page, cafe }) => {
  const station = await cafe.station(2);
  await openLogin(page, station.url);
  await page.getByLabel('Username').fill('sara');
  await page.getByLabel('Password').fill('sara12345');
  await page.getByLabel('Prepaid card code (optional)').fill('rc-nope-0000-0000');
  await expect(page.getByLabel('Prepaid card code (optional)')).toHaveValue('RC-NOPE-0000-0000');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Card redemption failed: Invalid or already redeemed card code')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await shoot(page, 'front-door-02-prepaid-failed');

  await page.getByLabel('Prepaid card code (optional)').fill('rc-demo-5000-0001');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Card redeemed! Added 5000 IQD to your account.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('forgot password: the §5 texts, then the link is in the outbox', async ({ page, cafe }) => {
  const station = await cafe.station(3);
  await openLogin(page, station.url);
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Please enter your email address')).toBeVisible();
  await page.getByLabel('Email').fill('ali@');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Email').fill('ali@example.com');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('If an account uses this email, a reset link is on its way.')).toBeVisible();
  await shoot(page, 'front-door-03-forgot-password');
  const [mail] = await outbox(cafe.server.url);
  expect(mail).toMatchObject({ channel: 'email', recipient: 'ali@example.com' });
  expect(mail!.body).toMatch(/\/password\?token=/);
  await page.getByRole('button', { name: 'Back to Login' }).click();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
});

test('sign-up with phone verification: availability, the code from the outbox, back to login', async ({ page, cafe }) => {
  const station = await cafe.station(4);
  await openLogin(page, station.url);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('button', { name: 'Sign Up' })).toBeVisible();
  const username = page.getByTestId('signup-username');
  await username.fill('.ali');
  await expect(page.getByText('Username can only contain letters, numbers, and optionally one dot (not at start or end)')).toBeVisible();
  await username.fill('ali');
  await expect(page.getByText('Username is already taken')).toBeVisible();
  await username.fill('layla.k');
  await expect(page.getByText('Username is available')).toBeVisible();
  await expect(page.getByLabel('Country code')).toHaveValue('IQ');
  await expect(page.getByLabel('Country code').locator('option[value="IL"]')).toHaveCount(0);
  await expect(page.getByLabel('Country code').locator('option[value="UA"]')).toHaveCount(0);
  await page.getByLabel('Password').fill('123');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await page.getByLabel('Password').fill('layla123');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Either email or phone number must be provided')).toBeVisible();
  await page.getByLabel('Phone number').fill('0770-555 1234');
  await expect(page.getByLabel('Phone number')).toHaveValue('7705551234');
  await shoot(page, 'front-door-04-sign-up');
  await page.getByRole('button', { name: 'Sign Up' }).click();

  const modal = page.getByTestId('phone-modal');
  await expect(modal.getByText('Enter the 6-character code we sent to +9647705551234')).toBeVisible();
  await expect(modal.getByRole('button', { name: /Resend code in \d+s/ })).toBeDisabled();
  await modal.getByLabel('Verification code').fill('000000');
  await modal.getByRole('button', { name: 'Verify' }).click();
  await expect(modal.getByText('Invalid code. Please try again.')).toBeVisible();
  await shoot(page, 'front-door-05-phone-verification');
  const [sms] = await outbox(cafe.server.url);
  expect(sms).toMatchObject({ channel: 'sms', recipient: '+9647705551234' });
  await modal.getByLabel('Verification code').fill(/(\d{6})/.exec(sms!.body)![1]!);
  await modal.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Phone verified!', { exact: true })).toBeVisible();
  await expect(page.getByText('Phone verified! Registration complete. Please login.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible({ timeout: 5_000 });

  await page.getByLabel('Username').fill('layla.k');
  await page.getByLabel('Password').fill('layla123');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  // A new account has 0 IQD: the server holds the login at the 100 IQD minimum until staff top it up.
  await expect(page.getByTestId('gate-topup').getByText('Balance Top-Up Required')).toBeVisible();
  expect((await runCafe(cafe.server.url, 'add-balance', 'layla.k', '1000')).code).toBe(0);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
});

test('sign-up with email only: registration successful, then the login face', async ({ page, cafe }) => {
  const station = await cafe.station(5);
  await openLogin(page, station.url);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByTestId('signup-username').fill('omar');
  await page.getByLabel('Password').fill('omar1234');
  await page.getByLabel('Email').fill('ali@example.com');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Username, email, or phone number already exists.')).toBeVisible();
  await page.getByLabel('Email').fill('omar@example.com');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Registration successful! Please login to continue.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible({ timeout: 5_000 });
});

test('NFC login: waiting, errors by status with Try Again, success; reader enabled only while open', async ({ page, cafe }) => {
  const station = await cafe.station(7);
  await openLogin(page, station.url);
  await page.getByRole('button', { name: 'Login with NFC Card' }).click();
  const modal = page.getByTestId('nfc-modal');
  await expect(modal.getByText('Tap Your NFC Card')).toBeVisible();
  await expect(modal.getByText('Hold your NFC card near the reader to login')).toBeVisible();
  await expect.poll(() => shellActions(station.url)).toContain('nfc.enable');
  await shoot(page, 'front-door-06-nfc-waiting');

  await tapCard(station.url, 'FFFFFFFF');
  await expect(modal.getByText('Login Failed')).toBeVisible();
  await expect(modal.getByText('NFC card not found or inactive.')).toBeVisible();
  await shoot(page, 'front-door-07-nfc-error');
  await modal.getByRole('button', { name: 'Try Again' }).click();
  await tapCard(station.url, '04D4E5F6');
  await expect(modal.getByText('NFC access not allowed for this user.')).toBeVisible();
  await modal.getByRole('button', { name: 'Try Again' }).click();
  await expect(modal.getByText('Tap Your NFC Card')).toBeVisible();

  await tapCard(station.url, '04A1B2C3');
  await expect(modal.getByText('Login Successful!')).toBeVisible();
  await expect(modal.getByText('Welcome back! Redirecting to dashboard...')).toBeVisible();
  await shoot(page, 'front-door-08-nfc-success');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome, ali')).toBeVisible();
  await expect.poll(() => shellActions(station.url)).toContain('nfc.disable');
});

test('forced password change: the §5 rules, then the dashboard', async ({ page, cafe }) => {
  const station = await cafe.station(8);
  await openLogin(page, station.url);
  await page.getByLabel('Username').fill('reset_me');
  await page.getByLabel('Password').fill('reset123');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const modal = page.getByTestId('gate-password');
  await expect(modal.getByText('Change Your Password')).toBeVisible();
  await expect(modal.getByRole('timer')).toHaveText(/Logging out in [12]:\d\d/);
  await modal.getByLabel('Current password').fill('reset123');
  await modal.getByRole('button', { name: 'Change Password' }).click();
  await expect(modal.getByText('New password is required')).toBeVisible();
  await modal.getByLabel('New password', { exact: true }).fill('reset123');
  await modal.getByLabel('Confirm new password').fill('reset123');
  await modal.getByRole('button', { name: 'Change Password' }).click();
  await expect(modal.getByText('New password must be different from your current password')).toBeVisible();
  await shoot(page, 'front-door-09-forced-password-change');
  await modal.getByLabel('New password', { exact: true }).fill('fresh123');
  await modal.getByLabel('Confirm new password').fill('fresh123');
  await modal.getByRole('button', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('waiting for top-up: offers, opens once the balance arrives', async ({ page, cafe }) => {
  const station = await cafe.station(1);
  await openLogin(page, station.url);
  await page.getByLabel('Username').fill('topup');
  await page.getByLabel('Password').fill('topup123');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const modal = page.getByTestId('gate-topup');
  await expect(modal.getByText('Balance Top-Up Required')).toBeVisible();
  await expect(modal.getByText('10% bonus credit')).toBeVisible();
  await shoot(page, 'front-door-10-top-up');
  const result = await runCafe(cafe.server.url, 'add-balance', 'topup', '2000');
  expect(result.code).toBe(0);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
});

test('both gates log out when their 120 s run out, red from 30 s', async ({ page, cafe }) => {
  const station = await cafe.station(2);
  await page.clock.install();
  await openLogin(page, station.url);
  await page.getByLabel('Username').fill('topup');
  await page.getByLabel('Password').fill('topup123');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const timer = page.getByTestId('gate-topup').getByRole('timer');
  await expect(timer).toHaveText('Logging out in 2:00');
  await expect(timer).toHaveAttribute('data-urgent', 'false');
  await page.clock.runFor(90_000);
  await expect(timer).toHaveText('Logging out in 0:30');
  await expect(timer).toHaveAttribute('data-urgent', 'true');
  await shoot(page, 'front-door-11-gate-countdown-red');
  await page.clock.runFor(30_000);
  await expect(page.getByTestId('gate-topup')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  const stations = await runCafe(cafe.server.url, 'stations');
  expect(stations.stdout).not.toMatch(/st-02.*topup/);

  await page.getByLabel('Username').fill('reset_me');
  await page.getByLabel('Password').fill('reset123');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByTestId('gate-password')).toBeVisible();
  await page.clock.runFor(120_000);
  await expect(page.getByTestId('gate-password')).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);
});

test('reset and verify-email links from the outbox work in a fresh browser', async ({ page, cafe, browser }) => {
  const station = await cafe.station(3);
  await openLogin(page, station.url);
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await page.getByLabel('Email').fill('ali@example.com');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('If an account uses this email, a reset link is on its way.')).toBeVisible();
  const link = /(http\S+\/password\?token=\S+)/.exec((await outbox(cafe.server.url))[0]!.body)![1]!;

  const fresh = await browser.newContext();
  const web = await fresh.newPage();
  await web.goto(link.replace(/token=\S+/, ''));
  await expect(web.getByText('Invalid password reset link. Please request a new one.')).toBeVisible();
  await web.goto(link);
  await web.getByLabel('New password', { exact: true }).fill('newpass1');
  await web.getByLabel('Confirm password').fill('newpass2');
  await web.getByRole('button', { name: 'Reset Password' }).click();
  await expect(web.getByText('Passwords do not match')).toBeVisible();
  await web.getByLabel('Confirm password').fill('newpass1');
  await web.getByRole('button', { name: 'Reset Password' }).click();
  await expect(web.getByText('Your password has been reset.', { exact: false })).toBeVisible();
  await shoot(web, 'front-door-12-reset-password-page');
  // Single use.
  await web.goto(link);
  await web.getByLabel('New password', { exact: true }).fill('other123');
  await web.getByLabel('Confirm password').fill('other123');
  await web.getByRole('button', { name: 'Reset Password' }).click();
  await expect(web.getByText('Invalid or expired reset link. Please request a new one.')).toBeVisible();

  // Sign up with an email, then open its verification link.
  await page.getByRole('button', { name: 'Back to Login' }).click();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByTestId('signup-username').fill('huda');
  await page.getByLabel('Password').fill('huda1234');
  await page.getByLabel('Email').fill('huda@example.com');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Registration successful! Please login to continue.')).toBeVisible();
  const verify = /(http\S+\/verify-email\?token=\S+)/.exec((await outbox(cafe.server.url))[0]!.body)![1]!;
  await web.goto(verify);
  await expect(web.getByText('Your email address is verified. Thank you!')).toBeVisible();
  await shoot(web, 'front-door-13-verify-email-page');
  await web.reload();
  await expect(
    web.getByText('Invalid or expired verification token. Please request a new verification email.'),
  ).toBeVisible();
  await fresh.close();

  // The card flips back to the login face 2 s after the registration succeeded (SPEC §4).
  await expect(page.getByTestId('login-form')).toBeVisible();
  await page.getByLabel('Username').fill('ali');
  await page.getByLabel('Password').fill('newpass1');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('lock screen: Ctrl+L, wrong password, another card, own card; guests one click', async ({ page, cafe }) => {
  const station = await cafe.station(5);
  await openLogin(page, station.url);
  await page.getByLabel('Username').fill('ali');
  await page.getByLabel('Password').fill('ali12345');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.keyboard.press('Control+l');
  const lock = page.getByTestId('lock-screen');
  await expect(lock.getByText('Screen Locked')).toBeVisible();
  await expect.poll(() => shellActions(station.url)).toMatch(/screen\.locked|ScreenLocked/i);
  await lock.getByRole('button', { name: 'Unlock' }).click();
  await expect(lock.getByText('Password is required')).toBeVisible();
  await lock.getByLabel('Password').fill('wrong-one');
  await lock.getByRole('button', { name: 'Unlock' }).click();
  await expect(lock.getByText('Incorrect password')).toBeVisible();
  await shoot(page, 'front-door-14-lock-screen');
  await tapCard(station.url, '04D4E5F6');
  await expect(lock.getByText('This NFC card is not linked to your account')).toBeVisible();
  await tapCard(station.url, '04A1B2C3');
  await expect(lock).toHaveCount(0);
  await expect.poll(() => shellActions(station.url)).toMatch(/screen\.unlocked|ScreenUnlocked/i);

  await page.keyboard.press('Control+l');
  await lock.getByLabel('Password').fill('ali12345');
  await lock.getByRole('button', { name: 'Unlock' }).click();
  await expect(lock).toHaveCount(0);
  await expect(page.getByText('Welcome, ali')).toBeVisible();

  const guestStation = await cafe.station(6);
  const guestPage = await page.context().newPage();
  await openLogin(guestPage, guestStation.url);
  expect((await runCafe(cafe.server.url, 'unlock-guest', guestStation.id)).code).toBe(0);
  await expect(guestPage).toHaveURL(/\/dashboard$/);
  await guestPage.keyboard.press('Control+l');
  await expect(guestPage.getByTestId('lock-screen')).toBeVisible();
  await guestPage.getByRole('button', { name: 'Unlock' }).click();
  await expect(guestPage.getByTestId('lock-screen')).toHaveCount(0);
});

test('QR login: provider grid, QR with the steps and the Arabic hint, back arrow, then both email outcomes', async ({ page, cafe }) => {
  const station = await cafe.station(8);
  await openLogin(page, station.url);
  await page.getByRole('button', { name: 'Login with QR Code' }).click();
  const modal = page.getByTestId('qr-modal');
  await expect(modal.getByText('Choose Login Method')).toBeVisible();
  for (const name of ['Google', 'Apple ID', 'Steam', 'Discord', 'GitHub']) {
    await expect(modal.getByRole('button', { name })).toBeVisible();
  }
  await shoot(page, 'front-door-15-qr-choose');

  // The station shows the QR code; the test plays the phone, reading the session the station was given.
  // Waiting for that very response (not the last one seen so far) keeps the phone off a superseded session.
  const nextSession = () =>
    page
      .waitForResponse((r) => /\/qr-session$/.test(r.url()) && r.request().method() === 'POST')
      .then(async (r) => ((await r.json()) as { authUrl: string }).authUrl);
  await modal.getByRole('button', { name: 'Google' }).click();
  await expect(modal.getByText('Scan QR Code')).toBeVisible();
  await expect(modal.getByTestId('qr-image')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(modal.getByText('Open the camera on your phone')).toBeVisible();
  await expect(modal.getByText('فقط Discord يعمل مباشرة من التطبيق', { exact: false })).toBeVisible();
  await shoot(page, 'front-door-16-qr-scan');
  await modal.getByRole('button', { name: 'Back to Login' }).click();
  await expect(modal.getByText('Choose Login Method')).toBeVisible();

  const discord = nextSession();
  await modal.getByRole('button', { name: 'Discord' }).click();
  await expect(modal.getByText('Scan QR Code')).toBeVisible();
  const phone = await page.context().newPage();
  await phone.goto(await discord);
  await phone.getByLabel('Name').fill('Mina Saad');
  await phone.getByLabel('Email').fill('mina@example.com');
  await phone.getByRole('button', { name: 'Sign in' }).click();
  await expect(phone.getByText('Signed in. You can go back to the station now.')).toBeVisible();
  await expect(modal.getByText('Authentication Successful!')).toBeVisible();
  await shoot(page, 'front-door-17-qr-success');
  await expect(page.getByText("Let's create your account! We've pre-filled your details from Discord.")).toBeVisible();
  await expect(page.getByText('(suggested)')).toBeVisible();
  await expect(page.getByTestId('signup-username')).toHaveValue('MinaSaad');
  await expect(page.getByLabel('Email')).toHaveValue('mina@example.com');
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
  await shoot(page, 'front-door-18-sign-up-prefilled');

  // An existing account's email logs straight in.
  await page.getByRole('button', { name: 'Already have an account? Login' }).click();
  await page.getByRole('button', { name: 'Login with QR Code' }).click();
  const github = nextSession();
  await modal.getByRole('button', { name: 'GitHub' }).click();
  await expect(modal.getByText('Scan QR Code')).toBeVisible();
  await phone.goto(await github);
  await phone.getByLabel('Email').fill('ali@example.com');
  await phone.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  await expect(page.getByText('Welcome, ali')).toBeVisible();
});
