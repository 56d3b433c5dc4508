/**
 * The console's dates are its own (issue 23): in a browser set to American English, Reports' period and a
 * hold's times read and are typed as the console prints dates (27/11/2026; 27/11/2026, 14:05), never the
 * browser's 11/27/2026; an impossible date says why and asks nothing; the calendar is driven from the
 * keyboard, weeks from Saturday, and in Arabic its names are Arabic and its grid runs from the right.
 * Screenshots: console-dates-<reports|hold>-<en|ar>.png.
 */
import { DEMO_OWNER } from '../../src/server/seed/console.js';
import { formatDate, formatDateTime } from '../../src/shared/format.js';
import { monthTitle } from '../../src/shared/ui/dateInput.js';
import { totpNow } from '../support/console-client.js';
import { signIn } from './console-support.js';
import { expect, shoot, test } from './fixtures.js';

test.use({ locale: 'en-US', viewport: { width: 1366, height: 768 } });

const DAY = 24 * 3600_000;

test('Reports and a hold take dates as the console writes them, typed or picked on the calendar, in English and Arabic', async ({ page, cafe }) => {
  test.setTimeout(120_000);
  await signIn(page, cafe.server.url, DEMO_OWNER, () => totpNow());
  expect(await page.evaluate(() => navigator.language)).toBe('en-US');
  const today = new Date();
  const daysAgo = (n: number) => new Date(today.getTime() - n * DAY);

  // Reports opens on today, written the console's way.
  await page.evaluate(() => (location.hash = '#/reports'));
  const from = page.getByRole('textbox', { name: 'From', exact: true });
  const to = page.getByRole('textbox', { name: 'To', exact: true });
  await expect(from).toHaveValue(formatDate(today, 'en'));
  await expect(to).toHaveValue(formatDate(today, 'en'));
  // The period the server answered for, as the report's heading reads it.
  const period = page.locator('.report-period');
  await expect(period).toHaveText(formatDate(today, 'en'));

  // Typed, Enter: a week.
  await from.fill(formatDate(daysAgo(6), 'en'));
  await from.press('Enter');
  await expect(period).toHaveText(`${formatDate(daysAgo(6), 'en')} → ${formatDate(today, 'en')}`);

  // A day February does not have: said at the field, and the report stays the week.
  await from.fill('31/02/2026');
  await from.press('Tab');
  await expect(page.getByRole('alert')).toHaveText('There is no 31/02/2026: February 2026 has 28 days.');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(from).toBeFocused();
  await expect(period).toHaveText(`${formatDate(daysAgo(6), 'en')} → ${formatDate(today, 'en')}`);

  // The calendar from the keyboard: it opens on the latest day allowed (the period's end, today), ← is the day before, Enter picks.
  await from.press('Alt+ArrowDown');
  const calendar = page.getByRole('dialog', { name: monthTitle(today, 'en') });
  await expect(calendar).toBeVisible();
  await expect(calendar.getByRole('columnheader').first()).toHaveText('Sat');
  await expect(page.locator('.date-calendar__day:focus')).toHaveAttribute('data-day', isoDay(today));
  await page.keyboard.press('ArrowLeft');
  await page.mouse.move(0, 0);
  await shoot(page, 'console-dates-reports-en');
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(from).toHaveValue(formatDate(daysAgo(1), 'en'));
  await from.press('Enter');
  await expect(period).toHaveText(`${formatDate(daysAgo(1), 'en')} → ${formatDate(today, 'en')}`);

  // In Arabic: the same days in the console's Arabic, the calendar's names Arabic, Saturday at the right.
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const fromAr = page.getByRole('textbox', { name: 'من', exact: true });
  await expect(fromAr).toHaveValue(formatDate(daysAgo(1), 'ar'));
  await fromAr.press('Alt+ArrowDown');
  const calendarAr = page.getByRole('dialog', { name: monthTitle(daysAgo(1), 'ar') });
  await expect(calendarAr).toBeVisible();
  const heads = calendarAr.getByRole('columnheader');
  await expect(heads.first()).toHaveAttribute('abbr', 'السبت');
  const [saturday, friday] = await Promise.all([heads.first().boundingBox(), heads.last().boundingBox()]);
  expect(saturday!.x).toBeGreaterThan(friday!.x);
  // ← is the next day right to left.
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('.date-calendar__day:focus')).toHaveAttribute('data-day', isoDay(today));
  await page.mouse.move(0, 0);
  await shoot(page, 'console-dates-reports-ar');
  await page.keyboard.press('Escape');
  await expect(calendarAr).toBeHidden();
  await expect(fromAr).toBeFocused();
  await expect(fromAr).toHaveValue(formatDate(daysAgo(1), 'ar'));

  // A hold's times: the console's Arabic date and time; typed with Arabic digits, they are read.
  await page.evaluate(() => (location.hash = '#/room'));
  await page.locator('.tile[data-station="st-03"]').getByRole('checkbox').check();
  await page.getByRole('button', { name: 'حجز…' }).click();
  const untilAr = page.getByRole('textbox', { name: 'إلى', exact: true });
  await expect(untilAr).toHaveValue(/^\d{2}\u200f\/\d{2}\u200f\/\d{4}\u060c \d{2}:\d{2}$/);
  // Two days on at 22:00 (an event hold lasts at most 7 days), typed on an Arabic keyboard: ٢٩/١١/٢٠٢٦، ٢٢:٠٠.
  const end = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 2, 22, 0);
  await untilAr.fill(arabicDigits(formatDateTime(end, 'en')).replace(',', '\u060c'));
  await untilAr.press('Tab');
  await expect(untilAr).toHaveValue(formatDateTime(end, 'ar'));
  await untilAr.press('Alt+ArrowDown');
  await expect(page.getByRole('dialog', { name: monthTitle(end, 'ar') })).toBeVisible();
  await page.mouse.move(0, 0);
  await shoot(page, 'console-dates-hold-ar');
  await page.keyboard.press('Escape');

  // And in English, in the en-US browser: 27/11/2026, 14:05, never 11/27/2026, 2:05 PM.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  const until = page.getByRole('textbox', { name: 'To', exact: true });
  await expect(until).toHaveValue(formatDateTime(end, 'en'));
  await expect(page.getByRole('textbox', { name: 'From', exact: true })).toHaveValue(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
  await page.getByRole('textbox', { name: 'For (event or note)' }).fill('Friday LAN');
  await until.press('Alt+ArrowDown');
  await expect(page.getByRole('dialog', { name: monthTitle(end, 'en') })).toBeVisible();
  await page.mouse.move(0, 0);
  await shoot(page, 'console-dates-hold-en');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Hold 1 station' }).click();
  await expect(page.locator('.tile[data-station="st-03"]')).toContainText('Reserved');
  const hold = page.getByRole('complementary', { name: 'Holds' }).locator('.hold');
  await expect(hold).toContainText('Friday LAN');
  await expect(hold).toContainText(`→ ${formatDateTime(end, 'en')}`);
});

function arabicDigits(text: string): string {
  return text.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
}

function isoDay(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
