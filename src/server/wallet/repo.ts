/** The wallet's queries (issue 21): balances, ledger lines, the open shift, the owner's limits. Nothing else. */
import { sql, type Transaction } from 'kysely';
import { lockRows } from '../db/dialect.js';
import type { Database, Db } from '../db/schema.js';
import { DEFAULT_LIMITS, STAFF_KINDS, type Bucket, type MoneyKind, type WalletLimits } from './rules.js';

export type Trx = Transaction<Database>;
type Q = Db | Trx;

export interface LedgerLineInput {
  userId: string;
  amount: number;
  bucket: Bucket;
  kind: MoneyKind;
  reason: string;
  staffUserId: string | null;
  method: string | null;
  orderId: number | null;
  sessionId: string | null;
  shiftId: string | null;
  unattended: boolean;
  at: string;
}

/** The wallet's row, locked until commit on PostgreSQL (a concurrent movement of this user waits). */
export function lockWallet(trx: Trx, userId: string) {
  return trx
    .selectFrom('users')
    .select(['id', 'username', 'type', 'balance', 'protected_balance'])
    .where('id', '=', userId)
    .$if(lockRows(trx), (qb) => qb.forNoKeyUpdate())
    .executeTakeFirst();
}

const column = (bucket: Bucket) => (bucket === 'free' ? 'protected_balance' : 'balance');

/** Moves one balance by `amount`, never below zero; undefined when it would go below. */
export function addToBalance(trx: Trx, userId: string, bucket: Bucket, amount: number) {
  const col = column(bucket);
  return trx
    .updateTable('users')
    .set({ [col]: sql<number>`${sql.ref(col)} + ${amount}` })
    .where('id', '=', userId)
    .where(sql<boolean>`${sql.ref(col)} + ${amount} >= 0`)
    .returning(['balance', 'protected_balance'])
    .executeTakeFirst();
}

export async function insertLine(trx: Q, line: LedgerLineInput): Promise<number> {
  const row = await trx
    .insertInto('balance_ledger')
    .values({
      user_id: line.userId,
      amount: line.amount,
      bucket: line.bucket,
      kind: line.kind,
      reason: line.reason,
      staff_user_id: line.staffUserId,
      payment_method: line.method,
      order_id: line.orderId,
      session_id: line.sessionId,
      shift_id: line.shiftId,
      unattended: line.unattended ? 1 : 0,
      created_at: line.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The cafe's prepaid float account, made once on first need (a system account: no password, disabled, no customer). */
export async function ensureAccount(db: Db, account: { id: string; username: string; type: string }, at: string): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: account.id,
      username: account.username,
      password_hash: null,
      email: null,
      phone_number: null,
      display_name: null,
      avatar_url: null,
      type: account.type,
      balance: 0,
      protected_balance: 0,
      xp: 0,
      level: 1,
      require_password_reset: 0,
      require_balance_top_up: 0,
      created_at: at,
      last_login_at: null,
      steam_id: null,
      disabled_at: at,
      disabled_by: 'system',
      disabled_reason: 'the cafe’s prepaid float: not a customer',
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export function clearTopUpRequirement(trx: Trx, userId: string) {
  return trx.updateTable('users').set({ require_balance_top_up: 0 }).where('id', '=', userId).execute();
}

export function openShiftId(q: Q): Promise<string | null> {
  return q
    .selectFrom('shifts')
    .select('id')
    .where('closed_at', 'is', null)
    .orderBy('opened_at', 'desc')
    .executeTakeFirst()
    .then((r) => r?.id ?? null);
}

/** What staff credited in a shift (null: the unattended bucket not yet adopted by a shift). */
export async function creditedInShift(q: Q, shiftId: string | null): Promise<number> {
  const row = await q
    .selectFrom('balance_ledger')
    .select((eb) => eb.fn.sum<number>('amount').as('total'))
    .where('kind', 'in', [...STAFF_KINDS])
    .where('amount', '>', 0)
    .$if(shiftId === null, (qb) => qb.where('shift_id', 'is', null).where('unattended', '=', 1))
    .$if(shiftId !== null, (qb) => qb.where('shift_id', '=', shiftId))
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

export async function readLimits(q: Q): Promise<WalletLimits> {
  const row = await q.selectFrom('wallet_limits').selectAll().where('id', '=', 'limits').executeTakeFirst();
  return row ? { actionMax: row.action_max, shiftMax: row.shift_max } : { ...DEFAULT_LIMITS };
}

export async function writeLimits(db: Db, limits: WalletLimits, by: string, at: string): Promise<void> {
  await db
    .insertInto('wallet_limits')
    .values({ id: 'limits', action_max: limits.actionMax, shift_max: limits.shiftMax, updated_by: by, updated_at: at })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({ action_max: limits.actionMax, shift_max: limits.shiftMax, updated_by: by, updated_at: at }),
    )
    .execute();
}

/** Gives the lines staff took while no shift was open to the shift that just opened (its report names them). */
export async function adoptUnattended(trx: Q, shiftId: string): Promise<void> {
  await trx.updateTable('balance_ledger').set({ shift_id: shiftId }).where('shift_id', 'is', null).where('unattended', '=', 1).execute();
}

/** Every user whose balances differ from the sums of their lines. */
export async function ledgerDisagreements(db: Db) {
  const sums = db
    .selectFrom('balance_ledger')
    .select((eb) => [
      'user_id',
      eb.fn.sum<number>(sql<number>`case when bucket = 'free' then 0 else amount end`).as('paid'),
      eb.fn.sum<number>(sql<number>`case when bucket = 'free' then amount else 0 end`).as('free'),
      eb.fn.countAll<number>().as('lines'),
    ])
    .groupBy('user_id')
    .as('s');
  const rows = await db
    .selectFrom('users as u')
    .leftJoin(sums, 's.user_id', 'u.id')
    .select(['u.id', 'u.username', 'u.balance', 'u.protected_balance', 's.paid', 's.free', 's.lines'])
    .where((eb) =>
      eb.or([
        eb('u.balance', '!=', sql<number>`coalesce(s.paid, 0)`),
        eb('u.protected_balance', '!=', sql<number>`coalesce(s.free, 0)`),
      ]),
    )
    .orderBy('u.username')
    .execute();
  const users = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { checked: Number(users.n), rows };
}
