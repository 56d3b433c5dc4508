/** The sessions' queries (issue 21: out of the service, which keeps the rules and the transactions). */
import type { Transaction } from 'kysely';
import { lockRows } from '../db/dialect.js';
import type { Database, Db, SessionRow, UserRow } from '../db/schema.js';

type Q = Db | Transaction<Database>;

export function activeSessionOnStation(db: Q, stationId: string): Promise<SessionRow | undefined> {
  return db.selectFrom('client_sessions').selectAll().where('station_id', '=', stationId).where('ended_at', 'is', null).executeTakeFirst();
}

export function activeSessionOfUser(db: Q, userId: string): Promise<SessionRow | undefined> {
  return db.selectFrom('client_sessions').selectAll().where('user_id', '=', userId).where('ended_at', 'is', null).executeTakeFirst();
}

export function findSession(db: Q, sessionId: string): Promise<SessionRow | undefined> {
  return db.selectFrom('client_sessions').selectAll().where('id', '=', sessionId).executeTakeFirst();
}

export function activeSessions(db: Q): Promise<SessionRow[]> {
  return db.selectFrom('client_sessions').selectAll().where('ended_at', 'is', null).execute();
}

export async function insertSession(db: Q, session: SessionRow): Promise<void> {
  await db.insertInto('client_sessions').values(session).execute();
}

export async function markStationInUse(db: Q, stationId: string): Promise<void> {
  await db.updateTable('stations').set({ status: 'in_use' }).where('id', '=', stationId).execute();
}

/** The session and its wallet, both rows locked until commit on PostgreSQL (a concurrent tick, end or top-up waits). */
export async function lockSessionAndWallet(trx: Transaction<Database>, sessionId: string): Promise<{ session: SessionRow; user: UserRow } | null> {
  const lock = lockRows(trx);
  const session = await trx.selectFrom('client_sessions').selectAll().where('id', '=', sessionId).$if(lock, (qb) => qb.forNoKeyUpdate()).executeTakeFirst();
  const user =
    session && (await trx.selectFrom('users').selectAll().where('id', '=', session.user_id).$if(lock, (qb) => qb.forNoKeyUpdate()).executeTakeFirst());
  return session && user ? { session, user } : null;
}

/** What a settle changed on the session's row. */
export async function saveBilling(
  trx: Q,
  next: Pick<SessionRow, 'id' | 'last_billed_at' | 'billed_ms' | 'billed_minutes' | 'amount_charged' | 'owed_units' | 'prepaid_minutes_left'>,
): Promise<void> {
  await trx
    .updateTable('client_sessions')
    .set({
      last_billed_at: next.last_billed_at,
      billed_ms: next.billed_ms,
      billed_minutes: next.billed_minutes,
      amount_charged: next.amount_charged,
      owed_units: next.owed_units,
      prepaid_minutes_left: next.prepaid_minutes_left,
    })
    .where('id', '=', next.id)
    .execute();
}

export function findUser(db: Q, userId: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

export async function setGate(db: Q, sessionId: string, gate: Pick<SessionRow, 'gate' | 'gate_expires_at' | 'last_billed_at'>): Promise<void> {
  await db.updateTable('client_sessions').set(gate).where('id', '=', sessionId).execute();
}

export function gateOf(db: Q, sessionId: string) {
  return db.selectFrom('client_sessions').select(['gate', 'gate_expires_at', 'ended_at']).where('id', '=', sessionId).executeTakeFirst();
}

/** The conditional end: undefined when it had ended already. */
export function markEnded(db: Q, sessionId: string, endedAt: string, reason: string): Promise<SessionRow | undefined> {
  return db
    .updateTable('client_sessions')
    .set({ ended_at: endedAt, end_reason: reason })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}
