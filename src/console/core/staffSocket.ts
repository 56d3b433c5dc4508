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
 * the proxy, a fresh socket is opened after a random 1–3 s (the one rule,
 * `src/shared/socket/reconnect.ts`), with no attempt
 * limit, until a deliberate disconnect() (sign-out). Each time the link comes
 * back after being away, `onBack` listeners re-read what the pushes kept live
 * (the room, the inbox), since events sent while away are lost.
 */
import { io, type ManagerOptions, type SocketOptions } from 'socket.io-client';
import { createStore } from 'zustand/vanilla';
import { reconnectDelay } from '../../shared/socket/reconnect.js';
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
export interface StaffClientSocket {
  on(event: string, listener: (...args: never[]) => void): unknown;
  disconnect(): unknown;
  removeAllListeners(): unknown;
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
  private socket: StaffClientSocket | null = null;
  private wanted = false;
  private retryTimer: unknown = null;
  /** Was the link away (lost or refused) since it was last live: its next connect is a return. */
  protected wasAway = false;
  private handlers = new Map<StaffEvent, Set<(payload: never) => void>>();
  private backListeners = new Set<() => void>();
  private refusalListeners = new Set<(message: string) => void>();
  private readonly deps: Required<StaffSocketDeps>;

  constructor(deps: StaffSocketDeps = {}) {
    this.deps = {
      createSocket: deps.createSocket ?? ((path, options) => io(path, options) as unknown as StaffClientSocket),
      setTimeout: deps.setTimeout ?? ((run, ms) => globalThis.setTimeout(run, ms)),
      clearTimeout: deps.clearTimeout ?? ((id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>)),
      random: deps.random ?? Math.random,
      now: deps.now ?? Date.now,
    };
  }

  /** Stay connected until disconnect(): dials now and again after every loss. */
  connect(): void {
    if (this.wanted) return;
    this.wanted = true;
    this.wasAway = false;
    this.open('connecting');
  }

  /** Deliberate (sign-out): closes and does not retry. */
  disconnect(): void {
    this.wanted = false;
    this.clearRetry();
    this.drop();
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

  /** The link is lost or was refused: away, and a new dial after the kiosk's delay. */
  protected away(error: string | null): void {
    this.drop();
    if (!this.wanted) return;
    this.wasAway = true;
    const { awaySince } = this.link.getState();
    this.link.setState({ phase: 'away', connected: false, error, awaySince: awaySince ?? this.deps.now() });
    this.clearRetry();
    this.retryTimer = this.deps.setTimeout(() => {
      this.retryTimer = null;
      this.open('away');
    }, reconnectDelay(this.deps.random()));
  }

  /** The server refused the handshake: the listeners check the session. */
  protected refused(message: string): void {
    for (const listener of [...this.refusalListeners]) listener(message);
  }

  private open(phase: 'connecting' | 'away'): void {
    if (!this.wanted) return;
    this.link.setState((s) => ({ phase, attempts: s.attempts + 1 }));
    const socket = this.deps.createSocket(STAFF_NAMESPACE, {
      withCredentials: true,
      transports: ['websocket', 'polling'],
      reconnection: false,
      forceNew: true,
    });
    this.socket = socket;
    socket.on('connect', () => {
      if (this.socket === socket) this.live();
    });
    socket.on('disconnect', (reason: string) => {
      if (this.socket === socket) this.away(String(reason));
    });
    socket.on('connect_error', (error: Error) => {
      if (this.socket !== socket) return;
      const text = error?.message ?? String(error);
      this.away(text);
      if (isRefusal(text)) this.refused(text);
    });
    for (const event of Object.keys(staffServerToClientSchemas) as StaffEvent[]) {
      socket.on(event, (raw: unknown) => {
        if (this.socket !== socket) return;
        const parsed = staffServerToClientSchemas[event].safeParse(raw);
        if (parsed.success) this.deliver(event, parsed.data as StaffPayloads[typeof event]);
      });
    }
  }

  private drop(): void {
    const socket = this.socket;
    if (!socket) return;
    this.socket = null;
    socket.removeAllListeners();
    socket.disconnect();
  }

  private clearRetry(): void {
    if (this.retryTimer === null) return;
    this.deps.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }
}
