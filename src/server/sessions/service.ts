/**
 * Client sessions (SPEC §4 Session): start, settle (bill), end. Members pay
 * from their wallet; staff and admin sessions are free; guests either count
 * down prepaid minutes or run open (postpaid, remainingMinutes null).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ServerToClientPayloads } from '../../shared/socket/events.js';
import { isoNow, type Clock } from '../clock/clock.js';
import { newId } from '../db/ids.js';
import { bool, type Db, type SessionRow, type StationRow, type UserRow } from '../db/schema.js';
import type { StationEvents } from '../realtime/station-events.js';
import { STAFF_TYPES } from '../auth/guard.js';
import { conflict } from '../http/errors.js';
import { groupRate, setStationStatus } from '../stations/repo.js';
import { isGuestUser } from '../users/profile.js';
import { charge, remainingForWallet, usable, wholeMinutesBetween } from './billing.js';

export type EndReason =
  | 'balance_exhausted'
  | 'ended_by_staff'
  | 'user_logout'
  | 'logged_in_elsewhere'
  | 'replaced_by_new_session';

export interface SessionDeps {
  db: Db;
  clock: Clock;
  events: StationEvents;
  log: FastifyBaseLogger;
}

export type BalanceUpdate = ServerToClientPayloads['sessionBalanceUpdate'];
export type UserWallet = Pick<UserRow, 'id' | 'balance' | 'protected_balance' | 'xp' | 'level'>;

export class SessionService {
  private readonly endListeners: ((ended: SessionRow) => Promise<void>)[] = [];

  constructor(private readonly deps: SessionDeps) {}

  /** Runs after every session end, whatever the reason (centre accounts and open plays are released there). */
  onEnded(listener: (ended: SessionRow) => Promise<void>): void {
    this.endListeners.push(listener);
  }

  activeForStation(stationId: string): Promise<SessionRow | undefined> {
    return this.deps.db
      .selectFrom('client_sessions')
      .selectAll()
      .where('station_id', '=', stationId)
      .where('ended_at', 'is', null)
      .executeTakeFirst();
  }

  activeForUser(userId: string): Promise<SessionRow | undefined> {
    return this.deps.db
      .selectFrom('client_sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('ended_at', 'is', null)
      .executeTakeFirst();
  }

  listActive(): Promise<SessionRow[]> {
    return this.deps.db.selectFrom('client_sessions').selectAll().where('ended_at', 'is', null).execute();
  }

  /**
   * Opens a session and marks the station in_use. Any other active session of
   * the user, or on the station, is ended first. The caller announces the
   * session (sessionStarted or guestUnlocked) and then calls announceInUse.
   */
  async start(user: UserRow, station: StationRow, guestMinutes?: number): Promise<SessionRow> {
    const { db, clock } = this.deps;
    const mine = await this.activeForUser(user.id);
    if (mine && mine.station_id !== station.id) await this.end(mine.id, 'logged_in_elsewhere');
    const there = await this.activeForStation(station.id);
    if (there) await this.end(there.id, 'replaced_by_new_session', { releaseStation: false });

    const now = isoNow(clock);
    const isGuest = isGuestUser(user);
    const free = STAFF_TYPES.includes(user.type);
    const session: SessionRow = {
      id: newId('ses'),
      user_id: user.id,
      station_id: station.id,
      started_at: now,
      ended_at: null,
      end_reason: null,
      is_guest: bool(isGuest),
      is_prepaid: bool(isGuest && guestMinutes !== undefined),
      prepaid_minutes_left: isGuest && guestMinutes !== undefined ? guestMinutes : null,
      hourly_rate: free ? 0 : await groupRate(db, station),
      last_billed_at: now,
      billed_minutes: 0,
      amount_charged: 0,
    };
    try {
      await db.insertInto('client_sessions').values(session).execute();
    } catch (error) {
      // The partial unique indexes: a concurrent start won the station or the user.
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') {
        throw conflict(`A session was just started on ${station.id} or for ${user.username}; try again.`);
      }
      throw error;
    }
    await db.updateTable('stations').set({ status: 'in_use' }).where('id', '=', station.id).execute();
    return session;
  }

  async announceInUse(station: StationRow): Promise<void> {
    this.deps.events.emit(station.id, 'stationStatusChanged', {
      stationId: station.id,
      status: 'in_use',
      stationNumber: station.number,
    });
  }

  /**
   * Charges every whole minute since the last charge, in one transaction so
   * a billing tick and an end (or a balance change) never charge twice.
   */
  async settle(sessionId: string): Promise<{ session: SessionRow; user: UserRow } | null> {
    const nowMs = this.deps.clock.now();
    return this.deps.db.transaction().execute(async (trx) => {
      const session = await trx.selectFrom('client_sessions').selectAll().where('id', '=', sessionId).executeTakeFirst();
      const user = session && (await trx.selectFrom('users').selectAll().where('id', '=', session.user_id).executeTakeFirst());
      if (!session || !user) return null;
      const minutes = session.ended_at ? 0 : wholeMinutesBetween(session.last_billed_at, nowMs);
      if (minutes === 0) return { session, user };

      const billedUntil = new Date(Date.parse(session.last_billed_at) + minutes * 60_000).toISOString();
      const next: SessionRow = { ...session, last_billed_at: billedUntil, billed_minutes: session.billed_minutes + minutes };
      let nextUser = user;
      if (session.is_prepaid) {
        next.prepaid_minutes_left = Math.max(0, (session.prepaid_minutes_left ?? 0) - minutes);
      } else if (!session.is_guest && session.hourly_rate > 0) {
        const wallet = { balance: user.balance, protectedBalance: user.protected_balance };
        const result = charge(session.hourly_rate, session.billed_minutes, session.amount_charged, minutes, wallet);
        next.amount_charged = session.amount_charged + result.amount;
        nextUser = { ...user, balance: result.wallet.balance, protected_balance: result.wallet.protectedBalance };
        await trx
          .updateTable('users')
          .set({ balance: nextUser.balance, protected_balance: nextUser.protected_balance })
          .where('id', '=', user.id)
          .execute();
      }
      await trx
        .updateTable('client_sessions')
        .set({
          last_billed_at: next.last_billed_at,
          billed_minutes: next.billed_minutes,
          amount_charged: next.amount_charged,
          prepaid_minutes_left: next.prepaid_minutes_left,
        })
        .where('id', '=', session.id)
        .execute();
      return { session: next, user: nextUser };
    });
  }

  /** What the station shows: usable balance and minutes left (null: open-ended). */
  balanceOf(session: SessionRow, user: UserWallet): BalanceUpdate {
    const wallet = { balance: user.balance, protectedBalance: user.protected_balance };
    let remainingMinutes: number | null;
    if (session.is_prepaid) remainingMinutes = session.prepaid_minutes_left ?? 0;
    else if (session.is_guest) remainingMinutes = null;
    else remainingMinutes = remainingForWallet(wallet, session.hourly_rate);
    return {
      sessionId: session.id,
      userId: user.id,
      totalUsableBalance: usable(wallet),
      remainingMinutes,
      xp: user.xp,
      level: user.level,
    };
  }

  /** True when the session has nothing left to spend (a top-up hold keeps it open). */
  isExhausted(session: SessionRow, user: UserRow, update: BalanceUpdate): boolean {
    if (update.remainingMinutes === null || update.remainingMinutes > 0) return false;
    return session.is_prepaid === 1 || user.require_balance_top_up === 0;
  }

  /** Settles and emits sessionBalanceUpdate to the session's station. */
  async publishBalance(sessionId: string): Promise<BalanceUpdate | null> {
    const settled = await this.settle(sessionId);
    if (!settled || settled.session.ended_at) return null;
    const update = this.balanceOf(settled.session, settled.user);
    this.emitBalance(settled.session.station_id, update);
    return update;
  }

  emitBalance(stationId: string, update: BalanceUpdate): void {
    this.deps.events.emit(stationId, 'sessionBalanceUpdate', update);
  }

  /**
   * Ends an active session: settles it, emits sessionEnded and, unless told
   * otherwise, frees the station (status available + stationStatusChanged).
   * Returns null if the session is unknown or already ended.
   */
  async end(
    sessionId: string,
    reason: EndReason,
    options: { releaseStation?: boolean } = {},
  ): Promise<SessionRow | null> {
    const settled = await this.settle(sessionId);
    if (!settled || settled.session.ended_at) return null;
    const endedAt = isoNow(this.deps.clock);
    const ended = await this.deps.db
      .updateTable('client_sessions')
      .set({ ended_at: endedAt, end_reason: reason })
      .where('id', '=', sessionId)
      .where('ended_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!ended) return null;
    this.deps.log.info({ sessionId, stationId: ended.station_id, reason }, 'session ended');
    for (const listener of this.endListeners) await listener(ended);
    this.deps.events.emit(ended.station_id, 'sessionEnded', {
      sessionId: ended.id,
      stationId: ended.station_id,
      userId: ended.user_id,
      reason,
    });
    if (options.releaseStation ?? true) await setStationStatus(this.deps, ended.station_id, 'available');
    return ended;
  }
}
