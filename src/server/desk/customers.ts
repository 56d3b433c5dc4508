/**
 * Customers at the counter (issue 15): search by username, email, phone or
 * card; the balance ledger; a top-up (cash or card, with a note) and a refund
 * (owner, with a reason) are each one transaction that moves the balance and
 * writes its ledger line — never an overwrite. A top-up is counted in the open
 * shift.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import {
  customerDetail,
  customerFlags,
  customerFreeTime,
  customerRefund,
  customerSearch,
  customerTopUp,
  type Customer,
} from '../../shared/api/routes.js';
import { MIN_BALANCE_TO_PROCEED_IQD } from '../../shared/constants.js';
import { signedIn } from '../authority/caller.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { badRequest, notFound } from '../http/errors.js';
import { registerRoute } from '../http/route.js';
import { findUserByUsername } from '../users/profile.js';
import { openShiftRow } from './shifts.js';

export function toCustomer(u: UserRow): Customer {
  return {
    id: u.id,
    username: u.username,
    displayName: u.display_name,
    email: u.email,
    phoneNumber: u.phone_number,
    type: u.type,
    balance: u.balance,
    freeBalance: u.protected_balance,
    xp: u.xp,
    level: u.level,
    createdAt: u.created_at,
    lastLoginAt: u.last_login_at,
    requirePasswordReset: u.require_password_reset === 1,
    requireBalanceTopUp: u.require_balance_top_up === 1,
    disabled: u.disabled_at ? { at: u.disabled_at, by: u.disabled_by, reason: u.disabled_reason } : null,
  };
}

export function registerCustomerRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db, clock, sessions } = ctx;

  const customerOr404 = async (username: string) => {
    const user = await findUserByUsername(db, username);
    if (!user || user.type === 'guest' || user.type === 'admin' || user.type === 'staff') throw notFound(`Unknown customer: ${username}`);
    return user;
  };

  /** After a balance change: bill what was played at the old balance first, then re-check gates and publish. */
  const afterBalanceChange = async (userId: string, activeId: string | null) => {
    await sessions.reviewGate(userId);
    if (activeId) {
      await sessions.publishBalance(activeId);
      await sessions.review(activeId, false);
    }
  };

  registerRoute(app, ctx, customerSearch, async ({ query }) => {
    const q = query.q?.trim() ?? '';
    let select = db.selectFrom('users').selectAll().where('type', 'not in', ['guest', 'admin', 'staff']);
    if (q) {
      const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      select = select.where((eb) =>
        eb.or([
          eb(sql`lower(username)`, 'like', sql`lower(${like}) escape '\\'`),
          eb(sql`lower(coalesce(email, ''))`, 'like', sql`lower(${like}) escape '\\'`),
          eb(sql`coalesce(phone_number, '')`, 'like', sql`${like} escape '\\'`),
          eb('id', 'in', eb.selectFrom('nfc_cards').select('user_id').where(sql`upper(card_uid)`, '=', q.toUpperCase())),
        ]),
      );
    }
    const rows = await select.orderBy('username').limit(50).execute();
    return rows.map(toCustomer);
  });

  registerRoute(app, ctx, customerDetail, async ({ params }) => {
    const user = await customerOr404(params.username);
    const [ledger, sessionCount, cardCount] = await Promise.all([
      db
        .selectFrom('balance_ledger as l')
        .leftJoin('users as s', 's.id', 'l.staff_user_id')
        .select(['l.id', 'l.amount', 'l.reason', 'l.kind', 'l.payment_method', 'l.order_id', 'l.created_at', 's.username as staff'])
        .where('l.user_id', '=', user.id)
        .orderBy('l.created_at', 'desc')
        .orderBy('l.id', 'desc')
        .limit(100)
        .execute(),
      db.selectFrom('client_sessions').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', user.id).executeTakeFirstOrThrow(),
      db.selectFrom('nfc_cards').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', user.id).executeTakeFirstOrThrow(),
    ]);
    return {
      customer: toCustomer(user),
      ledger: ledger.map((l) => ({
        id: l.id,
        amount: l.amount,
        reason: l.reason,
        kind: l.kind,
        paymentMethod: l.payment_method,
        orderId: l.order_id,
        staff: l.staff,
        createdAt: l.created_at,
      })),
      sessions: Number(sessionCount.n),
      cards: Number(cardCount.n),
    };
  });

  /** Moves the balance and writes the ledger line in one transaction; refuses to go below 0. */
  const move = async (
    user: UserRow,
    amount: number,
    line: { reason: string; kind: 'top_up' | 'refund'; method: string | null; staffId: string },
  ) => {
    const active = await sessions.activeForUser(user.id);
    if (active) await sessions.settle(active.id);
    const shift = await openShiftRow(db);
    const result = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('users')
        .set({ balance: sql<number>`balance + ${amount}` })
        .where('id', '=', user.id)
        .where(sql<boolean>`balance + ${amount} >= 0`)
        .returning(['balance', 'protected_balance'])
        .executeTakeFirst();
      if (!updated) return null;
      const inserted = await trx
        .insertInto('balance_ledger')
        .values({
          user_id: user.id,
          amount,
          reason: line.reason,
          order_id: null,
          staff_user_id: line.staffId,
          created_at: isoNow(clock),
          payment_method: line.method,
          shift_id: shift?.id ?? null,
          kind: line.kind,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (amount > 0 && updated.balance + updated.protected_balance >= MIN_BALANCE_TO_PROCEED_IQD) {
        await trx.updateTable('users').set({ require_balance_top_up: 0 }).where('id', '=', user.id).execute();
      }
      return { balance: updated.balance, ledgerId: Number(inserted.id) };
    });
    if (!result) throw badRequest(`The balance cannot go below 0 (${user.username} has ${user.balance} IQD).`);
    await afterBalanceChange(user.id, active?.id ?? null);
    return result;
  };

  registerRoute(app, ctx, customerTopUp, async ({ params, body, caller }) => {
    const user = await customerOr404(params.username);
    const reason = body.note ? `top-up (${body.method}): ${body.note}` : `top-up (${body.method})`;
    return move(user, body.amount, { reason, kind: 'top_up', method: body.method, staffId: signedIn(caller).userId });
  });

  registerRoute(app, ctx, customerRefund, async ({ params, body, caller }) => {
    const user = await customerOr404(params.username);
    return move(user, -body.amount, { reason: `refund: ${body.reason}`, kind: 'refund', method: 'cash', staffId: signedIn(caller).userId });
  });

  registerRoute(app, ctx, customerFreeTime, async ({ params, body, caller }) => {
    const user = await customerOr404(params.username);
    const active = await sessions.activeForUser(user.id);
    if (active) await sessions.settle(active.id);
    const shift = await openShiftRow(db);
    const result = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('users')
        .set({ protected_balance: sql<number>`protected_balance + ${body.amount}` })
        .where('id', '=', user.id)
        .returning(['balance', 'protected_balance'])
        .executeTakeFirstOrThrow();
      const inserted = await trx
        .insertInto('balance_ledger')
        .values({
          user_id: user.id,
          amount: body.amount,
          reason: `free time: ${body.reason}`,
          order_id: null,
          staff_user_id: signedIn(caller).userId,
          created_at: isoNow(clock),
          payment_method: null,
          shift_id: shift?.id ?? null,
          kind: 'free_time',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (updated.balance + updated.protected_balance >= MIN_BALANCE_TO_PROCEED_IQD) {
        await trx.updateTable('users').set({ require_balance_top_up: 0 }).where('id', '=', user.id).execute();
      }
      return { freeBalance: updated.protected_balance, ledgerId: Number(inserted.id) };
    });
    await afterBalanceChange(user.id, active?.id ?? null);
    return result;
  });

  registerRoute(app, ctx, customerFlags, async ({ params, body }) => {
    const user = await customerOr404(params.username);
    const set: Partial<Pick<UserRow, 'require_password_reset' | 'require_balance_top_up'>> = {};
    if (body.requirePasswordReset !== undefined) set.require_password_reset = body.requirePasswordReset ? 1 : 0;
    if (body.requireBalanceTopUp !== undefined) set.require_balance_top_up = body.requireBalanceTopUp ? 1 : 0;
    if (Object.keys(set).length > 0) await db.updateTable('users').set(set).where('id', '=', user.id).execute();
    return toCustomer((await findUserByUsername(db, user.username)) as UserRow);
  });
}
