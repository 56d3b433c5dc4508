/**
 * The one wallet (issue 21): every movement of money — top-ups, refunds, free
 * time, adjustments, approved orders, prepaid cards, billing — goes through
 * here, each one transaction that moves one balance and writes its ledger
 * line (with its kind, reason, who did it, the payment method and the shift),
 * and clears the top-up requirement when a credit reaches the minimum. Around
 * it: the running session is settled before (minutes played so far are
 * charged at the old balance), and after commit the login gate is reviewed,
 * the balance published and the session's end re-planned. Staff money belongs
 * to the open shift, or, with none open, to the unattended bucket the next
 * shift adopts; the owner's limits bound each movement and each shift.
 * The ledger is the truth: `verifyLedger` reports every user whose balances
 * differ from the sums of their lines.
 */
import { isoNow, type Clock } from '../clock/clock.js';
import { serialiseOn } from '../db/dialect.js';
import type { Db } from '../db/schema.js';
import { badRequest, conflict, HttpError, notFound } from '../base/errors.js';
import {
  addToBalance,
  adoptUnattended,
  clearTopUpRequirement,
  creditedInShift,
  ensureAccount,
  insertLine,
  ledgerDisagreements,
  lockWallet,
  openShiftId,
  readLimits,
  writeLimits,
  type Trx,
} from './repo.js';
import {
  clearsTopUpRequirement,
  isStaffMoney,
  ledgerMismatch,
  limitRefusal,
  PREPAID_FLOAT,
  type Bucket,
  type MoneyKind,
  type WalletLimits,
} from './rules.js';

export type { Bucket, MoneyKind, WalletLimits } from './rules.js';
export { PREPAID_FLOAT } from './rules.js';
export type { Trx } from './repo.js';

/** What the wallet needs of the sessions domain (settle before, review after); the SessionService has it. */
export interface SessionHooks {
  activeForUser(userId: string): Promise<{ id: string } | undefined>;
  settle(sessionId: string): Promise<unknown>;
  reviewGate(userId: string): Promise<void>;
  publishBalance(sessionId: string): Promise<unknown>;
  review(sessionId: string, publish: boolean): Promise<void>;
}

export interface Actor {
  userId: string;
  username: string;
}

export interface Movement {
  userId: string;
  kind: MoneyKind;
  /** Signed IQD: a credit is positive, a debit negative. Ignored when `claim` answers the amount. */
  amount?: number;
  /** Default 'paid' (users.balance); 'free' moves users.protected_balance. */
  bucket?: Bucket;
  reason: string;
  /** The staff member who moved it (null: the customer, a card, the system). */
  actor?: Actor | null;
  method?: 'cash' | 'card' | null;
  orderId?: number | null;
  /**
   * Runs first inside the transaction, after the wallet's row is locked: claims
   * what pays for the movement (an order pending → approved, a prepaid card) and
   * answers the amount; null: nothing to move (the movement is dropped).
   */
  claim?: (trx: Trx) => Promise<{ amount: number; reason?: string; source?: Source } | null>;
}

/** Where a credit comes out of, in the same transaction (a sold prepaid card: the cafe's prepaid float). */
export interface Source {
  userId: string;
  kind: MoneyKind;
  reason: string;
}

export interface Moved {
  username: string;
  balance: number;
  protectedBalance: number;
  amount: number;
  ledgerId: number;
  shiftId: string | null;
  unattended: boolean;
}

export class WalletError extends HttpError {}

/** A movement after its commit (issue 23: the desk hears every balance change). */
export type MovedListener = (moved: Moved & { userId: string; kind: MoneyKind }) => void;

export class Wallet {
  private readonly listeners = new Set<MovedListener>();

  constructor(private readonly deps: { db: Db; clock: Clock; sessions: SessionHooks }) {}

  /** Hears every committed movement (never billing's charges: the room shows those); returns the function that stops. */
  listen(listener: MovedListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** A credit (amount > 0) or a debit (amount < 0) of one balance; see `Movement`. Null when `claim` said nothing to move. */
  async move(m: Movement): Promise<Moved | null> {
    const { db, clock, sessions } = this.deps;
    const active = await sessions.activeForUser(m.userId);
    // Minutes played so far are charged at the old balance.
    if (active) await sessions.settle(active.id);
    const moved = await db.transaction().execute(async (trx) => {
      const wallet = await lockWallet(trx, m.userId);
      if (!wallet) throw notFound(`Unknown user: ${m.userId}`);
      const claimed = m.claim ? await m.claim(trx) : { amount: m.amount ?? 0 };
      if (!claimed) return null;
      const amount = claimed.amount;
      if (!Number.isInteger(amount)) throw badRequest('IQD amounts are whole numbers');
      const bucket = m.bucket ?? 'paid';
      let shiftId: string | null = null;
      let unattended = false;
      if (isStaffMoney(m.kind)) {
        // One shift's limit is checked and written under one lock (two counters racing past it is one too many).
        if (amount > 0) await serialiseOn(trx, 'wallet.shift');
        shiftId = await openShiftId(trx);
        unattended = shiftId === null;
        const refusal = limitRefusal(await readLimits(trx), amount, amount > 0 ? await creditedInShift(trx, shiftId) : 0);
        if (refusal) throw new WalletError(400, refusal.message, { code: refusal.code, limit: refusal.limit });
      }
      const after = await addToBalance(trx, m.userId, bucket, amount);
      if (!after) {
        const has = bucket === 'free' ? wallet.protected_balance : wallet.balance;
        throw badRequest(`The balance cannot go below 0 (${wallet.username} has ${has} IQD).`);
      }
      const ledgerId = await insertLine(trx, {
        userId: m.userId,
        amount,
        bucket,
        kind: m.kind,
        reason: claimed.reason ?? m.reason,
        staffUserId: m.actor?.userId ?? null,
        method: m.method ?? null,
        orderId: m.orderId ?? null,
        sessionId: null,
        shiftId,
        unattended,
        at: isoNow(clock),
      });
      if (claimed.source) {
        // The same value leaves its source: money moves between wallets, it is not taken again.
        const out = await addToBalance(trx, claimed.source.userId, 'paid', -amount);
        if (!out) throw conflict('The prepaid float does not hold this card’s value: run verify-ledger.');
        await insertLine(trx, {
          userId: claimed.source.userId,
          amount: -amount,
          bucket: 'paid',
          kind: claimed.source.kind,
          reason: claimed.source.reason,
          staffUserId: null,
          method: null,
          orderId: null,
          sessionId: null,
          shiftId: null,
          unattended: false,
          at: isoNow(clock),
        });
      }
      if (clearsTopUpRequirement(amount, after.balance, after.protected_balance)) await clearTopUpRequirement(trx, m.userId);
      return { balance: after.balance, protectedBalance: after.protected_balance, amount, ledgerId, shiftId, unattended, username: wallet.username };
    });
    if (!moved) return null;
    for (const listener of this.listeners) {
      try {
        listener({ ...moved, userId: m.userId, kind: m.kind });
      } catch {
        // A listener's failure is its own: the money has moved.
      }
    }
    // After commit: a login held at the top-up gate goes in; a running session hears its balance and its end is re-planned.
    await sessions.reviewGate(m.userId);
    const running = active ?? (await sessions.activeForUser(m.userId));
    if (running) {
      await sessions.publishBalance(running.id);
      await sessions.review(running.id, false);
    }
    return moved;
  }

  /** The cafe's prepaid float (made on first need): prepaid cards sold are credited to it. */
  async prepaidFloat(): Promise<string> {
    await ensureAccount(this.deps.db, PREPAID_FLOAT, isoNow(this.deps.clock));
    return PREPAID_FLOAT.id;
  }

  limits(): Promise<WalletLimits> {
    return readLimits(this.deps.db);
  }

  async setLimits(limits: WalletLimits, by: Actor): Promise<WalletLimits> {
    await writeLimits(this.deps.db, limits, by.username, isoNow(this.deps.clock));
    return readLimits(this.deps.db);
  }
}

/**
 * Billing's debit, inside the settle's transaction (the session's and the
 * wallet's rows already locked): free time first, then the paid balance, each
 * part a `session` line.
 */
export async function chargeSession(
  trx: Trx,
  charge: { userId: string; sessionId: string; fromFree: number; fromPaid: number; at: string },
): Promise<void> {
  for (const [bucket, amount] of [
    ['free', charge.fromFree],
    ['paid', charge.fromPaid],
  ] as const) {
    if (amount <= 0) continue;
    const after = await addToBalance(trx, charge.userId, bucket, -amount);
    if (!after) throw new Error(`billing would take ${charge.userId}'s ${bucket} balance below 0`);
    await insertLine(trx, {
      userId: charge.userId,
      amount: -amount,
      bucket,
      kind: 'session',
      reason: `session ${charge.sessionId}`,
      staffUserId: null,
      method: null,
      orderId: null,
      sessionId: charge.sessionId,
      shiftId: null,
      unattended: false,
      at: charge.at,
    });
  }
}

/** A balance a new account starts with (seeding, imports): its `opening` lines. */
export async function openingBalance(
  db: Db | Trx,
  user: { id: string; balance: number; protected_balance: number },
  at: string,
): Promise<void> {
  for (const [bucket, amount] of [
    ['paid', user.balance],
    ['free', user.protected_balance],
  ] as const) {
    if (amount === 0) continue;
    await insertLine(db, {
      userId: user.id,
      amount,
      bucket,
      kind: 'opening',
      reason: 'opening balance',
      staffUserId: null,
      method: null,
      orderId: null,
      sessionId: null,
      shiftId: null,
      unattended: false,
      at,
    });
  }
}

export interface LedgerReport {
  checked: number;
  mismatches: { userId: string; username: string; balance: number; freeBalance: number; ledgerPaid: number; ledgerFree: number }[];
}

/** Every user whose balances differ from the sums of their ledger lines (none: the ledger holds). */
export async function verifyLedger(db: Db): Promise<LedgerReport> {
  const { checked, rows } = await ledgerDisagreements(db);
  const mismatches = rows
    .map((r) => ({
      userId: r.id,
      username: r.username,
      balance: r.balance,
      freeBalance: r.protected_balance,
      ledgerPaid: Number(r.paid ?? 0),
      ledgerFree: Number(r.free ?? 0),
    }))
    .filter((r) => ledgerMismatch({ balance: r.balance, protectedBalance: r.freeBalance }, { paid: r.ledgerPaid, free: r.ledgerFree }));
  return { checked, mismatches };
}

/** Inside the transaction that opens a shift: the money staff moved while none was open becomes that shift's, by name. */
export function adoptUnattendedLines(trx: Trx, shiftId: string): Promise<void> {
  return adoptUnattended(trx, shiftId);
}

declare module '../context.js' {
  interface ServerServices {
    /** Every movement of money (issue 21). */
    wallet: Wallet;
  }
}
