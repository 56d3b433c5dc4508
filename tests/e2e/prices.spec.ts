/**
 * Prices a cafe actually sells (issue 26), end to end on a compressed server
 * clock (30× real time, started at 16:40 in the cafe, UTC+3): a customer plays
 * at the plain rate and the owner starts a happy hour at half price — the
 * kiosk's remaining time doubles and a station's lock screen shows the half
 * rate until the happy hour's end; the desk sells a night-style window
 * package for cash to a customer with no balance, who is let in (no top-up
 * wait) and plays it at the kiosk until the window's end, when the session
 * ends by itself; the desk's shift report shows the package sale, the play at
 * the plain rate, at the happy hour and on the package. Screenshots in
 * English and Arabic.
 */
import type { Page } from '@playwright/test';
import type { z } from 'zod';
import { DEMO_OWNER, DEMO_STAFF } from '../../src/server/seed/console.js';
import { totpNow } from '../support/console-client.js';
import { routePath, type Route } from '../../src/shared/api/route.js';
import { adminAddBalance, adminLogin, adminSellPackage, adminSetPricing, openShift } from '../../src/shared/api/routes.js';
import { DAY_MS, emptyPriceList, MINUTE_MS, type PriceList } from '../../src/shared/pricing/index.js';
import { adminToken, startServer, startWebShell, type Running } from '../support/processes.js';
import { signIn } from './console-support.js';
import { expect, kioskLogin, shoot, test } from './fixtures.js';

/**
 * The owner's sign-in on the 30× server clock: an authenticator code lives
 * 30 s of server time, one second here, so on a loaded machine it may be
 * stale when it arrives — a refused code is followed by a fresh one (at most
 * three), as a person would type the next one.
 */
async function signInOnFastClock(page: Page, url: string, code: () => string): Promise<void> {
  await page.goto(`${url}/console/`);
  await page.getByLabel('Username').fill(DEMO_OWNER.username);
  await page.getByLabel('Password').fill(DEMO_OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    await page.getByLabel('Authenticator code').fill(code());
    const answered = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/admin/console/login'));
    await page.getByRole('button', { name: 'Verify' }).click();
    if ((await answered).ok()) break;
  }
  const live = page.getByRole('status').filter({ hasText: 'Live' });
  await expect(live).toBeVisible();
}

const SPEED = 30;
const CAFE_OFFSET_MINUTES = 180;
/** The station's clock is the cafe's (the lock screen prints the happy hour's end in it). */
test.use({ timezoneId: 'Asia/Baghdad' });

/** One typed call of the admin API with a bearer token. */
async function call<T extends Route>(
  url: string,
  route: T,
  input: { params?: Record<string, string>; body?: unknown; token?: string } = {},
): Promise<z.output<T['response']>> {
  const res = await fetch(`${url}${routePath(route.path, input.params)}`, {
    method: route.method,
    headers: { 'content-type': 'application/json', ...(input.token ? { authorization: `Bearer ${input.token}` } : {}) },
    body: route.method === 'GET' ? undefined : JSON.stringify(input.body ?? {}),
  });
  const body: unknown = await res.json();
  if (!res.ok) throw new Error(`${route.method} ${route.path}: ${res.status} ${JSON.stringify(body)}`);
  return route.response.parse(body) as z.output<T['response']>;
}

/** The cafe's minute of the day at an instant. */
const cafeMinute = (ms: number) => Math.floor((((ms + CAFE_OFFSET_MINUTES * MINUTE_MS) % DAY_MS) + DAY_MS) % DAY_MS / MINUTE_MS);
const hhmm = (minute: number) => `${String(Math.floor(minute / 60) % 24).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** The header's remaining time (H:MM) in minutes. */
async function remainingMinutes(kiosk: Page): Promise<number> {
  const text = (await kiosk.getByTestId('session-clock-value').textContent()) ?? '';
  const match = /^(\d+):(\d\d)$/.exec(text.trim());
  if (!match) throw new Error(`the header shows '${text}', not H:MM`);
  return Number(match[1]) * 60 + Number(match[2]);
}

test('a happy hour doubles the kiosk’s time; a window package sold at the desk plays to its window’s end; the shift report shows each', async ({ page, context, browser }) => {
  test.setTimeout(240_000);
  // The server's clock runs 30× and reads 16:40 in the cafe now: origin chosen so that origin + (now − origin)·30 = 16:40.
  const startReal = Date.now();
  const dayStart = startReal - (((startReal + CAFE_OFFSET_MINUTES * MINUTE_MS) % DAY_MS) + DAY_MS) % DAY_MS;
  // Today's 16:40 (earlier or later than now: the formula holds both ways), so the console's "Today" is the server's day.
  const target = dayStart + (16 * 60 + 40) * MINUTE_MS;
  const origin = Math.round((startReal * SPEED - target) / (SPEED - 1));
  const serverNow = () => origin + (Date.now() - origin) * SPEED;

  const running: Running[] = [];
  const server = await startServer({ clockSpeed: SPEED, args: ['--clock-origin', String(origin)] });
  running.push(server);
  try {
    const url = server.url;
    const [ali, sara, lobby] = await Promise.all([1, 2, 3].map((n) => startWebShell(url, n)));
    running.push(ali!, sara!, lobby!);
    const owner = await adminToken(url);
    const desk = (await call(url, adminLogin, { body: { username: DEMO_STAFF.username, password: DEMO_STAFF.password } })).accessToken;

    // Ali: exactly one hour at the Standard rate (1,500 IQD/hour); Sara: nothing. Then the desk opens its shift.
    const setBalance = async (username: string, amount: number) => {
      const { balance } = await call(url, adminAddBalance, { params: { username }, body: { amount: 0 }, token: owner });
      await call(url, adminAddBalance, { params: { username }, body: { amount: amount - balance }, token: owner });
    };
    await setBalance('ali', 1500);
    await setBalance('sara', 0);
    await call(url, openShift, { body: { openingFloat: 10_000 }, token: desk });

    // 1. Ali plays at the plain rate: an hour left.
    const aliKiosk = await context.newPage();
    await kioskLogin(aliKiosk, ali!.url, 'ali', 'ali12345');
    await expect(aliKiosk).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
    await expect(aliKiosk.getByTestId('session-clock')).toHaveAttribute('data-mode', 'remaining');
    await expect.poll(() => remainingMinutes(aliKiosk)).toBeLessThanOrEqual(60);
    // A few clock minutes at the plain rate, so the report has some.
    await aliKiosk.waitForTimeout((3 * MINUTE_MS) / SPEED);
    const before = await remainingMinutes(aliKiosk);
    expect(before).toBeGreaterThan(45);
    await shoot(aliKiosk, 'prices-kiosk-before-happy-hour');

    // 2. The owner starts a happy hour now (50% off, two hours), and puts an evening window package on sale:
    //    from this minute for 25 minutes, 2,000 IQD.
    const now = serverNow();
    const startMinute = cafeMinute(now);
    const happyEnd = (startMinute + 120) % 1440;
    const windowEnd = (startMinute + 25) % 1440;
    const list: PriceList = {
      ...emptyPriceList(),
      utcOffsetMinutes: CAFE_OFFSET_MINUTES,
      periods: [
        { id: 'happy', name: 'Happy hour', groupIds: null, weekdays: [0, 1, 2, 3, 4, 5, 6], dates: [], start: startMinute, end: happyEnd, hourlyRate: null, percentOff: 50 },
      ],
      windowPackages: [{ id: 'evening', name: 'Evening', price: 2000, groupIds: null, start: startMinute, end: windowEnd, weekdays: [], active: true }],
      timePackages: [{ id: 'three-hours', name: '3 hours', minutes: 180, price: 4000, groupIds: null, validDays: 30, active: true }],
    };
    await call(url, adminSetPricing, { body: list, token: owner });

    // The kiosk's remaining time doubles at the next tick (the minutes left now cost half).
    await expect.poll(() => remainingMinutes(aliKiosk), { timeout: 15_000 }).toBeGreaterThanOrEqual(2 * before - 8);
    expect(await remainingMinutes(aliKiosk)).toBeLessThanOrEqual(2 * before);
    await shoot(aliKiosk, 'prices-kiosk-happy-hour');

    // A lock screen shows the half rate and the happy hour's end, in both languages.
    const lobbyKiosk = await context.newPage();
    await lobbyKiosk.goto(lobby!.url);
    await expect(lobbyKiosk).toHaveURL(/\/login$/, { timeout: 20_000 });
    await expect(lobbyKiosk.getByTestId('station-rate')).toContainText('750IQD/hour');
    await expect(lobbyKiosk.getByText(`Happy hour until ${hhmm(happyEnd)}`)).toBeVisible();
    await shoot(lobbyKiosk, 'prices-lock-happy-hour-ltr');
    await lobbyKiosk.getByRole('button', { name: 'العربية' }).click();
    await expect(lobbyKiosk.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(lobbyKiosk.getByText(`Happy hour حتى ${hhmm(happyEnd)}`)).toBeVisible();
    await shoot(lobbyKiosk, 'prices-lock-happy-hour-rtl');

    // 3. The desk sells Sara the evening package for cash; with 0 IQD she is let in (no top-up wait) and plays it.
    const sold = await call(url, adminSellPackage, { params: { username: 'sara' }, body: { packageId: 'evening', method: 'cash' }, token: desk });
    const windowEndsAt = Date.parse(sold.validUntil);
    expect(cafeMinute(windowEndsAt)).toBe(windowEnd);
    const saraKiosk = await context.newPage();
    await kioskLogin(saraKiosk, sara!.url, 'sara', 'sara12345');
    await expect(saraKiosk).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
    await expect(saraKiosk.getByTestId('session-clock')).toHaveAttribute('data-mode', 'remaining');
    // Her time is the window's rest (the package), not her 0 IQD.
    await expect.poll(async () => Math.abs((await remainingMinutes(saraKiosk)) - (windowEndsAt - serverNow()) / MINUTE_MS)).toBeLessThanOrEqual(3);
    await shoot(saraKiosk, 'prices-kiosk-window-package');

    // At the window's end the session ends by itself: the kiosk is back at the login screen, not a moment early.
    await expect(saraKiosk).toHaveURL(/\/login$/, { timeout: 90_000 });
    expect(serverNow()).toBeGreaterThanOrEqual(windowEndsAt);
    expect(serverNow() - windowEndsAt).toBeLessThan(5 * MINUTE_MS);

    // 4. The desk's shift report: the package sold for cash, and the play split by what it was billed as.
    await signIn(page, url, DEMO_STAFF);
    await page.getByRole('button', { name: 'Shifts' }).click();
    const report = page.getByRole('article', { name: 'Shift report' });
    const row = (label: string | RegExp) => report.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label }) });
    await expect(row('Packages sold in cash')).toContainText('2,000 IQD');
    // How many, in words, on a row of its own (the count is both methods').
    await expect(row(/^Packages sold$/)).toContainText('1 package');
    await expect(row('Play at the plain rate')).toContainText(/[1-9][\d,]* IQD/);
    await expect(row('Play at Happy hour')).toContainText(/[1-9][\d,]* IQD/);
    const packageMinutes = Number((await row('Play on packages').getByRole('cell').textContent())?.replace(/\D/g, ''));
    // Her play from login to the window's end, all of it on the package (how much depends on how fast the steps ran).
    expect(packageMinutes).toBeGreaterThanOrEqual(1);
    expect(packageMinutes).toBeLessThanOrEqual(25);
    await expect(row('Expected cash')).toContainText('12,000 IQD');
    await shoot(page, 'prices-shift-report-ltr');
    await page.getByRole('button', { name: 'العربية' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('article.report')).toContainText('باقات مباعة نقداً');
    await shoot(page, 'prices-shift-report-rtl');

    // 5. The owner's report for the day: by kind of sale, station group and staff member, with the day chart.
    // Another browser (the desk's console session lives in this one's cookies).
    const ownerContext = await browser.newContext({ timezoneId: 'Asia/Baghdad', viewport: { width: 1600, height: 900 } });
    const ownerPage = await ownerContext.newPage();
    // The server checks the authenticator's code on its own (fast) clock.
    await signInOnFastClock(ownerPage, url, () => totpNow(DEMO_OWNER.totpSecret, serverNow()));
    await ownerPage.getByRole('button', { name: 'Reports' }).click();
    const byKind = ownerPage.getByRole('table', { name: 'By kind of sale' });
    await expect(byKind.getByRole('row').filter({ hasText: 'Packages' })).toContainText('2,000 IQD');
    await expect(byKind.getByRole('row').filter({ hasText: 'Play at rate periods' })).toContainText(/[1-9][\d,]* IQD/);
    await expect(ownerPage.getByRole('table', { name: 'By station group' })).toContainText('Standard');
    await expect(ownerPage.getByRole('table', { name: 'By staff member' }).getByRole('row').filter({ hasText: 'desk' })).toContainText('2,000 IQD');
    await expect(ownerPage.locator('.report-chart .bar')).toHaveCount(1);
    await shoot(ownerPage, 'prices-report-ltr');
    await ownerPage.getByRole('button', { name: 'Last 7 days' }).click();
    await expect(ownerPage.locator('.report-chart .bar')).toHaveCount(7);
    await ownerPage.getByRole('button', { name: 'العربية' }).click();
    await expect(ownerPage.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(ownerPage.getByRole('table', { name: 'حسب نوع البيع' })).toContainText('الباقات');
    await shoot(ownerPage, 'prices-report-rtl');
    await ownerContext.close();
  } finally {
    await Promise.all(running.map((r) => r.stop()));
  }
});

test('the kiosk store sells a package for the balance; the customer sees it with its minutes left in the store and the profile; a package ordered at the desk waits in the profile, is taken and approved in the inbox and the kiosk learns it; the ordering steps in Arabic', async ({ page, context, cafe }) => {
  test.setTimeout(210_000);
  const url = cafe.server.url;
  const owner = await adminToken(url);
  await call(url, adminSetPricing, {
    token: owner,
    body: {
      ...emptyPriceList(),
      timePackages: [{ id: 'three-hours', name: '3 hours', minutes: 180, price: 4000, groupIds: null, validDays: 30, active: true }],
      windowPackages: [{ id: 'night', name: 'Night', price: 6000, groupIds: null, start: 22 * 60, end: 8 * 60, weekdays: [], active: true }],
    } satisfies PriceList,
  });
  const station = await cafe.station(4);
  const kiosk = await context.newPage();
  await kioskLogin(kiosk, station.url, 'ali', 'ali12345');
  await expect(kiosk).toHaveURL(/\/dashboard$/, { timeout: 20_000 });

  await kiosk.getByRole('link', { name: 'Store' }).click();
  const section = kiosk.getByTestId('packages-section');
  await expect(section.getByTestId('package-card')).toHaveCount(2);
  await expect(section.getByTestId('package-card').filter({ hasText: 'Night' })).toContainText('Play 22:00–08:00 for one price');
  await expect(section.getByText('You hold no packages.')).toBeVisible();
  const before = Number((await kiosk.getByTestId('store-balance').locator('strong').textContent())?.replace(/\D/g, ''));

  await section.getByTestId('package-card').filter({ hasText: '3 hours' }).getByRole('button', { name: 'Buy with balance' }).click();
  const dialog = kiosk.getByTestId('confirm-dialog');
  await expect(dialog).toContainText('Buy 3 hours for 4,000 IQD? The price is taken from your balance.');
  await shoot(kiosk, 'prices-kiosk-store-confirm');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(kiosk.getByText('3 hours is yours: it plays before your balance.')).toBeVisible();
  // Ali is playing: the package plays at once, before his balance.
  await expect(section.getByTestId('held-package')).toContainText(/3 hours.*1(79|80) min left, valid until/s);
  const balance = async () => Number((await kiosk.getByTestId('store-balance').locator('strong').textContent())?.replace(/\D/g, ''));
  // 4,000 IQD less (and at most a few IQD of plain play billed before the purchase).
  await expect.poll(balance).toBeLessThanOrEqual(before - 4000);
  expect(await balance()).toBeGreaterThanOrEqual(before - 4000 - 10);
  await shoot(kiosk, 'prices-kiosk-store-ltr');

  // The profile shows it too, in both languages.
  await kiosk.evaluate(() => {
    window.history.pushState(null, '', '/user-profile');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(kiosk.getByTestId('held-packages')).toContainText(/1(79|80) min left/);
  // The profile may draw the list again as its data arrives: scroll to the list that stays.
  await expect(async () => kiosk.getByTestId('held-packages').scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass();
  await shoot(kiosk, 'prices-kiosk-profile-packages-ltr');

  // Ordered at the desk instead: it waits for staff, nothing is taken from the balance.
  await kiosk.getByRole('link', { name: 'Store' }).click();
  const balanceBefore = await balance();
  await section.getByTestId('package-card').filter({ hasText: 'Night' }).getByRole('button', { name: 'Order at the desk' }).click();
  await expect(dialog).toContainText('Order Night? You pay 6,000 IQD at the counter; the package is yours once staff approve the order.');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const pendingRow = section.getByTestId('package-orders').getByTestId('order-row');
  await expect(pendingRow).toHaveAttribute('data-status', 'pending');
  for (const text of ['Night', 'Pay at the counter', '6,000 IQD', 'Waiting for staff']) await expect(pendingRow).toContainText(text);
  await section.getByTestId('package-orders').scrollIntoViewIfNeeded();
  await shoot(kiosk, 'prices-kiosk-package-ordered');
  // The profile lists it as waiting for the desk (our server's extra).
  await kiosk.evaluate(() => {
    window.history.pushState(null, '', '/user-profile');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  const waiting = kiosk.getByTestId('waiting-orders');
  await expect(waiting.getByRole('heading', { name: 'Waiting for the desk' })).toBeVisible();
  await expect(waiting.getByRole('listitem')).toHaveText(['PackageNight: waiting for staff. Pay 6,000 IQD at the counter.']);
  await waiting.scrollIntoViewIfNeeded();
  await shoot(kiosk, 'prices-kiosk-profile-waiting-ltr');
  await kiosk.getByRole('link', { name: 'Store' }).click();

  // The desk sees it in the inbox and approves it, paid in cash into the open shift.
  const desk = (await call(url, adminLogin, { body: { username: DEMO_STAFF.username, password: DEMO_STAFF.password } })).accessToken;
  await call(url, openShift, { body: { openingFloat: 0 }, token: desk });
  await signIn(page, url, DEMO_STAFF);
  await page.getByRole('button', { name: 'Inbox' }).click();
  const row = page.locator('[data-package-order]');
  await expect(row).toContainText('Package order: Night');
  await expect(row).toContainText('ali pays 6,000 IQD at the counter for it');
  // Taken like the inbox's other rows: the row then names who has it.
  await row.getByRole('button', { name: 'Take it' }).click();
  await expect(row).toContainText(`Taken by ${DEMO_STAFF.username}`);
  await expect(row.getByRole('button', { name: 'Take it' })).toHaveCount(0);
  await shoot(page, 'prices-inbox-package-order-taken-ltr');
  await row.getByRole('button', { name: 'Approve (paid)' }).click();
  await expect(page.getByTestId('approve-summary')).toHaveText('Take 6,000 IQD from ali at the counter for “Night”; ali gets the package at once.');
  await shoot(page, 'prices-inbox-package-order-ltr');
  await page.getByRole('dialog').getByRole('button', { name: 'Approve: 6,000 IQD paid' }).click();
  await expect(row).toHaveCount(0);

  // The kiosk learns it at once: told, the order gone from the waiting list, the package held; the balance untouched.
  await expect(kiosk.getByRole('status').filter({ hasText: 'Your order was approved' }).filter({ hasText: 'Night: the package is yours.' })).toBeVisible();
  await expect(kiosk.getByTestId('notification-count')).toBeVisible();
  await expect(section.getByTestId('package-orders')).toHaveCount(0);
  await expect(section.getByTestId('held-package').filter({ hasText: 'Night' })).toBeVisible();
  expect(await balance()).toBeGreaterThanOrEqual(balanceBefore - 10);
  await shoot(kiosk, 'prices-kiosk-package-order-approved');

  // The same ordering steps in Arabic, right to left (sara at station 5): the package card, the confirmation,
  // the waiting state in the store and in the profile.
  const arStation = await cafe.station(5);
  const arKiosk = await context.newPage();
  await arKiosk.goto(arStation.url);
  await expect(arKiosk).toHaveURL(/\/login$/, { timeout: 20_000 });
  await arKiosk.getByRole('button', { name: 'العربية' }).click();
  await expect(arKiosk.locator('html')).toHaveAttribute('dir', 'rtl');
  await arKiosk.getByLabel('اسم المستخدم').fill('sara');
  await arKiosk.getByLabel('كلمة المرور').fill('sara12345');
  await arKiosk.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
  await expect(arKiosk).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await arKiosk.getByRole('link', { name: 'المتجر' }).click();
  const arSection = arKiosk.getByTestId('packages-section');
  const arNight = arSection.getByTestId('package-card').filter({ hasText: 'Night' });
  await expect(arNight).toContainText('العب 22:00–08:00 بسعر واحد');
  await arNight.scrollIntoViewIfNeeded();
  await shoot(arKiosk, 'prices-kiosk-package-card-rtl');
  await arNight.getByRole('button', { name: 'اطلب من المكتب' }).click();
  const arDialog = arKiosk.getByTestId('confirm-dialog');
  await expect(arDialog).toContainText('طلب Night؟ تدفع 6,000 د.ع عند المكتب، وتصبح الباقة لك بعد موافقة الموظفين على الطلب.');
  await shoot(arKiosk, 'prices-kiosk-package-order-confirm-rtl');
  await arDialog.getByRole('button', { name: 'تأكيد' }).click();
  const arPendingRow = arSection.getByTestId('package-orders').getByTestId('order-row');
  for (const text of ['Night', 'ادفع عند المحاسب', '6,000 د.ع', 'بانتظار الموظفين']) await expect(arPendingRow).toContainText(text);
  await arSection.getByTestId('package-orders').scrollIntoViewIfNeeded();
  await shoot(arKiosk, 'prices-kiosk-package-waiting-rtl');
  await arKiosk.evaluate(() => {
    window.history.pushState(null, '', '/user-profile');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  const arWaiting = arKiosk.getByTestId('waiting-orders');
  await expect(arWaiting.getByRole('heading', { name: 'بانتظار المكتب' })).toBeVisible();
  await expect(arWaiting.getByRole('listitem')).toHaveText(['باقةNight: بانتظار الموظفين. ادفع 6,000 د.ع عند المكتب.']);
  await arWaiting.scrollIntoViewIfNeeded();
  await shoot(arKiosk, 'prices-kiosk-profile-waiting-rtl');
});

test('the owner enters a happy hour and a package in the Prices form; a lock screen and the kiosk store show them', async ({ page, context, cafe }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const url = cafe.server.url;
  // The happy hour runs from an hour ago to two hours from now, cafe time (UTC+3, the list's default).
  const nowMinute = cafeMinute(Date.now());
  const from = hhmm((nowMinute + 1440 - 60) % 1440);
  const to = hhmm((nowMinute + 120) % 1440);

  await signIn(page, url, DEMO_OWNER, () => totpNow(DEMO_OWNER.totpSecret));
  await page.getByRole('button', { name: 'Setup' }).click();
  await page.getByRole('tab', { name: 'Prices', exact: true }).click();
  const form = page.getByTestId('prices-tab');
  await expect(form.getByRole('region', { name: 'Hourly rates' }).getByLabel('Standard')).toHaveValue('1500');

  // A happy hour: half price, every day (the days a new period starts with), every group.
  const periods = form.getByRole('region', { name: 'Rate periods (happy hours, weekends, holidays)' });
  await periods.getByRole('button', { name: 'Add a rate period' }).click();
  const happy = periods.locator('fieldset.price-row').last();
  await happy.getByLabel('Name').fill('Happy hour');
  await happy.getByLabel('From (HH:MM)').fill(from);
  await happy.getByLabel('To (HH:MM)').fill(to);
  await expect(happy.getByLabel('Price in the period')).toHaveValue('percent');
  await happy.getByLabel('Percentage off (%)').fill('50');
  await expect(happy.getByRole('checkbox', { name: 'Sat' })).toBeChecked();

  // A time package, first without its price: the form says so at the field and sends nothing.
  const packages = form.getByRole('region', { name: 'Time packages' });
  await packages.getByRole('button', { name: 'Add a time package' }).click();
  const twoHours = packages.locator('fieldset.price-row').last();
  await twoHours.getByLabel('Name').fill('2 hours');
  await twoHours.getByLabel('Minutes of play').fill('120');
  await form.getByRole('button', { name: 'Save prices' }).click();
  await expect(form.getByRole('alert').filter({ hasText: 'Some fields need attention' })).toHaveText('Some fields need attention: nothing was saved.');
  const price = twoHours.getByLabel('Price (IQD)');
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  await expect(price).toHaveAccessibleDescription('Required.');
  await shoot(page, 'prices-console-form-problem-ltr');

  // The price typed (the form shows it in IQD as the console writes money); saved with the keyboard (Enter).
  await price.fill('2500');
  await expect(twoHours.getByText('2,500 IQD')).toBeVisible();
  await price.press('Enter');
  await expect(form.getByRole('status')).toHaveText('Prices saved: they apply from now on.');
  await expect(form.getByRole('alert')).toHaveCount(0);
  await form.getByRole('status').scrollIntoViewIfNeeded();
  await shoot(page, 'prices-console-form-ltr');

  // Kept after a reload, as entered.
  await page.reload();
  await page.getByRole('button', { name: 'Setup' }).click();
  await page.getByRole('tab', { name: 'Prices', exact: true }).click();
  await expect(form.getByRole('group', { name: 'Happy hour' }).getByLabel('From (HH:MM)')).toHaveValue(from);
  await expect(form.getByRole('group', { name: '2 hours' }).getByLabel('Price (IQD)')).toHaveValue('2500');

  // Right to left, in Arabic.
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(form.getByRole('button', { name: 'حفظ الأسعار' })).toBeVisible();
  await expect(form.getByRole('region', { name: 'باقات الوقت' })).toBeVisible();
  await shoot(page, 'prices-console-form-rtl');

  // A lock screen shows the half rate until the happy hour's end; the kiosk's store sells the package.
  const station = await cafe.station(5);
  const kiosk = await context.newPage();
  await kiosk.goto(station.url);
  await expect(kiosk).toHaveURL(/\/login$/, { timeout: 20_000 });
  await expect(kiosk.getByTestId('station-rate')).toContainText('750IQD/hour');
  await expect(kiosk.getByText(`Happy hour until ${to}`)).toBeVisible();
  await kioskLogin(kiosk, station.url, 'ali', 'ali12345');
  await expect(kiosk).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await kiosk.getByRole('link', { name: 'Store' }).click();
  const card = kiosk.getByTestId('packages-section').getByTestId('package-card').filter({ hasText: '2 hours' });
  await expect(card).toContainText('2,500');
  await card.scrollIntoViewIfNeeded();
  await shoot(kiosk, 'prices-kiosk-store-from-form');
});
