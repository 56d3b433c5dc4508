/**
 * The console's Stations screen (issue 22) as an owner uses it: a new PC added with the keyboard, its one-time
 * pairing code shown once, the PC pairing with it (the row turns paired), moved to a group, its credential
 * revoked; each change with its receipt. Screenshots in English (ltr) and Arabic (rtl).
 */
import { readFileSync } from 'node:fs';
import { DEMO_OWNER, DEMO_STAFF } from '../../src/server/seed/console.js';
import { totpNow } from '../support/console-client.js';
import { openEventsSocket } from '../support/events-socket.js';
import { demoStation, stationCredential } from '../support/processes.js';
import { signIn } from './console-support.js';
import { expect, shoot, test } from './fixtures.js';

test('the owner adds, pairs, regroups and revokes a station, with receipts, in both languages', async ({ page, cafe }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  // PC 1 runs its kiosk (paired with a code at start): online and paired; the others are off.
  const kiosk = await cafe.station(1);
  const pc = await page.context().newPage();
  await pc.goto(kiosk.url);
  await signIn(page, cafe.server.url, DEMO_OWNER, () => totpNow());
  await page.getByRole('button', { name: 'Stations', exact: true }).click();
  const row = (id: string) => page.locator(`tr[data-station="${id}"]`);
  await expect(row('st-01').locator('[data-paired]')).toHaveText('Paired');
  await expect(row('st-01').locator('[data-connection]')).toHaveText('Online');
  await expect(row('st-02').locator('[data-paired]')).toHaveText('Not paired');
  await shoot(page, 'console-stations-ltr');

  // N opens the new station form; Add and pair shows its code once.
  await page.keyboard.press('n');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Station id', { exact: true }).fill('st-42');
  await dialog.getByLabel('Number', { exact: true }).fill('42');
  await dialog.getByLabel('Name', { exact: true }).fill('Corner PC');
  await dialog.getByRole('button', { name: 'Add and pair' }).click();
  const code = page.getByTestId('pairing-code');
  await expect(code).toHaveText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await shoot(page, 'console-stations-code-ltr');
  const pairingCode = (await code.textContent())?.trim() ?? '';
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('pairing-code')).toHaveCount(0);
  await expect(row('st-42').locator('[data-paired]')).toHaveText('Not paired');
  await expect(row('st-42').locator('[data-connection]')).toHaveText('Offline');

  // The PC exchanges the code (as its kiosk does): the row turns paired by itself (the room is live).
  const exchange = await fetch(`${cafe.server.url}/station-enrolment/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ stationId: 'st-42', pairingCode }),
  });
  expect(exchange.status).toBe(200);
  await expect(row('st-42').locator('[data-paired]')).toHaveText('Paired');

  // Into the VIP group from the row's picker.
  await page.getByLabel('Group of Corner PC').selectOption({ label: 'VIP' });
  const receipts = page.getByRole('complementary', { name: 'Receipts' });
  await expect(receipts.locator('[data-station="st-42"][data-action="edit-station"]').first()).toContainText('PC 42 · station edited · done');

  // Keyboard: choose the row, R asks, confirm revokes.
  await row('st-42').click();
  await page.keyboard.press('r');
  await expect(page.getByRole('dialog')).toContainText('42 · Corner PC');
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke credential' }).click();
  await expect(row('st-42').locator('[data-paired]')).toHaveText('Not paired');
  await expect(receipts.locator('[data-station="st-42"][data-action="revoke-credential"]')).toContainText('PC 42 · credential revoked · done');
  await expect(receipts.locator('[data-station="st-42"][data-action="pairing-code"]')).toContainText('PC 42 · pairing code issued · done');
  await expect(receipts.locator('[data-station="st-42"][data-action="add-station"]')).toContainText('PC 42 · new station · done');
  await expect(page.getByRole('complementary', { name: 'Station alerts' })).toContainText('Credential revoked');
  await shoot(page, 'console-stations-receipts-ltr');

  // Arabic, right to left: the same screen, and a new code for the PC.
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(row('st-42').locator('[data-paired]')).toHaveText('غير مقترن');
  await shoot(page, 'console-stations-rtl');
  await row('st-42').getByRole('button', { name: 'اقتران' }).click();
  await expect(page.getByTestId('pairing-code')).toHaveText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await shoot(page, 'console-stations-code-rtl');
});

test('a desk member reads the stations but is offered no owner action', async ({ page, cafe }) => {
  await signIn(page, cafe.server.url, DEMO_STAFF);
  await page.getByRole('button', { name: 'Stations', exact: true }).click();
  await expect(page.locator('tr[data-station="st-01"] [data-connection]')).toHaveText('Offline');
  await expect(page.getByRole('button', { name: 'New station' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pair', exact: true })).toHaveCount(0);
  await page.keyboard.press('n');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a security alert reaches the desk: a toast over the screen, then the inbox until someone marks it seen', async ({ page, cafe }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, cafe.server.url, DEMO_STAFF);
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // Someone guesses the owner's authenticator codes: the fifth wrong one in a row locks it and tells the consoles.
  const right = totpNow();
  const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
  for (let i = 0; i < 5; i++) {
    const reply = await fetch(`${cafe.server.url}/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: DEMO_OWNER.username, password: DEMO_OWNER.password, totp: wrong }),
    });
    expect(reply.status).toBe(401);
  }
  const toast = page.getByTestId('security-toast');
  await expect(toast).toContainText('قُفل التحقق بخطوتين للحساب owner');
  await shoot(page, 'console-security-toast-rtl');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(toast).toContainText('Two-step sign-in of owner is locked');
  await shoot(page, 'console-security-toast-ltr');
  await toast.getByRole('button', { name: 'Open the inbox' }).click();
  await expect(toast).toHaveCount(0);
  const row = page.locator('[data-security="owner"]');
  await expect(row).toContainText('Two-step sign-in of owner is locked');
  // A security alert has its toast, chime and row, but no count: each console keeps its own until seen, so neither
  // the badge nor Today's "Waiting" (one rule: src/shared/inbox.ts) counts it.
  await expect(page.getByRole('button', { name: /Inbox/ }).locator('.badge')).toHaveCount(0);
  await row.getByRole('button', { name: 'Seen' }).click();
  await expect(row).toHaveCount(0);
});

test('a desk member asks a PC for its screen: the receipt says asked then taken, and the image opens (issue 24)', async ({ page, cafe }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  // PC 2 is a test station: its socket answers screenshotRequested by uploading a real PNG (a kiosk screen).
  const credential = await stationCredential(cafe.server.url, 2);
  const pc = demoStation(2);
  const screen = readFileSync('docs/screenshots/03-dashboard.png');
  const uploads: number[] = [];
  const socket = await openEventsSocket(
    cafe.server.url,
    { clientType: 'station', stationId: pc.id, macAddress: pc.mac, ipAddress: '192.168.1.52', stationName: pc.pcName, userId: '' },
    credential,
    (s) => {
      s.on('screenshotRequested', (asked: { uploadPath: string }) => {
        void fetch(`${cafe.server.url}${asked.uploadPath}`, {
          method: 'PUT',
          headers: { 'content-type': 'image/png', 'x-station-credential': credential },
          body: new Uint8Array(screen),
        }).then((r) => uploads.push(r.status));
      });
      return s;
    },
  );
  try {
    await signIn(page, cafe.server.url, DEMO_STAFF);
    await page.getByRole('button', { name: 'Stations', exact: true }).click();
    const row = page.locator('tr[data-station="st-02"]');
    await expect(row.locator('[data-connection]')).toHaveText('Online');
    // A PC that is off cannot be asked.
    await expect(page.locator('tr[data-station="st-03"]').getByRole('button', { name: 'Screenshot' })).toBeDisabled();
    await row.getByRole('button', { name: 'Screenshot' }).click();
    const viewer = page.getByTestId('shot-viewer');
    await expect(viewer.getByRole('img', { name: 'What 2 · PC-02 shows' })).toBeVisible();
    await expect(page.getByTestId('shot-receipt')).toHaveText('Screenshot of 2 · PC-02: taken.');
    expect(uploads).toEqual([200]);
    // The image shown is the one the PC sent, byte for byte.
    const src = await viewer.getByRole('img').getAttribute('src');
    expect(Buffer.from(src?.replace(/^data:image\/png;base64,/, '') ?? '', 'base64').equals(screen)).toBe(true);
    const size = await viewer.getByRole('img').evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
    expect(size).toEqual([1600, 900]);
    await shoot(page, 'console-stations-screenshot-ltr');
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    await expect(page.getByTestId('shot-receipt')).toContainText('taken');

    // In Arabic, right to left: the receipt, and the image opened again.
    await page.getByRole('button', { name: 'العربية' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('shot-receipt')).toContainText('التُقطت');
    await page.getByTestId('shot-receipt').getByRole('button', { name: 'عرض' }).click();
    await expect(viewer.getByRole('img')).toBeVisible();
    await shoot(page, 'console-stations-screenshot-rtl');
    await viewer.getByRole('button', { name: 'إغلاق' }).click();

    // The PC goes away: it cannot be asked any more.
    socket.close();
    await expect(row.locator('[data-connection]')).toHaveText('غير متصل');
    await expect(row.getByRole('button', { name: 'لقطة شاشة' })).toBeDisabled();
  } finally {
    socket.close();
  }
});

test('the kiosk forwards a staff screenshot request to its shell, which captures and uploads it, and the desk sees it (issue 24)', async ({ page, cafe }) => {
  const kiosk = await cafe.station(1);
  const pc = await page.context().newPage();
  await pc.goto(kiosk.url);
  await signIn(page, cafe.server.url, DEMO_STAFF);
  await page.getByRole('button', { name: 'Stations', exact: true }).click();
  const row = page.locator('tr[data-station="st-01"]');
  await expect(row.locator('[data-connection]')).toHaveText('Online');
  await row.getByRole('button', { name: 'Screenshot' }).click();
  // The web shell is a dry run: it records the capture it was asked for and sends its placeholder screen (16×9 PNG).
  const image = page.getByTestId('shot-viewer').getByRole('img');
  await expect(image).toBeVisible({ timeout: 15_000 });
  expect(await image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([16, 9]);
  await expect(page.getByTestId('shot-receipt')).toHaveAttribute('data-state', 'taken');
  const actions = JSON.stringify(await (await fetch(`${kiosk.url}/__shell/actions`)).json());
  expect(actions).toContain('os.screenshot');
});
