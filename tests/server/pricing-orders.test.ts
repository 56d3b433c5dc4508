/**
 * Package orders (issue 26): a customer orders a package from their station
 * for the desk to approve, as the SPEC's orders do for offers. Approval sells
 * it once — the price into the open shift (cash or card) and the package
 * given, ledger lines like every money movement — however many approvals
 * race; a rejection moves nothing; the customer sees each decision.
 */
import { describe, expect, it } from 'vitest';
import {
  adminApprovePackageOrder,
  adminPackageOrders,
  adminRejectPackageOrder,
  adminSetPricing,
  adminTakePackageOrder,
  customerPackages,
  myPackageOrders,
  openShift,
  orderPackage,
  shiftReport,
  type PackageOrder,
} from '../../src/shared/api/routes.js';
import { auditFactsSchema, auditSentence } from '../../src/shared/audit-text.js';
import { deskConsole, ownerConsole } from '../support/console-client.js';
import { emptyPriceList, type PriceList } from '../../src/shared/pricing/index.js';
import { DEMO_OWNER, DEMO_STAFF } from '../../src/server/seed/console.js';
import { verifyLedger } from '../../src/server/wallet/service.js';
import { deskToken, fail, login, ok } from './support/harness.js';
import { connectStaff, eventually, guestAt } from './store-fixtures.js';
import { useServer } from './support/server.js';

const t = useServer({ admin: true });

const LIST: PriceList = {
  ...emptyPriceList(),
  timePackages: [
    { id: 'three-hours', name: '3 hours', minutes: 180, price: 4000, groupIds: null, validDays: 30, active: true },
    { id: 'retired', name: 'Old deal', minutes: 60, price: 1, groupIds: null, validDays: 1, active: false },
  ],
};

const balance = async (username: string) =>
  (await t.server.db.selectFrom('users').select('balance').where('username', '=', username).executeTakeFirstOrThrow()).balance;
const packageLines = () =>
  t.server.db.selectFrom('balance_ledger').select(['kind', 'amount', 'payment_method', 'shift_id']).where('kind', 'in', ['package_sale', 'package']).orderBy('id').execute();

describe('package orders', () => {
  it('wait in the desk inbox; approval sells the package into the open shift once, and the customer holds it', async () => {
    await ok(t.url, adminSetPricing, { body: LIST, token: t.admin });
    const token = await deskToken(t.url);
    const shift = await ok(t.url, openShift, { body: { openingFloat: 10_000 }, token });
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    const before = await balance('ali');

    const order = await ok(t.url, orderPackage, { body: { packageId: 'three-hours' }, token: ali.accessToken });
    expect(order).toMatchObject({ packageId: 'three-hours', packageName: '3 hours', username: 'ali', status: 'pending', price: 4000 });
    expect(await ok(t.url, adminPackageOrders, { token })).toEqual([order]);
    // Ordering moves no money and gives nothing yet.
    expect(await packageLines()).toEqual([]);
    expect((await ok(t.url, customerPackages, { token: ali.accessToken })).held).toEqual([]);

    const approved = await ok(t.url, adminApprovePackageOrder, { params: { id: String(order.id) }, body: { method: 'cash' }, token });
    expect(approved.order).toMatchObject({ id: order.id, status: 'approved', decidedBy: DEMO_STAFF.username });
    expect(approved.package).toMatchObject({ packageId: 'three-hours', minutesLeft: 180, price: 4000, method: 'order' });
    expect(await packageLines()).toEqual([
      { kind: 'package_sale', amount: 4000, payment_method: 'cash', shift_id: shift.id },
      { kind: 'package', amount: -4000, payment_method: null, shift_id: null },
    ]);
    expect(await balance('ali')).toBe(before);
    expect((await ok(t.url, customerPackages, { token: ali.accessToken })).held).toEqual([approved.package]);
    expect(await ok(t.url, myPackageOrders, { token: ali.accessToken })).toEqual([approved.order]);
    expect(await ok(t.url, adminPackageOrders, { token })).toEqual([]);

    // Approving again sells nothing more.
    const again = await fail(t.url, adminApprovePackageOrder, { params: { id: String(order.id) }, body: { method: 'cash' }, token });
    expect(again).toMatchObject({ statusCode: 409, message: `Package order #${order.id} was already approved by ${DEMO_STAFF.username}: it is sold only once.` });
    expect(await packageLines()).toHaveLength(2);

    const report = await ok(t.url, shiftReport, { params: { id: shift.id }, token });
    expect(report.packages).toEqual({ cash: 4000, card: 0, count: 1 });
    expect(report.expectedCash).toBe(14_000);
    expect((await verifyLedger(t.server.db)).mismatches).toEqual([]);
  });

  it('two approvals at once sell it once: one answer, one 409', async () => {
    await ok(t.url, adminSetPricing, { body: LIST, token: t.admin });
    const token = await deskToken(t.url);
    await ok(t.url, openShift, { body: { openingFloat: 0 }, token });
    const sara = await login(t.url, 'sara', 'sara12345', 3);
    const order = await ok(t.url, orderPackage, { body: { packageId: 'three-hours' }, token: sara.accessToken });
    const approve = () =>
      fetch(`${t.url}/admin/package-orders/${order.id}/approve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ method: 'card' }),
      }).then((r) => r.status);
    const statuses = (await Promise.all([approve(), approve(), approve()])).sort();
    expect(statuses).toEqual([200, 409, 409]);
    expect(await packageLines()).toHaveLength(2);
    expect((await ok(t.url, customerPackages, { token: sara.accessToken })).held).toHaveLength(1);
    expect((await verifyLedger(t.server.db)).mismatches).toEqual([]);
  });

  it('a guest session cannot order a package: 403 with the reason, nothing written, the inbox lists nothing', async () => {
    await ok(t.url, adminSetPricing, { body: LIST, token: t.admin });
    const guest = await guestAt(t.url, t.admin, 2);
    try {
      expect(await fail(t.url, orderPackage, { body: { packageId: 'three-hours' }, token: guest.token })).toMatchObject({
        statusCode: 403,
        message: 'Guests cannot order packages: sign in with your account to order.',
      });
      expect(await t.server.db.selectFrom('package_orders').select('id').execute()).toEqual([]);
      expect(await ok(t.url, adminPackageOrders, { token: await deskToken(t.url) })).toEqual([]);
    } finally {
      guest.socket.close();
    }
  });

  it('the limit of 3 waiting orders holds when many are placed at once (one customer, one instant)', async () => {
    await ok(t.url, adminSetPricing, { body: LIST, token: t.admin });
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    const place = () =>
      fetch(`${t.url}/packages/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${ali.accessToken}` },
        body: JSON.stringify({ packageId: 'three-hours' }),
      }).then((r) => r.status);
    const statuses = (await Promise.all(Array.from({ length: 8 }, place))).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
    const waiting = await t.server.db.selectFrom('package_orders').select('id').where('status', '=', 'pending').execute();
    expect(waiting).toHaveLength(3);
  });

  it('a rejection moves nothing and says why; unknown, retired or too many orders are refused', async () => {
    await ok(t.url, adminSetPricing, { body: LIST, token: t.admin });
    const token = await deskToken(t.url);
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    const order = await ok(t.url, orderPackage, { body: { packageId: 'three-hours' }, token: ali.accessToken });
    const rejected = await ok(t.url, adminRejectPackageOrder, { params: { id: String(order.id) }, body: { reason: 'Not paid' }, token });
    expect(rejected).toMatchObject({ status: 'rejected', rejectReason: 'Not paid', decidedBy: DEMO_STAFF.username });
    expect(await fail(t.url, adminApprovePackageOrder, { params: { id: String(order.id) }, body: { method: 'cash' }, token })).toMatchObject({ statusCode: 409 });
    expect(await packageLines()).toEqual([]);
    expect(await ok(t.url, myPackageOrders, { token: ali.accessToken })).toEqual([rejected]);

    expect(await fail(t.url, orderPackage, { body: { packageId: 'retired' }, token: ali.accessToken })).toMatchObject({ statusCode: 404, message: 'No package retired is on sale.' });
    expect(await fail(t.url, adminApprovePackageOrder, { params: { id: '999' }, body: { method: 'cash' }, token })).toMatchObject({ statusCode: 404 });
    for (let i = 0; i < 3; i++) await ok(t.url, orderPackage, { body: { packageId: 'three-hours' }, token: ali.accessToken });
    expect(await fail(t.url, orderPackage, { body: { packageId: 'three-hours' }, token: ali.accessToken })).toMatchObject({
      statusCode: 409,
      message: 'You already have 3 package orders waiting for staff: wait until they are confirmed.',
    });
  });

  it('two staff take the same order at once: exactly one wins, the other is told who; every console hears it; the audit says so in both languages', async () => {
    await ok(t.url, adminSetPricing, { body: LIST, token: t.admin });
    const d = await deskConsole(t.url);
    const o = await ownerConsole(t.url, t.clock.now());
    const staff = await connectStaff(t.url, await deskToken(t.url));
    try {
      const ali = await login(t.url, 'ali', 'ali12345', 2);
      const order = await ok(t.url, orderPackage, { body: { packageId: 'three-hours' }, token: ali.accessToken });
      expect(order).toMatchObject({ takenBy: null, takenAt: null });

      const [byDesk, byOwner] = await Promise.all([
        d.call(adminTakePackageOrder, { params: { id: order.id } }),
        o.call(adminTakePackageOrder, { params: { id: order.id } }),
      ]);
      expect([byDesk.status, byOwner.status].sort()).toEqual([200, 409]);
      const winner = byDesk.status === 200 ? DEMO_STAFF.username : DEMO_OWNER.username;
      const [won, lost] = byDesk.status === 200 ? [byDesk, byOwner] : [byOwner, byDesk];
      expect(won.body).toMatchObject({ id: order.id, status: 'pending', takenBy: winner });
      expect((lost.body as { message: string }).message).toBe(`This order is already taken by ${winner}.`);
      const row = await t.server.db.selectFrom('package_orders').select(['taken_by', 'taken_at', 'status']).where('id', '=', order.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ taken_by: winner, status: 'pending' });
      expect(row.taken_at).not.toBeNull();
      // Every console hears who has it; the inbox's list says so after a reload.
      await eventually(() => staff.received.find((e) => e.event === 'packageOrderUpdated' && (e.payload as PackageOrder).takenBy === winner));
      expect((await ok(t.url, adminPackageOrders, { token: await deskToken(t.url) }))[0]).toMatchObject({ id: order.id, takenBy: winner });

      // The audit line: who took whose order, in both languages; the loser's try is kept as refused.
      const lines = await t.server.db
        .selectFrom('audit_log')
        .select(['staff_username', 'status_code', 'facts'])
        .where('action', '=', 'POST /admin/package-orders/:id/acknowledge')
        .where('target', '=', String(order.id))
        .execute();
      const taken = lines.find((l) => l.status_code === 200);
      expect(lines.map((l) => l.status_code).sort()).toEqual([200, 409]);
      const facts = auditFactsSchema.parse(JSON.parse(taken!.facts!));
      expect(auditSentence(facts, 'en')).toBe(`${winner} took ali’s order`);
      expect(auditSentence(facts, 'ar')).toBe(`تولّى ${winner} طلب ali`);

      // Taken is not decided: the taker still approves; a decided order cannot be taken; an unknown one is 404.
      const taker = winner === DEMO_STAFF.username ? d : o;
      const approved = await taker.call(adminApprovePackageOrder, { params: { id: order.id }, body: { method: 'cash' } });
      expect(approved.status).toBe(200);
      expect((approved.body as { order: PackageOrder }).order).toMatchObject({ status: 'approved', takenBy: winner, decidedBy: winner });
      // The approval's audit line is an order's too, with the amount and how it was paid.
      // Read at once: the line is complete (outcome and facts) before the answer leaves the server.
      const approval = await t.server.db
        .selectFrom('audit_log')
        .select(['facts', 'status_code'])
        .where('action', '=', 'POST /admin/package-orders/:id/approve')
        .where('target', '=', String(order.id))
        .executeTakeFirstOrThrow();
      expect(approval.status_code).toBe(200);
      expect(auditFactsSchema.parse(JSON.parse(approval.facts!))).toMatchObject({ verb: 'approveOrder', actor: winner, target: 'ali', amount: 4000, method: 'cash' });
      const late = await d.call(adminTakePackageOrder, { params: { id: order.id } });
      expect(late.status).toBe(409);
      expect((late.body as { message: string }).message).toBe(`Package order #${order.id} is already approved (by ${winner}).`);
      expect((await d.call(adminTakePackageOrder, { params: { id: 4242 } })).status).toBe(404);
    } finally {
      staff.socket.close();
    }
  });
});
