/**
 * Friendships, one row per pair of customers: a request is a pending row
 * (requester → addressee), accepted or declined by the addressee only; a
 * declined pair may ask again; removal deletes the row for both sides.
 * Every change is one conditional write, so a double click or two parallel
 * requests cannot make two friendships.
 */
import { randomBytes } from 'node:crypto';
import type { FriendRequest } from '../../shared/api/social.js';
import type { Db } from '../db/schema.js';
import type { FriendshipTable } from '../db/tables/social.js';

export type FriendshipRow = FriendshipTable;

export function pairKey(a: string, b: string): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

const newFriendshipId = () => `frd_${randomBytes(8).toString('hex')}`;

export function findBetween(db: Db, a: string, b: string): Promise<FriendshipRow | undefined> {
  return db.selectFrom('friendships').selectAll().where('pair_key', '=', pairKey(a, b)).executeTakeFirst();
}

export async function acceptedFriendIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('friendships')
    .select(['requester_id', 'addressee_id'])
    .where('status', '=', 'accepted')
    .where((eb) => eb.or([eb('requester_id', '=', userId), eb('addressee_id', '=', userId)]))
    .execute();
  return rows.map((row) => (row.requester_id === userId ? row.addressee_id : row.requester_id));
}

export async function areFriends(db: Db, a: string, b: string): Promise<boolean> {
  return (await findBetween(db, a, b))?.status === 'accepted';
}

export type RequestOutcome =
  | { ok: true; friendship: FriendshipRow }
  | { ok: false; reason: 'already_friends' | 'already_sent' | 'they_asked' };

/** A new pending request from → to (a declined pair asks again). */
export async function openRequest(db: Db, from: string, to: string, now: string): Promise<RequestOutcome> {
  const row: FriendshipRow = {
    id: newFriendshipId(),
    pair_key: pairKey(from, to),
    requester_id: from,
    addressee_id: to,
    status: 'pending',
    created_at: now,
    responded_at: null,
  };
  const inserted = await db
    .insertInto('friendships')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('pair_key')
        .doUpdateSet({ id: row.id, requester_id: from, addressee_id: to, status: 'pending', created_at: now, responded_at: null })
        .where('friendships.status', '=', 'declined'),
    )
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { ok: true, friendship: row };
  const existing = await findBetween(db, from, to);
  if (existing?.status === 'accepted') return { ok: false, reason: 'already_friends' };
  return { ok: false, reason: existing?.requester_id === from ? 'already_sent' : 'they_asked' };
}

/** pending → accepted | declined, only by the addressee; the row as it is now, or undefined. */
export async function answerRequest(
  db: Db,
  requestId: string,
  addresseeId: string,
  status: 'accepted' | 'declined',
  now: string,
): Promise<FriendshipRow | undefined> {
  const done = await db
    .updateTable('friendships')
    .set({ status, responded_at: now })
    .where('id', '=', requestId)
    .where('addressee_id', '=', addresseeId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) return undefined;
  return db.selectFrom('friendships').selectAll().where('id', '=', requestId).executeTakeFirst();
}

/** Ends the friendship (or the request) between the two, for both; false when there was none. */
export async function removeBetween(db: Db, a: string, b: string): Promise<FriendshipRow | undefined> {
  const existing = await findBetween(db, a, b);
  if (!existing || existing.status === 'declined') return undefined;
  const done = await db.deleteFrom('friendships').where('id', '=', existing.id).executeTakeFirst();
  return Number(done.numDeletedRows) > 0 ? existing : undefined;
}

/** The requests waiting for this user's answer, newest first (SPEC §3 Friend request). */
export async function pendingFor(db: Db, userId: string): Promise<FriendRequest[]> {
  const rows = await db
    .selectFrom('friendships')
    .innerJoin('users', 'users.id', 'friendships.requester_id')
    .select([
      'friendships.id',
      'friendships.requester_id',
      'friendships.addressee_id',
      'friendships.created_at',
      'users.username',
      'users.display_name',
    ])
    .where('friendships.addressee_id', '=', userId)
    .where('friendships.status', '=', 'pending')
    .orderBy('friendships.created_at', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    userId: row.requester_id,
    username: row.username,
    displayName: row.display_name,
    sentAt: row.created_at,
    friendship: {
      id: row.id,
      userId: row.requester_id,
      friendId: row.addressee_id,
      status: 'pending' as const,
      createdAt: row.created_at,
    },
  }));
}
