/**
 * What every route module and socket handler is given: the infrastructure
 * (database, clock, tokens, the station events, budgets, coordination) plus
 * the services the domains add. This file imports no domain: a domain that
 * puts a service on the context declares it beside the service, e.g.
 *
 *   declare module '../context.js' {
 *     interface ServerServices { sessions: SessionService }
 *   }
 *
 * and `app.ts` (the top) builds it. A domain is one register function that
 * `app.ts` lists (`Domain`).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AuditSink } from './authority/audit.js';
import type { TokenService } from './authority/tokens.js';
import type { Clock } from './clock/clock.js';
import type { Coordination } from './cluster/coordination.js';
import type { Db } from './db/schema.js';
import type { Budgets } from './http/budgets.js';
import type { ServerToClientEvent, ServerToClientPayloads } from '../shared/socket/events.js';
import type { SecretBox } from './crypto/secret-box.js';

/** The station events (made by `realtime/station-events.ts`): what the domains send to a station, and who hears it. */
/** Told of every event sent to a station and of every station (dis)connection (the friends' presence follows them). */
export interface StationObserver {
  emitted?(stationId: string, event: ServerToClientEvent, payload: unknown): void;
  connectionChanged?(stationId: string, connected: boolean): void;
}

export interface StationEvents {
  emit<K extends ServerToClientEvent>(stationId: string, event: K, payload: ServerToClientPayloads[K]): void;
  /** Adds an observer; observers must not throw (they are called synchronously). */
  observe(observer: StationObserver): void;
  /** Called by the socket server when a station's socket connects or disconnects. */
  connectionChanged(stationId: string, connected: boolean): void;
  /** True while a socket of the station is connected, to this node or to another live node of the cafe. */
  isConnected(stationId: string): Promise<boolean>;
  /** Of these stations (all when omitted), those connected to any live node. */
  connectedStations(stationIds?: readonly string[]): Promise<Set<string>>;
  /** Closes the station's sockets (its credential was revoked). */
  disconnect(stationId: string): void;
}

export interface LoginRateLimit {
  /** Attempts allowed per window for one IP + username. */
  max: number;
  windowMs: number;
}

/** The services the domains put on the context (each declared by its domain, see above). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging, one domain at a time
export interface ServerServices {}

export interface ServerContext extends ServerServices {
  db: Db;
  clock: Clock;
  tokens: TokenService;
  events: StationEvents;
  log: FastifyBaseLogger;
  loginRateLimit: LoginRateLimit;
  budgets: Budgets;
  /** The base of every link the server hands out (emails, QR codes): configured, never the Host header. */
  publicUrl(): string;
  /** fingerprint256 of the TLS certificate served; null on plain HTTP. */
  certificateFingerprint: string | null;
  /** What this node shares with the other nodes of the cafe (issue 16; one node: itself). */
  coordination: Coordination;
  /** Seals the centre accounts' passwords and the second factors' secrets at rest (`crypto/secret-box.ts`). */
  secrets: SecretBox;
  /** The audit log of staff actions (issue 15; `authority/audit.ts`). */
  audit: AuditSink;
}

/** One domain of the server: its routes (and timers), registered by `app.ts` from its list. */
export interface Domain {
  name: string;
  register(app: FastifyInstance, ctx: ServerContext): void | Promise<void>;
}
