/**
 * Cash shifts (issue 15): one open at a time (opening it twice is a 409),
 * opened with a float and closed with the counted cash. The report counts
 * what happened between open and close: sessions ended, orders approved
 * (paid at the counter), top-ups by payment method, refunds, and the cash the
 * drawer should hold against what was counted.
 */
import type { FastifyInstance } from 'fastify';
import { closeShift, currentShift, openShift, shiftList, shiftReport, type Shift, type ShiftReport } from '../../shared/api/routes.js';
import { signedIn } from '../authority/caller.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import { newId } from '../db/ids.js';
import { serialiseOn } from '../db/dialect.js';
import type { Db, ShiftTable } from '../db/schema.js';
import { conflict, notFound } from '../http/errors.js';
import { registerRoute } from '../http/route.js';

export const NO_OPEN_SHIFT = 'No shift is open: open one first.';

export function openShiftRow(db: Db): Promise<ShiftTable | undefined> {
  return db.selectFrom('shifts').selectAll().where('closed_at', 'is', null).orderBy('opened_at', 'desc').executeTakeFirst();
}

const toShift = (r: ShiftTable): Shift => ({
  id: r.id,
  openedBy: r.opened_by,
  openedAt: r.opened_at,
  openingFloat: r.opening_float,
  closedBy: r.closed_by,
  closedAt: r.closed_at,
  countedCash: r.counted_cash,
  note: r.note,
});

export async function reportFor(db: Db, shift: ShiftTable, now: string): Promise<ShiftReport> {
  const from = shift.opened_at;
  const to = shift.closed_at ?? now;
  const [sessions, orders, lines] = await Promise.all([
    db
      .selectFrom('client_sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ended_at', '>=', from)
      .where('ended_at', '<=', to)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('offer_orders')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('price').as('total')])
      .where('status', '=', 'approved')
      .where('decided_at', '>=', from)
      .where('decided_at', '<=', to)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('balance_ledger')
      .select(['amount', 'kind', 'payment_method'])
      .where((eb) => eb.or([eb('shift_id', '=', shift.id), eb.and([eb('shift_id', 'is', null), eb('created_at', '>=', from), eb('created_at', '<=', to)])]))
      .where('kind', 'in', ['top_up', 'refund'])
      .execute(),
  ]);
  const topUps = lines.filter((l) => l.kind === 'top_up');
  const refunds = lines.filter((l) => l.kind === 'refund');
  const cash = topUps.filter((l) => l.payment_method === 'cash').reduce((sum, l) => sum + l.amount, 0);
  const card = topUps.filter((l) => l.payment_method === 'card').reduce((sum, l) => sum + l.amount, 0);
  const refunded = refunds.reduce((sum, l) => sum - l.amount, 0);
  const orderTotal = Number(orders.total ?? 0);
  const expectedCash = shift.opening_float + cash + orderTotal - refunded;
  return {
    shift: toShift(shift),
    sessions: Number(sessions.n),
    orders: { count: Number(orders.n), total: orderTotal },
    topUps: { cash, card, count: topUps.length },
    refunds: { total: refunded, count: refunds.length },
    expectedCash,
    countedCash: shift.counted_cash,
    difference: shift.counted_cash === null ? null : shift.counted_cash - expectedCash,
  };
}

export function registerShiftRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db, clock } = ctx;

  registerRoute(app, ctx, currentShift, async () => {
    const open = await openShiftRow(db);
    return { shift: open ? toShift(open) : null };
  });

  registerRoute(app, ctx, openShift, async ({ body, caller }) => {
    const row: ShiftTable = {
      id: newId('sft'),
      opened_by: signedIn(caller).username,
      opened_at: isoNow(clock),
      opening_float: body.openingFloat,
      closed_by: null,
      closed_at: null,
      counted_cash: null,
      note: null,
    };
    // One open shift: the check and the insert in one transaction (serialised on PostgreSQL too).
    const opened = await db.transaction().execute(async (trx) => {
      await serialiseOn(trx, 'shifts.open');
      const open = await trx.selectFrom('shifts').select('id').where('closed_at', 'is', null).executeTakeFirst();
      if (open) return false;
      await trx.insertInto('shifts').values(row).execute();
      return true;
    });
    if (!opened) throw conflict('A shift is already open: close it first.');
    return toShift(row);
  });

  registerRoute(app, ctx, closeShift, async ({ body, caller }) => {
    const open = await openShiftRow(db);
    if (!open) throw conflict(NO_OPEN_SHIFT);
    const closedAt = isoNow(clock);
    const closed = await db
      .updateTable('shifts')
      .set({ closed_at: closedAt, closed_by: signedIn(caller).username, counted_cash: body.countedCash, note: body.note ?? null })
      .where('id', '=', open.id)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) !== 1) throw conflict(NO_OPEN_SHIFT);
    const row = await db.selectFrom('shifts').selectAll().where('id', '=', open.id).executeTakeFirstOrThrow();
    return reportFor(db, row, closedAt);
  });

  registerRoute(app, ctx, shiftList, async () => {
    const rows = await db.selectFrom('shifts').selectAll().orderBy('opened_at', 'desc').limit(50).execute();
    return rows.map(toShift);
  });

  registerRoute(app, ctx, shiftReport, async ({ params }) => {
    const row = await db.selectFrom('shifts').selectAll().where('id', '=', params.id).executeTakeFirst();
    if (!row) throw notFound(`Unknown shift: ${params.id}`);
    return reportFor(db, row, isoNow(clock));
  });
}
