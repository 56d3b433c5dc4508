/**
 * What the attack tests share: a real server process on a temporary SQLite
 * file or, in the node-pg project, a fresh PostgreSQL database (so a test can
 * read what the server wrote), raw HTTP the way curl
 * would send it, enrolment of demo stations, and real socket.io clients.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Socket } from 'socket.io-client';
import {
  adminToken,
  demoStation,
  pairingCode,
  stationCredential,
  startServer,
  type Running,
  type ServerOptions,
} from '../support/processes.js';
import { openEventsSocket } from '../support/events-socket.js';
import { fetchReply } from '../support/http.js';
import { freshDatabaseUrl, psqlHandle, testingOnPostgres, type SqlHandle } from '../support/postgres.js';

export { adminToken, demoStation, pairingCode };

export interface Cafe {
  url: string;
  server: Running;
  /** The SQLite file or the postgres:// URL. */
  dbPath: string;
  /** Where the server keeps its files (the SQLite file's folder; SPAWNPOINT_DATA_DIR for PostgreSQL). */
  dataDir: string;
  /** A connection to the server's own database, for assertions only. */
  sql: SqlHandle;
  stop(): Promise<void>;
}

/** A real `npm run server` process (`--seed demo`) on a fresh database file. */
export async function startCafe(options: Omit<ServerOptions, 'dbPath'> = {}): Promise<Cafe> {
  const dir = mkdtempSync(join(tmpdir(), 'spawnpoint-security-'));
  const onPostgres = testingOnPostgres();
  const dbPath = onPostgres ? await freshDatabaseUrl() : join(dir, 'cafe.sqlite');
  const server = await startServer({ ...options, dbPath, env: { ...options.env, SPAWNPOINT_DATA_DIR: dir } });
  let sql: SqlHandle;
  if (onPostgres) sql = psqlHandle(dbPath);
  else {
    const sqlite = new Database(dbPath, { fileMustExist: true });
    sqlite.pragma('busy_timeout = 5000');
    sql = sqlite;
  }
  return {
    url: server.url,
    server,
    dbPath,
    dataDir: dir,
    sql,
    async stop() {
      sql.close();
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Reply {
  status: number;
  body: unknown;
  headers: Headers;
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  credential?: string;
  headers?: Record<string, string>;
}

/** One HTTP call as a script on the cafe network would make it. */
export async function call(url: string, method: string, path: string, options: CallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.credential) headers['x-station-credential'] = options.credential;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  return fetchReply(`${url}${path}`, { method, headers, body });
}

/** The enrolled station's heartbeat, its credential presented, as the kiosk sends it. */
export function sendHeartbeat(url: string, station: Enrolled, ipAddress: string): Promise<Reply> {
  return call(url, 'POST', '/station-heartbeat', {
    credential: station.credential,
    body: {
      stationId: station.stationId,
      ipAddress,
      macAddress: station.mac,
      metadata: { pcName: station.pcName, clientVersion: '1.0.0', timestamp: new Date().toISOString() },
    },
  });
}

/** The error message of a refusal (every refusal carries one). */
export function messageOf(reply: Reply): string {
  const message = (reply.body as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : '';
}

/** A raw request with a Host header of our choosing (fetch will not send one). */
export function callWithHost(url: string, method: string, path: string, host: string, body?: unknown): Promise<Reply> {
  const target = new URL(path, url);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        hostname: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method,
        headers: { host, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => {
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON
          }
          const headers = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
          resolve({ status: res.statusCode ?? 0, body: parsed, headers });
        });
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

export interface Enrolled {
  stationId: string;
  number: number;
  mac: string;
  pcName: string;
  credential: string;
}

/** Enrols demo station N the way an installer does: operator pairing code, then the exchange. */
export async function enrol(url: string, stationNumber: number): Promise<Enrolled> {
  const station = demoStation(stationNumber);
  const credential = await stationCredential(url, stationNumber);
  return { stationId: station.id, number: stationNumber, mac: station.mac, pcName: station.pcName, credential };
}

/** A fresh cafe with demo stations `numbers` enrolled, in that order (stopped again if an enrolment fails). */
export async function startEnrolledCafe<const N extends readonly number[]>(
  numbers: N,
  options: Omit<ServerOptions, 'dbPath'> = {},
): Promise<{ cafe: Cafe; stations: { -readonly [K in keyof N]: Enrolled } }> {
  const cafe = await startCafe(options);
  const stations: Enrolled[] = [];
  try {
    for (const n of numbers) stations.push(await enrol(cafe.url, n));
  } catch (error) {
    await cafe.stop();
    throw error;
  }
  return { cafe, stations: stations as { -readonly [K in keyof N]: Enrolled } };
}

export interface EventLog {
  socket: Socket;
  events: { event: string; payload: unknown }[];
  next(event: string, timeoutMs?: number): Promise<unknown>;
  close(): void;
}

function record(socket: Socket): EventLog {
  const events: { event: string; payload: unknown }[] = [];
  const waiters: (() => void)[] = [];
  socket.onAny((event: string, payload: unknown) => {
    events.push({ event, payload });
    for (const wake of waiters.splice(0)) wake();
  });
  let taken = 0;
  return {
    socket,
    events,
    async next(event, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = events.findIndex((e, i) => i >= taken && e.event === event);
        if (index !== -1) {
          taken = index + 1;
          return events[index]!.payload;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no '${event}' within ${timeoutMs} ms (got ${events.map((e) => e.event).join(', ')})`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => socket.close(),
  };
}

/** The SPEC's handshake query for demo station N (MAC and all), plus an optional credential. */
export function stationQuery(stationNumber: number) {
  const station = demoStation(stationNumber);
  return {
    clientType: 'station',
    stationId: station.id,
    macAddress: station.mac,
    ipAddress: '192.168.1.77',
    stationName: station.pcName,
    userId: '',
  };
}

/**
 * Opens /events. Resolves with the event log once connected; rejects with the
 * server's connect_error (its message says why).
 */
export function connectEvents(
  url: string,
  query: Record<string, string>,
  credential?: string,
  extra: { extraHeaders?: Record<string, string> } = {},
): Promise<EventLog> {
  return openEventsSocket(url, query, credential, record, extra);
}

/** Sends station_status_update for `station` as the kiosk does (status unchecked: attacks send bad ones too). */
export function sendStatus(log: EventLog, station: Enrolled, status: string): void {
  log.socket.emit('station_status_update', {
    status,
    timestamp: new Date().toISOString(),
    stationId: station.stationId,
    macAddress: station.mac,
  });
}

/** Whether the connection was refused, and the server's reason. */
export async function refusedWith(connecting: Promise<EventLog>): Promise<string> {
  try {
    const log = await connecting;
    log.close();
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Lists the server's tables (column `name`) on the database this run uses. */
export const TABLE_NAMES = testingOnPostgres()
  ? "select table_name as name from information_schema.tables where table_schema = 'public'"
  : "select name from sqlite_master where type = 'table'";

/** The definitions (column `sql`) of the users table's indexes. */
export const USER_INDEXES = testingOnPostgres()
  ? "select indexdef as sql from pg_indexes where tablename = 'users'"
  : "select sql from sqlite_master where type = 'index' and tbl_name = 'users'";

/** Rows that a refused request must leave exactly as they were. */
export function snapshot(sql: SqlHandle) {
  return {
    sessions: sql.prepare('select id, user_id, station_id, ended_at, amount_charged from client_sessions order by id').all(),
    users: sql
      .prepare('select id, username, email, phone_number, type, balance, protected_balance, password_hash from users order by id')
      .all(),
    stations: sql.prepare('select id, status, last_heartbeat_at, ip_address from stations order by id').all(),
    heartbeats: sql.prepare('select count(*) as n from heartbeats').get(),
    acks: sql.prepare('select count(*) as n from guest_unlock_acks').get(),
  };
}

export function activeSessionAt(sql: SqlHandle, stationId: string) {
  return sql.prepare('select * from client_sessions where station_id = ? and ended_at is null').get(stationId) as
    | { id: string; user_id: string; amount_charged: number }
    | undefined;
}

export function userRow(sql: SqlHandle, username: string) {
  return sql.prepare('select * from users where username = ?').get(username) as
    | { id: string; username: string; balance: number; protected_balance: number; email: string | null; type: string }
    | undefined;
}

/** Password login at an enrolled station (credential header; the body's MAC is the station's own). */
export async function loginAt(url: string, station: Enrolled, username: string, password: string): Promise<Reply> {
  return call(url, 'POST', '/auth/client/login', {
    credential: station.credential,
    body: { username, password, macAddress: station.mac },
  });
}

export function tokenOf(reply: Reply): string {
  const token = (reply.body as { accessToken?: string }).accessToken;
  if (!token) throw new Error(`no token in ${reply.status} ${JSON.stringify(reply.body)}`);
  return token;
}
