/**
 * The console's catalogue (issue 15, branch catalogue) as the owner uses it:
 * an hourly rate edited in Prices and kept (the groups themselves are added
 * and renamed on the Stations screen, beside their stations: issue 23), a centre account added whose password is
 * never shown again (revealed only on request), a prepaid batch generated and
 * its printable sheet with a QR code per card, an offer re-priced in the
 * console and the kiosk store showing the new price. Screenshots of every
 * catalogue tab in English (ltr) and Arabic (rtl).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_OWNER, DEMO_STAFF } from '../../src/server/seed/console.js';
import { totpNow } from '../support/console-client.js';
import { startServer } from '../support/processes.js';
import { signIn } from './console-support.js';
import { expect, shoot, test } from './fixtures.js';

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

test('the owner edits a rate, adds a centre account, prints a prepaid batch; every tab in both directions', async ({ page, cafe }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, cafe.server.url, DEMO_OWNER, () => totpNow());
  await page.getByRole('button', { name: 'Setup' }).click();

  // Setup opens on Prices (stations and their groups are the Stations screen's): Standard from 1,500 to 1,750 IQD an hour, kept after a reload.
  await expect(tab(page, 'Prices')).toHaveAttribute('aria-selected', 'true');
  const rates = page.getByRole('region', { name: 'Hourly rates' });
  await expect(rates.getByLabel('Standard', { exact: true })).toHaveValue('1500');
  await rates.getByLabel('Standard', { exact: true }).fill('1750');
  await rates.getByLabel('Standard', { exact: true }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Prices saved: they apply from now on.' })).toBeVisible();
  await shoot(page, 'console-catalogue-prices-ltr');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Hourly rates' }).getByLabel('Standard', { exact: true })).toHaveValue('1750');

  // Keyboard: the tab list moves with the arrow keys.
  await tab(page, 'Prices').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Centre accounts')).toHaveAttribute('aria-selected', 'true');
  await expect(tab(page, 'Centre accounts')).toBeFocused();

  // A centre account: added, the password gone from the page, shown only when the owner asks.
  const secret = 'Hunter2-at-the-desk';
  await page.getByLabel('Account username').fill('arena_steam_42');
  await page.getByLabel('Account password').fill(secret);
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'will not be shown again' })).toBeVisible();
  await expect(page.getByLabel('Account password')).toHaveValue('');
  const row = page.locator('tr[data-account]').filter({ hasText: 'arena_steam_42' });
  await expect(row).toBeVisible();
  expect(await page.content()).not.toContain(secret);
  await shoot(page, 'console-catalogue-accounts-ltr');
  await row.getByRole('button', { name: 'Reveal password' }).click();
  await expect(row.locator('.secret')).toHaveText(secret);
  await row.getByRole('button', { name: 'Hide' }).click();
  await expect(row.locator('.secret')).toHaveCount(0);

  // Offers, tiers and rewards: what the CLI edits, on screen.
  await tab(page, 'Offers').click();
  await expect(page.locator('tr[data-offer]').filter({ hasText: 'Night pack' })).toContainText('Customer pays 13,000 IQD');
  await shoot(page, 'console-catalogue-offers-ltr');
  await tab(page, 'Tiers and rewards').click();
  await expect(page.locator('tr[data-tier]').first()).toBeVisible();
  await shoot(page, 'console-catalogue-loyalty-ltr');

  // Prepaid: a batch of three, its sheet with a QR code per card, printable on its own.
  await tab(page, 'Prepaid cards').click();
  await page.getByLabel('Cards', { exact: true }).fill('3');
  await page.getByLabel('Value (IQD)', { exact: true }).fill('2000');
  await page.getByLabel('Label', { exact: true }).fill('Cup prizes');
  await page.getByRole('button', { name: 'Generate batch' }).click();
  const sheet = page.getByRole('article', { name: 'Printable card sheet' });
  await expect(sheet.locator('li.prepaid-card')).toHaveCount(3);
  const qr = sheet.getByRole('img', { name: /^QR code of RC-/ });
  await expect(qr).toHaveCount(3);
  await expect(qr.first()).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(sheet.locator('.prepaid-code').first()).toHaveText(/^RC(-[A-Z0-9]{4}){3}$/);
  await expect(page.locator('tr[data-batch]').filter({ hasText: 'Cup prizes' })).toContainText('3 cards · 0 redeemed · 0 void');
  await shoot(page, 'console-catalogue-prepaid-ltr');
  // The print stylesheet: the sheet alone (no header, tabs, forms or batch list), every card on it.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('header.top')).toBeHidden();
  await expect(page.getByRole('tablist')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Generate batch' })).toBeHidden();
  await expect(sheet.locator('li.prepaid-card').first()).toBeVisible();
  await shoot(page, 'console-catalogue-prepaid-print');
  await page.emulateMedia({ media: 'screen' });
  // Void one card: the batch counts it, the sheet stamps it.
  const first = sheet.locator('li.prepaid-card').first();
  const code = (await first.locator('.prepaid-code').textContent()) ?? '';
  await first.getByRole('button', { name: `Void card ${code}` }).click();
  await expect(sheet.locator(`li[data-code="${code}"]`)).toContainText('void');
  await expect(page.locator('tr[data-batch]').filter({ hasText: 'Cup prizes' })).toContainText('1 void');
  // Opened again later: the codes were shown once (the server keeps hashes): cards by their last group, no QR, nothing to print.
  await sheet.getByRole('button', { name: 'Close', exact: true }).click();
  await page.locator('tr[data-batch]').filter({ hasText: 'Cup prizes' }).getByRole('button', { name: 'Cards and sheet' }).click();
  await expect(sheet.locator('.prepaid-code').first()).toHaveText(/^RC-…-[A-Z0-9]{4}$/);
  await expect(sheet.getByRole('img')).toHaveCount(0);
  await expect(sheet.getByRole('button', { name: 'Print sheet' })).toHaveCount(0);
  await expect(sheet.getByText('The codes were shown once', { exact: false })).toBeVisible();
  await shoot(page, 'console-catalogue-prepaid-later-ltr');

  await tab(page, 'Announcements and media').click();
  // Two announcements, read back as a list (issue 23): title, message, date; no labels repeated on each.
  for (const [title, message] of [
    ['Closed Sunday', 'We open again on Monday at noon.'],
    ['Valorant cup', 'Friday at 8 pm: sign up at the desk.'],
  ] as const) {
    await page.getByLabel('New announcement title').fill(title);
    await page.getByLabel('New announcement message').fill(message);
    await page.getByRole('button', { name: 'Add announcement' }).click();
    await expect(page.locator('.announcements').getByText(message)).toBeVisible();
  }
  await page.getByLabel('Network name').fill('Arena Guests');
  await page.getByLabel('Network password').fill('guest-pass-1');
  await page.getByRole('button', { name: 'Make QR code' }).click();
  await expect(page.getByRole('img', { name: 'WiFi QR code for Arena Guests' })).toBeVisible();
  // The picture from the top: the announcements first, as the tab opens.
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, 'console-catalogue-display-ltr');
  await tab(page, 'Plays and tools').click();
  await expect(page.getByRole('heading', { name: 'Messages sent' })).toBeVisible();
  await shoot(page, 'console-catalogue-tools-ltr');
  // Money limits (issue 23): the owner reads and sets what staff may move.
  await tab(page, 'Money limits').click();
  await expect(page.getByTestId('limits-now')).toBeVisible();
  await page.getByLabel('Most in one movement (IQD)').fill('60000');
  await page.getByRole('button', { name: 'Save limits' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The limits are saved.' })).toBeVisible();
  await expect(page.getByTestId('limits-now')).toContainText('60,000 IQD per movement');
  await shoot(page, 'console-catalogue-limits-ltr');

  // Arabic, right to left: every tab.
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  for (const [name, shot] of [
    ['الأسعار', 'prices'],
    ['حسابات المركز', 'accounts'],
    ['العروض', 'offers'],
    ['الفئات والمكافآت', 'loyalty'],
    ['البطاقات المسبقة الدفع', 'prepaid'],
    ['الإعلانات والوسائط', 'display'],
    ['الألعاب والأدوات', 'tools'],
  ] as const) {
    await tab(page, name).click();
    await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true');
    await shoot(page, `console-catalogue-${shot}-rtl`);
  }
  // Arrow keys follow the reading order: right to left, ArrowLeft is the next tab.
  await tab(page, 'الأسعار').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(tab(page, 'حسابات المركز')).toHaveAttribute('aria-selected', 'true');
  await expect(tab(page, 'حسابات المركز')).toBeFocused();
});

test('staff see rates and free centre accounts but cannot change prices', async ({ page, cafe }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, cafe.server.url, DEMO_STAFF);
  // The rates are read beside the stations; only an owner adds or renames a group.
  await page.getByRole('button', { name: 'Stations', exact: true }).click();
  const groups = page.getByTestId('station-groups');
  await expect(groups.locator('[data-group]').filter({ hasText: 'Standard' })).toContainText('1,500 IQD/hour');
  await expect(groups).toContainText('Only an owner adds groups or changes rates.');
  await expect(groups.getByRole('button')).toHaveCount(0);
  await page.getByRole('button', { name: 'Setup' }).click();
  await expect(tab(page, 'Centre accounts')).toHaveAttribute('aria-selected', 'true');
  await expect(tab(page, 'Prices')).toHaveCount(0);
  await expect(tab(page, 'Offers')).toHaveCount(0);
  await expect(tab(page, 'Prepaid cards')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add account' })).toHaveCount(0);
  await shoot(page, 'console-catalogue-staff-ltr');
});

test('a station group is added and renamed beside the stations; its rate is then in Prices; both languages', async ({ page, cafe }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, cafe.server.url, DEMO_OWNER, () => totpNow());
  await page.getByRole('button', { name: 'Stations', exact: true }).click();
  const groups = page.getByTestId('station-groups');
  await groups.getByRole('button', { name: 'Add group' }).click();
  const dialog = page.getByTestId('group-dialog');
  await dialog.getByLabel('Group name').fill('Racing');
  await dialog.getByLabel('Hourly rate (IQD)').fill('2500');
  await dialog.getByRole('button', { name: 'Add group' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Group Racing added.' })).toBeVisible();
  const racing = groups.locator('[data-group]').filter({ hasText: 'Racing' });
  await expect(racing).toContainText('2,500 IQD/hour');
  await expect(racing).toContainText('Stations: 0');

  // A station moves into it from its row; the group counts it.
  await page.locator('tr[data-station="st-02"]').getByLabel(/^Group of/).selectOption({ label: 'Racing' });
  await expect(racing).toContainText('Stations: 1');

  await racing.getByRole('button', { name: 'Rename Racing' }).click();
  await page.getByTestId('group-dialog').getByLabel('Group name').fill('Racing sims');
  await page.getByTestId('group-dialog').getByLabel('Group name').press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Group Racing sims saved.' })).toBeVisible();
  await expect(groups.locator('[data-group]').filter({ hasText: 'Racing sims' })).toContainText('2,500 IQD/hour');
  await shoot(page, 'console-stations-groups-ltr');

  // Its rate is set with the rest of the price list.
  await page.getByRole('button', { name: 'Setup' }).click();
  await expect(page.getByRole('region', { name: 'Hourly rates' }).getByLabel('Racing sims', { exact: true })).toHaveValue('2500');

  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: 'الأجهزة', exact: true }).click();
  await expect(groups.getByRole('heading', { name: 'مجموعات الأجهزة وسعر الساعة' })).toBeVisible();
  await groups.getByRole('button', { name: 'إضافة مجموعة' }).click();
  await expect(page.getByTestId('group-dialog').getByRole('heading', { name: 'مجموعة أجهزة جديدة' })).toBeVisible();
  await shoot(page, 'console-stations-groups-rtl');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('group-dialog')).toHaveCount(0);
});

test('an offer re-priced in the console shows its new price on the kiosk store', async ({ page, context, cafe }) => {
  test.setTimeout(90_000);
  await signIn(page, cafe.server.url, DEMO_OWNER, () => totpNow());
  await page.getByRole('button', { name: 'Setup' }).click();
  await tab(page, 'Offers').click();
  const night = page.locator('tr[data-offer]').filter({ hasText: 'Night pack' });
  await night.getByRole('button', { name: 'Edit Night pack' }).click();
  const form = page.getByRole('form', { name: 'Save' });
  await form.getByLabel('Credit bought (IQD)').fill('20000');
  await form.getByLabel('Discount (IQD)').fill('3000');
  await expect(form).toContainText('Customer pays 17,000 IQD and gets 20,000 IQD of balance');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved: Night pack' })).toBeVisible();
  await expect(night).toContainText('Customer pays 17,000 IQD');

  const station = await cafe.station(1);
  const kiosk = await context.newPage();
  await kiosk.goto(station.url);
  await expect(kiosk).toHaveURL(/\/login$/, { timeout: 20_000 });
  await kiosk.getByLabel('Username').fill('ali');
  await kiosk.getByLabel('Password').fill('ali12345');
  await kiosk.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(kiosk).toHaveURL(/\/dashboard$/);
  await kiosk.getByRole('link', { name: 'Store' }).click();
  const card = kiosk.getByTestId('offer-card').filter({ hasText: 'Night pack' });
  await expect(card).toContainText('17,000 IQD');
  await expect(card).toContainText('20,000 IQD');
});

test('the owner uploads a new logo from the console; the stations’ media route serves it', async ({ page }) => {
  const mediaDir = mkdtempSync(join(tmpdir(), 'spawnpoint-console-media-'));
  const server = await startServer({ env: { ...process.env, SPAWNPOINT_MEDIA_DIR: mediaDir } });
  try {
    await signIn(page, server.url, DEMO_OWNER, () => totpNow());
    await page.getByRole('button', { name: 'Setup' }).click();
    await tab(page, 'Announcements and media').click();
    // A 1×1 PNG.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    await page.getByLabel('Logo (PNG)').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Upload logo' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Uploaded logo.png' })).toBeVisible();
    expect(readFileSync(join(mediaDir, 'logo.png')).equals(png)).toBe(true);
    const logo = (await (await fetch(`${server.url}/cafe-settings/media/logo`)).json()) as { logo: { isActive: boolean } | null };
    expect(logo.logo?.isActive).toBe(true);
    // Not a PNG: the server's own message, on screen.
    await page.getByLabel('Logo (PNG)').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not a png') });
    await page.getByRole('button', { name: 'Upload logo' }).click();
    await expect(page.getByRole('alert')).toContainText('does not look like image/png');
  } finally {
    await server.stop();
    rmSync(mediaDir, { recursive: true, force: true });
  }
});
