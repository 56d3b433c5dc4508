/**
 * SPEC §4 session: none → active (password login, sessionStarted, guest
 * unlock, restore from storage, legacy guest data) and active → none (logout,
 * sessionEnded, the station set to 'available', time running out). The store
 * holds the state; screens follow it (a user on /login goes to /dashboard,
 * no user on /dashboard goes to /login), so this service never navigates.
 */
import type { SpawnpointBridge } from '../../shared/bridge/protocol.js';
import { currentClientSession } from '../../shared/api/profile.js';
import type { ConnectionInfo, LoginResponse, StoredSession, User } from '../../shared/entities.js';
import { en, type MessageKey } from '../../shared/i18n/en.js';
import type { ServerToClientPayloads } from '../../shared/socket/events.js';
import { ApiError, describeError } from '../core/api/apiError.js';
import type { ApiClient } from '../core/api/httpClient.js';
import type { ConnectionService } from '../core/connection/connectionService.js';
import type { LocalStateStore } from '../core/storage/localState.js';
import { Emitter } from '../core/events.js';
import { UNLOCK_MARKS, mark } from '../core/trace.js';
import { GUEST_UNLOCK_SUCCESS_EVENT, decideGuestUnlock, type GuestUnlockSuccessDetail } from './guestUnlock.js';
import { migrateLegacyGuest, type LegacyStorage } from './legacyGuest.js';
import { authToken, endsCurrent, isForStation, isGuestName, sessionFromStarted } from './sessionEvents.js';
import { INITIAL_SESSION_STATE, useSessionStore, type SessionStore } from './sessionStore.js';

/** Reports the station's status to the server (the station feature's status sender). */
export interface StatusReporter {
  report(status: 'available' | 'in_use'): void;
}

export interface SessionServiceDeps {
  api: Pick<ApiClient, 'call' | 'setToken'>;
  connection: Pick<ConnectionService, 'on' | 'emit' | 'updateUserId'>;
  bridge: Pick<SpawnpointBridge, 'send'>;
  storage: LocalStateStore;
  statusSender: StatusReporter;
  getStation: () => ConnectionInfo | null;
  /** The station number from the station details, when loaded. */
  getStationNumber: () => number | null;
  /** Show a success toast for a catalog key. */
  notify: (key: MessageKey) => void;
  /** An error toast (SPEC §8 'Failed to process guest unlock'). */
  notifyError?: (key: MessageKey) => void;
  /** Where SPEC §4's guestUnlockSuccess is raised for a guest let in (the window). */
  events?: Pick<EventTarget, 'dispatchEvent'>;
  /** Where older versions kept guest data (SPEC §3 migration); none in tests that do not need it. */
  legacyStorage?: LegacyStorage;
  store?: SessionStore;
  now?: () => Date;
  log?: Pick<Console, 'info' | 'warn'>;
}

/** What the session tells the features that react to it. */
/** How long a logout waits for the session's last calls (centre-account releases) before it goes on. */
export const LOGOUT_WAIT_MS = 3_000;

export interface SessionEvents extends Record<string, unknown> {
  /** A session began; `user` is the login answer's user when it came from a login. */
  started: { session: StoredSession; user: User | null };
  /** A session is about to end (its games are still tracked, its token still set). */
  ending: {
    session: StoredSession;
    reason: SessionEndReason;
    /**
     * Work the logout waits for (bounded) before it reports the station
     * available and drops the token: releasing the centre accounts needs the
     * session alive. Absent when the session is already gone on the server.
     */
    hold?: (work: Promise<unknown>) => void;
  };
  ended: { session: StoredSession; reason: SessionEndReason };
}

/** Tells whether a sessionStarted belongs to a login in progress (the front door's). */
export type SessionStartedClaim = (payload: ServerToClientPayloads['sessionStarted']) => boolean;

export type SessionEndReason =
  | 'logout'
  | 'ended-by-server'
  | 'no-active-session'
  | 'station-available'
  | 'time-up'
  | 'admin-logout'
  | 'unauthorized';
/** The server's end reason when a new session takes the station over. */
const REPLACED = 'replaced_by_new_session';
type LogoutReason = Exclude<SessionEndReason, 'station-available'>;

/** The stored session for a successful login. */
export function sessionFromLogin(
  response: LoginResponse,
  station: Pick<ConnectionInfo, 'macAddress' | 'ipAddress'>,
  stationNumber: number | null,
  now: Date,
): StoredSession {
  const { user } = response;
  return {
    id: response.sessionId,
    sessionId: response.sessionId,
    stationId: response.stationId,
    stationNumber: user.stationNumber ?? stationNumber ?? 0,
    username: user.username,
    isGuest: user.isGuest || isGuestName(user.username),
    startTime: now.toISOString(),
    macAddress: station.macAddress,
    ipAddress: station.ipAddress,
    token: response.accessToken,
    userId: user.id,
  };
}

export class SessionService {
  private readonly emitter = new Emitter<SessionEvents>();
  /** The session whose logout waits for its releases. */
  private finishing: StoredSession | null = null;
  private readonly claims = new Set<SessionStartedClaim>();
  /** The account type the session started as ('admin', 'guest', …), when known. */
  private userType: string | null = null;
  private readonly store: SessionStore;
  private readonly now: () => Date;
  private readonly log: Pick<Console, 'info' | 'warn'>;

  constructor(private readonly deps: SessionServiceDeps) {
    this.store = deps.store ?? useSessionStore;
    this.now = deps.now ?? (() => new Date());
    this.log = deps.log ?? console;
  }

  /** Subscribe to started / ending / ended. */
  on<K extends keyof SessionEvents>(event: K, handler: (payload: SessionEvents[K]) => void): () => void {
    return this.emitter.on(event, handler);
  }

  get current(): StoredSession | null {
    return this.store.getState().session;
  }

  /** Restore the stored session (or migrate legacy guest data) at startup. Returns whether one was restored. */
  restore(): boolean {
    const stored = this.deps.storage.read().session;
    const legacy = this.deps.legacyStorage
      ? migrateLegacyGuest(this.deps.legacyStorage, this.deps.getStation(), this.now(), this.log)
      : null;
    const session = stored ?? legacy;
    if (!session) return false;
    this.log.info(`[session] restored session ${session.sessionId} for ${session.username}`);
    this.begin(session, { userType: session.isGuest ? 'guest' : null, user: null });
    return true;
  }

  /** Listen to the session events of the socket. Returns the function that stops listening. */
  attach(): () => void {
    const offs = [
      this.deps.connection.on('sessionStarted', (payload) => this.handleSessionStarted(payload)),
      this.deps.connection.on('guestUnlocked', (payload) => this.handleGuestUnlocked(payload)),
      this.deps.connection.on('guestUnlockAck', (payload) => this.handleGuestUnlockAck(payload)),
      this.deps.connection.on('sessionEnded', (payload) => this.handleSessionEnded(payload)),
      this.deps.connection.on('stationStatusChanged', (payload) => this.handleStationStatus(payload)),
      this.deps.connection.on('sessionBalanceUpdate', (payload) => this.handleBalanceUpdate(payload)),
    ];
    return () => offs.forEach((off) => off());
  }

  /** A login the front door completed (every gate passed) starts the session. */
  startFromLogin(response: LoginResponse, station: ConnectionInfo): void {
    const session = sessionFromLogin(response, station, this.deps.getStationNumber(), this.now());
    this.begin(session, { userType: response.user.type, user: response.user });
  }

  /** A feature whose login is in flight claims the sessionStarted it causes. Returns the remover. */
  addSessionStartedClaim(claim: SessionStartedClaim): () => void {
    this.claims.add(claim);
    return () => {
      this.claims.delete(claim);
    };
  }

  /** The account type became known (the profile check): staff found signed in get admin mode (AdminLogin). */
  noteUserType(type: string): void {
    const session = this.current;
    if (!session) return;
    const wasAdmin = this.userType === 'admin';
    this.userType = type;
    if (type === 'admin' && !wasAdmin) this.tellShellSignedIn(session);
  }

  /** Staff sign in at the station in admin mode (AdminLogin); everyone else is a user (UserLogin). */
  private tellShellSignedIn(session: StoredSession): void {
    if (!session.username) return;
    const Username = session.username.slice(0, 128);
    this.deps.bridge.send(this.userType === 'admin' ? { command: 'AdminLogin', Username } : { command: 'UserLogin', Username });
  }

  /** A session opened for this station (by id or MAC) that is not already the current one. */
  handleSessionStarted(payload: ServerToClientPayloads['sessionStarted']): void {
    mark(UNLOCK_MARKS.event);
    const station = this.deps.getStation();
    if (!station || !isForStation(payload, station)) return;
    if (this.current?.sessionId === payload.sessionId) return;
    if ([...this.claims].some((claim) => claim(payload))) return;
    const session = sessionFromStarted(payload, station);
    this.begin(session, { userType: session.isGuest ? 'guest' : null, user: null });
    if (session.isGuest) this.guestGranted(session);
  }

  handleGuestUnlocked(raw: unknown): void {
    mark(UNLOCK_MARKS.event);
    const station = this.deps.getStation();
    if (!station) {
      this.log.warn('[session] guest unlock before the station is known; ignored');
      return;
    }
    const decision = decideGuestUnlock(raw, station, this.now());
    if (decision.kind === 'ignore') return;
    if (decision.kind === 'reject') {
      this.log.warn('[session] invalid guest unlock data');
      this.deps.connection.emit('station_unlock_ack', decision.ack);
      return;
    }
    try {
      this.begin(decision.session, { userType: 'guest', user: null, remainingMinutes: decision.remainingMinutes });
    } catch (error) {
      // Valid data the station could not act on (storage, a feature's reaction): say so, and tell the server.
      this.log.warn('[session] guest unlock failed', error);
      if (this.current?.sessionId === decision.session.sessionId) this.end('logout');
      this.deps.connection.emit('station_unlock_ack', { ...decision.ack, success: false, errorMessage: en['error.guestUnlock.failed'] });
      this.deps.notifyError?.('error.guestUnlock.failed');
      return;
    }
    this.deps.connection.emit('station_unlock_ack', decision.ack);
    this.guestGranted(decision.session);
  }

  /**
   * The server's answer to this station's station_unlock_ack (guestUnlockAck).
   * A refusal of the guest session running here ends it with the §8 text; an
   * acceptance, or an answer about another station or session, changes nothing.
   */
  handleGuestUnlockAck(payload: ServerToClientPayloads['guestUnlockAck']): void {
    const current = this.current;
    if (!current?.isGuest || payload.success !== false) return;
    if (payload.sessionId !== current.sessionId) return;
    if (payload.stationId !== undefined && payload.stationId !== this.deps.getStation()?.stationId) return;
    this.log.warn(`[session] the server refused guest session ${current.sessionId}: ${payload.errorMessage ?? 'no reason given'}`);
    this.deps.notifyError?.('error.guestUnlock.failed');
    this.finish('ended-by-server', { reportAvailable: false });
  }

  private guestGranted(session: StoredSession): void {
    this.deps.notify('login.guestGranted');
    const detail: GuestUnlockSuccessDetail = {
      sessionId: session.sessionId,
      stationId: session.stationId,
      stationNumber: session.stationNumber,
      username: session.username,
    };
    this.deps.events?.dispatchEvent(new CustomEvent(GUEST_UNLOCK_SUCCESS_EVENT, { detail }));
  }

  /** Our session, or any session of this station, ended: log out (→ /login). */
  handleSessionEnded(payload: ServerToClientPayloads['sessionEnded']): void {
    if (!endsCurrent(payload, this.current, this.deps.getStation()?.stationId ?? null)) return;
    // A session replaced by a new one on this station: the station stays in use.
    this.finish('ended-by-server', { reportAvailable: payload.reason !== REPLACED });
  }

  /** Staff set this station to 'available': whatever ran on it is over. */
  handleStationStatus(payload: ServerToClientPayloads['stationStatusChanged']): void {
    if (payload.status !== 'available' || !this.current) return;
    if (payload.stationId !== this.deps.getStation()?.stationId) return;
    this.finish('station-available', { reportAvailable: false });
  }

  handleBalanceUpdate(payload: ServerToClientPayloads['sessionBalanceUpdate']): void {
    const current = this.current;
    if (payload.sessionId !== current?.sessionId) return;
    if (!current.userId) this.learnUserId(current, payload.userId);
    this.store.setState({ remainingMinutes: payload.remainingMinutes });
  }

  /** GET /client-sessions/current/{userId}: the remaining time; 404 means no session (logout). */
  async loadCurrentSession(): Promise<void> {
    const session = this.current;
    // A guest unlocked without a user id has nothing to ask about yet.
    if (!session?.userId) return;
    try {
      const current = await this.deps.api.call(currentClientSession, { params: { userId: session.userId } });
      if (this.current?.sessionId !== session.sessionId) return;
      this.store.setState({ remainingMinutes: current.remainingMinutes, isPrepaid: current.isPrepaid });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        this.log.info('[session] no active session on the server; logging out');
        this.logout('no-active-session');
        return;
      }
      this.log.warn(`[session] could not load the current session: ${describeError(error)}`);
    }
  }

  /**
   * Log out (SPEC §4): close tracked games, tell the shell (non-admin), report
   * the station available, clear auth and the stored session.
   */
  logout(reason: LogoutReason = 'logout'): void {
    this.finish(reason, { reportAvailable: true });
  }

  private finish(reason: SessionEndReason, options: { reportAvailable: boolean }): void {
    const session = this.current;
    if (!session || this.finishing === session) return;
    // Features close what the session opened (its games) while it still exists.
    const held: Promise<unknown>[] = [];
    const hold = options.reportAvailable ? (work: Promise<unknown>) => void held.push(work) : undefined;
    this.emitter.emit('ending', { session, reason, ...(hold ? { hold } : {}) });
    const rest = () => {
      this.finishing = null;
      if (this.current !== session) return;
      // SPEC §4: the logout command is for non-admins; staff sign out of admin mode instead.
      this.deps.bridge.send({ command: this.userType === 'admin' ? 'SignOutAdmin' : 'UserLogout' });
      if (options.reportAvailable) this.deps.statusSender.report('available');
      this.end(reason);
    };
    if (held.length === 0) return rest();
    // Our own logout: the releases finish with the session's token before the station reports itself available.
    this.finishing = session;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const limit = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, LOGOUT_WAIT_MS);
    });
    void Promise.race([Promise.allSettled(held), limit]).then(() => {
      clearTimeout(timer);
      rest();
    });
  }

  /** A guest unlocked without a user id learns it from the first event that names it. */
  private learnUserId(session: StoredSession, userId: string): void {
    const next = { ...session, userId };
    this.store.setState({ session: next });
    this.deps.storage.update({ session: next });
    this.deps.connection.updateUserId(userId);
  }

  private begin(
    session: StoredSession,
    how: { userType: string | null; user: User | null; remainingMinutes?: number | null },
  ): void {
    this.deps.api.setToken(authToken(session));
    this.userType = how.userType;
    this.store.setState({ ...INITIAL_SESSION_STATE, remainingMinutes: how.remainingMinutes ?? null, session });
    mark(UNLOCK_MARKS.stored);
    this.deps.storage.update({ session });
    this.deps.connection.updateUserId(session.userId);
    // The shell's window policy lets a game in front once a user is in (staff: the desktop).
    this.tellShellSignedIn(session);
    // The station is in use from now on; the report waits for the server's acknowledgment.
    this.deps.statusSender.report('in_use');
    this.emitter.emit('started', { session, user: how.user });
  }

  private end(reason: SessionEndReason): void {
    const session = this.current;
    if (!session) return;
    this.log.info(`[session] session ${session.sessionId} ended (${reason})`);
    this.deps.api.setToken(null);
    this.store.setState({ ...INITIAL_SESSION_STATE });
    this.deps.storage.update({ session: null });
    this.deps.connection.updateUserId('');
    this.userType = null;
    this.emitter.emit('ended', { session, reason });
  }
}
