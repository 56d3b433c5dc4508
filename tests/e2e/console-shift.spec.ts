/**
 * Issue 23's "done when": a front-desk shift played with the kiosk beside the console. Staff open the
 * shift; an unlock on a PC that is off fails, says why and starts nothing; the cafe server restarts and
 * the open console comes back by itself (no reload) with the room as it is; a customer tops up at the
 * counter (asked first, with the amount and the name); the customer orders at the kiosk, staff approve
 * it (asked first), the kiosk announces it and its balance follows; prepaid cards sold for cash are money
 * taken once (a card redeemed later is not counted again), and the desk sells one of the owner's printed
 * cards by its code on the Shifts screen (asked first, with the card, its value and cash); the shift is closed with its counted cash and
 * its note, which the report shows; and every money figure of Today is the sum of the ledger's lines.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_STAFF } from '../../src/server/seed/console.js';
import { startServer, startWebShell, type Running } from '../support/processes.js';
import { kioskBalance } from './console-desk-support.js';
import { signIn } from './console-support.js';
import { expect, kioskLogin, shoot, test } from './fixtures.js';
import { adminCall } from './realtime-support.js';

let dir: string;
let server: Running | undefined;
let shell: Running | undefined;

test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'spawnpoint-desk-shift-'));
});
test.afterEach(async () => {
  await shell?.stop();
  await server?.stop();
  server = undefined;
  shell = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const go = (page: Page, screen: string) => page.evaluate((id) => (location.hash = `#/${id}`), screen);

interface Line {
  amount: number;
  kind: string | null;
  paymentMethod: string | null;
  createdAt: string;
}

test('a front-desk shift with the kiosk beside the console', async ({ page, context }) => {
  test.setTimeout(240_000);
  const dbPath = join(dir, 'cafe.sqlite');
  server = await startServer({ dbPath });
  const port = Number(new URL(server.url).port);
  shell = await startWebShell(server.url, 1);
  const kiosk = await context.newPage();
  await kiosk.goto(shell.url);
  await expect(kiosk).toHaveURL(/\/login$/, { timeout: 20_000 });

  await signIn(page, server.url, DEMO_STAFF);
  await page.evaluate(() => ((window as unknown as { sameConsole: boolean }).sameConsole = true));

  // The shift opens with its float.
  await go(page, 'shifts');
  await page.getByLabel('Cash float (IQD)').fill('20000');
  await page.getByRole('button', { name: 'Open shift' }).click();
  await expect(page.getByText(/Open since/)).toBeVisible();

  // An unlock on PC 7 (switched off): it fails, says why, and starts nothing.
  await go(page, 'room');
  const pc7 = page.locator('.tile[data-station="st-07"]');
  await pc7.getByRole('button').click();
  await page.getByLabel('Minutes (empty: open)').fill('30');
  await page.getByRole('button', { name: 'Unlock guest' }).click();
  await expect(page.locator('.receipt[data-station="st-07"]').first()).toContainText(/failed.*offline/s);
  await expect(page.getByLabel('Minutes (empty: open)')).toHaveValue('');
  const rooms = (await adminCall(server.url, 'GET', '/admin/console/room')) as { id: string; currentSession: unknown }[];
  expect(rooms.find((s) => s.id === 'st-07')?.currentSession).toBeNull();
  await expect(pc7).not.toContainText('Guest');
  await shoot(page, 'desk-shift-01-failed-unlock');

  // The server restarts under the open console: it says it is away and comes back by itself.
  await server.stop();
  await expect(page.getByRole('status').filter({ hasText: 'Reconnecting…' })).toBeVisible();
  server = await startServer({ dbPath, port });
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible({ timeout: 15_000 });
  await expect(kiosk).toHaveURL(/\/login$/, { timeout: 20_000 });

  // ali sits down at PC 1: the console's room shows it live (the link is truly back).
  await kioskLogin(kiosk, shell.url, 'ali', 'ali12345');
  await expect(kiosk).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  await expect(page.locator('.tile[data-station="st-01"]')).toContainText('ali', { timeout: 10_000 });

  // A top-up at the counter, confirmed with the amount and the customer.
  await go(page, 'customers');
  await page.getByLabel('Search by username, email, phone or card').fill('ali');
  await page.locator('tr[data-customer="ali"]').getByRole('button').click();
  await page.getByLabel('Amount (IQD)').first().fill('5000');
  await page.getByLabel('Note').fill('at the counter');
  await page.getByRole('button', { name: 'Top up' }).click();
  await expect(page.getByTestId('money-confirm')).toContainText('Take 5,000 IQD in cash from');
  await expect(page.getByTestId('money-confirm')).toContainText('ali');
  await shoot(page, 'desk-shift-02-top-up-confirm');
  await page.getByRole('dialog').getByRole('button', { name: 'Top up 5,000 IQD' }).click();
  await expect(page.getByText(/Done: the balance is now/)).toBeVisible();

  // ali orders at the kiosk's store; the desk approves it (asked first); the kiosk's balance follows.
  await kiosk.getByRole('link', { name: 'Store' }).click();
  const card = kiosk.getByTestId('offer-card').filter({ hasText: '10% bonus credit' });
  await card.getByRole('button', { name: 'Order Now' }).click();
  await kiosk.getByTestId('confirm-dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(kiosk.getByText('Order placed. Pay at the counter; your balance updates once staff approve it.')).toBeVisible();
  const before = await kioskBalance(kiosk);
  await go(page, 'inbox');
  await expect(page.locator('[data-order]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Approve (paid)' }).click();
  await expect(page.getByTestId('approve-summary')).toContainText('Take 10,000 IQD from ali');
  await page.getByRole('dialog').getByRole('button', { name: 'Approve: 10,000 IQD paid' }).click();
  await expect(page.locator('[data-order]')).toHaveCount(0);
  // The kiosk announces the decision: a notification the bell counts (with its toast, 3–4 s), and the order approved
  // in "Your orders" — the customer is told, not only shown the balance moving.
  await expect(kiosk.getByRole('status').filter({ hasText: 'Your order was approved' })).toBeVisible();
  await shoot(kiosk, 'desk-shift-03-kiosk-order-approved-toast');
  await expect(kiosk.getByTestId('notification-count')).toHaveText('1');
  const myOrder = kiosk.getByTestId('store-my-orders').getByTestId('order-row');
  await expect(myOrder).toHaveAttribute('data-status', 'approved');
  await expect(myOrder).toContainText('10% bonus credit');
  await expect(myOrder).toContainText('Approved');
  await expect(myOrder).toContainText('+11,000 IQD');
  await expect.poll(() => kioskBalance(kiosk), { timeout: 10_000 }).toBeGreaterThanOrEqual(before + 11_000 - 200);
  await shoot(kiosk, 'desk-shift-03-kiosk-after-approval');
  await kiosk.getByTestId('notification-bell').click();
  const notice = kiosk.getByTestId('notification-panel').getByTestId('notification-item').first();
  await expect(notice).toContainText('Your order was approved');
  await expect(notice).toContainText('10% bonus credit: 11,000 IQD added to your balance.');
  await expect(kiosk.getByTestId('notification-count')).toHaveCount(0);
  await shoot(kiosk, 'desk-shift-03-kiosk-notification');
  await kiosk.keyboard.press('Escape');

  // Two 5,000 IQD prepaid cards are sold for cash at the counter (money taken, once); ali redeems one of them later:
  // his balance grows, the money taken does not.
  const sale = (await adminCall(server.url, 'POST', '/admin/prepaid-batches', { count: 2, amount: 5000, label: 'Gift cards', soldFor: 'cash' })) as {
    codes: string[];
    sold: { amount: number; method: string };
  };
  expect(sale.sold).toMatchObject({ amount: 10_000, method: 'cash' });
  await adminCall(server.url, 'POST', '/prepaid-cards/redeem-with-username', { code: sale.codes[0], username: 'ali' });

  // The owner printed a batch (not sold); the desk sells one card of it, as the customer pays cash at the counter:
  // the code typed as it reads on the card, the confirmation with the card, its value and the method, then the receipt.
  const printed = (await adminCall(server.url, 'POST', '/admin/prepaid-batches', { count: 2, amount: 5000, label: 'Desk cards' })) as { codes: string[] };
  const deskCard = printed.codes[1]!;
  const hint = `RC-…-${deskCard.slice(-4)}`;
  await go(page, 'shifts');
  const sellCard = page.getByRole('article', { name: 'Sell a prepaid card' });
  await sellCard.getByLabel('Card code').fill(deskCard.toLowerCase());
  await expect(sellCard.getByLabel('Card code')).toHaveValue(deskCard);
  await shoot(page, 'desk-shift-04a-sell-card');
  await sellCard.getByRole('button', { name: 'Sell card' }).click();
  const confirmSale = page.getByRole('dialog', { name: 'Sell this prepaid card?' });
  await expect(confirmSale.getByTestId('sell-card-summary')).toHaveText(`Sell card ${hint} for 5,000 IQD, cash?`);
  await shoot(page, 'desk-shift-04b-sell-card-confirm');
  await confirmSale.getByRole('button', { name: 'Sell for 5,000 IQD' }).click();
  await expect(sellCard.getByRole('status')).toHaveText(`Card ${hint} sold for 5,000 IQD in cash.`);
  await expect(sellCard.getByLabel('Card code')).toHaveValue('');
  await expect(page.getByRole('article', { name: 'Shift report' }).getByRole('row', { name: /Prepaid cards sold in cash/ })).toContainText('15,000 IQD');
  // Three cards (two sold at once, one at the desk): counted as cards, in words (it read "(2)", the sales).
  await expect(page.getByRole('article', { name: 'Shift report' }).getByRole('row', { name: /^Prepaid cards sold 3 cards$/ })).toBeVisible();
  await shoot(page, 'desk-shift-04c-sell-card-sold');
  // The same card again: refused in words, nothing taken twice.
  await sellCard.getByLabel('Card code').fill(deskCard);
  await sellCard.getByRole('button', { name: 'Sell card' }).click();
  await expect(sellCard.getByRole('alert')).toHaveText(`Card ${hint} was already sold: it cannot be sold again.`);
  await sellCard.getByLabel('Card code').fill('');
  // The form in Arabic, right to left (the code stays left to right), then back to English.
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const sellCardAr = page.getByRole('article', { name: 'بيع بطاقة مسبقة الدفع' });
  await sellCardAr.getByLabel('رمز البطاقة').fill(printed.codes[0]!);
  await sellCardAr.getByRole('button', { name: 'بيع البطاقة' }).click();
  await expect(page.getByRole('dialog', { name: 'بيع هذه البطاقة مسبقة الدفع؟' }).getByTestId('sell-card-summary')).toHaveText(
    `بيع البطاقة RC-…-${printed.codes[0]!.slice(-4)} بمبلغ 5,000 د.ع نقدًا؟`,
  );
  await shoot(page, 'desk-shift-04d-sell-card-confirm-ar');
  await page.getByRole('dialog').getByRole('button', { name: 'إلغاء' }).click();
  await shoot(page, 'desk-shift-04e-sell-card-ar');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

  // Today's money figures are the ledger's, line by line (ali's is the only ledger that moved today besides play).
  interface Today {
    money: {
      topUps: { cash: number; card: number };
      orders: { cash: number; card: number };
      prepaid: { cash: number; card: number };
      prepaidRedeemed: number;
      refunds: number;
      total: number;
    };
    play: { billed: number };
    waiting: { total: number };
  }
  const today = (await adminCall(server.url, 'GET', '/admin/console/today')) as Today;
  const ledger = ((await adminCall(server.url, 'GET', '/admin/customers/ali')) as { ledger: Line[] }).ledger;
  const sum = (kind: string, method?: string) =>
    ledger.filter((l) => l.kind === kind && (method === undefined || l.paymentMethod === method)).reduce((a, l) => a + l.amount, 0);
  expect(sum('top_up', 'cash')).toBe(5000);
  expect(today.money.topUps.cash).toBe(sum('top_up', 'cash'));
  expect(today.money.topUps.card).toBe(sum('top_up', 'card'));
  // An approved order credits 11,000 IQD to the balance for the 10,000 IQD paid at the counter.
  expect(sum('offer_order')).toBe(11_000);
  expect(today.money.orders.cash + today.money.orders.card).toBe(10_000);
  expect(today.money.refunds + sum('refund')).toBe(0); // refunds are reported as handed back (positive), the ledger has them negative
  // The cards: counted when sold, never again when ali redeemed one (his ledger has the 5,000 IQD as a prepaid line).
  // The prepaid float's ledger, as the shift's report reads it: the batch sold by the owner and the desk's one card.
  const open = ((await adminCall(server.url, 'GET', '/admin/shifts/current')) as { shift: { id: string } }).shift;
  const shiftNow = (await adminCall(server.url, 'GET', `/admin/shifts/${open.id}/report`)) as {
    prepaid: { cash: number; card: number; count: number };
    movements: { kind: string; method: string | null; total: number; count: number }[];
  };
  expect(shiftNow.prepaid).toEqual({ cash: 15_000, card: 0, count: 3 });
  expect(shiftNow.movements).toContainEqual({ kind: 'prepaid_sale', method: 'cash', total: 15_000, count: 2 });
  expect(today.money.prepaid).toEqual({ cash: shiftNow.prepaid.cash, card: shiftNow.prepaid.card });
  expect(sum('prepaid')).toBe(5000);
  expect(today.money.prepaidRedeemed).toBe(sum('prepaid'));
  expect(today.money.total).toBe(5000 + 10_000 + 15_000);
  // Play is what billing took from balances: never part of the money taken (read again if a billing minute fell between the two reads).
  await expect
    .poll(async () => {
      const [now, lines] = await Promise.all([
        adminCall(server!.url, 'GET', '/admin/console/today') as Promise<Today>,
        adminCall(server!.url, 'GET', '/admin/customers/ali').then((d) => (d as { ledger: Line[] }).ledger),
      ]);
      return now.play.billed + lines.filter((l) => l.kind === 'session').reduce((a, l) => a + l.amount, 0);
    })
    .toBe(0);
  await go(page, 'today');
  await expect(page.getByTestId('money-taken')).toHaveText('30,000 IQD');
  // The play consumed the screen shows is the ledger's play lines (ali is the only one who played): the screen is
  // read again (Today re-reads when it opens) if a billing minute fell between the screen and the ledger.
  await expect
    .poll(async () => {
      await go(page, 'room');
      await go(page, 'today');
      await expect(page.getByTestId('play-consumed')).toHaveText(/^[\d,]+ IQD$/);
      const shown = Number((await page.getByTestId('play-consumed').textContent())!.replace(/\D/g, ''));
      const lines = ((await adminCall(server!.url, 'GET', '/admin/customers/ali')) as { ledger: Line[] }).ledger;
      const played = -lines.filter((l) => l.kind === 'session').reduce((a, l) => a + l.amount, 0);
      return { shown, matches: shown === played };
    })
    .toMatchObject({ matches: true });
  await expect(page.getByTestId('waiting')).toHaveText(String(today.waiting.total));
  await expect(page.getByRole('listitem').filter({ hasText: 'Top-ups in cash' })).toContainText('5,000 IQD');
  await expect(page.getByRole('listitem').filter({ hasText: 'Prepaid cards sold' })).toContainText('15,000 IQD');
  await expect(page.getByText('Prepaid cards redeemed today: 5,000 IQD')).toBeVisible();
  await shoot(page, 'desk-shift-04-today');

  // The shift closes with its counted cash (float + cash top-up + the order paid at the counter + the cards sold) and a note.
  await go(page, 'shifts');
  await page.getByLabel('Counted cash (IQD)').fill('50000');
  await page.getByLabel('Note', { exact: true }).fill('quiet morning, PC 7 off');
  await page.getByRole('button', { name: 'Close shift' }).click();
  await expect(page.getByTestId('close-confirm')).toContainText('with 50,000 IQD counted in the drawer');
  await page.getByRole('dialog').getByRole('button', { name: 'Close with 50,000 IQD counted' }).click();
  const report = page.getByRole('article', { name: 'Shift report' });
  await expect(report.getByRole('row', { name: /Expected cash/ })).toContainText('50,000 IQD');
  await expect(report.getByRole('row', { name: /Prepaid cards sold in cash/ })).toContainText('15,000 IQD');
  await expect(report.getByRole('row', { name: /^Prepaid cards sold 3 cards$/ })).toBeVisible();
  await expect(report.getByRole('row', { name: /Difference/ })).toContainText('0 IQD');
  await expect(report.getByTestId('closing-note')).toContainText('Note: “quiet morning, PC 7 off”');
  await shoot(page, 'desk-shift-05-report');

  // All of it on the one console page: never reloaded.
  expect(await page.evaluate(() => (window as unknown as { sameConsole?: boolean }).sameConsole)).toBe(true);
});
