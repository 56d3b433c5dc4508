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
  adminPrepaidBatches,
  adminSellPrepaidBatch,
  consoleToday,
  currentShift,
  customerSearch,
  openShift,
  redeemPrepaidWithUsername,
  setWalletLimits,
  shiftReport,
} from '../../src/shared/api/routes.js';
import { auditSentence, auditFactsSchema, ledgerSentence } from '../../src/shared/audit-text.js';
import { redeemCard, newBatch, sellBatch, voidOneCard } from '../../src/server/prepaid/service.js';
import { ReportService } from '../../src/server/reports/service.js';
import { today } from '../../src/server/today/service.js';
import { ShiftService } from '../../src/server/shifts/service.js';
import { PREPAID_FLOAT, verifyLedger } from '../../src/server/wallet/service.js';
import { deskConsole, ownerConsole } from '../support/console-client.js';
import { fail, ok } from './support/harness.js';
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
    expect(report.prepaid).toEqual({ cash: 20_000, card: 0, count: 1 });
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

describe('no double counting (property)', () => {
  type Op =
    | { op: 'make'; count: number; amount: number; soldFor: 'cash' | 'card' | null }
    | { op: 'sell'; batch: number; method: 'cash' | 'card' }
    | { op: 'redeem'; card: number; user: number }
    | { op: 'void'; card: number };
  const opArb: fc.Arbitrary<Op> = fc.oneof(
    { weight: 3, arbitrary: fc.record({ op: fc.constant('make' as const), count: fc.integer({ min: 1, max: 3 }), amount: fc.constantFrom(1000, 2500, 5000), soldFor: fc.constantFrom('cash' as const, 'card' as const, null) }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('sell' as const), batch: fc.nat(5), method: fc.constantFrom('cash' as const, 'card' as const) }) },
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
