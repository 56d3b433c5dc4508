/**
 * Issue 22 item 8, the kiosk's part, in Chromium against the real server:
 * a station the server does not know, one that is not paired and one whose
 * pairing staff revoke say so on the screen, with what the technician should
 * do, in English and in Arabic (right to left), in front of everything and
 * holding the keyboard.
 */
import type { Page } from '@playwright/test';
import { en } from '../../src/shared/i18n/en.js';
import { ar } from '../../src/renderer/core/i18n/ar.js';
import { startWebShell } from '../support/processes.js';
import { expect, shoot, test } from './fixtures.js';
import { adminCall } from './realtime-support.js';

async function inArabic(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('spawnpoint.language', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

test('an unknown and a not-paired station say so, in English and in Arabic', async ({ page, cafe }) => {
  const unknown = await startWebShell(cafe.server.url, 9, { enrol: false, stationId: 'st-99' });
  const unpaired = await startWebShell(cafe.server.url, 3, { enrol: false });
  try {
    await page.goto(unknown.url);
    const screen = page.getByTestId('station-trust-screen');
    await expect(screen).toHaveAttribute('data-problem', 'unknown', { timeout: 20_000 });
    await expect(screen.getByRole('heading', { name: en['stationTrust.unknown.title'] })).toBeVisible();
    await expect(screen.getByText('The cafe server has no station st-99.')).toBeVisible();
    await expect(screen.getByText(/Technician: add station st-99 in the operator console/)).toBeVisible();
    await expect(screen.getByText(/^The cafe server says: station_unknown: st-99/)).toBeVisible();
    // In front of the 'Reconnecting...' banner of before, which is behind it and inert.
    expect(await page.getByTestId('connection-banner').evaluate((el) => el.closest('[inert]') !== null)).toBe(true);
    await shoot(page, 'station-trust-unknown-ltr');
    await inArabic(page);
    await expect(screen.getByRole('heading', { name: ar['stationTrust.unknown.title'] })).toBeVisible({ timeout: 20_000 });
    await expect(screen.getByText(ar['stationTrust.unknown.text'].replace('{{stationId}}', 'st-99'))).toBeVisible();
    await shoot(page, 'station-trust-unknown-rtl');

    const second = await page.context().newPage();
    await second.goto(unpaired.url);
    const other = second.getByTestId('station-trust-screen');
    await expect(other).toHaveAttribute('data-problem', 'notPaired', { timeout: 20_000 });
    await expect(other.getByRole('heading', { name: en['stationTrust.notPaired.title'] })).toBeVisible();
    await expect(other.getByText(/Technician: make a pairing code for st-03/)).toBeVisible();
    await shoot(second, 'station-trust-not-paired-ltr');
    await inArabic(second);
    await expect(other.getByRole('heading', { name: ar['stationTrust.notPaired.title'] })).toBeVisible({ timeout: 20_000 });
    await shoot(second, 'station-trust-not-paired-rtl');
  } finally {
    await unknown.stop();
    await unpaired.stop();
  }
});

test('staff revoke a paired station: its screen says so at once and holds the keyboard', async ({ page, cafe }) => {
  const station = await cafe.station(4);
  await page.goto(station.url);
  await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
  const screen = page.getByTestId('station-trust-screen');
  await expect(screen).toHaveCount(0);

  await adminCall(cafe.server.url, 'DELETE', `/admin/stations/${station.id}/credential`);
  await expect(screen).toHaveAttribute('data-problem', 'revoked');
  await expect(screen.getByRole('heading', { name: en['stationTrust.revoked.title'] })).toBeVisible();
  await expect(screen.getByText(/Technician: pair this PC again/)).toBeVisible();
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Tab');
    const inside = await page.evaluate(() => {
      const active = document.activeElement;
      return !active || active === document.body || active.closest('[data-testid="station-trust-screen"]') !== null;
    });
    expect(inside, `Tab #${i + 1}`).toBe(true);
  }
  expect(await page.getByTestId('login-form').evaluate((el) => el.closest('[inert]') !== null)).toBe(true);
  await shoot(page, 'station-trust-revoked-ltr');
});
