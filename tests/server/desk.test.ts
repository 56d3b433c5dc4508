/**
 * The front desk's gaps (issue 15, desk): reward claims and flagged centre
 * accounts reach the console live on /staff and are taken and resolved by a
 * named staff member; a customer or staff account is disabled and enabled;
 * the owner resets a staff member's password or authenticator; every money
 * change is a ledger line; a lock with a message reaches the station as its
 * status text (the SPEC's blocking overlay).
 */
import { io as connectIo, type Socket } from 'socket.io-client';
import { DEMO_PREPAID_CARDS } from '../../src/server/seed/front-door.js';
import { prepaidCodeHash } from '../../src/server/prepaid/rules.js';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ACCOUNT_DISABLED,
  adminAddBalance,
  adminDeliverClaim,
  adminSetStatus,
  adminStations,
  adminUnflagGameAccount,
  assignGameAccount,
  claimAcknowledge,
  claimReward,
  consoleReceipts,
  consoleSession,
  customerDetail,
  customerDisable,
  customerEnable,
  flagAcknowledge,
  adminApproveOrder,
  adminOrders,
  orderAcknowledge,
  placeOrder,
  type Order,
  gameAccountLaunchFailed,
  redeemPrepaid,
  staffAccounts,
  staffDisable,
  staffEnable,
  staffResetPassword,
  staffResetTotp,
  type AdminClaim,
  type AdminGameAccount,
  type Receipt,
} from '../../src/shared/api/routes.js';
import { STAFF_NAMESPACE } from '../../src/shared/socket/staff-events.js';
import { DEMO_OWNER, DEMO_STAFF } from '../../src/server/seed/console.js';
import { ConsoleClient, deskConsole, ownerConsole } from '../support/console-client.js';
import { accountNamed, call, stationCredential } from './games-helpers.js';
import { connectStation, login, ok, settle } from './support/harness.js';
import { useServer } from './support/server.js';

const t = useServer({ admin: true });
const sockets: Socket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});

const owner = () => ownerConsole(t.url, t.clock.now());

const desk = () => deskConsole(t.url);

/** The console's live channel, recording every event. */
async function watch(c: ConsoleClient): Promise<{ event: string; payload: unknown }[]> {
  const seen: { event: string; payload: unknown }[] = [];
  const socket = connectIo(`${t.url}${STAFF_NAMESPACE}`, { transports: ['websocket'], extraHeaders: { cookie: `sp_console=${c.cookie}` } });
  sockets.push(socket);
  socket.onAny((event: string, payload: unknown) => seen.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  return seen;
}

async function waitFor<T>(find: () => T | undefined, ms = 3000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const hit = find();
    if (hit !== undefined) return hit;
    if (Date.now() > until) throw new Error('timed out waiting');
    await settle(25);
  }
}

const message = (body: unknown) => (body as { message?: string }).message;

describe('the inbox: reward claims, live', () => {
  it('a claim shows on /staff at once; one staff member takes it, the other is told who; delivered by name', async () => {
    const d = await desk();
    const o = await owner();
    const seen = await watch(d);
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    await ok(t.url, claimReward, { body: { rewardId: 'rwd_demo_drink' }, token: ali.accessToken });
    const created = await waitFor(() => seen.find((e) => e.event === 'rewardClaimCreated')?.payload as AdminClaim | undefined);
    expect(created).toMatchObject({ username: 'ali', rewardDescription: 'Free energy drink', status: 'CLAIMED', acknowledgedBy: null });

    const taken = await d.call(claimAcknowledge, { params: { id: created.id } });
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ acknowledgedBy: 'desk', status: 'CLAIMED' });
    const late = await o.call(claimAcknowledge, { params: { id: created.id } });
    expect(late.status).toBe(409);
    expect(message(late.body)).toMatch(/taken by desk/);
    await waitFor(() => seen.find((e) => e.event === 'rewardClaimUpdated' && (e.payload as AdminClaim).acknowledgedBy === 'desk'));

    expect((await d.call(adminDeliverClaim, { params: { id: created.id } })).body).toMatchObject({ status: 'DELIVERED', decidedBy: 'desk', acknowledgedBy: 'desk' });
    await waitFor(() => seen.find((e) => e.event === 'rewardClaimUpdated' && (e.payload as AdminClaim).status === 'DELIVERED'));
    // Decided: nobody takes it any more.
    expect((await o.call(claimAcknowledge, { params: { id: created.id } })).status).toBe(409);
  });
});

describe('the inbox: orders are taken like the other rows, live (issue 23)', () => {
  it('two staff take the same order at once: exactly one wins, the other is told who; every console hears it; the taker still approves', async () => {
    const d = await desk();
    const o = await owner();
    const seen = await watch(o);
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    await ok(t.url, placeOrder, { body: { offerId: 'off_bonus10' }, token: ali.accessToken });
    const [pending] = (await d.call(adminOrders)).body as Order[];
    expect(pending).toMatchObject({ username: 'ali', status: 'pending', takenBy: null, takenAt: null });

    const [byDesk, byOwner] = await Promise.all([
      d.call(orderAcknowledge, { params: { id: pending!.id } }),
      o.call(orderAcknowledge, { params: { id: pending!.id } }),
    ]);
    const statuses = [byDesk.status, byOwner.status].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = byDesk.status === 200 ? 'desk' : 'owner';
    const [won, lost] = byDesk.status === 200 ? [byDesk, byOwner] : [byOwner, byDesk];
    expect(won.body).toMatchObject({ id: pending!.id, status: 'pending', takenBy: winner });
    expect(message(lost.body)).toBe(`This order is already taken by ${winner}.`);
    const row = await t.server.db.selectFrom('offer_orders').select(['taken_by', 'taken_at', 'status']).where('id', '=', pending!.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ taken_by: winner, status: 'pending' });
    expect(row.taken_at).not.toBeNull();
    // The other console hears who has it, and the list says so after a reload.
    await waitFor(() => seen.find((e) => e.event === 'orderUpdated' && (e.payload as Order).takenBy === winner));
    expect(((await o.call(adminOrders)).body as Order[])[0]).toMatchObject({ takenBy: winner });
    // The audit line says who took whose order.
    const facts = await t.server.db.selectFrom('audit_log').select(['staff_username', 'status_code']).where('action', '=', 'POST /admin/orders/:id/acknowledge').execute();
    expect(facts).toEqual(expect.arrayContaining([{ staff_username: winner, status_code: 200 }, { staff_username: winner === 'desk' ? 'owner' : 'desk', status_code: 409 }]));

    // Taken is not decided: the approval still credits once; a decided order cannot be taken.
    const taker = winner === 'desk' ? d : o;
    const approved = await taker.call(adminApproveOrder, { params: { id: pending!.id } });
    expect(approved.status).toBe(200);
    expect((approved.body as { order: Order }).order).toMatchObject({ status: 'approved', takenBy: winner, decidedBy: winner });
    const late = await d.call(orderAcknowledge, { params: { id: pending!.id } });
    expect(late.status).toBe(409);
    expect(message(late.body)).toBe(`Order #${pending!.id} is already approved (by ${winner}).`);
    expect((await d.call(orderAcknowledge, { params: { id: 4242 } })).status).toBe(404);
  });
});

describe('the inbox: centre accounts flagged after a failed launch, live', () => {
  it('the flag shows on /staff; taken and cleared by name, the clearing kept on the row', async () => {
    const d = await desk();
    const seen = await watch(d);
    const ali = await login(t.url, 'ali', 'ali12345', 2);
    const steam1 = await accountNamed(t.url, t.admin, 'arena_steam_01');
    await ok(t.url, assignGameAccount, { params: { id: steam1.id, sessionId: ali.sessionId }, token: ali.accessToken });
    const failed = await call(t.url, gameAccountLaunchFailed, {
      params: { id: steam1.id },
      body: { reason: 'Steam Guard code asked' },
      credential: await stationCredential(t.url, 2),
    });
    expect(failed.status).toBe(200);
    const flagged = await waitFor(() => seen.find((e) => e.event === 'gameAccountFlagUpdated')?.payload as AdminGameAccount | undefined);
    expect(flagged).toMatchObject({ id: steam1.id, flag: { reason: 'Steam Guard code asked', acknowledgedBy: null } });

    expect((await d.call(flagAcknowledge, { params: { id: steam1.id } })).body).toMatchObject({ flag: { acknowledgedBy: 'desk' } });
    expect((await d.call(flagAcknowledge, { params: { id: steam1.id } })).status).toBe(409);
    expect((await d.call(adminUnflagGameAccount, { params: { id: steam1.id } })).body).toMatchObject({ flag: null });
    await waitFor(() => seen.find((e) => e.event === 'gameAccountFlagUpdated' && (e.payload as AdminGameAccount).flag === null));
    const row = await t.server.db.selectFrom('game_accounts').selectAll().where('id', '=', steam1.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ flag_resolved_by: 'desk', flag_acknowledged_by: 'desk', flagged_at: null });
    // Not flagged any more: nothing to take.
    expect((await d.call(flagAcknowledge, { params: { id: steam1.id } })).status).toBe(409);
  });
});

describe('disabling accounts', () => {
  it('staff disable a customer with a reason (shown, audited) and enable it again; twice is a conflict', async () => {
    const d = await desk();
    const off = await d.call(customerDisable, { params: { username: 'ali' }, body: { reason: 'abusive' } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ username: 'ali', disabled: { by: 'desk', reason: 'abusive' } });
    expect((await d.call(customerDisable, { params: { username: 'ali' }, body: { reason: 'again' } })).status).toBe(409);
    const refused = await fetch(`${t.url}/auth/client/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-station-credential': await stationCredential(t.url, 1) },
      body: JSON.stringify({ username: 'ali', password: 'ali12345', macAddress: '02:53:50:00:00:01' }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(ACCOUNT_DISABLED);
    const on = await d.call(customerEnable, { params: { username: 'ali' } });
    expect(on.body).toMatchObject({ disabled: null });
    expect((await d.call(customerEnable, { params: { username: 'ali' } })).status).toBe(409);
    await login(t.url, 'ali', 'ali12345', 1);
    // A reason is required, and a staff account is not a customer.
    expect((await d.call(customerDisable, { params: { username: 'ali' }, body: { reason: ' ' } })).status).toBe(400);
    expect((await d.call(customerDisable, { params: { username: 'owner' }, body: { reason: 'x' } })).status).toBe(404);
    const audit = await t.server.db.selectFrom('audit_log').select(['action', 'staff_username', 'customer', 'status_code']).where('action', 'like', '%/disable').execute();
    expect(audit).toContainEqual({ action: 'POST /admin/customers/:username/disable', staff_username: 'desk', customer: 'ali', status_code: 200 });
  });

  it('the owner disables a staff member: their console session ends at once; staff may not; the owner not themself', async () => {
    const o = await owner();
    const d = await desk();
    expect((await d.call(staffDisable, { params: { username: 'owner' }, body: { reason: 'x' } })).status).toBe(403);
    expect((await o.call(staffDisable, { params: { username: 'owner' }, body: { reason: 'x' } })).status).toBe(400);
    const off = await o.call(staffDisable, { params: { username: 'desk' }, body: { reason: 'left' } });
    expect(off.body).toMatchObject({ username: 'desk', disabled: true });
    const gone = await d.call(consoleSession);
    expect(gone.status).toBe(401);
    expect((await new ConsoleClient(t.url).signIn(DEMO_STAFF.username, DEMO_STAFF.password)).status).toBe(403);
    const list = (await o.call(staffAccounts)).body as { username: string; disabled: boolean }[];
    expect(list.find((a) => a.username === 'desk')?.disabled).toBe(true);
    expect((await o.call(staffEnable, { params: { username: 'desk' } })).body).toMatchObject({ disabled: false });
    await desk();
  });

  it('the owner resets a password (old sessions end, the new one works) and an authenticator', async () => {
    const o = await owner();
    const d = await desk();
    expect((await d.call(staffResetPassword, { params: { username: 'desk' }, body: { password: 'newpass123' } })).status).toBe(403);
    expect((await o.call(staffResetPassword, { params: { username: 'desk' }, body: { password: 'short' } })).status).toBe(400);
    expect((await o.call(staffResetPassword, { params: { username: 'desk' }, body: { password: 'newpass123' } })).status).toBe(200);
    expect((await d.call(consoleSession)).status).toBe(401);
    expect((await new ConsoleClient(t.url).signIn('desk', 'desk1234')).status).toBe(401);
    expect((await new ConsoleClient(t.url).signIn('desk', 'newpass123')).status).toBe(200);

    t.clock.advance(30_000);
    const second = await owner();
    expect((await o.call(staffResetTotp, { params: { username: 'owner' } })).body).toMatchObject({ totpEnabled: false });
    // Every session of that account ended; signing in again asks for a new authenticator first.
    expect((await second.call(consoleSession)).status).toBe(401);
    const again = new ConsoleClient(t.url);
    expect((await again.signIn(DEMO_OWNER.username, DEMO_OWNER.password)).status).toBe(200);
    expect(((await again.call(consoleSession)).body as { mustEnrolTotp: boolean }).mustEnrolTotp).toBe(true);
    const audit = await t.server.db.selectFrom('audit_log').select(['action', 'target', 'customer']).where('staff_username', '=', 'owner').execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'POST /admin/staff/:username/password', target: 'desk', customer: null },
        { action: 'POST /admin/staff/:username/totp/reset', target: 'owner', customer: null },
      ]),
    );
    // The new password itself is never written down.
    const detail = await t.server.db.selectFrom('audit_log').select('detail').where('action', '=', 'POST /admin/staff/:username/password').execute();
    expect(detail.map((d) => d.detail).join()).not.toContain('newpass123');
  });
});

describe('every money change is a ledger line', () => {
  it('the raw balance edit and a prepaid card each write one, in the same transaction as the balance', async () => {
    await ok(t.url, adminAddBalance, { params: { username: 'ali' }, body: { amount: 2500 }, token: t.admin });
    // Cards are kept hashed: a demo card still unused, found by its code's hash.
    const unused = new Set((await t.server.db.selectFrom('prepaid_cards').select('code_hash').where('redeemed_at', 'is', null).execute()).map((r) => r.code_hash));
    const card = DEMO_PREPAID_CARDS.find((c) => unused.has(prepaidCodeHash(c.code)))!;
    const ali = await login(t.url, 'ali', 'ali12345', 1);
    await ok(t.url, redeemPrepaid, { body: { code: card.code }, token: ali.accessToken });
    const o = await owner();
    const detail = customerDetail.response.parse((await o.call(customerDetail, { params: { username: 'ali' } })).body);
    expect(detail.ledger).toContainEqual(expect.objectContaining({ amount: 2500, kind: 'adjustment', staff: 'admin' }));
    expect(detail.ledger).toContainEqual(expect.objectContaining({ amount: card.amount, kind: 'prepaid', staff: null }));
    // A refused change writes nothing.
    const before = detail.ledger.length;
    expect((await call(t.url, adminAddBalance, { params: { username: 'ali' }, body: { amount: -100_000_000 }, token: t.admin })).status).toBe(400);
    const after = customerDetail.response.parse((await o.call(customerDetail, { params: { username: 'ali' } })).body);
    expect(after.ledger).toHaveLength(before);
  });
});

describe('lock with a message', () => {
  it('the message is the status the station is sent (SPEC: any other status blocks its screen), with a receipt', async () => {
    const d = await desk();
    const station = await connectStation(t.url, 3);
    try {
      expect((await d.call(adminSetStatus, { params: { stationId: 'st-03' }, body: { status: 'closed for cleaning' } })).status).toBe(200);
      expect(await station.next('stationStatusChanged')).toMatchObject({ stationId: 'st-03', status: 'closed for cleaning' });
      let receipt: Receipt | undefined;
      for (let i = 0; i < 40 && !receipt; i++) {
        const listed = consoleReceipts.response.parse((await d.call(consoleReceipts)).body);
        receipt = listed.find((r) => r.stationId === 'st-03' && r.action === 'status:closed for cleaning');
        if (!receipt) await settle(50);
      }
      expect(receipt).toMatchObject({ state: 'done', by: 'desk' });
      const stations = (await ok(t.url, adminStations, { token: t.admin })) as { id: string; status: string }[];
      expect(stations.find((s) => s.id === 'st-03')?.status).toBe('closed for cleaning');
      expect((await d.call(adminSetStatus, { params: { stationId: 'st-03' }, body: { status: 'available' } })).status).toBe(200);
      expect(await station.next('stationStatusChanged')).toMatchObject({ status: 'available' });
    } finally {
      station.close();
    }
  });
});
