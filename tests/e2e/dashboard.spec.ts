/**
 * Issue 12 as a customer meets it: the dashboard frame, service calls with
 * their cooldown, an order from the store approved from the CLI, the master
 * volume reaching the shell, the input test page, and a guest without
 * Profile or Squad Hub. Every new screen and modal is saved in English and
 * Arabic (`dashboard-*-ltr.png` / `-rtl.png`).
 */
import type { Page } from '@playwright/test';
import { ar } from '../../src/renderer/core/i18n/ar.js';
import { en, type MessageKey } from '../../src/shared/i18n/en.js';
import { cafe as runCafe } from '../support/processes.js';
import { adminCall, clearShellActions, shellActions } from './realtime-support.js';
import { expect, kioskLogin, shoot, test } from './fixtures.js';

/** Logged in at the kiosk: the dashboard opens. */
async function login(page: Page, url: string, username: string, password: string): Promise<void> {
  await kioskLogin(page, url, username, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('service calls, an approved order, the volume and the input test, as a customer', async ({ page, cafe }) => {
  test.setTimeout(120_000);
  const station = await cafe.station(1);
  await login(page, station.url, 'ali', 'ali12345');
  await expect(page.getByTestId('sidebar').getByText('Browsers')).toBeVisible();
  await expect(page.getByTestId('sidebar').getByRole('button', { name: 'Discord' })).toBeVisible();

  // Call the cafe service twice: the second is refused with the cooldown text; one request reached the server.
  await page.getByRole('button', { name: 'Call cafe service' }).click();
  await expect(page.getByText('The cafe staff have been called.')).toBeVisible();
  await page.getByRole('button', { name: 'Call cafe service' }).click();
  await expect(page.getByText(/You already called the cafe service\. Please wait [45]:\d\d before calling again\./)).toBeVisible();
  const calls = await runCafe(cafe.server.url, 'calls');
  expect(calls.code, calls.stderr).toBe(0);
  expect(calls.stdout.match(/\bwaiter\b/g)).toHaveLength(1);
  expect(calls.stdout).toMatch(/waiter\s+st-01\s+ali/);

  // The volume slider: the shell receives the volume (as a string on the bridge) and sets it.
  await clearShellActions(station.url);
  await page.getByTestId('volume-slider').fill('40');
  await expect(page.getByTestId('volume-value')).toHaveText('40');
  await expect.poll(async () => (await shellActions(station.url)).filter((a) => a.action === 'os.setVolume').map((a) => a.args[0])).toContain(40);
  expect(station.shell.output()).toMatch(/SystemSoundVolume.*"?40"?/);

  // Order the 10% bonus from the store and have staff approve it from the CLI.
  await page.getByRole('link', { name: 'Store' }).click();
  await expect(page).toHaveURL(/\/store$/);
  const card = page.getByTestId('offer-card').filter({ hasText: '10% bonus credit' });
  await expect(card.getByTestId('offer-value')).toHaveText('+1,000 IQD bonus credit');
  await card.getByRole('button', { name: 'Order Now' }).click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog.getByText('Confirm Order')).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Order placed. Pay at the counter; your balance updates once staff approve it.')).toBeVisible();
  const balanceBefore = Number((await page.getByTestId('store-balance').locator('strong').textContent())?.replace(/\D/g, ''));
  const orders = (await adminCall(cafe.server.url, 'GET', '/admin/orders')) as Array<{ id: number; username: string; status: string }>;
  const order = orders.find((o) => o.username === 'ali' && o.status === 'pending');
  expect(order).toBeTruthy();
  const approved = await runCafe(cafe.server.url, 'orders', 'approve', String(order!.id));
  expect(approved.code, approved.stderr).toBe(0);
  await expect
    .poll(async () => Number((await page.getByTestId('store-balance').locator('strong').textContent())?.replace(/\D/g, '')))
    .toBeGreaterThanOrEqual(balanceBefore + 11_000 - 100);

  // The input test page: keys and buttons register.
  await page.getByTestId('mouse-test-link').click();
  await expect(page).toHaveURL(/\/mouse-test$/);
  await expect(page.getByTestId('input-test-screen')).toBeVisible();
  await page.keyboard.down('KeyG');
  await expect(page.locator('[data-code="KeyG"]')).toHaveAttribute('data-state', 'pressed');
  await page.keyboard.up('KeyG');
  await expect(page.locator('[data-code="KeyG"]')).toHaveAttribute('data-state', 'released');
  const pad = page.getByTestId('mouse-pad');
  await pad.click({ button: 'right' });
  await pad.click({ button: 'middle' });
  await pad.hover();
  await page.mouse.wheel(0, -200);
  await expect(page.getByTestId('mouse-events').getByRole('listitem').first()).toHaveText('Scroll up');
  await expect(page.getByTestId('mouse-events')).toContainText('Right down');
  await expect(page.getByTestId('mouse-events')).toContainText('Middle up');
  await expect(page.getByTestId('recent-events')).toContainText('G up');
});

test('a guest has a Logout but no Profile and no Squad Hub', async ({ page, cafe }) => {
  const station = await cafe.station(2);
  await page.goto(station.url);
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
  expect((await runCafe(cafe.server.url, 'unlock-guest', station.id)).code).toBe(0);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByTestId('profile-menu-button').click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Profile' })).toHaveCount(0);
  await expect(page.getByText('Squad Hub')).toHaveCount(0);
  await page.keyboard.press('Escape');
});

type Direction = 'ltr' | 'rtl';
const CATALOG = { ltr: en, rtl: ar };

for (const dir of ['ltr', 'rtl'] as const satisfies readonly Direction[]) {
  test(`the dashboard's screens and modals, ${dir === 'ltr' ? 'English' : 'Arabic'}`, async ({ page, cafe }) => {
    test.setTimeout(120_000);
    const t = (key: MessageKey) => CATALOG[dir][key];
    const station = await cafe.station(dir === 'ltr' ? 3 : 4);
    if (dir === 'rtl') {
      await page.goto(station.url);
      await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
      await page.getByRole('button', { name: en['language.ar'] }).click();
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    }
    await page.goto(station.url);
    await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
    await page.getByLabel(t('login.username'), { exact: true }).fill('sara');
    await page.getByLabel(t('login.password'), { exact: true }).fill('sara12345');
    await page.getByRole('button', { name: t('login.submit'), exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Counter-Strike 2').first()).toBeVisible();
    await expect(page.getByTestId('sidebar').getByText(t('sidebar.group.browsers'))).toBeVisible();
    await page.waitForTimeout(400);
    await shoot(page, `dashboard-frame-${dir}`);

    await page.getByTestId('profile-menu-button').click();
    await shoot(page, `dashboard-profile-menu-${dir}`);
    await page.getByTestId('profile-menu-button').click();

    await page.getByTestId('notification-bell').click();
    await expect(page.getByTestId('notification-panel')).toBeVisible();
    await shoot(page, `dashboard-notifications-${dir}`);
    await page.getByTestId('notification-bell').click();

    await page.getByTestId('r6-picker-button').click();
    await expect(page.getByTestId('r6-picker')).toBeVisible();
    await page.waitForTimeout(300);
    await shoot(page, `dashboard-r6-picker-${dir}`);
    await page.getByTestId('r6-westeurope').click();
    await expect.poll(async () => JSON.stringify(await shellActions(station.url))).toContain('R6ServerRequest');

    await page.getByTestId('topbar-store').click();
    await expect(page.getByTestId('offer-card').first()).toBeVisible();
    await shoot(page, `dashboard-store-${dir}`);
    await page.getByTestId('offer-card').first().getByRole('button', { name: t('store.orderNow') }).click();
    await expect(page.getByTestId('confirm-dialog')).toBeVisible();
    await page.waitForTimeout(300);
    await shoot(page, `dashboard-confirm-order-${dir}`);
    await page.getByTestId('confirm-dialog').getByRole('button', { name: t('dialog.cancel') }).click();

    await page.getByTestId('mouse-test-link').click();
    await expect(page.getByTestId('input-test-screen')).toBeVisible();
    await page.keyboard.down('KeyW');
    await expect(page.locator('[data-code="KeyW"]')).toHaveAttribute('data-state', 'pressed');
    await page.getByTestId('mouse-pad').click();
    await shoot(page, `dashboard-input-test-${dir}`);
    await page.keyboard.up('KeyW');
  });
}
