/**
 * Cash shifts (issue 15; domain shape and the ledger's truth since issue 21):
 * one open at a time (opening it twice is a 409), opened with a float and
 * closed with the counted cash. Opening a shift adopts the money staff moved
 * while none was open (the wallet's unattended bucket), so no cash escapes
 * the drawer. The report is the shift's ledger lines: top-ups by method,
 * refunds, approved orders (paid at the counter), every kind's total, the
 * unattended movements by name, and the cash the drawer should hold against
 * what was counted.
 */
import type { Shift, ShiftReport } from '../../shared/api/routes.js';
import { isoNow, type Clock } from '../clock/clock.js';
import { serialiseOn } from '../db/dialect.js';
import { newId } from '../db/ids.js';
import type { Db, ShiftTable } from '../db/schema.js';
import { conflict, notFound } from '../base/errors.js';
import type { PlaySplit } from '../pricing/service.js';
import { adoptUnattendedLines } from '../wallet/service.js';
import {
  anyShiftOpen,
  closeShiftRow,
  findShift,
  insertShift,
  latestShifts,
  openShiftRow,
  sessionsStartedBetween,
  previousShiftClosedAt,
  prepaidCardsSoldBetween,
  shiftLines,
  shiftOrders,
} from './repo.js';
import { shiftMoney } from './rules.js';

export const NO_OPEN_SHIFT = 'No shift is open: open one first.';

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

export class ShiftService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      /** The price list's split of the play billed in a shift (issue 26). */
      pricing?: { playSplit(fromIso: string, toIso: string): Promise<PlaySplit> };
    },
  ) {}

  async current(): Promise<Shift | null> {
    const open = await openShiftRow(this.deps.db);
    return open ? toShift(open) : null;
  }

  async open(openingFloat: number, by: string): Promise<Shift> {
    const row: ShiftTable = {
      id: newId('sft'),
      opened_by: by,
      opened_at: isoNow(this.deps.clock),
      opening_float: openingFloat,
      closed_by: null,
      closed_at: null,
      counted_cash: null,
      note: null,
    };
    // One open shift: the check and the insert in one transaction (serialised on PostgreSQL too), with the adoption.
    const opened = await this.deps.db.transaction().execute(async (trx) => {
      await serialiseOn(trx, 'shifts.open');
      if (await anyShiftOpen(trx)) return false;
      await insertShift(trx, row);
      await adoptUnattendedLines(trx, row.id);
      return true;
    });
    if (!opened) throw conflict('A shift is already open: close it first.');
    return toShift(row);
  }

  async close(input: { countedCash: number; note?: string }, by: string): Promise<ShiftReport> {
    const { db, clock } = this.deps;
    const open = await openShiftRow(db);
    if (!open) throw conflict(NO_OPEN_SHIFT);
    const at = isoNow(clock);
    if (!(await closeShiftRow(db, open.id, { at, by, countedCash: input.countedCash, note: input.note ?? null }))) throw conflict(NO_OPEN_SHIFT);
    const row = await findShift(db, open.id);
    return this.reportFor(row!, at);
  }

  async list(): Promise<Shift[]> {
    return (await latestShifts(this.deps.db)).map(toShift);
  }

  async report(id: string): Promise<ShiftReport> {
    const row = await findShift(this.deps.db, id);
    if (!row) throw notFound(`Unknown shift: ${id}`);
    return this.reportFor(row, isoNow(this.deps.clock));
  }

  private async reportFor(shift: ShiftTable, now: string): Promise<ShiftReport> {
    const { db } = this.deps;
    const end = shift.closed_at ?? now;
    const [sessions, orders, lines, cardsSold] = await Promise.all([
      sessionsStartedBetween(db, shift.opened_at, end),
      shiftOrders(db, shift.id),
      shiftLines(db, shift.id),
      previousShiftClosedAt(db, shift.opened_at).then((after) => prepaidCardsSoldBetween(db, after, end)),
    ]);
    const money = shiftMoney(shift.opening_float, lines, orders.total, cardsSold);
    const play = await this.deps.pricing?.playSplit(shift.opened_at, shift.closed_at ?? now);
    return {
      shift: toShift(shift),
      sessions,
      orders,
      topUps: money.topUps,
      packages: money.packages,
      prepaid: money.prepaid,
      ...(play ? { play } : {}),
      refunds: money.refunds,
      expectedCash: money.expectedCash,
      countedCash: shift.counted_cash,
      difference: shift.counted_cash === null ? null : shift.counted_cash - money.expectedCash,
      movements: money.movements,
      unattended: lines
        .filter((l) => l.unattended === 1)
        .map((l) => ({ staff: l.staff, kind: l.kind ?? 'adjustment', method: l.method, amount: l.amount, at: l.created_at })),
    };
  }
}
