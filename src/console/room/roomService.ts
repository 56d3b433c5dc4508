/**
 * The room, live: the stations the server pushes on /staff (no polling), the
 * selection, the receipts of what staff sent, and the actions on one station
 * or many (each through the admin route the CLI uses). A one-second tick keeps
 * elapsed times moving.
 */
import { adminCommand, adminEndSession, adminSetStatus, adminUnlockGuest } from '../../shared/api/admin.js';
import { consoleReceipts, consoleRoom, createHold, holdList, releaseHold, type Hold, type Receipt, type RoomStation } from '../../shared/api/console.js';
import { KNOWN_STATION_STATUSES, LOCK_STATUS } from '../../shared/entities.js';
import type { StationCommandName } from '../../shared/socket/events.js';
import type { Http } from '../core/http.js';
import type { StaffSocket } from '../core/staffSocket.js';
import { errorText as message } from '../core/act.js';
import { createRoomStore, type RoomStore } from './roomStore.js';

export type TileState = 'available' | 'in_use' | 'maintenance' | 'offline' | 'reserved' | 'lost' | 'locked';
export const LEGEND: readonly TileState[] = ['available', 'in_use', 'reserved', 'maintenance', 'offline', 'lost', 'locked'];

/**
 * Lock with a message (issue 23): the status `locked` with staff's words beside it (`adminSetStatus`'s
 * `message`). The station shows the SPEC's 'Station Not Available' and 'Station {number} is currently locked',
 * then the message on a line of its own; a server that sends only the status gets the SPEC's lines alone.
 * At most 200 characters (the route's limit for a message, not the 32 of a status).
 */
export const LOCK_MESSAGE_MAX = 200;
const KNOWN_STATUSES = new Set<string>(KNOWN_STATION_STATUSES);

/**
 * A receipt's action in words: a lock reads with its message; a status the SPEC does not name (set by a
 * tool that sends the words as the status, or an older console) reads as a lock with those words.
 */
export function receiptAction(action: string, message?: string | null): { lock: string } | null {
  if (action === 'lock') return { lock: message ?? '' };
  const status = action.startsWith('status:') ? action.slice('status:'.length) : null;
  return status !== null && !KNOWN_STATUSES.has(status) && status !== LOCK_STATUS ? { lock: status } : null;
}

/** The message as it will be sent, or null when it cannot be one (empty or too long). */
export function lockMessage(text: string): string | null {
  const message = text.trim().replace(/\s+/g, ' ');
  if (!message || message.length > LOCK_MESSAGE_MAX) return null;
  return message;
}

/** Staff's words on a locked tile: the message sent with the lock, else a status the SPEC does not name; null for a bare lock. */
export function lockWords(station: Pick<RoomStation, 'status' | 'statusMessage'>): string | null {
  if (station.statusMessage) return station.statusMessage;
  return KNOWN_STATUSES.has(station.status) || station.status === LOCK_STATUS ? null : station.status;
}

export function tileState(station: RoomStation): TileState {
  if (!station.online && station.currentSession) return 'lost';
  // What staff set (maintenance, a hold) shows even while the PC is off; the tile adds that it is offline.
  if (station.status === 'maintenance' || station.status === 'reserved') return station.status;
  // A staff lock (with its message), or any status the SPEC does not name: an offline PC gets it when it reconnects.
  if (!KNOWN_STATUSES.has(station.status)) return 'locked';
  if (!station.online || station.status === 'offline') return 'offline';
  if (station.currentSession || station.status === 'in_use') return 'in_use';
  return 'available';
}

/** The actions the toolbar offers for a selection (issue 23: only what applies to what is selected). */
export interface Offered {
  /**
   * A free PC to start a guest on: no session, not held, in maintenance or locked. An offline one is
   * offered too: the receipt says it failed and nothing starts (the tile already reads offline).
   */
  unlock: boolean;
  /** A live session to end or log out. */
  session: boolean;
  /** A PC to restart, shut down or open the task manager on: shown for any selection, usable only if one is connected. */
  power: boolean;
  /**
   * At least one chosen PC is connected, so a command the station must carry out (restart, shut down, task
   * manager, log out, rename) can reach it. When none is, those are disabled with the reason (issue 23); the
   * server refuses them anyway and the receipt says why.
   */
  reachable: boolean;
  /** A live session on a connected PC: one that can be logged out (ending a session is the server's, it always works). */
  logout: boolean;
  /** The numbers of the chosen PCs that are not connected, for the reason beside what they cannot do. */
  offline: number[];
  /** A screen locked with a message to give back. */
  unlockScreen: boolean;
  /** One PC: rename. */
  rename: boolean;
  /** Anything selected: lock with a message, set status, hold. */
  any: boolean;
}

export function offeredActions(stations: readonly RoomStation[], selected: readonly string[]): Offered {
  const chosen = stations.filter((s) => selected.includes(s.id));
  const states = chosen.map(tileState);
  return {
    unlock: chosen.some((s, i) => !s.currentSession && (states[i] === 'available' || states[i] === 'offline')),
    session: chosen.some((s) => s.currentSession),
    power: chosen.length > 0,
    reachable: chosen.some((s) => s.online),
    logout: chosen.some((s) => s.currentSession && s.online),
    offline: chosen.filter((s) => !s.online).map((s) => s.number),
    unlockScreen: states.includes('locked'),
    rename: chosen.length === 1,
    any: chosen.length > 0,
  };
}

/** The hold that makes a station read reserved now, or the next one coming, for the tile. */
export function holdFor(holds: readonly Hold[], stationId: string): Hold | null {
  const mine = holds.filter((h) => h.stationId === stationId && h.state !== 'released');
  return mine.find((h) => h.state === 'active') ?? mine.sort((a, b) => a.startsAt.localeCompare(b.startsAt))[0] ?? null;
}

export type RoomAction =
  | { kind: 'unlock'; minutes?: number }
  | { kind: 'end' }
  | { kind: 'status'; status: string }
  /** Lock the screen showing the message; unlocking gives the screen back without ending the session. */
  | { kind: 'lock'; message: string }
  | { kind: 'unlockScreen' }
  | { kind: 'command'; command: StationCommandName; newName?: string };

export class RoomService {
  private stops: (() => void)[] = [];

  constructor(
    private readonly http: Http,
    private readonly socket: StaffSocket,
    readonly store: RoomStore = createRoomStore(),
  ) {}

  async start(): Promise<void> {
    this.stop();
    this.stops.push(
      this.socket.on('roomUpdated', (stations) => {
        this.store.setState({ stations, loaded: true });
        // A hold starting or ending changes the room: its list follows.
        void this.loadHolds();
      }),
    );
    this.stops.push(this.socket.on('commandReceipt', (receipt) => this.putReceipt(receipt)));
    // Back after being away: what was pushed meanwhile is lost, so the room is read again.
    this.stops.push(this.socket.onBack(() => void this.load()));
    const tick = setInterval(() => this.store.setState({ now: Date.now() }), 1000);
    this.stops.push(() => clearInterval(tick));
    await this.load();
  }

  /** Reads the room, the receipts and the holds from the server. */
  async load(): Promise<void> {
    try {
      const [stations, receipts] = await Promise.all([this.http.call(consoleRoom), this.http.call(consoleReceipts)]);
      this.store.setState({ stations, receipts, loaded: true, error: null });
      await this.loadHolds();
    } catch (error) {
      this.store.setState({ error: message(error) });
    }
  }

  stop(): void {
    for (const stop of this.stops.splice(0)) stop();
  }

  toggle(stationId: string): void {
    const { selected } = this.store.getState();
    this.store.setState({ selected: selected.includes(stationId) ? selected.filter((id) => id !== stationId) : [...selected, stationId] });
  }

  selectOnly(stationId: string): void {
    this.store.setState({ selected: [stationId] });
  }

  selectAll(): void {
    this.store.setState({ selected: this.store.getState().stations.map((s) => s.id) });
  }

  clear(): void {
    this.store.setState({ selected: [] });
  }

  /** The live sessions an action on these stations would hit. */
  preview(stationIds: string[]): RoomStation[] {
    return this.store.getState().stations.filter((s) => stationIds.includes(s.id) && s.currentSession);
  }

  /** Runs an action on each station; the receipts tell how each went. */
  async run(stationIds: string[], action: RoomAction): Promise<void> {
    this.store.setState({ error: null });
    const stations = this.store.getState().stations;
    const results = await Promise.allSettled(
      stationIds.map(async (stationId) => {
        const params = { stationId };
        if (action.kind === 'unlock') return this.http.call(adminUnlockGuest, { params, body: action.minutes ? { minutes: action.minutes } : {} });
        if (action.kind === 'status') return this.http.call(adminSetStatus, { params, body: { status: action.status } });
        if (action.kind === 'lock') return this.http.call(adminSetStatus, { params, body: { status: LOCK_STATUS, message: action.message } });
        if (action.kind === 'unlockScreen') {
          // 'available' would end a running session: a station with one goes back to in_use.
          const busy = stations.find((s) => s.id === stationId)?.currentSession;
          return this.http.call(adminSetStatus, { params, body: { status: busy ? 'in_use' : 'available' } });
        }
        if (action.kind === 'command') {
          return this.http.call(adminCommand, { params, body: { command: action.command, ...(action.newName ? { newName: action.newName } : {}) } });
        }
        const session = stations.find((s) => s.id === stationId)?.currentSession;
        if (session) return this.http.call(adminEndSession, { params: { sessionId: session.sessionId } });
        return null;
      }),
    );
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) this.store.setState({ error: message(failed.reason) });
  }

  async loadHolds(): Promise<void> {
    try {
      this.store.setState({ holds: await this.http.call(holdList) });
    } catch {
      // the room's own error is enough
    }
  }

  /** Holds the stations from a time to a time (YYYY-MM-DDTHH:mm values of the date-and-time field, the desk's time zone). */
  async hold(stationIds: string[], input: { label: string; customer: string; from: string; to: string }): Promise<boolean> {
    this.store.setState({ error: null });
    try {
      await this.http.call(createHold, {
        body: {
          stationIds,
          label: input.label,
          ...(input.customer.trim() ? { customer: input.customer.trim() } : {}),
          startsAt: new Date(input.from).toISOString(),
          endsAt: new Date(input.to).toISOString(),
        },
      });
      await this.loadHolds();
      return true;
    } catch (error) {
      this.store.setState({ error: message(error) });
      return false;
    }
  }

  async release(holdId: string): Promise<void> {
    try {
      await this.http.call(releaseHold, { params: { id: holdId } });
      await this.loadHolds();
    } catch (error) {
      this.store.setState({ error: message(error) });
    }
  }

  private putReceipt(receipt: Receipt): void {
    const receipts = this.store.getState().receipts.filter((r) => r.id !== receipt.id);
    this.store.setState({ receipts: [receipt, ...receipts].slice(0, 100) });
  }
}
