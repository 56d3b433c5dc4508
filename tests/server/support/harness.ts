/**
 * A real cafe server on 127.0.0.1:0 over in-memory SQLite (or, in the node-pg
 * vitest project, a fresh PostgreSQL database), a manual clock, and real station sockets.
 */
import type { Socket } from 'socket.io-client';
import type { z } from 'zod';
import { errorBodySchema, routePath, type ErrorBody, type Route } from '../../../src/shared/api/route.js';
import {
  serverToClientSchemas,
  type ServerToClientEvent,
  type ServerToClientPayloads,
} from '../../../src/shared/socket/events.js';
import * as routes from '../../../src/shared/api/routes.js';
import { buildServer, type CafeServer, type ServerOptions } from '../../../src/server/app.js';
import { ManualClock } from '../../../src/server/clock/clock.js';
import type { Database } from '../../../src/server/db/schema.js';
import { normaliseMac } from '../../../src/server/db/ids.js';
import { openEventsSocket } from '../../support/events-socket.js';
import { fetchReply } from '../../support/http.js';
import { freshDatabaseUrl, testingOnPostgres } from '../../support/postgres.js';
import { demoMac, demoStationId } from '../../../src/server/seed/demo.js';
import { exchangePairingCode, issuePairingCode } from '../../../src/server/stations/enrolment.js';
import { DEMO_ADMIN, DEMO_STAFF } from '../../../src/server/seed/console.js';
import { signInDemoAdmin } from '../../support/demo-admin.js';

export interface TestServer {
  server: CafeServer;
  url: string;
  clock: ManualClock;
  /** Every demo station is enrolled: its credential by station id. */
  credentials: Map<string, string>;
  close(): Promise<void>;
}

/** Credentials of the enrolled demo stations, by server URL then station id (the harness plays each kiosk). */
const enrolled = new Map<string, Map<string, string>>();
/** Each server's clock and the demo admin's token on it (adminToken below). */
const clocks = new Map<string, ManualClock>();
const adminTokens = new Map<string, Promise<string>>();

export async function startServer(options: Partial<ServerOptions> = {}): Promise<TestServer> {
  const clock = new ManualClock();
  const server = await buildServer({
    dbPath: testingOnPostgres() ? await freshDatabaseUrl() : ':memory:',
    seed: 'demo',
    jwtSecret: 'test-secret',
    clock,
    loginRateLimit: { max: 1000, windowMs: 60_000 },
    // Tests of other things are not slowed by the request budgets (tests/security checks them as shipped).
    budgetScale: 100,
    devOAuth: true,
    ...options,
  });
  const url = await server.listen({ port: 0, host: '127.0.0.1' });
  const credentials = new Map<string, string>();
  for (const { id } of await server.db.selectFrom('stations').select('id').execute()) {
    const { code } = await issuePairingCode(server.db, clock, id);
    const credential = await exchangePairingCode(server.db, clock, { stationId: id, pairingCode: code });
    if (credential) credentials.set(id, credential);
  }
  enrolled.set(url, credentials);
  clocks.set(url, clock);
  adminTokens.delete(url);
  return {
    server,
    url,
    clock,
    credentials,
    close: () => {
      enrolled.delete(url);
      clocks.delete(url);
      adminTokens.delete(url);
      return server.close();
    },
  };
}

/** The credential of the demo station a request body names (by stationId or MAC), if enrolled. */
function credentialFor(url: string, body: unknown): string | undefined {
  const known = enrolled.get(url);
  if (!known || typeof body !== 'object' || body === null) return undefined;
  const { stationId, macAddress } = body as { stationId?: unknown; macAddress?: unknown };
  if (typeof stationId === 'string' && known.has(stationId)) return known.get(stationId);
  if (typeof macAddress === 'string') {
    const match = /^02:53:50:00:00:(\d\d)$/.exec(normaliseMac(macAddress));
    if (match) return known.get(demoStationId(Number(match[1])));
  }
  return undefined;
}

/** The credential of enrolled demo station N on this server. */
export function stationCredential(url: string, stationNumber: number): string {
  const credential = enrolled.get(url)?.get(demoStationId(stationNumber));
  if (!credential) throw new Error(`station ${stationNumber} is not enrolled on ${url}`);
  return credential;
}

export interface ApiResult {
  status: number;
  body: unknown;
}

/** A raw HTTP call; the body is whatever came back (JSON parsed when it is JSON). */
export async function api(
  url: string,
  method: string,
  path: string,
  options: { body?: unknown; raw?: string; token?: string; contentType?: string; credential?: string | null } = {},
): Promise<ApiResult> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  // The kiosk presents its credential on every call: the station named in the body, unless told otherwise.
  const credential = options.credential === undefined ? credentialFor(url, options.body) : options.credential;
  if (credential) headers['x-station-credential'] = credential;
  let body: string | undefined;
  if (options.raw !== undefined) body = options.raw;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
  const reply = await fetchReply(`${url}${path}`, { method, headers, body });
  return { status: reply.status, body: reply.body };
}

export interface CallInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  token?: string;
  /** The station credential to present; default: the enrolled station the body names; null: none. */
  credential?: string | null;
}

function routeUrl(route: Route, input: CallInput): string {
  const query = new URLSearchParams(Object.entries(input.query ?? {}).map(([k, v]) => [k, String(v)]));
  const qs = query.size > 0 ? `?${query}` : '';
  return `${routePath(route.path, input.params)}${qs}`;
}

/** Calls a route, expects 200, and parses the answer with the route's response schema. */
export async function ok<T extends Route>(url: string, route: T, input: CallInput = {}): Promise<z.output<T['response']>> {
  const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : (input.body ?? {});
  const res = await api(url, route.method, routeUrl(route, input), { body, token: input.token, credential: input.credential });
  if (res.status !== 200) throw new Error(`${route.method} ${route.path}: ${res.status} ${JSON.stringify(res.body)}`);
  return route.response.parse(res.body) as z.output<T['response']>;
}

/** Calls a route expecting an error; returns the status and the parsed error body. */
export async function fail(url: string, route: Route, input: CallInput = {}): Promise<ErrorBody> {
  const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : (input.body ?? {});
  const res = await api(url, route.method, routeUrl(route, input), { body, token: input.token, credential: input.credential });
  if (res.status < 400) throw new Error(`${route.method} ${route.path}: expected an error, got ${res.status}`);
  return errorBodySchema.parse(res.body);
}

export const station = (n: number) => ({ stationId: demoStationId(n), macAddress: demoMac(n) });

/** Demo station N's shell reports the games whose process it sees running (issue 22), with its credential. */
export function reportRunning(url: string, stationNumber: number, jsonIds: string[]) {
  return ok(url, routes.reportStationRunning, {
    params: { stationId: demoStationId(stationNumber) },
    body: { jsonIds },
    credential: stationCredential(url, stationNumber),
  });
}

/**
 * Time passes while demo station N runs these games: its shell reports them
 * first, then at least once a clock minute, as the real shell does.
 */
export async function runFor(url: string, clock: ManualClock, stationNumber: number, jsonIds: string[], ms: number): Promise<void> {
  await reportRunning(url, stationNumber, jsonIds);
  for (let left = ms; left > 0; left -= 60_000) {
    await clock.advance(Math.min(60_000, left));
    await reportRunning(url, stationNumber, jsonIds);
  }
}

export function login(url: string, username: string, password: string, stationNumber: number) {
  return ok(url, routes.login, { body: { username, password, macAddress: demoMac(stationNumber) } });
}

/** The demo desk member's bearer token (the desk has no second factor): a fresh sign-in at each call. */
export async function deskToken(url: string): Promise<string> {
  const { accessToken } = await ok(url, routes.adminLogin, { body: { username: DEMO_STAFF.username, password: DEMO_STAFF.password } });
  return accessToken;
}

/**
 * The demo owner `admin`'s token, signed in with its authenticator's code at
 * the server's clock (an owner without one gets no token, issue 22); one per
 * server, kept (a step's code signs in once).
 */
export function adminToken(url: string): Promise<string> {
  let token = adminTokens.get(url);
  if (!token) {
    const clock = clocks.get(url);
    token = signInDemoAdmin(
      () => clock?.now() ?? Date.now(),
      async (totp) => {
        const res = await api(url, 'POST', '/admin/login', { body: { username: DEMO_ADMIN.username, password: DEMO_ADMIN.password, totp } });
        const body = (res.body ?? {}) as { accessToken?: string; message?: string };
        return { status: res.status, ...body };
      },
    );
    token.catch(() => adminTokens.delete(url));
    adminTokens.set(url, token);
  }
  return token;
}

export async function rowCounts(server: CafeServer): Promise<Record<string, number>> {
  const tables: (keyof Database)[] = [
    'station_groups',
    'stations',
    'heartbeats',
    'users',
    'announcements',
    'wifi_qr',
    'client_sessions',
    'games',
    'guest_unlock_acks',
    'station_commands',
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await server.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = row.n;
  }
  return counts;
}

interface Received {
  event: string;
  payload: unknown;
  taken: boolean;
}

/** A station's socket that records every event it receives. */
export class StationSocket {
  readonly received: Received[] = [];
  private waiters: (() => void)[] = [];

  constructor(readonly socket: Socket) {
    socket.onAny((event: string, payload: unknown) => {
      this.received.push({ event, payload, taken: false });
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  /**
   * The next not-yet-taken event of this name (matching `where`), waiting up
   * to `timeoutMs`. The payload must parse with the shared event schema.
   */
  async next<K extends ServerToClientEvent>(
    event: K,
    where: (payload: ServerToClientPayloads[K]) => boolean = () => true,
    timeoutMs = 3000,
  ): Promise<ServerToClientPayloads[K]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = this.received.find(
        (r) => !r.taken && r.event === event && where(r.payload as ServerToClientPayloads[K]),
      );
      if (hit) {
        hit.taken = true;
        return serverToClientSchemas[event].parse(hit.payload) as ServerToClientPayloads[K];
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        const seen = this.received.map((r) => r.event).join(', ') || 'nothing';
        throw new Error(`no '${event}' within ${timeoutMs} ms (received: ${seen})`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  count(event: string): number {
    return this.received.filter((r) => r.event === event).length;
  }

  close(): void {
    this.socket.close();
  }
}

/** Opens /events with the SPEC's query; the credential defaults to the enrolled station's (null: none). */
export function connectSocket(
  url: string,
  query: Record<string, string>,
  credential: string | null = credentialFor(url, query) ?? null,
): Promise<StationSocket> {
  return openEventsSocket(url, query, credential, (socket) => new StationSocket(socket));
}

/**
 * A station socket as the kiosk opens it. The server greets every connection
 * with the station's current status (reconciliation); that greeting is taken
 * here, so tests see only what happens next. Pass userId as the kiosk does
 * when it still holds a session.
 */
export async function connectStation(url: string, stationNumber: number, userId = ''): Promise<StationSocket> {
  const socket = await connectSocket(url, {
    clientType: 'station',
    ...station(stationNumber),
    ipAddress: '192.168.1.50',
    stationName: `PC-0${stationNumber}`,
    userId,
  });
  await socket.next('stationStatusChanged');
  return socket;
}

/** Lets in-flight socket messages arrive before asserting that something did NOT happen. */
export const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));
