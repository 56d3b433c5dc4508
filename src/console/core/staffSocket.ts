/**
 * The console's live channel: socket.io namespace /staff on the same origin.
 * The browser sends the session cookie with the handshake; every event is
 * parsed with its shared schema before a service sees it.
 *
 * It never loses the room (issue 23): the kiosk's retry rules (SPEC §4,
 * `src/renderer/core/connection/connectionService.ts`) — socket.io's own
 * reconnection is off, and after ANY unexpected disconnect (the server's own
 * "io server disconnect" at a restart included, which socket.io would never
 * retry by itself), a failed connect, a network drop or a node dying behind
 * the proxy, a fresh socket is opened after a random 1–3 s, with no attempt
 * limit, until a deliberate disconnect() (sign-out): the kiosk's own
 * reconnecting link, `src/shared/socket/redial.ts`. Each time the link comes
 * back after being away, `onBack` listeners re-read what the pushes kept live
 * (the room, the inbox), since events sent while away are lost.
 */
import { io, type ManagerOptions, type SocketOptions } from 'socket.io-client';
import { createStore } from 'zustand/vanilla';
import { RedialLink, type RedialSocket } from '../../shared/socket/redial.js';
import { STAFF_NAMESPACE, staffServerToClientSchemas, type StaffEvent, type StaffPayloads } from '../../shared/socket/staff-events.js';

/**
 * idle: not asked to connect (signed out). connecting: the first dial. live: connected.
 * away: was asked to stay connected and is not (lost, or never reached): retrying.
 */
export type LinkPhase = 'idle' | 'connecting' | 'live' | 'away';

export interface LinkState {
  phase: LinkPhase;
  connected: boolean;
  error: string | null;
  /** When the link went away (ms), null while live or idle. */
  awaySince: number | null;
  /** Dials since the link was last live. */
  attempts: number;
}

/** The part of a socket.io client socket the channel uses (a fake in tests). */
export interface StaffClientSocket extends RedialSocket {
  on(event: string, listener: (...args: never[]) => void): unknown;
}

export type StaffSocketFactory = (path: string, options: Partial<ManagerOptions & SocketOptions>) => StaffClientSocket;

export interface StaffSocketDeps {
  createSocket?: StaffSocketFactory;
  setTimeout?: (run: () => void, ms: number) => unknown;
  clearTimeout?: (id: unknown) => void;
  /** 0 ≤ n < 1; picks the retry delay. */
  random?: () => number;
  now?: () => number;
}

/** Errors of the transport (the server is not there), as opposed to the server refusing the handshake. */
const TRANSPORT_ERRORS = /^(websocket error|xhr poll error|timeout|xhr post error|transport (close|error))$/i;
export const isRefusal = (message: string) => !TRANSPORT_ERRORS.test(message.trim());

const initialLink = (): LinkState => ({ phase: 'idle', connected: false, error: null, awaySince: null, attempts: 0 });

export class StaffSocket {
  readonly link = createStore<LinkState>(initialLink);
  /** Was the link away (lost or refused) since it was last live: its next connect is a return. */
  protected wasAway = false;
  private handlers = new Map<StaffEvent, Set<(payload: never) => void>>();
  private backListeners = new Set<() => void>();
  private refusalListeners = new Set<(message: string) => void>();
  private readonly redial: RedialLink<StaffClientSocket>;
  private readonly now: () => number;

  constructor(deps: StaffSocketDeps = {}) {
    const createSocket = deps.createSocket ?? ((path, options) => io(path, options) as unknown as StaffClientSocket);
    this.now = deps.now ?? Date.now;
    this.redial = new RedialLink<StaffClientSocket>(
      {
        open: () =>
          createSocket(STAFF_NAMESPACE, {
            withCredentials: true,
            transports: ['websocket', 'polling'],
            reconnection: false,
            forceNew: true,
          }),
        bind: (socket) => {
          for (const event of Object.keys(staffServerToClientSchemas) as StaffEvent[]) {
            socket.on(event, (raw: never) => {
              if (this.redial.current !== socket) return;
              const parsed = staffServerToClientSchemas[event].safeParse(raw);
              if (parsed.success) this.deliver(event, parsed.data as StaffPayloads[typeof event]);
            });
          }
        },
        opening: (dial) => this.link.setState((s) => ({ phase: dial === 'first' ? 'connecting' : 'away', attempts: s.attempts + 1 })),
        live: (back) => {
          this.wasAway = back;
          this.live();
        },
        lost: (reason, how) => {
          this.away(reason);
          if (how === 'connect_error' && isRefusal(reason)) this.refused(reason);
        },
      },
      { setTimeout: deps.setTimeout, clearTimeout: deps.clearTimeout, random: deps.random },
    );
  }

  /** Stay connected until disconnect(): dials now and again after every loss. */
  connect(): void {
    if (this.redial.running) return;
    this.wasAway = false;
    this.redial.start();
  }

  /** Deliberate (sign-out): closes and does not retry. */
  disconnect(): void {
    this.redial.stop();
    this.link.setState(initialLink());
  }

  on<K extends StaffEvent>(event: K, handler: (payload: StaffPayloads[K]) => void): () => void {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler as (payload: never) => void);
    this.handlers.set(event, set);
    return () => set.delete(handler as (payload: never) => void);
  }

  /** Called each time the link is live again after being away: re-read what the events kept live. */
  onBack(listener: () => void): () => void {
    this.backListeners.add(listener);
    return () => this.backListeners.delete(listener);
  }

  /** Called when the server refuses the handshake (not a transport error): the session may be over. */
  onRefused(listener: (message: string) => void): () => void {
    this.refusalListeners.add(listener);
    return () => this.refusalListeners.delete(listener);
  }

  /** Hands a parsed event to its handlers (the socket's, or a test's fake server). */
  protected deliver<K extends StaffEvent>(event: K, payload: StaffPayloads[K]): void {
    for (const handler of this.handlers.get(event) ?? []) (handler as (p: unknown) => void)(payload);
  }

  /** The link is live: tells the listeners when it is a return. */
  protected live(): void {
    const back = this.wasAway;
    this.wasAway = false;
    this.link.setState({ phase: 'live', connected: true, error: null, awaySince: null, attempts: 0 });
    if (back) for (const listener of [...this.backListeners]) listener();
  }

  /** The link is lost or was refused: away until the shared link's next dial (the kiosk's delay). */
  protected away(error: string | null): void {
    this.wasAway = true;
    const { awaySince } = this.link.getState();
    this.link.setState({ phase: 'away', connected: false, error, awaySince: awaySince ?? this.now() });
  }

  /** The server refused the handshake: the listeners check the session. */
  protected refused(message: string): void {
    for (const listener of [...this.refusalListeners]) listener(message);
  }
}
