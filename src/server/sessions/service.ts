/**
 * Client sessions (SPEC §4 Session): start, settle (bill), end. Members pay
 * from their wallet by the second; staff and admin sessions are free; guests
 * (type 'guest', never a name prefix) either count down prepaid minutes or
 * run open (postpaid, remainingMinutes null). A login held behind a gate
 * (forced password change, top-up) is not billed and ends by itself when the
 * gate's time is up; a paid session ends at the instant its money runs out.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ServerToClientPayloads } from '../../shared/socket/events.js';
import { isoNow, type Clock, type ClockTimer } from '../clock/clock.js';
import { isUniqueViolation } from '../db/dialect.js';
import { newId } from '../db/ids.js';
import { bool, type Db, type SessionRow, type StationRow, type UserRow } from '../db/schema.js';
import type { StationEvents } from '../context.js';
import { STAFF_TYPES, type Gate } from '../authority/caller.js';
import { conflict, notFound } from '../base/errors.js';
import { groupRate, setStationStatus } from '../stations/service.js';
import { isGuestUser, needsTopUp } from '../users/profile.js';
import { MINUTE_MS, UNITS_PER_IQD, availableUnits, priceInterval, runsOutAt, toIqd } from '../../shared/pricing/index.js';
import { PricingService, playsByPriceList } from '../pricing/service.js';
import { chargeSession } from '../wallet/service.js';
import {
  activeSessionOfUser,
  activeSessionOnStation,
  activeSessions,
  findSession,
  findUser,
  gateOf,
  insertSession,
  lockSessionAndWallet,
  markEnded,
  markStationInUse,
  saveBilling,
  setGate,
} from './repo.js';
import { BILLING_TICK_MS, charge, remainingForWallet, usable } from './billing.js';

export type EndReason =
  | 'balance_exhausted'
  | 'ended_by_staff'
  | 'user_logout'
  | 'logged_in_elsewhere'
  | 'replaced_by_new_session'
  | 'password_reset'
  | 'gate_timeout'
  | 'account_disabled'
  /** A guest unlock the station refused or never acknowledged (issue 23): it ends at once, unbilled. */
  | 'unlock_failed';

/** The renderer's gate modals close after 120 s; the server gives them a little more. */
export const GATE_TIMEOUT_MS = 130_000;

export interface SessionDeps {
  db: Db;
  clock: Clock;
  events: StationEvents;
  log: FastifyBaseLogger;
}

export type BalanceUpdate = ServerToClientPayloads['sessionBalanceUpdate'];
export type UserWallet = Pick<UserRow, 'id' | 'balance' | 'protected_balance' | 'xp' | 'level'>;

/** Whether a user pays for their time (not staff, not a guest). */
export function pays(user: Pick<UserRow, 'type'>): boolean {
  return !STAFF_TYPES.includes(user.type) && user.type !== 'guest';
}

/** The gate a login of this user is held behind, if any (SPEC §4 Login outcomes, enforced here). */
export function gateFor(user: UserRow): Gate | null {
  if (user.require_password_reset === 1) return 'password';
  return needsTopUp(user) ? 'top_up' : null;
}

/**
 * The top-up gate at a station: flagged by staff, or under the 100 IQD
 * minimum with no package that plays there now (issue 26: a customer who
 * bought three hours at the counter plays them without topping up).
 */
export async function heldAtTopUp(pricing: PricingService, db: Db, user: UserRow, stationId: string): Promise<boolean> {
  if (!needsTopUp(user)) return false;
  if (user.require_balance_top_up === 1) return true;
  return !(await pricing.playsOnPackage(db, user.id, stationId));
}

/** When the money and packages of a paying session run out (price list rules), as of its last settle. */
export interface Plan {
  runsOutAt: number | null;
  minutesLeft: number | null;
}

export interface Settled {
  session: SessionRow;
  user: UserRow;
  /** null: not a paying session's settle (guests, free, held at a gate, ended). */
  plan: Plan | null;
}

export class SessionService {
  /** One-shot timers per session: the gate's end, or the instant the money runs out. */
  private readonly timers = new Map<string, ClockTimer>();
  private readonly endListeners: ((ended: SessionRow) => Promise<void>)[] = [];

  /** The price list billing follows (issue 26); its routes use this instance, so a change settles first. */
  readonly pricing: PricingService;

  constructor(private readonly deps: SessionDeps) {
    this.pricing = new PricingService(deps);
    this.pricing.onBeforeChange(() => this.settleAll());
  }

  /** The gate a login of this user at this station is held at, if any (a package that plays there lifts the top-up gate). */
  async gateAt(user: UserRow, stationId: string): Promise<Gate | null> {
    const gate = gateFor(user);
    if (gate !== 'top_up') return gate;
    return (await heldAtTopUp(this.pricing, this.deps.db, user, stationId)) ? 'top_up' : null;
  }

  /** Whether the kiosk must show the top-up wait for this user at this station (the login answer's requireBalanceTopUp). */
  async requiresTopUp(user: UserRow, stationId: string): Promise<boolean> {
    return heldAtTopUp(this.pricing, this.deps.db, user, stationId);
  }

  /** Runs after every session end, whatever the reason (centre accounts and open plays are released there). */
  onEnded(listener: (ended: SessionRow) => Promise<void>): void {
    this.endListeners.push(listener);
  }

  activeForStation(stationId: string): Promise<SessionRow | undefined> {
    return activeSessionOnStation(this.deps.db, stationId);
  }

  find(sessionId: string): Promise<SessionRow | undefined> {
    return findSession(this.deps.db, sessionId);
  }

  activeForUser(userId: string): Promise<SessionRow | undefined> {
    return activeSessionOfUser(this.deps.db, userId);
  }

  listActive(): Promise<SessionRow[]> {
    return activeSessions(this.deps.db);
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
    const gate = await this.gateAt(user, station.id);
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
      hourly_rate: pays(user) ? await groupRate(db, station) : 0,
      last_billed_at: now,
      billed_minutes: 0,
      amount_charged: 0,
      gate,
      gate_expires_at: gate ? new Date(clock.now() + GATE_TIMEOUT_MS).toISOString() : null,
      billed_ms: 0,
      owed_units: 0,
      token_epoch: user.token_epoch,
    };
    try {
      await insertSession(db, session);
    } catch (error) {
      // The partial unique indexes: a concurrent start won the station or the user.
      if (isUniqueViolation(error)) {
        throw conflict(`A session was just started on ${station.id} or for ${user.username}; try again.`);
      }
      throw error;
    }
    await markStationInUse(db, station.id);
    if (gate) this.schedule(session.id, GATE_TIMEOUT_MS, () => this.expireGate(session.id));
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
   * Charges the time played since the last charge, in one transaction so a
   * billing tick and an end (or a balance change) never charge twice. `final`
   * rounds the session's total up (its end).
   */
  async settle(sessionId: string, final = false): Promise<Settled | null> {
    return this.deps.db.transaction().execute(async (trx) => {
      // On PostgreSQL the session's and the wallet's rows stay locked until commit: a concurrent tick, end or top-up waits.
      const locked = await lockSessionAndWallet(trx, sessionId);
      if (!locked) return null;
      const { session, user } = locked;
      if (session.ended_at) return { session, user, plan: null };
      // The time is read once the rows are ours, and never before the last settle: a settle that waited for the lock
      // behind another (a second node's tick, an end) must not move last_billed_at back and bill those ms again.
      const fromMs = Date.parse(session.last_billed_at);
      const nowMs = Math.max(this.deps.clock.now(), fromMs);
      const elapsed = nowMs - fromMs;
      const next: SessionRow = { ...session, last_billed_at: new Date(nowMs).toISOString() };
      let nextUser = user;
      let plan: Plan | null = null;
      // Held behind a gate: the time is not played, so not billed.
      if (!session.gate) {
        next.billed_ms = session.billed_ms + elapsed;
        next.billed_minutes = Math.floor(next.billed_ms / 60_000);
        if (session.is_prepaid) {
          next.prepaid_minutes_left = Math.max(0, (session.prepaid_minutes_left ?? 0) - (next.billed_minutes - session.billed_minutes));
        } else if (!session.is_guest && session.hourly_rate > 0) {
          // The price list (issue 26): packages first, then the cheapest rate in force, exactly by the millisecond.
          const play = { userId: user.id, stationId: session.station_id, user, baseRate: session.hourly_rate };
          const meter = await this.pricing.meter(trx, play);
          const priced = priceInterval(meter, await this.pricing.held(trx, user.id, fromMs), fromMs, nowMs);
          next.owed_units = Number(session.owed_units) + priced.units;
          const wallet = { balance: user.balance, protectedBalance: user.protected_balance };
          const result = charge(toIqd(next.owed_units, final), session.amount_charged, wallet);
          next.amount_charged = session.amount_charged + result.amount;
          nextUser = { ...user, balance: result.wallet.balance, protected_balance: result.wallet.protectedBalance };
          if (result.amount > 0) {
            // Through the wallet: each balance moved is a ledger line (free time first, then the paid balance).
            await chargeSession(trx, {
              userId: user.id,
              sessionId: session.id,
              fromFree: user.protected_balance - nextUser.protected_balance,
              fromPaid: user.balance - nextUser.balance,
              at: next.last_billed_at,
            });
          }
          await this.pricing.record(trx, { ...play, sessionId: session.id }, priced, result.amount, next.last_billed_at);
          // What is paid and not yet played, exactly; then when it (and the packages) run out.
          const available = (next.amount_charged + usable(result.wallet)) * UNITS_PER_IQD - next.owed_units;
          const at = runsOutAt(meter, priced.packages, nowMs, available);
          plan = { runsOutAt: at, minutesLeft: at === null ? null : Math.floor((at - nowMs) / MINUTE_MS) };
        }
      }
      await saveBilling(trx, next);
      return { session: next, user: nextUser, plan };
    });
  }

  /** Settles every running session (the price list is about to change: minutes played so far keep their price). */
  async settleAll(): Promise<void> {
    for (const active of await this.listActive()) await this.settle(active.id);
  }

  /** What the station shows: usable balance and minutes left (null: open-ended). */
  balanceOf(session: SessionRow, user: UserWallet, plan?: Plan | null): BalanceUpdate {
    const wallet = { balance: user.balance, protectedBalance: user.protected_balance };
    let remainingMinutes: number | null;
    if (session.is_prepaid) remainingMinutes = session.prepaid_minutes_left ?? 0;
    else if (session.is_guest) remainingMinutes = null;
    // The price list's answer (periods, packages) when the caller settled; else the plain rate's.
    else if (plan && session.hourly_rate > 0) remainingMinutes = plan.minutesLeft;
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

  /**
   * The minutes left as of now by the price list (periods, packages), without
   * billing anything: what staff see in the room, for every running session
   * (the list in force read once for them all). Counts from the instant each
   * session was billed up to, with what it has paid and not yet played.
   */
  async remainingNow(running: readonly { session: SessionRow; user: UserWallet & { type: string; level: number } }[]): Promise<Map<string, number | null>> {
    const priced = (session: SessionRow) => playsByPriceList(session);
    const list = running.some((r) => priced(r.session)) ? (await this.pricing.current()).list : undefined;
    const minutes = async ({ session, user }: (typeof running)[number]): Promise<number | null> => {
      if (!list || !priced(session)) return this.balanceOf(session, user).remainingMinutes;
      const from = Date.parse(session.last_billed_at);
      const now = Math.max(this.deps.clock.now(), from);
      const available = availableUnits({
        amountCharged: session.amount_charged,
        owedUnits: Number(session.owed_units),
        balance: user.balance,
        protectedBalance: user.protected_balance,
      });
      const play = { userId: user.id, stationId: session.station_id, user, baseRate: session.hourly_rate };
      const { at } = await this.pricing.runsOut(this.deps.db, play, from, available, list);
      return at === null ? null : Math.max(0, Math.floor((at - now) / MINUTE_MS));
    };
    return new Map(await Promise.all(running.map(async (r) => [r.session.id, await minutes(r)] as const)));
  }

  /** True when the session has nothing left to spend. No session runs past zero. */
  isExhausted(session: SessionRow, user: UserRow, plan?: Plan | null): boolean {
    if (session.gate) return false;
    if (session.is_prepaid) return (session.prepaid_minutes_left ?? 0) <= 0;
    if (session.is_guest || session.hourly_rate <= 0) return false;
    // Money and packages together: nothing left to play on from the instant billed up to.
    if (plan) return plan.runsOutAt !== null && plan.runsOutAt <= Date.parse(session.last_billed_at);
    return usable({ balance: user.balance, protectedBalance: user.protected_balance }) <= 0;
  }

  /**
   * The billing tick's look at one session: bill it, publish its balance,
   * end it when spent, and when its money runs out before the next tick,
   * schedule its end for that instant.
   */
  async review(sessionId: string, publish: boolean): Promise<void> {
    const settled = await this.settle(sessionId);
    if (!settled || settled.session.ended_at) return;
    const { session, user, plan } = settled;
    const exhausted = this.isExhausted(session, user, plan);
    // The station hears its last balance (zero) before the session ends.
    if ((publish || exhausted) && !session.gate) this.emitBalance(session.station_id, this.balanceOf(session, user, plan));
    if (exhausted) {
      await this.end(session.id, 'balance_exhausted');
      return;
    }
    if (session.gate || session.is_prepaid || session.is_guest) return;
    const left = plan?.runsOutAt == null ? null : plan.runsOutAt - Date.parse(session.last_billed_at);
    if (left !== null && left <= BILLING_TICK_MS) this.schedule(session.id, left, () => this.review(session.id, false));
  }

  /** Settles and emits sessionBalanceUpdate to the session's station. */
  async publishBalance(sessionId: string): Promise<BalanceUpdate | null> {
    const settled = await this.settle(sessionId);
    if (!settled || settled.session.ended_at) return null;
    const update = this.balanceOf(settled.session, settled.user, settled.plan);
    this.emitBalance(settled.session.station_id, update);
    return update;
  }

  emitBalance(stationId: string, update: BalanceUpdate): void {
    this.deps.events.emit(stationId, 'sessionBalanceUpdate', update);
  }

  /**
   * After a password change or a balance change: lift the user's login out of
   * its gate when the gate's condition is met (billing starts now), or move it
   * to the next gate.
   */
  async reviewGate(userId: string): Promise<void> {
    const { db, clock } = this.deps;
    const session = await this.activeForUser(userId);
    if (!session?.gate) return;
    const user = await findUser(db, userId);
    if (!user) return;
    const gate = await this.gateAt(user, session.station_id);
    if (gate === session.gate) return;
    const now = clock.now();
    await setGate(db, session.id, {
      gate,
      gate_expires_at: gate ? new Date(now + GATE_TIMEOUT_MS).toISOString() : null,
      last_billed_at: new Date(now).toISOString(),
    });
    this.cancel(session.id);
    if (gate) this.schedule(session.id, GATE_TIMEOUT_MS, () => this.expireGate(session.id));
    this.deps.log.info({ sessionId: session.id, from: session.gate, to: gate }, 'login gate changed');
  }

  private async expireGate(sessionId: string): Promise<void> {
    const session = await gateOf(this.deps.db, sessionId);
    if (session && !session.ended_at && session.gate) await this.end(sessionId, 'gate_timeout');
  }

  /**
   * Ends a login held at its gate once the gate's time is up (the billing
   * tick's sweep: the one-shot timer lives on the node that started the
   * login, and is gone if that node stopped). True when it ended it.
   */
  async expireGateIfDue(sessionId: string): Promise<boolean> {
    const session = await gateOf(this.deps.db, sessionId);
    if (!session || session.ended_at || !session.gate || !session.gate_expires_at) return false;
    if (Date.parse(session.gate_expires_at) > this.deps.clock.now()) return false;
    return (await this.end(sessionId, 'gate_timeout')) !== null;
  }

  /** Ends every running session of the user (e.g. their password was reset). */
  async endForUser(userId: string, reason: EndReason): Promise<void> {
    const active = await this.activeForUser(userId);
    if (active) await this.end(active.id, reason);
  }

  /**
   * Ends an active session: settles it (its total rounded up), emits
   * sessionEnded and, unless told otherwise, frees the station (status
   * available + stationStatusChanged). Returns null if the session is unknown
   * or already ended.
   */
  async end(
    sessionId: string,
    reason: EndReason,
    options: { releaseStation?: boolean } = {},
  ): Promise<SessionRow | null> {
    this.cancel(sessionId);
    const settled = await this.settle(sessionId, true);
    if (!settled || settled.session.ended_at) return null;
    // It ends at the instant it was billed up to.
    const endedAt = settled.session.last_billed_at;
    const ended = await markEnded(this.deps.db, sessionId, endedAt, reason);
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

  /** Staff end a session (`POST /admin/sessions/:sessionId/end`): 404 for an unknown one, 409 once it has ended. */
  async endByStaff(sessionId: string): Promise<SessionRow> {
    const session = await this.find(sessionId);
    if (!session) throw notFound(`Unknown session: ${sessionId}`);
    const ended = session.ended_at ? null : await this.end(session.id, 'ended_by_staff');
    if (!ended) throw conflict(`Session ${sessionId} has already ended.`);
    return ended;
  }

  /** Stops every pending timer (the server is closing). */
  stop(): void {
    for (const id of [...this.timers.keys()]) this.cancel(id);
  }

  private schedule(sessionId: string, ms: number, run: () => Promise<void>): void {
    this.cancel(sessionId);
    const timer = this.deps.clock.setInterval(() => {
      this.cancel(sessionId);
      run().catch((error: unknown) => this.deps.log.error({ err: error, sessionId }, 'session timer failed'));
    }, Math.max(1, ms));
    this.timers.set(sessionId, timer);
  }

  private cancel(sessionId: string): void {
    const timer = this.timers.get(sessionId);
    if (timer === undefined) return;
    this.deps.clock.clearInterval(timer);
    this.timers.delete(sessionId);
  }
}

declare module '../context.js' {
  interface ServerServices {
    sessions: SessionService;
  }
}
