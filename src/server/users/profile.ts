/** A users row as the contract's userSchema (login response and GET /profile). */
import { sql } from 'kysely';
import type { User } from '../../shared/entities.js';
import { MIN_BALANCE_TO_PROCEED_IQD } from '../../shared/constants.js';
import { minutesForBalance } from '../../shared/format.js';
import type { Clock } from '../clock/clock.js';
import { minutesBetween } from '../db/dialect.js';
import type { Db, UserRow } from '../db/schema.js';
import { isGuestUser } from '../authority/caller.js';
import { claimsOf } from '../rewards/rewards.js';
import { tierFor } from '../tiers/tiers.js';

export function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  // The username column is COLLATE NOCASE, so '=' ignores case.
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export { isGuestUser };

/** Held at the top-up gate: flagged by staff, or a paying member under the 100 IQD minimum. */
export function needsTopUp(user: Pick<UserRow, 'type' | 'balance' | 'protected_balance' | 'require_balance_top_up'>): boolean {
  const paying = user.type !== 'guest' && user.type !== 'admin' && user.type !== 'staff';
  return paying && (user.require_balance_top_up === 1 || user.balance + user.protected_balance < MIN_BALANCE_TO_PROCEED_IQD);
}

async function playtimeMinutes(db: Db, userId: string, nowIso: string): Promise<number> {
  const row = await db
    .selectFrom('client_sessions')
    .select(
      sql<number | null>`sum(${minutesBetween(db, sql.ref('started_at'), sql`coalesce(ended_at, ${nowIso})`)})`.as('minutes'),
    )
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Math.max(0, Math.floor(row?.minutes ?? 0));
}

export async function toUserDto(db: Db, clock: Clock, user: UserRow): Promise<User> {
  const active = await db
    .selectFrom('client_sessions as s')
    .innerJoin('stations as st', 'st.id', 's.station_id')
    .select(['s.id', 's.station_id', 's.hourly_rate', 'st.number'])
    .where('s.user_id', '=', user.id)
    .where('s.ended_at', 'is', null)
    .executeTakeFirst();
  // Free time is priced at the current station's rate, else the cheapest group that charges (a free group buys
  // no time: it would read "0 min"). The desk counts it the same way: src/shared/format.ts standardRate.
  const cheapest = await db
    .selectFrom('station_groups')
    .select((eb) => eb.fn.min<number>('hourly_rate').as('rate'))
    .where('hourly_rate', '>', 0)
    .executeTakeFirst();
  const rate = active?.hourly_rate ?? cheapest?.rate ?? 0;
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    phoneNumber: user.phone_number,
    displayName: user.display_name,
    avatarUrl: user.avatar_url,
    type: user.type,
    isGuest: isGuestUser(user),
    sessionId: active?.id ?? null,
    stationId: active?.station_id ?? null,
    stationNumber: active?.number ?? null,
    xp: user.xp,
    level: user.level,
    tier: await tierFor(db, user),
    createdAt: user.created_at,
    totalPlaytimeMinutes: await playtimeMinutes(db, user.id, new Date(clock.now()).toISOString()),
    balance: user.balance,
    protectedBalance: user.protected_balance,
    protectedBalanceMinutes: minutesForBalance(user.protected_balance, rate) ?? 0,
    lastLoginAt: user.last_login_at,
    steamId: user.steam_id,
    claimedRewards: user.type === 'guest' ? [] : await claimsOf(db, user.id),
    requirePasswordReset: user.require_password_reset === 1,
    requireBalanceTopUp: needsTopUp(user),
  };
}
