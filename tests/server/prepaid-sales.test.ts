/**
 * Prepaid cards sold at the counter (issue 23): the money goes into the open
 * shift through the one wallet (a `prepaid_sale` line on the cafe's prepaid
 * float, cash or card), Today and the shift report count it once, and a sold
 * card redeemed later moves its value from the float to the customer without
 * being counted as money again. The last test is the property: whatever the
 * sequence of sales, redemptions and voids, money taken is exactly what was
 * sold — on Today, in the shift and in the owner's period report (its own kind
 * of sale, never play, agreeing with the ledger) — and every balance equals
 * its ledger lines.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  adminCreatePrepaidBatch,
  adminPrepaidBatchCards,
  adminPrepaidBatches,
  adminSellPrepaidBatch,
  adminVoidPrepaidCard,
  consoleToday,
  currentShift,
  customerSearch,
  lookUpPrepaidCard,
  openShift,
  sellPrepaidCard,
  redeemPrepaidWithUsername,
  setWalletLimits,
  shiftReport,
} from '../../src/shared/api/routes.js';
import { auditSentence, auditFactsSchema, ledgerSentence } from '../../src/shared/audit-text.js';
import { formatMoney } from '../../src/shared/format.js';
import { ENROL_FIRST } from '../../src/server/authority/admin-gate.js';
import { enrolKnownSecret } from '../../src/server/authority/totp.js';
import { redeemCard, newBatch, sellBatch, sellCard, voidOneCard } from '../../src/server/prepaid/service.js';
import { ReportService } from '../../src/server/reports/service.js';
import { today } from '../../src/server/today/service.js';
import { ShiftService } from '../../src/server/shifts/service.js';
import { PREPAID_FLOAT, verifyLedger } from '../../src/server/wallet/service.js';
import { ConsoleClient, deskConsole, ownerConsole, totpNow } from '../support/console-client.js';
import { DEMO_STAFF } from '../../src/server/seed/console.js';
import { createStaffAccount } from '../../src/shared/api/routes.js';
import { api, fail, login, ok } from './support/harness.js';
import { useServer } from './support/server.js';

const t = useServer({ admin: true });

const balanceOf = async (id: string) =>
  (await t.server.db.selectFrom('users').select('balance').where('id', '=', id).executeTakeFirst())?.balance ?? 0;
const userId = async (username: string) => (await t.server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

describe('prepaid cards sold at the counter', () => {
  it('a batch sold for cash as it is made: in the shift and Today once; redeeming a card later is not money again', async () => {
    const owner = await ownerConsole(t.url, t.clock.now());
    await owner.call(openShift, { body: { openingFloat: 10_000 } });
    const before = consoleToday.response.parse((await owner.call(consoleToday)).body).money!;

    const made = await owner.call(adminCreatePrepaidBatch, { body: { count: 4, amount: 5000, label: 'Gift cards', soldFor: 'cash' } });
    expect(made.status).toBe(200);
    const sale = adminCreatePrepaidBatch.response.parse(made.body);
    expect(sale.sold).toEqual({ count: 4, amount: 20_000, method: 'cash' });
    expect(sale.batch).toMatchObject({ cardCount: 4, soldCount: 4, sellableCount: 0, redeemedCount: 0 });

    // One ledger line on the cafe's prepaid float, cash, in the open shift, by the owner.
    const shift = currentShift.response.parse((await owner.call(currentShift)).body).shift!;
    const lines = await t.server.db.selectFrom('balance_ledger').selectAll().where('kind', '=', 'prepaid_sale').execute();
    expect(lines).toEqual([expect.objectContaining({ user_id: PREPAID_FLOAT.id, amount: 20_000, payment_method: 'cash', shift_id: shift.id })]);
    expect(await balanceOf(PREPAID_FLOAT.id)).toBe(20_000);
    expect(ledgerSentence({ amount: 20_000, kind: 'prepaid_sale', paymentMethod: 'cash', staff: 'owner', reason: lines[0]!.reason })).toBe(
      'Prepaid cards sold · +20,000 IQD · cash · by owner',
    );
    const audit = await t.server.db.selectFrom('audit_log').select('facts').where('action', '=', 'POST /admin/prepaid-batches').executeTakeFirstOrThrow();
    const facts = auditFactsSchema.parse(JSON.parse(audit.facts!));
    expect(auditSentence(facts)).toBe('owner sold prepaid cards worth 20,000 IQD, paid in cash');
    expect(auditSentence(facts, 'ar')).toContain('بطاقات مسبقة الدفع');

    const sold = consoleToday.response.parse((await owner.call(consoleToday)).body).money!;
    expect(sold.prepaid).toEqual({ cash: before.prepaid.cash + 20_000, card: before.prepaid.card });
    expect(sold.cash).toBe(before.cash + 20_000);
    expect(sold.total).toBe(before.total + 20_000);
    const report = shiftReport.response.parse((await owner.call(shiftReport, { params: { id: shift.id } })).body);
    // Four cards in one sale: the report counts the cards (it said 1).
    expect(report.prepaid).toEqual({ cash: 20_000, card: 0, count: 4 });
    expect(report.expectedCash).toBe(10_000 + 20_000);
    expect(report.movements).toContainEqual({ kind: 'prepaid_sale', method: 'cash', total: 20_000, count: 1 });

    // Ali redeems one card: 5,000 IQD moves from the float to him; money taken does not move.
    const ali = await userId('ali');
    const aliBefore = await balanceOf(ali);
    await ok(t.url, redeemPrepaidWithUsername, { body: { code: sale.codes[0]!, username: 'ali' } });
    expect(await balanceOf(ali)).toBe(aliBefore + 5000);
    expect(await balanceOf(PREPAID_FLOAT.id)).toBe(15_000);
    const after = consoleToday.response.parse((await owner.call(consoleToday)).body).money!;
    expect(after.total).toBe(sold.total);
    expect(after.cash).toBe(sold.cash);
    expect(after.prepaid).toEqual(sold.prepaid);
    expect(after.prepaidRedeemed).toBe(sold.prepaidRedeemed + 5000);
    const again = shiftReport.response.parse((await owner.call(shiftReport, { params: { id: shift.id } })).body);
    expect(again.expectedCash).toBe(report.expectedCash);
    expect((await verifyLedger(t.server.db)).mismatches).toEqual([]);
  });

  it('an unsold batch is sold later by card, once; the second sale has nothing to sell; staff without the owner role cannot', async () => {
    const owner = await ownerConsole(t.url, t.clock.now());
    const made = adminCreatePrepaidBatch.response.parse((await owner.call(adminCreatePrepaidBatch, { body: { count: 2, amount: 1000 } })).body);
    expect(made.sold).toBeNull();
    expect(made.batch).toMatchObject({ soldCount: 0, sellableCount: 2 });
    // A card redeemed before the sale is not sold with the batch (it was never the desk's to sell).
    await ok(t.url, redeemPrepaidWithUsername, { body: { code: made.codes[0]!, username: 'sara' } });
    expect(await balanceOf(PREPAID_FLOAT.id)).toBe(0);

    const desk = await deskConsole(t.url);
    expect((await desk.call(adminSellPrepaidBatch, { params: { id: made.batch.id }, body: { method: 'card' } })).status).toBe(403);

    const sold = await owner.call(adminSellPrepaidBatch, { params: { id: made.batch.id }, body: { method: 'card' } });
    expect(sold.status).toBe(200);
    expect(sold.body).toMatchObject({ sold: { count: 1, amount: 1000, method: 'card' }, batch: { soldCount: 1, sellableCount: 0, redeemedCount: 1 } });
    const twice = await owner.call(adminSellPrepaidBatch, { params: { id: made.batch.id }, body: { method: 'card' } });
    expect(twice.status).toBe(409);
    expect((twice.body as { message: string }).message).toBe('Nothing to sell: every card of this batch is already sold, redeemed or void.');
    expect((await owner.call(adminSellPrepaidBatch, { params: { id: 'pcb_nope' }, body: { method: 'cash' } })).status).toBe(404);
    expect((await owner.call(adminSellPrepaidBatch, { params: { id: made.batch.id }, body: { method: 'cheque' } })).status).toBe(400);
    // With no shift open the sale waits, by name, for the next shift (as a top-up does).
    const line = await t.server.db.selectFrom('balance_ledger').selectAll().where('kind', '=', 'prepaid_sale').executeTakeFirstOrThrow();
    expect(line).toMatchObject({ amount: 1000, payment_method: 'card', shift_id: null, unattended: 1 });
    const listed = adminPrepaidBatches.response.parse((await owner.call(adminPrepaidBatches)).body);
    expect(listed.find((b) => b.id === made.batch.id)).toMatchObject({ soldCount: 1 });
  });

  it('a sale the owner’s limits refuse makes no cards and loses no code; the float is no customer and takes no card', async () => {
    const owner = await ownerConsole(t.url, t.clock.now());
    await owner.call(setWalletLimits, { body: { actionMax: 10_000, shiftMax: 1_000_000 } });
    const refused = await owner.call(adminCreatePrepaidBatch, { body: { count: 3, amount: 5000, soldFor: 'cash' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'wallet.actionLimit' });
    expect(await t.server.db.selectFrom('prepaid_batches').selectAll().execute()).toEqual([]);

    const made = adminCreatePrepaidBatch.response.parse((await owner.call(adminCreatePrepaidBatch, { body: { count: 2, amount: 5000, soldFor: 'cash' } })).body);
    expect(made.sold).toMatchObject({ amount: 10_000 });
    const customers = customerSearch.response.parse((await owner.call(customerSearch, { query: 'q=prepaid' })).body);
    expect(customers.map((c) => c.username)).not.toContain(PREPAID_FLOAT.username);
    expect(customerSearch.response.parse((await owner.call(customerSearch)).body).map((c) => c.username)).not.toContain(PREPAID_FLOAT.username);
    // Nobody signs in as the float or redeems a card into it.
    const into = await fail(t.url, redeemPrepaidWithUsername, { body: { code: made.codes[0]!, username: PREPAID_FLOAT.username } });
    expect(into.statusCode).toBeGreaterThanOrEqual(400);
    expect(await balanceOf(PREPAID_FLOAT.id)).toBe(10_000);
  });
});

describe('one card sold at the desk (issue 23)', () => {
  /** A batch the owner printed (not sold): its codes, as the printed sheet carries them. */
  const printed = async (count = 3, amount = 5000, signedIn?: ConsoleClient) => {
    // One sign-in per authenticator step: a code signs in once.
    const owner = signedIn ?? (await ownerConsole(t.url, t.clock.now()));
    const made = adminCreatePrepaidBatch.response.parse((await owner.call(adminCreatePrepaidBatch, { body: { count, amount, label: 'Desk cards' } })).body);
    return { owner, made };
  };
  const hintOf = (code: string) => `RC-…-${code.slice(-4)}`;
  const saleLines = () => t.server.db.selectFrom('balance_ledger').selectAll().where('kind', '=', 'prepaid_sale').execute();

  it('attacks: a customer token, no console session, an owner session without its second factor, no CSRF token, another origin — refused, nothing sold', async () => {
    const { owner, made } = await printed(1);
    const code = made.codes[0]!;
    const body = { code, method: 'cash', amount: 5000 };
    // A customer signed in at a station holds a real token: it is no staff credential.
    const { accessToken } = await login(t.url, 'ali', 'ali12345', 1);
    expect((await api(t.url, 'POST', '/admin/prepaid-cards/sell', { body, token: accessToken })).status).toBe(403);
    expect((await api(t.url, 'POST', '/admin/prepaid-cards/look-up', { body: { code }, token: accessToken })).status).toBe(403);
    // No session at all.
    expect((await new ConsoleClient(t.url).call(sellPrepaidCard, { body })).status).toBe(401);
    // A desk member with an authenticator who gives only the password gets no session, so no sale.
    const desk = await userId(DEMO_STAFF.username);
    await enrolKnownSecret(t.server.db, t.server.context.secrets, desk, 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU', new Date(t.clock.now()).toISOString());
    const half = new ConsoleClient(t.url);
    expect((await half.signIn(DEMO_STAFF.username, DEMO_STAFF.password)).body).toEqual({ status: 'totp_required' });
    expect((await half.call(sellPrepaidCard, { body })).status).toBe(401);
    // An owner who has not set up the second factor may only set it up.
    expect((await owner.call(createStaffAccount, { body: { username: 'owner2', password: 'owner2-pass', role: 'owner' } })).status).toBe(200);
    const bare = new ConsoleClient(t.url);
    expect((await bare.signIn('owner2', 'owner2-pass')).status).toBe(200);
    const enrolFirst = await bare.call(sellPrepaidCard, { body });
    expect(enrolFirst.status).toBe(403);
    expect((enrolFirst.body as { message: string }).message).toBe(ENROL_FIRST);
    // The desk with its code, but without the page's CSRF token, or from another site's page.
    const full = new ConsoleClient(t.url);
    expect((await full.signIn(DEMO_STAFF.username, DEMO_STAFF.password, totpNow('KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU', t.clock.now()))).status).toBe(200);
    expect((await full.call(sellPrepaidCard, { body, csrf: null })).status).toBe(403);
    expect((await full.call(sellPrepaidCard, { body, origin: 'https://evil.example' })).status).toBe(403);
    expect(await saleLines()).toEqual([]);
    expect((await full.call(lookUpPrepaidCard, { body: { code } })).body).toEqual({ hint: hintOf(code), amount: 5000, state: 'sellable' });
  });

  it('the desk sells one card for cash in its shift: one ledger line by whom, the audit sentence in both languages, Today and the shift report count it; the code is in no answer and no log line', async () => {
    const { owner, made } = await printed(3, 5000);
    const desk = await deskConsole(t.url);
    expect((await desk.call(openShift, { body: { openingFloat: 20_000 } })).status).toBe(200);
    const shift = currentShift.response.parse((await desk.call(currentShift)).body).shift!;
    const before = consoleToday.response.parse((await desk.call(consoleToday)).body).money!;
    const code = made.codes[1]!;

    // The desk looks the card up as typed from the paper (lower case, no hyphens): its hint and value, never the code.
    const typed = code.toLowerCase().replace(/-/g, '');
    const look = await desk.call(lookUpPrepaidCard, { body: { code: typed } });
    expect(look.status).toBe(200);
    expect(look.body).toEqual({ hint: hintOf(code), amount: 5000, state: 'sellable' });

    const sold = await desk.call(sellPrepaidCard, { body: { code: typed, method: 'cash', amount: 5000 } });
    expect(sold.status).toBe(200);
    const answer = sellPrepaidCard.response.parse(sold.body);
    expect(answer).toMatchObject({ card: { hint: hintOf(code), amount: 5000 }, sold: { count: 1, amount: 5000, method: 'cash' } });
    expect(JSON.stringify(sold.body)).not.toContain(code.slice(3, 7));

    // One line on the prepaid float: cash, by the desk, in the desk's shift.
    const lines = await saleLines();
    expect(lines).toEqual([
      expect.objectContaining({ user_id: PREPAID_FLOAT.id, amount: 5000, payment_method: 'cash', staff_user_id: await userId(DEMO_STAFF.username), shift_id: shift.id, unattended: 0 }),
    ]);
    expect(lines[0]!.reason).toBe(`prepaid card sold: ${hintOf(code)}`);
    expect(await balanceOf(PREPAID_FLOAT.id)).toBe(5000);
    // Only that card is sold; the owner's batch says so.
    const listed = adminPrepaidBatches.response.parse((await owner.call(adminPrepaidBatches)).body);
    expect(listed.find((b) => b.id === made.batch.id)).toMatchObject({ soldCount: 1, sellableCount: 2 });
    // The owner's list of the batch's cards names the card sold and who sold it.
    const listing = adminPrepaidBatchCards.response.parse((await owner.call(adminPrepaidBatchCards, { params: { id: made.batch.id } })).body);
    expect(listing.filter((c) => c.soldAt !== null).map((c) => [c.hint, c.soldBy])).toEqual([[hintOf(code), DEMO_STAFF.username]]);

    // The audit line: a sentence in both languages; its stored detail hides the code.
    const audit = await t.server.db.selectFrom('audit_log').selectAll().where('action', '=', 'POST /admin/prepaid-cards/sell').executeTakeFirstOrThrow();
    const facts = auditFactsSchema.parse(JSON.parse(audit.facts!));
    expect(auditSentence(facts)).toBe(`desk sold prepaid card ${hintOf(code)} (5,000 IQD), paid in cash`);
    expect(auditSentence(facts, 'ar')).toBe(`باع desk البطاقة مسبقة الدفع ${hintOf(code)} (${formatMoney(5000, 'ar')})، الدفع نقدًا`);
    const looked = await t.server.db.selectFrom('audit_log').selectAll().where('action', '=', 'POST /admin/prepaid-cards/look-up').executeTakeFirstOrThrow();
    expect(auditSentence(auditFactsSchema.parse(JSON.parse(looked.facts!)))).toBe(`desk looked up prepaid card ${hintOf(code)} (5,000 IQD)`);
    const everything = JSON.stringify(await t.server.db.selectFrom('audit_log').selectAll().execute()) + JSON.stringify(lines);
    expect(everything.toUpperCase()).not.toContain(code.replace(/-/g, '').slice(2, 10));

    // Today and the shift's report count it once, as money taken in cash.
    const after = consoleToday.response.parse((await desk.call(consoleToday)).body).money!;
    expect(after.prepaid).toEqual({ cash: before.prepaid.cash + 5000, card: before.prepaid.card });
    expect(after.cash).toBe(before.cash + 5000);
    expect(after.total).toBe(before.total + 5000);
    const report = shiftReport.response.parse((await desk.call(shiftReport, { params: { id: shift.id } })).body);
    expect(report.prepaid).toEqual({ cash: 5000, card: 0, count: 1 });
    expect(report.expectedCash).toBe(20_000 + 5000);
    expect(report.movements).toContainEqual({ kind: 'prepaid_sale', method: 'cash', total: 5000, count: 1 });

    // A customer redeems the card later: its value moves from the float to him; money taken does not move.
    const ali = await userId('ali');
    const aliBefore = await balanceOf(ali);
    await ok(t.url, redeemPrepaidWithUsername, { body: { code, username: 'ali' } });
    expect(await balanceOf(ali)).toBe(aliBefore + 5000);
    expect(await balanceOf(PREPAID_FLOAT.id)).toBe(0);
    const redeemed = consoleToday.response.parse((await desk.call(consoleToday)).body).money!;
    expect(redeemed.total).toBe(after.total);
    expect(shiftReport.response.parse((await desk.call(shiftReport, { params: { id: shift.id } })).body).expectedCash).toBe(report.expectedCash);
    expect((await verifyLedger(t.server.db)).mismatches).toEqual([]);
  });

  it('a card already sold, redeemed or void, an unknown code, or a value other than the one confirmed is refused with a clear error, and nothing moves', async () => {
    const { owner, made } = await printed(4, 5000);
    const [soldCode, redeemedCode, voidCode, goodCode] = made.codes as [string, string, string, string];
    const desk = await deskConsole(t.url);
    await desk.call(openShift, { body: { openingFloat: 0 } });
    expect((await desk.call(sellPrepaidCard, { body: { code: soldCode, method: 'card', amount: 5000 } })).status).toBe(200);
    await ok(t.url, redeemPrepaidWithUsername, { body: { code: redeemedCode, username: 'sara' } });
    expect((await owner.call(adminVoidPrepaidCard, { params: { id: voidCode } })).status).toBe(200);
    const floatBefore = await balanceOf(PREPAID_FLOAT.id);

    const refusal = async (code: string, amount = 5000) => {
      const reply = await desk.call(sellPrepaidCard, { body: { code, method: 'cash', amount } });
      return { status: reply.status, ...(reply.body as { message: string; code: string }) };
    };
    expect(await refusal(soldCode)).toMatchObject({ status: 409, code: 'prepaidCard.sold', message: `Card ${hintOf(soldCode)} was already sold: it cannot be sold again.` });
    expect(await refusal(redeemedCode)).toMatchObject({ status: 409, code: 'prepaidCard.redeemed', message: `Card ${hintOf(redeemedCode)} was already redeemed: it cannot be sold.` });
    expect(await refusal(voidCode)).toMatchObject({ status: 409, code: 'prepaidCard.void', message: `Card ${hintOf(voidCode)} is void: it cannot be sold.` });
    expect(await refusal('RC-AAAA-BBBB-CCCC')).toMatchObject({ status: 404, code: 'prepaidCard.unknown' });
    expect(await refusal(goodCode, 2500)).toMatchObject({
      status: 409,
      code: 'prepaidCard.amount',
      message: `Card ${hintOf(goodCode)} is worth 5,000 IQD, not 2,500 IQD: look it up again.`,
    });
    expect((await desk.call(sellPrepaidCard, { body: { code: goodCode, method: 'cheque', amount: 5000 } })).status).toBe(400);
    // The look-up tells the desk the same before anyone confirms.
    const states = await Promise.all(
      [soldCode, redeemedCode, voidCode, goodCode].map(async (code) => (await desk.call(lookUpPrepaidCard, { body: { code } })).body as { state: string }),
    );
    expect(states.map((s) => s.state)).toEqual(['sold', 'redeemed', 'void', 'sellable']);
    expect((await desk.call(lookUpPrepaidCard, { body: { code: 'RC-AAAA-BBBB-CCCC' } })).status).toBe(404);

    expect(await balanceOf(PREPAID_FLOAT.id)).toBe(floatBefore);
    expect(await saleLines()).toHaveLength(1);
    // Refused sales are in the audit log as sentences that name the card and the reason, not its code.
    const refused = await t.server.db.selectFrom('audit_log').select('facts').where('action', '=', 'POST /admin/prepaid-cards/sell').where('status_code', '=', 409).execute();
    const sentences = refused.map((r) => auditSentence(auditFactsSchema.parse(JSON.parse(r.facts!))));
    expect(sentences).toContain('desk tried to sell a prepaid card in cash — refused: the card was already sold');
    // The reason in the reader's language (a code in the facts), and never the card's code.
    const arabic = refused.map((r) => auditSentence(auditFactsSchema.parse(JSON.parse(r.facts!)), 'ar'));
    expect(arabic).toContain('حاول desk بيع بطاقة مسبقة الدفع نقدًا — رُفض: البطاقة مبيعة من قبل');
    expect(JSON.stringify(refused)).not.toContain(soldCode);
  });

  it('the owner’s money limits apply to a card sold at the desk; with no shift open it waits, by name, for the next shift as a top-up does', async () => {
    const { owner, made } = await printed(3, 5000);
    const desk = await deskConsole(t.url);
    await owner.call(setWalletLimits, { body: { actionMax: 4000, shiftMax: 1_000_000 } });
    const over = await desk.call(sellPrepaidCard, { body: { code: made.codes[0]!, method: 'cash', amount: 5000 } });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ code: 'wallet.actionLimit', limit: 4000 });
    await owner.call(setWalletLimits, { body: { actionMax: 10_000, shiftMax: 7000 } });
    expect((await desk.call(sellPrepaidCard, { body: { code: made.codes[0]!, method: 'cash', amount: 5000 } })).status).toBe(200);
    const shiftFull = await desk.call(sellPrepaidCard, { body: { code: made.codes[1]!, method: 'card', amount: 5000 } });
    expect(shiftFull.status).toBe(400);
    expect(shiftFull.body).toMatchObject({ code: 'wallet.shiftLimit', limit: 7000 });
    // The refused card is still for sale; only the allowed sale moved money.
    expect((await desk.call(lookUpPrepaidCard, { body: { code: made.codes[1]! } })).body).toMatchObject({ state: 'sellable' });
    expect(await saleLines()).toEqual([expect.objectContaining({ amount: 5000, shift_id: null, unattended: 1 })]);
    // The next shift adopts it and its report counts it.
    await owner.call(setWalletLimits, { body: { actionMax: 10_000, shiftMax: 1_000_000 } });
    await desk.call(openShift, { body: { openingFloat: 0 } });
    const shift = currentShift.response.parse((await desk.call(currentShift)).body).shift!;
    const report = shiftReport.response.parse((await desk.call(shiftReport, { params: { id: shift.id } })).body);
    expect(report.prepaid).toEqual({ cash: 5000, card: 0, count: 1 });
    expect(report.unattended).toEqual([expect.objectContaining({ kind: 'prepaid_sale', method: 'cash', amount: 5000, staff: DEMO_STAFF.username })]);
  });

  it('two desks selling the same card at once sell it once: one ledger line, one success, the other told it was sold', async () => {
    const { owner: b, made } = await printed(2, 5000);
    const a = await deskConsole(t.url);
    await a.call(openShift, { body: { openingFloat: 0 } });
    for (const code of made.codes) {
      const replies = await Promise.all([
        a.call(sellPrepaidCard, { body: { code, method: 'cash', amount: 5000 } }),
        b.call(sellPrepaidCard, { body: { code, method: 'card', amount: 5000 } }),
        a.call(sellPrepaidCard, { body: { code, method: 'card', amount: 5000 } }),
      ]);
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      expect(replies.filter((r) => r.status === 409).map((r) => (r.body as { code: string }).code)).toEqual(['prepaidCard.sold', 'prepaidCard.sold']);
    }
    // Service level too, many at once on one card: exactly one sale.
    const third = (await printed(1, 2500, b)).made.codes[0]!;
    const actor = { userId: await userId(DEMO_STAFF.username), username: DEMO_STAFF.username };
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => sellCard(t.server.context, { code: third, method: 'cash', amount: 2500 }, actor)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lines = await saleLines();
    expect(lines.map((l) => l.amount).sort()).toEqual([2500, 5000, 5000]);
    expect(await balanceOf(PREPAID_FLOAT.id)).toBe(12_500);
    expect((await verifyLedger(t.server.db)).mismatches).toEqual([]);

    // A sale racing a customer's redeem of the same card: the redeem always goes through, the sale is made or refused,
    // and neither fails on the server's side (a redeem holds the card and then the float: a sale that held the float
    // and then locked the card whatever its state could deadlock with it, a 500 on PostgreSQL).
    const redeem = (code: string, username: string) => api(t.url, 'POST', '/prepaid-cards/redeem-with-username', { body: { code, username } });
    for (const username of ['ali', 'sara', 'ali']) {
      const [soldFirst, unsold] = (await printed(2, 1000, b)).made.codes as [string, string];
      expect((await a.call(sellPrepaidCard, { body: { code: soldFirst, method: 'cash', amount: 1000 } })).status).toBe(200);
      const [redeemed, resold] = await Promise.all([redeem(soldFirst, username), a.call(sellPrepaidCard, { body: { code: soldFirst, method: 'cash', amount: 1000 } })]);
      expect([redeemed.status, resold.status]).toEqual([200, 409]);
      const [redeemedToo, raced] = await Promise.all([redeem(unsold, username), a.call(sellPrepaidCard, { body: { code: unsold, method: 'card', amount: 1000 } })]);
      expect(redeemedToo.status).toBe(200);
      expect([200, 409]).toContain(raced.status);
    }
    expect((await verifyLedger(t.server.db)).mismatches).toEqual([]);
  });
});

describe('no double counting (property)', () => {
  type Op =
    | { op: 'make'; count: number; amount: number; soldFor: 'cash' | 'card' | null }
    | { op: 'sell'; batch: number; method: 'cash' | 'card' }
    | { op: 'sellOne'; card: number; method: 'cash' | 'card' }
    | { op: 'redeem'; card: number; user: number }
    | { op: 'void'; card: number };
  const opArb: fc.Arbitrary<Op> = fc.oneof(
    { weight: 3, arbitrary: fc.record({ op: fc.constant('make' as const), count: fc.integer({ min: 1, max: 3 }), amount: fc.constantFrom(1000, 2500, 5000), soldFor: fc.constantFrom('cash' as const, 'card' as const, null) }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('sell' as const), batch: fc.nat(5), method: fc.constantFrom('cash' as const, 'card' as const) }) },
    // One card at the desk (issue 23), by its code, as the desk sells the owner's printed cards.
    { weight: 3, arbitrary: fc.record({ op: fc.constant('sellOne' as const), card: fc.nat(20), method: fc.constantFrom('cash' as const, 'card' as const) }) },
    { weight: 4, arbitrary: fc.record({ op: fc.constant('redeem' as const), card: fc.nat(20), user: fc.nat(1) }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('void' as const), card: fc.nat(20) }) },
  );

  it('whatever staff sell and customers redeem or staff void: money taken is what was sold, redemptions add none, every balance equals its lines', async () => {
    const ctx = t.server.context;
    const owner = { userId: await userId('owner'), username: 'owner' };
    const customers = [await userId('ali'), await userId('sara')];
    const shifts = new ShiftService({ db: ctx.db, clock: ctx.clock });
    const shift = await shifts.open(0, 'owner');
    const utcOffsetMinutes = async () => (await ctx.sessions.pricing.current()).list.utcOffsetMinutes;
    const reports = new ReportService({ db: ctx.db, utcOffsetMinutes });
    // The owner's period report for the cafe's day (the clock does not move during the property).
    const cafeDay = new Date(ctx.clock.now() + (await utcOffsetMinutes()) * 60_000).toISOString().slice(0, 10);
    /** What the ledger itself says was paid at the counter today, by method (every line with a payment method). */
    const ledgerTaken = async () => {
      const lines = await ctx.db.selectFrom('balance_ledger').select(['amount', 'payment_method', 'kind']).where('payment_method', 'is not', null).execute();
      const sum = (keep: (l: (typeof lines)[number]) => boolean) => lines.filter(keep).reduce((a, l) => a + l.amount, 0);
      return { cash: sum((l) => l.payment_method === 'cash'), card: sum((l) => l.payment_method === 'card'), prepaid: sum((l) => l.kind === 'prepaid_sale') };
    };
    const snapshot = async () => {
      const day = await today(ctx);
      const report = await shifts.report(shift.id);
      const period = await reports.sales(cafeDay, cafeDay);
      const kind = (name: string, method: string | null) => period.byKind.find((k) => k.kind === name && k.method === method)?.total ?? 0;
      // The report agrees with the ledger whatever happened: money taken is every line paid in cash or by card.
      expect(period.taken).toEqual(await ledgerTaken());
      expect(period.days.map((d) => [d.counter, d.prepaid])).toEqual([[period.taken.cash + period.taken.card, period.taken.prepaid]]);
      // No kind of sale for a redemption: a sold card's value is money once, when it is sold.
      expect(period.byKind.map((k) => k.kind)).not.toContain('prepaid_redeemed');
      expect(period.byKind.map((k) => k.kind)).not.toContain('prepaid');
      return {
        money: day.money!,
        expectedCash: report.expectedCash,
        float: await balanceOf(PREPAID_FLOAT.id),
        customers: (await Promise.all(customers.map(balanceOf))).reduce((a, b) => a + b, 0),
        report: {
          prepaidCash: kind('prepaid_sale', 'cash'),
          prepaidCard: kind('prepaid_sale', 'card'),
          taken: period.taken,
          played: period.played,
          staff: period.byStaff.find((row) => row.staff === 'owner') ?? { cash: 0, card: 0 },
        },
      };
    };
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 8 }), async (ops) => {
        const start = await snapshot();
        const batches: { id: string; cards: { code: string; amount: number; sold: boolean; spent: boolean }[] }[] = [];
        const cards = () => batches.flatMap((b) => b.cards);
        const model = { cash: 0, card: 0, redeemed: 0, redeemedSold: 0 };
        for (const op of ops) {
          if (op.op === 'make') {
            const made = await newBatch(ctx, { count: op.count, amount: op.amount, ...(op.soldFor ? { soldFor: op.soldFor } : {}) }, owner);
            batches.push({ id: made.batch.id, cards: made.codes.map((code) => ({ code, amount: op.amount, sold: op.soldFor !== null, spent: false })) });
            if (op.soldFor) model[op.soldFor] += op.count * op.amount;
          } else if (op.op === 'sell') {
            const batch = batches[op.batch % Math.max(batches.length, 1)];
            if (!batch) continue;
            const left = batch.cards.filter((c) => !c.sold && !c.spent);
            const answer = await sellBatch(ctx, batch.id, op.method, owner).catch((error: { statusCode?: number }) => error);
            if (left.length === 0) {
              expect(answer).toMatchObject({ statusCode: 409 });
              continue;
            }
            expect(answer).toMatchObject({ sold: { count: left.length, amount: left.reduce((s, c) => s + c.amount, 0) } });
            for (const c of left) c.sold = true;
            model[op.method] += left.reduce((s, c) => s + c.amount, 0);
          } else if (op.op === 'sellOne') {
            const card = cards()[op.card % Math.max(cards().length, 1)];
            if (!card) continue;
            const answer = await sellCard(ctx, { code: card.code, method: op.method, amount: card.amount }, owner).catch((error: { statusCode?: number }) => error);
            if (card.sold || card.spent) {
              expect(answer).toMatchObject({ statusCode: 409 });
              continue;
            }
            expect(answer).toMatchObject({ sold: { count: 1, amount: card.amount, method: op.method } });
            card.sold = true;
            model[op.method] += card.amount;
          } else if (op.op === 'redeem') {
            const card = cards()[op.card % Math.max(cards().length, 1)];
            if (!card) continue;
            const answer = await redeemCard(ctx, customers[op.user]!, card.code).catch((error: { statusCode?: number }) => error);
            if (card.spent) {
              expect(answer).toMatchObject({ statusCode: 400 });
              continue;
            }
            expect(answer).toMatchObject({ balanceAdded: card.amount });
            card.spent = true;
            model.redeemed += card.amount;
            if (card.sold) model.redeemedSold += card.amount;
          } else {
            const card = cards()[op.card % Math.max(cards().length, 1)];
            if (!card) continue;
            const answer = await voidOneCard(ctx, card.code, 'owner').catch((error: { statusCode?: number }) => error);
            if (card.spent) expect(answer).toMatchObject({ statusCode: 409 });
            card.spent = true;
          }
        }
        const end = await snapshot();
        // Money taken: exactly the sales, by method; redemptions add nothing to it.
        expect(end.money.prepaid.cash - start.money.prepaid.cash).toBe(model.cash);
        expect(end.money.prepaid.card - start.money.prepaid.card).toBe(model.card);
        expect(end.money.cash - start.money.cash).toBe(model.cash);
        expect(end.money.card - start.money.card).toBe(model.card);
        expect(end.money.total - start.money.total).toBe(model.cash + model.card);
        expect(end.expectedCash - start.expectedCash).toBe(model.cash);
        // Redemptions: customers gain what they redeemed; a sold card's value leaves the float, so nothing is there twice.
        expect(end.money.prepaidRedeemed - start.money.prepaidRedeemed).toBe(model.redeemed);
        expect(end.customers - start.customers).toBe(model.redeemed);
        expect(end.float - start.float).toBe(model.cash + model.card - model.redeemedSold);
        // The owner's period report: prepaid cards sold are their own kind of sale, by method, and money taken by the
        // owner who sold them; redemptions and voids add nothing; none of it is play.
        expect(end.report.prepaidCash - start.report.prepaidCash).toBe(model.cash);
        expect(end.report.prepaidCard - start.report.prepaidCard).toBe(model.card);
        expect(end.report.taken.cash - start.report.taken.cash).toBe(model.cash);
        expect(end.report.taken.card - start.report.taken.card).toBe(model.card);
        expect(end.report.taken.prepaid - start.report.taken.prepaid).toBe(model.cash + model.card);
        expect(end.report.staff.cash - start.report.staff.cash).toBe(model.cash);
        expect(end.report.staff.card - start.report.staff.card).toBe(model.card);
        expect(end.report.played).toBe(start.report.played);
        expect((await verifyLedger(ctx.db)).mismatches).toEqual([]);
      }),
      { numRuns: 15 },
    );
  }, 120_000);
});
