/**
 * SPEC §4/§7 realtime connection: owns the socket.io connection to
 * `${serverUrl}/events`. socket.io's own reconnection is off; the one
 * reconnecting link of the kiosk and the console (`src/shared/socket/redial.ts`)
 * retries after a random 1–3 s on a failed connect or an unexpected
 * disconnect, with no attempt limit. A deliberate disconnect does not retry.
 * Every server→client payload is parsed with the shared schema (bad ones are
 * dropped with a warning) and dispatched to typed subscribers.
 */
import type { ManagerOptions, SocketOptions } from 'socket.io-client';
import type { SpawnpointBridge } from '../../../shared/bridge/protocol.js';
import { reconnectDelay } from '../../../shared/socket/reconnect.js';
import { RedialLink } from '../../../shared/socket/redial.js';
import {
  SERVER_TO_CLIENT_EVENTS,
  SOCKET_NAMESPACE,
  SOCKET_TRANSPORTS,
  connectionConfirmed,
  parseServerEvent,
  type ClientToServerPayloads,
  type ServerToClientEvent,
  type ServerToClientPayloads,
} from '../../../shared/socket/events.js';
import { Emitter } from '../events.js';
import { globalTimers, type TimerId, type Timers } from '../time/timers.js';
import { lazySocketFactory } from './lazySocket.js';
import { useConnectionStore, type ConnectionState, type ConnectionStore } from './connectionStore.js';

/** The part of a socket.io client socket this service uses (a fake in tests). */
export interface StationSocket {
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  disconnect(): unknown;
  removeAllListeners(): unknown;
}

export type SocketFactory = (
  url: string,
  options: Partial<ManagerOptions & SocketOptions>,
) => StationSocket;

/** Who this station is: the shell's connection info plus the signed-in user. */
export interface ConnectionTarget {
  serverUrl: string;
  stationId: string;
  macAddress: string;
  ipAddress: string;
  pcName: string;
  /** Sent as the handshake's `auth` when the station is enrolled (issue 9). */
  stationCredential?: string;
}

export interface ConnectionServiceDeps {
  bridge: Pick<SpawnpointBridge, 'send'>;
  /**
   * The current user id for the handshake query ('' when nobody is signed
   * in). Without it, the last id given to updateUserId is used.
   */
  getUserId?: () => string;
  createSocket?: SocketFactory;
  timers?: Timers;
  /** 0 ≤ n < 1; picks the reconnect delay. */
  random?: () => number;
  store?: ConnectionStore;
  log?: Pick<Console, 'info' | 'warn' | 'error'>;
}

type Handler<K extends ServerToClientEvent> = (payload: ServerToClientPayloads[K]) => void;

/** The retry rule (random 1–3 s) is the shared one, also the console's. */
export { reconnectDelay };

const defaultSocketFactory: SocketFactory = (url, options) => lazySocketFactory(url, options);

export class ConnectionService {
  private target: ConnectionTarget | null = null;
  private userId = '';
  private readonly events: Emitter<ServerToClientPayloads>;
  private readonly createSocket: SocketFactory;
  private readonly timers: Timers;
  private readonly store: ConnectionStore;
  private readonly log: Pick<Console, 'info' | 'warn' | 'error'>;
  private readonly link: RedialLink<StationSocket>;

  constructor(private readonly deps: ConnectionServiceDeps) {
    this.createSocket = deps.createSocket ?? defaultSocketFactory;
    this.timers = deps.timers ?? globalTimers;
    this.store = deps.store ?? useConnectionStore;
    this.log = deps.log ?? console;
    this.events = new Emitter<ServerToClientPayloads>((event, error) =>
      this.log.error(`[socket] ${String(event)} handler failed`, error),
    );
    // Staff asked for this station's screen (our server only, issue 24): the shell captures and uploads it.
    this.events.on('screenshotRequested', ({ id, uploadPath }) => this.deps.bridge.send({ command: 'ScreenShot', id, uploadPath }));
    this.link = new RedialLink<StationSocket>(
      {
        open: () => this.open(),
        bind: (socket) => {
          for (const event of SERVER_TO_CLIENT_EVENTS) {
            socket.on(event, (payload: unknown) => {
              if (this.link.current === socket) this.dispatch(event, payload);
            });
          }
        },
        opening: (dial) => {
          this.setState(dial === 'first' ? 'connecting' : 'reconnecting');
          this.store.setState((s) => ({ attempts: s.attempts + 1 }));
        },
        live: () => {
          this.store.setState({ lifecycle: 'ready', lastError: null, attempts: 0, serverRefused: false });
          this.setState('connected');
        },
        lost: (reason, how) => {
          if (how === 'connect_error') {
            this.log.warn(`[socket] connect failed: ${reason}`);
            this.store.setState((s) => ({ lastError: reason, lifecycle: s.lifecycle === 'ready' ? 'ready' : 'error' }));
          } else {
            this.log.warn(`[socket] disconnected: ${reason}`);
            this.store.setState({ lastError: reason });
          }
          this.setState('reconnecting');
        },
      },
      {
        setTimeout: (run, ms) => this.timers.setTimeout(run, ms),
        clearTimeout: (id) => this.timers.clearTimeout(id as TimerId),
        random: deps.random ?? Math.random,
      },
    );
  }

  get state(): ConnectionState {
    return this.store.getState().state;
  }

  get isConnected(): boolean {
    return this.state === 'connected';
  }

  /** Connect (or reconnect to a new target). Keeps retrying until disconnect(). */
  connect(target: ConnectionTarget): void {
    this.target = target;
    this.link.start();
  }

  /** Deliberate disconnect: no retry. */
  disconnect(): void {
    this.target = null;
    this.link.stop();
    this.setState('disconnected');
  }

  /** Subscribe to a validated server event. Returns the unsubscribe function. */
  on<K extends ServerToClientEvent>(event: K, handler: Handler<K>): () => void {
    return this.events.on(event, handler);
  }

  /** Send a client→server event. Returns false (and sends nothing) when not connected. */
  emit<K extends keyof ClientToServerPayloads>(event: K, payload: ClientToServerPayloads[K]): boolean {
    const socket = this.link.current;
    if (!socket || !this.isConnected) {
      this.log.warn(`[socket] not connected; ${event} not sent`);
      return false;
    }
    socket.emit(event, payload);
    return true;
  }

  /** SPEC §7: updateUserId only when connected; the ack is read and ignored. */
  updateUserId(userId: string): boolean {
    this.userId = userId;
    const socket = this.link.current;
    if (!socket || !this.isConnected) return false;
    socket.emit('updateUserId', { userId }, () => undefined);
    return true;
  }

  /** A fresh socket to the target's /events, with the station's handshake (the link dials it). */
  private open(): StationSocket {
    const target = this.target as ConnectionTarget;
    const url = `${target.serverUrl.replace(/\/+$/, '')}${SOCKET_NAMESPACE}`;
    return this.createSocket(url, {
      transports: [...SOCKET_TRANSPORTS],
      reconnection: false,
      forceNew: true,
      query: {
        clientType: 'station',
        stationId: target.stationId,
        macAddress: target.macAddress,
        ipAddress: target.ipAddress,
        stationName: target.pcName,
        userId: this.deps.getUserId?.() ?? this.userId,
      },
      ...(target.stationCredential ? { auth: { stationCredential: target.stationCredential } } : {}),
    });
  }

  private dispatch(event: ServerToClientEvent, payload: unknown): void {
    const parsed = parseServerEvent(event, payload);
    if (!parsed.ok) {
      this.log.warn(`[socket] dropped ${event}: ${parsed.error}`);
      return;
    }
    // The server's word on this connection (connectionStatus) is kept for the banner.
    if (event === 'connectionStatus') {
      this.store.setState({ serverRefused: !connectionConfirmed(parsed.data as ServerToClientPayloads['connectionStatus']) });
    }
    this.events.emit(event, parsed.data as ServerToClientPayloads[typeof event]);
  }

  /** The one place state changes; entering/leaving connected tells the shell. */
  private setState(next: ConnectionState): void {
    const previous = this.store.getState().state;
    if (previous === next) return;
    this.store.setState({ state: next });
    if (next === 'connected') this.deps.bridge.send({ command: 'ConnectionRestored' });
    else if (previous === 'connected') this.deps.bridge.send({ command: 'ConnectionLost' });
  }
}
