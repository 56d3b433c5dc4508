/**
 * The operator console (issue 15) beside the kiosk, each driven as a person
 * would: staff sign in, see a station live, unlock it as a guest — the kiosk
 * opens its dashboard and the receipt reads done; a command to a stopped
 * station reads failed with the reason; a customer clicks the waiter call and
 * orders from the store at the kiosk, both reach the inbox live, and an
 * approved order shows in the kiosk's balance and the customer's ledger; a
 * reward claimed at the kiosk shows live in the inbox and is delivered by name;
 * a lock with a message reaches the kiosk's blocking screen; a disabled
 * customer cannot log in at the kiosk; the owner resets a staff member; a
 * shift is opened, a cash top-up taken and the closing report shows it; a
 * hold made in the console ends by itself at its end.
 * Screenshots of each screen in English (ltr) and Arabic (rtl).
 */
import { DEMO_OWNER, DEMO_STAFF } from '../../src/server/seed/console.js';
import { formatDateTime } from '../../src/shared/format.js';
import { startServer } from '../support/processes.js';
import { totpNow } from '../support/console-client.js';
import { kioskBalance, livePc, signInAtPc } from './console-desk-support.js';
import { signIn } from './console-support.js';
import { expect, kioskLogin, shoot, test } from './fixtures.js';

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

  // A station nobody runs: what it must carry out is not offered (disabled, with the reason); an unlock
  // still goes to the server, which refuses it, and the receipt says why instead of vanishing.
  await page.locator('.tile[data-station="st-07"]').getByRole('button').click();
  await expect(page.getByRole('button', { name: 'Restart' })).toBeDisabled();
  await expect(page.getByTestId('not-connected')).toHaveText('PC 7 is not connected');
  await page.getByRole('button', { name: 'Unlock guest' }).click();
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
  await page.getByRole('button', { name: 'Hold 2 stations' }).click();
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

test('a hold ends by itself at its end: the stations turn available again (server clock 30× as fast)', async ({ page }) => {
  test.setTimeout(120_000);
  // 30×: the hold's 10 minutes pass in 20 s, well inside the console's 30 idle minutes (60 s here).
  const speed = 30;
  const origin = Date.now();
  const server = await startServer({ clockSpeed: speed, args: ['--clock-origin', String(origin)] });
  try {
    await signIn(page, server.url, DEMO_STAFF);
    // The server's time runs ahead of the desk's; the hold ends 10 of its minutes from its now.
    const serverNow = () => origin + (Date.now() - origin) * speed;
    const end = new Date(Math.ceil((serverNow() + 10 * 60_000) / 60_000) * 60_000);

    await page.locator('.tile[data-station="st-05"]').getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Hold…' }).click();
    await page.getByLabel('For (event or note)').fill('Quick match');
    // Typed as the console writes a date and time (27/11/2026, 14:05), whatever the browser's own locale.
    await page.getByRole('textbox', { name: 'To', exact: true }).fill(formatDateTime(end, 'en'));
    await page.getByRole('button', { name: 'Hold 1 station' }).click();
    const tile = page.locator('.tile[data-station="st-05"]');
    await expect(tile).toContainText('Reserved');
    const holds = page.getByRole('complementary', { name: 'Holds' });
    await expect(holds.locator('.hold')).toHaveCount(1);
    // Nobody touches it: at its end the server releases it, and the room shows it live.
    await expect(tile).not.toContainText('Reserved', { timeout: 60_000 });
    await expect(tile).toBeVisible();
    await expect(holds.locator('.hold')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  } finally {
    await server.stop();
  }
});

test('the customer calls the waiter and orders at the kiosk: both reach the inbox live; approving credits the kiosk once', async ({ page, context, cafe }) => {
  test.setTimeout(120_000);
  const station = await cafe.station(4);
  const kiosk = await context.newPage();
  await kioskLogin(kiosk, station.url, 'ali', 'ali12345');
  await expect(kiosk).toHaveURL(/\/dashboard$/, { timeout: 15_000 });

  await signIn(page, cafe.server.url, DEMO_STAFF);
  await page.getByRole('button', { name: 'Inbox' }).click();
  await expect(page.getByText('Nothing waiting')).toBeVisible();

  // The top bar's waiter call, clicked at the kiosk.
  await kiosk.getByRole('button', { name: 'Call cafe service' }).click();
  await expect(kiosk.getByText('The cafe staff have been called.')).toBeVisible();
  await expect(page.locator('[data-call]')).toHaveCount(1);
  await expect(page.locator('[data-call]')).toContainText('PC 4 · ali');
  await expect(page).toHaveTitle(/^\(1\) /);

  // The store: order the 10% bonus, confirm.
  await kiosk.getByRole('link', { name: 'Store' }).click();
  await expect(kiosk).toHaveURL(/\/store$/);
  const card = kiosk.getByTestId('offer-card').filter({ hasText: '10% bonus credit' });
  await card.getByRole('button', { name: 'Order Now' }).click();
  await kiosk.getByTestId('confirm-dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(kiosk.getByText('Order placed. Pay at the counter; your balance updates once staff approve it.')).toBeVisible();
  const before = await kioskBalance(kiosk);
  await expect(page.locator('[data-order]')).toHaveCount(1);
  await expect(page.getByRole('button', { name: /Inbox\s*2/ })).toBeVisible();
  await expect(page).toHaveTitle(/^\(2\) /);
  await shoot(page, 'console-inbox-ltr');

  const callRow = page.locator('[data-call]');
  await callRow.getByRole('button', { name: 'Take it' }).click();
  await expect(callRow.getByText(/Taken by desk/)).toBeVisible();
  // The order is taken like the other rows (issue 23): who has it shows, and "Take it" goes.
  const orderRow = page.locator('[data-order]');
  await orderRow.getByRole('button', { name: 'Take it' }).click();
  await expect(orderRow.getByText(/Taken by desk/)).toBeVisible();
  await expect(orderRow.getByRole('button', { name: 'Take it' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Approve (paid)' }).click();
  // Asked first, with the amount and the customer.
  await expect(page.getByTestId('approve-summary')).toContainText(/Take 10,000 IQD from ali at the counter.*11,000 IQD goes to ali's balance/);
  await page.getByRole('dialog').getByRole('button', { name: 'Approve: 10,000 IQD paid' }).click();
  await expect(page.locator('[data-order]')).toHaveCount(0);
  // The kiosk's balance follows (the 10% bonus credits 11,000 IQD; billing may take a little meanwhile).
  await expect.poll(() => kioskBalance(kiosk), { timeout: 10_000 }).toBeGreaterThanOrEqual(before + 11_000 - 100);
  await page.getByRole('button', { name: 'Resolved' }).click();
  await expect(page.locator('[data-call]')).toHaveCount(0);
  await expect(page).not.toHaveTitle(/^\(/);

  // A session on a PC whose kiosk went silent needs a person too.
  await signInAtPc(cafe.server.url, 5, 'sara', 'sara12345');
  await expect(page.locator('[data-alert="st-05"]')).toContainText('Station lost connection mid-session');
  await expect(page).toHaveTitle(/^\(1\) /);

  await page.getByRole('button', { name: 'Customers' }).click();
  await page.getByLabel('Search by username, email, phone or card').fill('ali');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: /^ali/ }).click();
  await expect(page.locator('table.ledger')).toContainText('Store order');
  await expect(page.locator('table.ledger')).not.toContainText('offer_order');
});

test('a reward claimed at the kiosk shows live in the inbox; staff take it and deliver it', async ({ page, context, cafe }) => {
  test.setTimeout(120_000);
  const station = await cafe.station(3);
  const kiosk = await context.newPage();
  await kioskLogin(kiosk, station.url, 'ali', 'ali12345');
  await expect(kiosk).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  await signIn(page, cafe.server.url, DEMO_STAFF);
  await page.getByRole('button', { name: 'Inbox' }).click();
  await expect(page.getByText('Nothing waiting')).toBeVisible();

  await kiosk.getByRole('button', { name: 'Account menu' }).click();
  await kiosk.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(kiosk).toHaveURL(/\/user-profile$/);
  const drink = kiosk.getByTestId('reward').filter({ hasText: 'Free energy drink' });
  await drink.getByRole('button', { name: 'Claim', exact: true }).click();
  await kiosk.getByTestId('confirm-dialog').getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(kiosk.getByText('Reward claimed successfully!')).toBeVisible();

  const item = page.locator('[data-claim]');
  await expect(item).toContainText('Reward claimed: Free energy drink');
  await expect(item).toContainText('ali spent 910 XP');
  await expect(page).toHaveTitle(/^\(1\) /);
  await item.getByRole('button', { name: 'Take it' }).click();
  await expect(item).toContainText('Taken by desk');
  await shoot(page, 'console-inbox-claim-ltr');
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(item).toContainText('مكافأة مطلوبة');
  await shoot(page, 'console-inbox-claim-rtl');
  await page.getByRole('button', { name: 'English' }).click();

  await item.getByRole('button', { name: 'Delivered' }).click();
  await expect(item).toHaveCount(0);
  await expect(page).not.toHaveTitle(/^\(/);
  await kiosk.getByRole('button', { name: 'Refresh' }).click();
  await expect(kiosk.getByTestId('claimed-rewards')).toContainText('DELIVERED');
});

test('lock with a message: the kiosk shows the SPEC’s title and line, then staff’s message on its own; unlocking gives it back', async ({ page, context, cafe }) => {
  test.setTimeout(120_000);
  const station = await cafe.station(5);
  const kiosk = await context.newPage();
  await kiosk.goto(station.url);
  await expect(kiosk).toHaveURL(/\/login$/, { timeout: 20_000 });
  await signIn(page, cafe.server.url, DEMO_STAFF);
  // Longer than a status may be (32 characters): it travels as the lock's message, not as the status.
  const words = 'Closed for cleaning, please come to the desk';

  // PC 5 (running) and PC 6 (off): a preview says what the station will show.
  for (const id of ['st-05', 'st-06']) await page.locator(`.tile[data-station="${id}"]`).getByRole('checkbox').check();
  await page.getByLabel('Lock message').fill(words);
  await page.getByRole('button', { name: 'Lock with message' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('lock-preview').locator('> *')).toHaveText([
    'Station 5, 6 will show:',
    'Station Not Available',
    'Station 5 is currently locked',
    'This status was set by an administrator',
    words,
  ]);
  await shoot(page, 'console-lock-preview-ltr');
  await dialog.getByRole('button', { name: 'Go ahead' }).click();

  // The kiosk: the SPEC's title, its line with the status 'locked', its second line, then the message on a line of its own.
  const overlay = kiosk.getByTestId('station-status-overlay');
  await expect(overlay).toBeVisible();
  await expect(overlay.locator('h1, p')).toHaveText([
    'Station Not Available',
    'Station 5 is currently locked',
    'This status was set by an administrator',
    words,
  ]);
  await shoot(kiosk, 'kiosk-lock-message-ltr');
  const tile = page.locator('.tile[data-station="st-05"]');
  await expect(tile.locator('.tile-status')).toHaveText('Locked');
  await expect(tile.getByTestId('lock-message')).toHaveText(`“${words}”`);
  await expect(page.locator('.receipt[data-station="st-05"]').first()).toContainText(`lock “${words}” · done`);
  // The PC that is off is told when it comes back.
  await expect(page.locator('.receipt[data-station="st-06"]').first()).toContainText('sent');
  await shoot(page, 'console-lock-ltr');
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(tile.locator('.tile-status')).toHaveText('مقفل');
  await expect(tile.getByTestId('lock-message')).toHaveText(`“${words}”`);
  await shoot(page, 'console-lock-rtl');
  await page.getByRole('button', { name: 'English' }).click();

  await page.getByRole('button', { name: 'Unlock screen' }).click();
  await expect(overlay).toBeHidden();
  await expect(tile).toContainText('Available');
  await expect(tile.getByTestId('lock-message')).toHaveCount(0);

  // The same in Arabic at the kiosk: the Arabic lines, staff's words (English here) on their own line, not in the sentence.
  await kiosk.getByRole('button', { name: 'العربية' }).click();
  await expect(kiosk.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: 'Clear' }).click();
  await tile.getByRole('checkbox').check();
  // The message field emptied after its use: it is typed again.
  await expect(page.getByLabel('Lock message')).toHaveValue('');
  await page.getByLabel('Lock message').fill(words);
  await page.getByRole('button', { name: 'Lock with message' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Go ahead' }).click();
  await expect(overlay.locator('h1, p')).toHaveText(['الجهاز غير متاح', 'الجهاز 5 حالياً مقفل', 'تم تعيين هذه الحالة من قبل المشرف', words]);
  await expect(overlay.getByTestId('station-status-message')).toHaveAttribute('dir', 'auto');
  await shoot(kiosk, 'kiosk-lock-message-rtl');
});

test('the inbox’s room alerts say when and lead to the action: the customer at the top-up gate is topped up from Customers, a lost PC is picked in the Room', async ({ page, cafe }) => {
  test.setTimeout(180_000);
  const url = cafe.server.url;
  const [pc3, pc5] = [await livePc(url, 3), await livePc(url, 5)];
  await signInAtPc(url, 3, 'topup', 'topup123', pc3);
  await signInAtPc(url, 5, 'ali', 'ali12345', pc5);
  // PC 5's kiosk stops mid-session: once its last heartbeat is old (three intervals), the room reads "Lost connection".
  pc5.close();
  await signIn(page, url, DEMO_STAFF);
  const go = (screen: string) => page.evaluate((id) => (location.hash = `#/${id}`), screen);
  await go('shifts');
  await page.getByLabel('Cash float (IQD)').fill('0');
  await page.getByRole('button', { name: 'Open shift' }).click();
  await expect(page.getByText(/Open since/)).toBeVisible();

  // The customer at the gate: since when, then opened in Customers and topped up there, confirmed with the amount.
  await go('inbox');
  const gate = page.locator('[data-alert="st-03"]');
  await expect(gate).toContainText('Waiting at the top-up gate: needs a top-up to play');
  await expect(gate.getByTestId('item-time')).toHaveText(/^Since \d{2}:\d{2}/);
  await gate.getByRole('link', { name: 'Open customer' }).click();
  await expect(page).toHaveURL(/#\/customers$/);
  await expect(page.getByRole('article', { name: 'topup' })).toBeVisible();
  await page.getByLabel('Amount (IQD)').first().fill('5000');
  await page.getByRole('button', { name: 'Top up' }).click();
  await expect(page.getByTestId('money-confirm')).toContainText('topup');
  await page.getByRole('dialog').getByRole('button', { name: 'Top up 5,000 IQD' }).click();
  await expect(page.getByTestId('balance')).toContainText('5,000');

  // The PC that went silent: its last heartbeat's time, then picked in the Room, where its session can be ended.
  await go('inbox');
  const lost = page.locator('[data-alert="st-05"]');
  await expect(lost).toContainText('Station lost connection mid-session', { timeout: 90_000 });
  await expect(lost.getByTestId('item-time')).toHaveText(/^Last heard \d{2}:\d{2}/);
  await shoot(page, 'console-inbox-room-alerts-ltr');
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(lost.getByTestId('item-time')).toHaveText(/^آخر اتصال /);
  await expect(lost.getByRole('link', { name: 'عرضه في القاعة' })).toBeVisible();
  await shoot(page, 'console-inbox-room-alerts-rtl');
  await page.getByRole('button', { name: 'English' }).click();
  await lost.getByRole('link', { name: 'Show in the Room' }).click();
  await expect(page).toHaveURL(/#\/room$/);
  await expect(page.locator('.tile[data-station="st-05"]')).toHaveClass(/selected/);
  await expect(page.getByRole('toolbar').getByRole('button', { name: 'End session' })).toBeVisible();
  pc3.close();
});

test('disabling a customer ends their kiosk session and the login says why; the desk sees who and why', async ({ page, context, cafe }) => {
  test.setTimeout(120_000);
  const station = await cafe.station(6);
  const kiosk = await context.newPage();
  // sara is playing at PC 6 when the desk turns the account off.
  await kioskLogin(kiosk, station.url, 'sara', 'sara12345');
  await expect(kiosk).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  await signIn(page, cafe.server.url, DEMO_STAFF);
  await page.getByRole('button', { name: 'Customers' }).click();
  await page.getByLabel('Search by username, email, phone or card').fill('sara');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: /^sara/ }).click();
  await page.getByLabel('Reason to disable').fill('chargeback');
  await page.getByRole('button', { name: 'Disable account' }).click();
  await expect(page.getByTestId('disabled')).toContainText('Disabled by desk');
  await expect(page.getByTestId('disabled')).toContainText('chargeback');
  await shoot(page, 'console-customer-disabled-ltr');
  // The running session ended: the kiosk is back at its login screen.
  await expect(kiosk).toHaveURL(/\/login$/, { timeout: 15_000 });
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.getByTestId('disabled')).toContainText('عطّله desk');
  await shoot(page, 'console-customer-disabled-rtl');
  await page.getByRole('button', { name: 'English' }).click();

  await kioskLogin(kiosk, station.url, 'sara', 'sara12345');
  await expect(kiosk.getByText('This account is disabled. Please see the front desk.')).toBeVisible();
  await expect(kiosk).toHaveURL(/\/login$/);
  await shoot(kiosk, 'kiosk-login-disabled-ltr');
  await kiosk.getByRole('button', { name: 'العربية' }).click();
  await kiosk.getByLabel('اسم المستخدم', { exact: true }).fill('sara');
  await kiosk.getByLabel('كلمة المرور', { exact: true }).fill('sara12345');
  await kiosk.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
  await expect(kiosk.getByText('هذا الحساب معطَّل. يرجى مراجعة مكتب الاستقبال.')).toBeVisible();
  await shoot(kiosk, 'kiosk-login-disabled-rtl');

  await page.getByRole('button', { name: 'Enable account' }).click();
  await expect(page.getByTestId('disabled')).toHaveCount(0);
});

test('a shift: opened with a float, a cash top-up, the closing report shows it', async ({ page, cafe }) => {
  await signIn(page, cafe.server.url, DEMO_STAFF);
  await page.getByRole('button', { name: 'Shifts' }).click();
  await page.getByLabel('Cash float (IQD)').fill('20000');
  await page.getByRole('button', { name: 'Open shift' }).click();
  await expect(page.getByText(/Open since/)).toBeVisible();

  await page.getByRole('button', { name: 'Customers' }).click();
  // Found as it is typed: no Enter needed.
  await page.getByLabel('Search by username, email, phone or card').fill('sara');
  await page.getByRole('button', { name: /^sara/ }).click();
  await page.getByLabel('Amount (IQD)').first().fill('5000');
  await page.getByLabel('Note').fill('first hour');
  await page.getByRole('button', { name: 'Top up' }).click();
  await expect(page.getByTestId('money-confirm')).toHaveText('Take 5,000 IQD in cash from Sara Kareem (@sara). The balance becomes 13,000 IQD.');
  await page.getByRole('dialog').getByRole('button', { name: 'Top up 5,000 IQD' }).click();
  await expect(page.getByText('Done: the balance is now 13,000 IQD.')).toBeVisible();
  // The list follows the new balance.
  await expect(page.locator('tr[data-customer="sara"]').getByTestId('list-balance')).toHaveText('13,000 IQD');
  await shoot(page, 'console-customers-ltr');

  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Top-ups in cash' })).toContainText('5,000 IQD');
  await expect(page.getByRole('img', { name: 'Occupancy by hour (%)' })).toBeVisible();
  await shoot(page, 'console-today-ltr');

  await page.getByRole('button', { name: 'Shifts' }).click();
  await page.getByLabel('Counted cash (IQD)').fill('25000');
  await page.getByLabel('Note', { exact: true }).fill('all good');
  await page.getByRole('button', { name: 'Close shift' }).click();
  await expect(page.getByTestId('close-confirm')).toContainText('with 25,000 IQD counted in the drawer');
  await page.getByRole('dialog').getByRole('button', { name: 'Close with 25,000 IQD counted' }).click();
  const report = page.getByRole('article', { name: 'Shift report' });
  await expect(report.getByRole('row', { name: /Top-ups in cash/ })).toContainText('5,000 IQD');
  await expect(report.getByRole('row', { name: /Expected cash/ })).toContainText('25,000 IQD');
  await expect(report.getByRole('row', { name: /Difference/ })).toContainText('0 IQD');
  await expect(report.getByTestId('closing-note')).toContainText('Note: “all good”');
  await shoot(page, 'console-shift-ltr');
});

test('the owner signs in with TOTP, reads the audit log; the console in Arabic, right to left', async ({ page, cafe }) => {
  await signIn(page, cafe.server.url, DEMO_OWNER, () => totpNow());
  await page.getByRole('button', { name: 'Audit log' }).click();
  await expect(page.getByTestId('audit-sentence').filter({ hasText: 'signed in' }).first()).toBeVisible();
  await expect(page.locator('table')).not.toContainText('console.login');
  await shoot(page, 'console-audit-ltr');

  // Setup opens on the price list (a PC's pairing code is on the Stations screen: console-stations.spec.ts).
  await page.getByRole('button', { name: 'Setup' }).click();
  await expect(page.getByRole('tab', { name: 'Prices', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Hourly rates' }).getByLabel('Standard', { exact: true })).toHaveValue('1500');
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

  // The owner turns a staff account off (asked first, with a reason) and on; resets a password.
  const deskRow = page.locator('tr[data-staff="desk"]');
  await deskRow.getByRole('button', { name: 'Disable' }).click();
  await page.getByRole('dialog').getByLabel('Reason').fill('left the cafe');
  await shoot(page, 'console-staff-disable-ltr');
  await page.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText('desk is disabled.')).toBeVisible();
  await expect(deskRow).toContainText('Disabled');
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(deskRow).toContainText('معطَّل');
  await shoot(page, 'console-staff-disabled-rtl');
  await page.getByRole('button', { name: 'English' }).click();
  await deskRow.getByRole('button', { name: 'Enable' }).click();
  await expect(page.getByText('desk can sign in again.')).toBeVisible();
  await deskRow.getByRole('button', { name: 'Reset password' }).click();
  await page.getByRole('dialog').getByLabel('Password (8+ characters)').fill('fresh-pass-1');
  await page.getByRole('dialog').getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('The password of desk is changed.')).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await shoot(page, 'console-login-ltr');
});
