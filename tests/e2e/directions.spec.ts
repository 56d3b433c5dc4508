/**
 * Every screen in both directions: English left to right, Arabic right to
 * left. One tour per direction saves `<screen>-ltr.png` / `<screen>-rtl.png`
 * under test-results/screenshots/ for review, and checks on the way that the
 * document's direction and language follow the customer's choice and that
 * numbers, codes and phone inputs stay left to right inside Arabic.
 */
import type { Browser, Page } from '@playwright/test';
import { ar } from '../../src/renderer/core/i18n/ar.js';
import { en, type MessageKey } from '../../src/shared/i18n/en.js';
import { adminToken, cafe as runCafe } from '../support/processes.js';
import { expect, shoot, test } from './fixtures.js';

type Direction = 'ltr' | 'rtl';
const LANGUAGE = { ltr: 'en', rtl: 'ar' } as const;
const CATALOG = { ltr: en, rtl: ar };
/** A browser locale for pages opened from an email link (they follow the browser). */
const BROWSER_LOCALE = { ltr: 'en-US', rtl: 'ar-IQ' } as const;

function texts(dir: Direction) {
  return (key: MessageKey, values: Record<string, string | number> = {}) =>
    CATALOG[dir][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

async function outboxEntry(serverUrl: string, pattern: RegExp): Promise<string> {
  const token = await adminToken(serverUrl);
  const res = await fetch(`${serverUrl}/admin/outbox`, { headers: { authorization: `Bearer ${token}` } });
  const entries = (await res.json()) as Array<{ body: string }>;
  const match = entries.map((e) => pattern.exec(e.body)).find((m) => m !== null);
  if (!match) throw new Error(`no outbox entry matches ${pattern}`);
  return match[1]!;
}

async function expectDirection(page: Page, dir: Direction): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('dir', dir);
  await expect(page.locator('html')).toHaveAttribute('lang', LANGUAGE[dir]);
}

/** Let the card flip and the modal fade finish, then save the screen. */
async function shootScreen(page: Page, screen: string, dir: Direction): Promise<void> {
  await page.waitForTimeout(600);
  await shoot(page, `${screen}-${dir}`);
}

async function openEmailLink(browser: Browser, dir: Direction, link: string) {
  const context = await browser.newContext({ locale: BROWSER_LOCALE[dir], viewport: { width: 1600, height: 900 } });
  const page = await context.newPage();
  await page.goto(link);
  await expectDirection(page, dir);
  return { page, close: () => context.close() };
}

for (const dir of ['ltr', 'rtl'] as const) {
  test(`every screen, ${dir === 'ltr' ? 'English left to right' : 'Arabic right to left'}`, async ({
    page,
    cafe,
    browser,
  }) => {
    test.setTimeout(180_000);
    const t = texts(dir);
    const station = await cafe.station(dir === 'ltr' ? 1 : 2);
    const button = (key: MessageKey, scope: Page | ReturnType<Page['getByTestId']> = page) =>
      scope.getByRole('button', { name: t(key), exact: true });
    const field = (key: MessageKey, scope: Page | ReturnType<Page['getByTestId']> = page) =>
      scope.getByLabel(t(key), { exact: true });

    // The customer chooses Arabic on the login face; the station keeps it, so the next start is Arabic from the splash on.
    if (dir === 'rtl') {
      await page.goto(station.url);
      await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
      await expectDirection(page, 'ltr');
      await page.getByRole('button', { name: en['language.ar'] }).click();
      await expectDirection(page, 'rtl');
    }
    await page.goto(station.url);
    await expect(page.getByRole('progressbar')).toBeVisible();
    await expectDirection(page, dir);
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', /^([3-9]\d|100)$/);
    await shoot(page, `splash-${dir}`);

    await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
    await expect(page.getByText(t('login.guestHint'))).toBeVisible();
    await expect(page.getByTestId('station-panel')).toHaveAttribute('data-open', 'true');
    await shootScreen(page, 'login-face', dir);

    // Forgot password: the reset link goes to the outbox for the /password page below.
    await button('login.forgotPassword').click();
    await field('login.email').fill('ali@example.com');
    await button('login.sendResetLink').click();
    await expect(page.getByText(t('login.forgotSent'))).toBeVisible();
    await shootScreen(page, 'forgot-password', dir);
    await button('login.backToLogin').click();

    const nfc = page.getByTestId('nfc-modal');
    await button('login.withNfc').click();
    await expect(nfc.getByText(t('nfc.tap'))).toBeVisible();
    await shootScreen(page, 'nfc-modal', dir);
    await button('modal.cancel', nfc).click();
    await expect(nfc).toHaveCount(0);

    const qr = page.getByTestId('qr-modal');
    await button('login.withQr').click();
    await expect(qr.getByText(t('qr.choose'))).toBeVisible();
    await shootScreen(page, 'qr-modal-choose', dir);
    await qr.getByRole('button', { name: 'Google' }).click();
    await expect(qr.getByText(t('qr.scan'))).toBeVisible();
    await expect(qr.getByTestId('qr-image')).toHaveAttribute('src', /^data:image\/png;base64,/);
    await shootScreen(page, 'qr-modal-code', dir);
    await qr.getByRole('button', { name: t('login.backToLogin') }).click();
    await button('modal.cancel', qr).click();
    await expect(qr).toHaveCount(0);

    // Sign-up with a phone (and an email, verified after the phone).
    await button('login.createAccount').click();
    const username = page.getByTestId('signup-username');
    await username.fill('layla.k');
    await expect(page.getByText(t('login.usernameAvailable'))).toBeVisible();
    await field('login.password').fill('layla123');
    await field('login.email').fill('layla@example.com');
    await field('login.phone').fill('7705551234');
    // Phone numbers and the email read left to right in both directions.
    await expect(field('login.phone')).toHaveCSS('direction', 'ltr');
    await shootScreen(page, 'sign-up', dir);
    await button('login.signUp').click();
    const phone = page.getByTestId('phone-modal');
    await expect(phone.getByText(t('phone.sentTo', { phone: '+9647705551234' }))).toBeVisible();
    await expect(field('phone.code', phone)).toHaveCSS('direction', 'ltr');
    await shootScreen(page, 'phone-verification', dir);
    const code = await outboxEntry(cafe.server.url, /\b(\d{6})\b/);
    await field('phone.code', phone).fill(code);
    await button('phone.verify', phone).click();
    await expect(page.getByText(t('register.phoneVerified'))).toBeVisible();
    await expect(page.getByTestId('login-form')).toBeVisible({ timeout: 5_000 });

    // The forced password change, then the dashboard and its lock screen.
    await field('login.username').fill('reset_me');
    await field('login.password').fill('reset123');
    await button('login.submit').click();
    const gate = page.getByTestId('gate-password');
    await expect(gate.getByText(t('gate.password.title'))).toBeVisible();
    await field('gate.password.current', gate).fill('reset123');
    await field('gate.password.new', gate).fill('fresh123');
    await field('gate.password.confirm', gate).fill('fresh12');
    await button('gate.password.submit', gate).click();
    await expect(gate.getByText(t('validation.passwordsMismatch'))).toBeVisible();
    await shootScreen(page, 'forced-password-change', dir);
    await field('gate.password.confirm', gate).fill('fresh123');
    await button('gate.password.submit', gate).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(t('dashboard.welcome', { name: 'reset_me' }))).toBeVisible();
    await expect(page.getByText('Counter-Strike 2').first()).toBeVisible();
    await expectDirection(page, dir);
    await shootScreen(page, 'dashboard', dir);

    await page.keyboard.press('Control+l');
    const lock = page.getByTestId('lock-screen');
    await expect(lock.getByText(t('lock.title'))).toBeVisible();
    await field('login.password', lock).fill('wrong-one');
    await button('lock.unlock', lock).click();
    await expect(lock.getByText(t('error.lock.incorrect'))).toBeVisible();
    await shootScreen(page, 'lock-screen', dir);
    await field('login.password', lock).fill('fresh123');
    await button('lock.unlock', lock).click();
    await expect(lock).toHaveCount(0);

    // Waiting for a top-up.
    await page.getByTestId('profile-menu-button').click();
    await page.getByTestId('logout-button').click();
    await expect(page).toHaveURL(/\/login$/);
    await field('login.username').fill('topup');
    await field('login.password').fill('topup123');
    await button('login.submit').click();
    const topUp = page.getByTestId('gate-topup');
    await expect(topUp.getByText(t('gate.topUp.title'))).toBeVisible();
    await expect(topUp.getByText('10% bonus credit')).toBeVisible();
    await shootScreen(page, 'top-up-wait', dir);
    await button('gate.logout', topUp).click();
    await expect(topUp).toHaveCount(0);

    // Staff hold the station.
    expect((await runCafe(cafe.server.url, 'set-status', station.id, 'maintenance')).code).toBe(0);
    const overlay = page.getByRole('alertdialog');
    await expect(overlay.getByRole('heading', { name: t('status.maintenance.title') })).toBeVisible();
    await shootScreen(page, 'station-status', dir);
    expect((await runCafe(cafe.server.url, 'set-status', station.id, 'available')).code).toBe(0);
    await expect(overlay).toBeHidden();

    // The pages behind the email links, in the customer's own browser.
    const resetLink = await outboxEntry(cafe.server.url, /(http\S+\/password\?token=\S+)/);
    const reset = await openEmailLink(browser, dir, resetLink);
    await expect(reset.page.getByText(t('reset.title'))).toBeVisible();
    await reset.page.getByLabel(t('reset.password'), { exact: true }).fill('newpass1');
    await reset.page.getByLabel(t('reset.confirm'), { exact: true }).fill('newpass2');
    await reset.page.getByRole('button', { name: t('reset.submit') }).click();
    await expect(reset.page.getByText(t('validation.passwordsMismatch'))).toBeVisible();
    await shootScreen(reset.page, 'password-page', dir);
    await reset.close();

    const verifyLink = await outboxEntry(cafe.server.url, /(http\S+\/verify-email\?token=\S+)/);
    const verify = await openEmailLink(browser, dir, verifyLink);
    await expect(verify.page.getByText(t('verifyEmail.done'))).toBeVisible();
    await shootScreen(verify.page, 'verify-email-page', dir);
    await verify.close();
  });
}
