/**
 * The ledger is the truth (issue 21), as a property: after any sequence of
 * wallet calls — credits and debits of both balances by every kind, billing
 * charges, shifts opened and closed, several calls at once — every user's
 * balances equal the sums of their ledger lines, no balance is below zero, and
 * the shift reports plus the unattended bucket add up to the staff lines.
 * On SQLite (node) and on PostgreSQL with a pool of connections (node-pg).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../src/server/clock/clock.js';
import { MEMORY, migrateToLatest, openDatabase } from '../../src/server/db/connection.js';
import type { Db } from '../../src/server/db/schema.js';
import { HttpError } from '../../src/server/base/errors.js';
import { ShiftService } from '../../src/server/shifts/service.js';
import { newUserRow } from '../../src/server/users/new-user.js';
import { lockWallet } from '../../src/server/wallet/repo.js';
import { STAFF_KINDS } from '../../src/server/wallet/rules.js';
import { chargeSession, verifyLedger, Wallet, type MoneyKind, type SessionHooks } from '../../src/server/wallet/service.js';
import { freshDatabaseUrl, testingOnPostgres } from '../support/postgres.js';

let db: Db;
const clock = new ManualClock();
const noSession: SessionHooks = {
  activeForUser: async () => undefined,
  settle: async () => null,
  reviewGate: async () => undefined,
  publishBalance: async () => null,
  review: async () => undefined,
};

beforeAll(async () => {
  db = openDatabase(testingOnPostgres() ? await freshDatabaseUrl() : MEMORY);
  if (!testingOnPostgres()) await migrateToLatest(db);
});
afterAll(async () => {
  await db?.destroy();
});

type Op =
  | { op: 'move'; user: number; kind: Exclude<MoneyKind, 'session' | 'opening'>; amount: number; free: boolean; staff: boolean }
  | { op: 'charge'; user: number; amount: number }
  | { op: 'open' }
  | { op: 'close' };

const kinds = ['top_up', 'refund', 'free_time', 'adjustment', 'offer_order', 'prepaid'] as const;
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ op: fc.constant('move' as const), user: fc.nat(2), kind: fc.constantFrom(...kinds), amount: fc.integer({ min: -3000, max: 3000 }), free: fc.boolean(), staff: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('charge' as const), user: fc.nat(2), amount: fc.integer({ min: 1, max: 2000 }) }) },
  { weight: 1, arbitrary: fc.constant({ op: 'open' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'close' as const }) },
);

/** Each step runs its calls at once (on PostgreSQL, on several connections). */
const stepsArb = fc.array(fc.array(opArb, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 12 });

async function run(wallet: Wallet, shifts: ShiftService, users: string[], op: Op): Promise<void> {
  try {
    if (op.op === 'move') {
      await wallet.move({
        userId: users[op.user]!,
        kind: op.kind,
        amount: op.amount,
        bucket: op.free ? 'free' : 'paid',
        reason: `property ${op.kind}`,
        actor: op.staff ? { userId: users[0]!, username: 'prop' } : null,
        method: op.kind === 'top_up' ? 'cash' : null,
      });
    } else if (op.op === 'charge') {
      await db.transaction().execute(async (trx) => {
        const w = await lockWallet(trx, users[op.user]!);
        const fromFree = Math.min(op.amount, w!.protected_balance);
        const fromPaid = Math.min(op.amount - fromFree, w!.balance);
        await chargeSession(trx, { userId: users[op.user]!, sessionId: 'ses_prop', fromFree, fromPaid, at: new Date(clock.now()).toISOString() });
      });
    } else if (op.op === 'open') {
      await shifts.open(0, 'prop');
    } else {
      await shifts.close({ countedCash: 0 }, 'prop');
    }
  } catch (error) {
    // Refusals (below zero, the owner's limits, a shift already open or none open) change nothing.
    if (!(error instanceof HttpError)) throw error;
  }
}

it('every balance equals the sum of its ledger lines after any sequence of wallet calls', async () => {
  const wallet = new Wallet({ db, clock, sessions: noSession });
  const shifts = new ShiftService({ db, clock });
  await fc.assert(
    fc.asyncProperty(stepsArb, async (steps) => {
      const users = [0, 1, 2].map((i) => newUserRow({ username: `p${i}_${Math.random().toString(36).slice(2, 10)}`, type: 'regular', password_hash: null, created_at: 'now' }));
      await db.insertInto('users').values(users).execute();
      for (const step of steps) {
        await clock.advance(1000);
        await Promise.all(step.map((op) => run(wallet, shifts, users.map((u) => u.id), op)));
      }
      // This run's users (the database outlives a run: shrinking must not see an earlier run's state), then everyone.
      const ids = new Set(users.map((u) => u.id));
      expect((await verifyLedger(db)).mismatches.filter((m) => ids.has(m.userId))).toEqual([]);
      expect((await verifyLedger(db)).mismatches).toEqual([]);
      const negative = await db.selectFrom('users').select('username').where((eb) => eb.or([eb('balance', '<', 0), eb('protected_balance', '<', 0)])).execute();
      expect(negative).toEqual([]);

      // The shift reports and the unattended bucket add up to the staff lines: each line in exactly one place.
      const staffLines = await db.selectFrom('balance_ledger').select(['amount', 'shift_id', 'unattended']).where('kind', 'in', [...STAFF_KINDS]).execute();
      const allShifts = await shifts.list();
      let reported = 0;
      let reportedCount = 0;
      for (const s of allShifts) {
        const report = await shifts.report(s.id);
        for (const m of report.movements ?? []) {
          reported += m.total;
          reportedCount += m.count;
        }
      }
      const waiting = staffLines.filter((l) => l.shift_id === null);
      expect(waiting.every((l) => l.unattended === 1)).toBe(true);
      expect(reported + waiting.reduce((sum, l) => sum + l.amount, 0)).toBe(staffLines.reduce((sum, l) => sum + l.amount, 0));
      expect(reportedCount + waiting.length).toBe(staffLines.length);
    }),
    { numRuns: testingOnPostgres() ? 15 : 40 },
  );
});
