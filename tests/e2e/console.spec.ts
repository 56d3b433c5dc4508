/**
 * The operator console (issue 15) beside the kiosk, each driven as a person
 * would: staff sign in, see a station live, unlock it as a guest — the kiosk
 * opens its dashboard and the receipt reads done; a command to a stopped
 * station reads failed with the reason; a customer's call and order reach the
 * inbox live, and an approved order shows in the customer's ledger; a shift is
 * opened, a cash top-up taken and the closing report shows it. Screenshots of
 * each screen in English (ltr) and Arabic (rtl).
 */
import type { Page } from '@playwright/test';
import { DEMO_OWNER, DEMO_STAFF } from '../../src/server/seed/console.js';
import { demoStation, stationCredential } from '../support/processes.js';
import { totpNow } from '../support/console-client.js';
import { expect, shoot, test } from './fixtures.js';

async function signIn(page: Page, serverUrl: string, who: { username: string; password: string }, code?: () => string) {
  await page.goto(`${serverUrl}/console/`);
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (code) {
    await page.getByLabel('Authenticator code').fill(code());
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
}

/** A customer at another PC, as its renderer calls the server (its own enrolled credential). */
async function customerAt(serverUrl: string, stationNumber: number, username: string, password: string) {
  const station = demoStation(stationNumber);
  const credential = await stationCredential(serverUrl, stationNumber);
  const headers = { 'content-type': 'application/json', 'x-station-credential': credential };
  const login = await fetch(`${serverUrl}/auth/client/login`, { method: 'POST', headers, body: JSON.stringify({ username, password, macAddress: station.mac }) });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const auth = { ...headers, authorization: `Bearer ${accessToken}` };
  return {
    call: (message: string) =>
      fetch(`${serverUrl}/service-calls/client`, { method: 'POST', headers: auth, body: JSON.stringify({ type: 'waiter', stationId: station.id, message }) }),
    order: (offerId: string) => fetch(`${serverUrl}/offers/orders`, { method: 'POST', headers: auth, body: JSON.stringify({ offerId }) }),
  };
}

test('staff unlock a guest from the room: the kiosk opens and the receipt reads done', async ({ page, context, cafe }) => {
  const station = await cafe.station(2);
  const kiosk = await context.newPage();
  await kiosk.goto(station.url);
  await expect(kiosk).toHaveURL(/\/login$/, { timeout: 20_000 });

  await signIn(page, cafe.server.url, DEMO_STAFF);
  const tile = page.locator('.tile[data-station="st-02"]');
  await expect(tile).toContainText('Available');
  await shoot(page, 'console-room-ltr');

  await tile.getByRole('button').click();
  await page.getByRole('button', { name: 'Unlock guest' }).click();
  await expect(kiosk).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  await expect(tile).toContainText('In use');
  await expect(tile).toContainText('Guest');
  const receipt = page.locator('.receipt[data-station="st-02"]').first();
  await expect(receipt).toContainText('done');

  // A station nobody runs: the command says so instead of vanishing.
  await page.locator('.tile[data-station="st-07"]').getByRole('button').click();
  await page.getByRole('button', { name: 'Restart' }).click();
  await expect(page.locator('.receipt[data-station="st-07"]').first()).toContainText(/failed.*offline/s);
  await shoot(page, 'console-receipts-ltr');

  // Several stations with a live session: a preview names what it hits.
  await page.getByRole('button', { name: 'Select all' }).click();
  await page.getByRole('button', { name: 'End session' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('PC 2');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test('a hold turns two stations reserved, and releasing it frees them', async ({ page, cafe }) => {
  await signIn(page, cafe.server.url, DEMO_STAFF);
  for (const id of ['st-03', 'st-04']) await page.locator(`.tile[data-station="${id}"]`).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Hold…' }).click();
  await page.getByLabel('For (event or note)').fill('Valorant cup');
  await page.getByRole('button', { name: 'Hold 2 station(s)' }).click();
  for (const id of ['st-03', 'st-04']) await expect(page.locator(`.tile[data-station="${id}"]`)).toContainText('Reserved');
  const holds = page.getByRole('complementary', { name: 'Holds' });
  await expect(holds.locator('.hold')).toHaveCount(2);
  await shoot(page, 'console-holds-ltr');
  // One at a time: the list re-renders after each release.
  await holds.getByRole('button', { name: 'Release' }).first().click();
  await expect(holds.locator('.hold')).toHaveCount(1);
  await holds.getByRole('button', { name: 'Release' }).first().click();
  await expect(holds.locator('.hold')).toHaveCount(0);
  for (const id of ['st-03', 'st-04']) await expect(page.locator(`.tile[data-station="${id}"]`)).not.toContainText('Reserved');
});

test('a call and an order reach the inbox live; approving credits the customer once', async ({ page, cafe }) => {
  await signIn(page, cafe.server.url, DEMO_STAFF);
  await page.getByRole('button', { name: 'Inbox' }).click();
  await expect(page.getByText('Nothing waiting')).toBeVisible();

  // ali signs in at PC 4, whose kiosk is not connected: a session on a silent station needs a person.
  const ali = await customerAt(cafe.server.url, 4, 'ali', 'ali12345');
  await expect(page.locator('[data-alert="st-04"]')).toContainText('Station lost connection mid-session');
  expect((await ali.call('Two teas please')).status).toBe(200);
  await expect(page.getByText('Two teas please')).toBeVisible();
  await expect(page).toHaveTitle(/^\(2\) /);
  expect((await ali.order('off_bonus10')).status).toBe(200);
  await expect(page.locator('[data-order]')).toHaveCount(1);
  await expect(page.getByRole('button', { name: /Inbox\s*3/ })).toBeVisible();
  await shoot(page, 'console-inbox-ltr');

  await page.getByRole('button', { name: 'Take it' }).click();
  await expect(page.getByText('Taken by desk')).toBeVisible();
  await page.getByRole('button', { name: 'Approve (paid)' }).click();
  await expect(page.locator('[data-order]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Resolved' }).click();
  await expect(page.locator('[data-call]')).toHaveCount(0);
  await expect(page).toHaveTitle(/^\(1\) /);

  await page.getByRole('button', { name: 'Customers' }).click();
  await page.getByLabel('Search by username, email, phone or card').fill('ali');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: /^ali/ }).click();
  await expect(page.locator('table')).toContainText('offer_order');
});

test('a shift: opened with a float, a cash top-up, the closing report shows it', async ({ page, cafe }) => {
  await signIn(page, cafe.server.url, DEMO_STAFF);
  await page.getByRole('button', { name: 'Shifts' }).click();
  await page.getByLabel('Cash float (IQD)').fill('20000');
  await page.getByRole('button', { name: 'Open shift' }).click();
  await expect(page.getByText(/Open since/)).toBeVisible();

  await page.getByRole('button', { name: 'Customers' }).click();
  await page.getByLabel('Search by username, email, phone or card').fill('sara');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: /^sara/ }).click();
  await page.getByLabel('Amount (IQD)').first().fill('5000');
  await page.getByLabel('Note').fill('first hour');
  await page.getByRole('button', { name: 'Top up' }).click();
  await expect(page.getByText('Done: the balance is now 13,000 IQD.')).toBeVisible();
  await shoot(page, 'console-customers-ltr');

  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Top-ups in cash' })).toContainText('5,000 IQD');
  await expect(page.getByRole('img', { name: 'Occupancy by hour (%)' })).toBeVisible();
  await shoot(page, 'console-today-ltr');

  await page.getByRole('button', { name: 'Shifts' }).click();
  await page.getByLabel('Counted cash (IQD)').fill('25000');
  await page.getByRole('button', { name: 'Close shift' }).click();
  const report = page.getByRole('article', { name: 'Shift report' });
  await expect(report.getByRole('row', { name: /Top-ups in cash/ })).toContainText('5,000 IQD');
  await expect(report.getByRole('row', { name: /Expected cash/ })).toContainText('25,000 IQD');
  await expect(report.getByRole('row', { name: /Difference/ })).toContainText('0 IQD');
  await shoot(page, 'console-shift-ltr');
});

test('the owner signs in with TOTP, reads the audit log; the console in Arabic, right to left', async ({ page, cafe }) => {
  await signIn(page, cafe.server.url, DEMO_OWNER, () => totpNow());
  await page.getByRole('button', { name: 'Audit log' }).click();
  await expect(page.locator('table')).toContainText('console.login');
  await shoot(page, 'console-audit-ltr');

  // Setup: a one-time pairing code for a PC, as `npm run cafe -- pair st-05` prints it.
  await page.getByRole('button', { name: 'Setup' }).click();
  const row = page.locator('tr[data-station="st-05"]');
  await row.getByRole('button', { name: 'Pairing code' }).click();
  await expect(row).toContainText(/Code \S+ \(until/);
  await shoot(page, 'console-setup-ltr');

  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { name: 'الإعداد' })).toBeVisible();
  await shoot(page, 'console-setup-rtl');
  for (const [tab, name] of [
    ['سجل التدقيق', 'console-audit-rtl'],
    ['القاعة', 'console-room-rtl'],
    ['اليوم', 'console-today-rtl'],
    ['الوارد', 'console-inbox-rtl'],
    ['الورديات', 'console-shift-rtl'],
    ['الموظفون', 'console-staff-rtl'],
  ] as const) {
    await page.getByRole('button', { name: tab, exact: true }).click();
    await expect(page.getByRole('heading', { name: tab })).toBeVisible();
    await shoot(page, name);
  }
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  await expect(page.locator('table')).toContainText('desk');
  await shoot(page, 'console-staff-ltr');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await shoot(page, 'console-login-ltr');
});
