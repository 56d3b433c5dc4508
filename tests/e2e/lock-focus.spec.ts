/**
 * Issue 22 item 7, "locks hold the keyboard", end to end in Chromium: with
 * the lock screen (Ctrl+L), a staff lock with a message, the 'reserved'
 * overlay or a game modal up, Tab and Shift+Tab never leave it, Enter and
 * Space activate nothing behind it (no page change, no shell action), and
 * everything behind is inert (no click, no focus).
 */
import type { Locator, Page } from '@playwright/test';
import { cafe as runCafe } from '../support/processes.js';
import { expect, kioskLogin, shoot, test } from './fixtures.js';
import { clearShellActions, shellActions } from './realtime-support.js';

/** Where the focus is after each press: inside the layer, on nothing (body), or — the leak — behind it. */
async function focusWalk(page: Page, layerTestId: string, key: 'Tab' | 'Shift+Tab', presses: number): Promise<string[]> {
  const leaks: string[] = [];
  for (let i = 0; i < presses; i += 1) {
    await page.keyboard.press(key);
    const where = await page.evaluate((testId) => {
      const active = document.activeElement;
      if (!active || active === document.body || active === document.documentElement) return 'nothing';
      if (active.closest(`[data-testid="${testId}"]`)) return 'inside';
      return `${active.tagName.toLowerCase()} "${(active.getAttribute('aria-label') ?? active.textContent ?? '').trim().slice(0, 40)}"`;
    }, layerTestId);
    if (where !== 'inside' && where !== 'nothing') leaks.push(`${key} #${i + 1}: ${where}`);
  }
  return leaks;
}

/** Tab and Shift+Tab all the way round, then Enter and Space wherever the focus ends up. */
async function attack(page: Page, layerTestId: string): Promise<string[]> {
  const leaks = [...(await focusWalk(page, layerTestId, 'Tab', 16)), ...(await focusWalk(page, layerTestId, 'Shift+Tab', 16))];
  for (let i = 0; i < 6; i += 1) {
    await page.keyboard.press('Tab');
    await page.keyboard.press(i % 2 === 0 ? 'Enter' : 'Space');
  }
  return leaks;
}

/** True when nothing of the dashboard behind can be clicked or focused: each control sits in an inert subtree. */
async function behindIsInert(controls: Locator[]): Promise<boolean[]> {
  return Promise.all(controls.map((c) => c.evaluate((el) => el.closest('[inert]') !== null)));
}

function dashboardControls(page: Page): Locator[] {
  return [
    // CSS locators: an inert element leaves the accessibility tree, where role and label queries look.
    page.getByTestId('topbar-store'),
    page.locator('button[aria-label="Call cafe service"]'),
    page.getByTestId('game-card').first(),
  ];
}

const LAUNCHES = /launch|open|service|navigate/i;

test('the lock screen, a staff lock with a message and the reserved overlay hold the keyboard', async ({ page, cafe }) => {
  const station = await cafe.station(7);
  await kioskLogin(page, station.url, 'ali', 'ali12345');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('game-card').first()).toBeVisible();
  await clearShellActions(station.url);

  // The attack of the issue: lock with Ctrl+L, Tab to the dashboard behind, Enter.
  await page.keyboard.press('Control+l');
  const lock = page.getByTestId('lock-screen');
  await expect(lock.getByText('Screen Locked')).toBeVisible();
  expect(await attack(page, 'lock-screen')).toEqual([]);
  expect(await behindIsInert(dashboardControls(page))).toEqual([true, true, true]);
  await expect(lock).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await shoot(page, 'lock-focus-lock-screen');
  await lock.getByLabel('Password').fill('ali12345');
  await lock.getByRole('button', { name: 'Unlock' }).click();
  await expect(lock).toHaveCount(0);
  // Unlocked: the dashboard is live again.
  expect(await behindIsInert(dashboardControls(page))).toEqual([false, false, false]);

  // Staff lock the PC with a message, then hold it reserved: the same.
  const overlay = page.getByTestId('station-status-overlay');
  for (const status of ['Back in 5', 'reserved']) {
    expect((await runCafe(cafe.server.url, 'set-status', station.id, status)).code).toBe(0);
    await expect(overlay).toBeVisible();
    expect(await behindIsInert(dashboardControls(page))).toEqual([true, true, true]);
    expect(await attack(page, 'station-status-overlay')).toEqual([]);
    await expect(overlay).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  }
  await shoot(page, 'lock-focus-reserved');

  // A customer's Ctrl+L under a staff hold: the overlay stays in front and keeps the keyboard.
  await page.keyboard.press('Control+l');
  expect(await attack(page, 'station-status-overlay')).toEqual([]);
  // Staff give the PC back ('in_use': 'available' would end the session): the customer's own lock is in front now.
  expect((await runCafe(cafe.server.url, 'set-status', station.id, 'in_use')).code).toBe(0);
  await expect(overlay).toHaveCount(0);
  await expect(lock).toBeVisible();
  expect(await attack(page, 'lock-screen')).toEqual([]);
  await lock.getByLabel('Password').fill('ali12345');
  await lock.getByRole('button', { name: 'Unlock' }).click();
  await expect(lock).toHaveCount(0);

  const actions = await shellActions(station.url);
  expect(actions.filter((a) => LAUNCHES.test(a.action)).map((a) => a.action)).toEqual([]);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a game modal keeps the focus in itself; the page behind is inert until it closes', async ({ page, cafe }) => {
  const station = await cafe.station(8);
  await kioskLogin(page, station.url, 'ali', 'ali12345');
  await expect(page).toHaveURL(/\/dashboard$/);
  const card = page.getByTestId('game-card').filter({ hasText: 'Counter-Strike 2' });
  await card.getByRole('button', { name: 'Play Now' }).click();
  const modal = page.getByTestId('game-modal');
  await expect(modal.getByRole('heading', { name: 'Counter-Strike 2' })).toBeVisible();
  await clearShellActions(station.url);

  expect(await focusWalk(page, 'game-modal', 'Tab', 16)).toEqual([]);
  expect(await focusWalk(page, 'game-modal', 'Shift+Tab', 16)).toEqual([]);
  expect(await behindIsInert([page.getByTestId('topbar-store'), card])).toEqual([true, true]);
  await shoot(page, 'lock-focus-game-modal');

  // Ctrl+L over the modal: the lock is in front and the modal is behind it now.
  await page.keyboard.press('Control+l');
  const lock = page.getByTestId('lock-screen');
  await expect(lock).toBeVisible();
  expect(await behindIsInert([modal.locator('button').first()])).toEqual([true]);
  expect(await attack(page, 'lock-screen')).toEqual([]);
  await lock.getByLabel('Password').fill('ali12345');
  await lock.getByRole('button', { name: 'Unlock' }).click();
  await expect(lock).toHaveCount(0);
  // Back to the modal, live again and still holding the focus.
  expect(await behindIsInert([modal.locator('button').first()])).toEqual([false]);
  expect(await focusWalk(page, 'game-modal', 'Tab', 20)).toEqual([]);

  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toHaveCount(0);
  expect(await behindIsInert([page.getByTestId('topbar-store')])).toEqual([false]);
  expect((await shellActions(station.url)).filter((a) => LAUNCHES.test(a.action)).map((a) => a.action)).toEqual([]);
});
