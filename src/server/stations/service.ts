/**
 * The stations domain's rules: the one place a station's status changes (and its room is told), the operator's
 * station list and actions (unlock a guest, set a status, send a command), a cafe's own stations (add, rename,
 * renumber, regroup), pairing, and what a station's screen shows. Other domains and the socket edge call this
 * file (or `ctx.stations`), never the repository.
 */
import type { z } from 'zod';
import type { adminCommand, AdminStation, AdminStationRow } from '../../shared/api/routes.js';
import { HEARTBEAT_INTERVAL_MS } from '../../shared/constants.js';
import { RECEIPT_REASONS } from '../../shared/api/routes.js';
import { isoNow, type Clock } from '../clock/clock.js';
import type { ServerContext, StationEvents } from '../context.js';
import { newId } from '../db/ids.js';
import type { Db, StationAlertTable, StationRow } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../base/errors.js';
import { createGuest } from '../users/new-user.js';
import { recordStationAlert } from './alerts.js';
import { issuePairingCode, revokeCredential } from './enrolment.js';
import { recentHeartbeats } from './heartbeats.js';
import {
  findGroup,
  findGroupByIdOrName,
  findStation,
  insertStation,
  insertStationCommand,
  isPaired,
  pairedStationIds,
  runningSessionsWithUsers,
  stationScreenExtras,
  stationsWithGroups,
  stationWithGroupName,
  stationWithNumber,
  updateStation,
  writeStationStatus,
} from './repo.js';
import { stationRefusal } from './standing.js';

export { findStation, findStationByMac, groupRate, sameMac } from './repo.js';

/** A station counts as online with a live socket, or a heartbeat within three intervals. */
export const HEARTBEAT_ONLINE_WINDOW_MS = 3 * HEARTBEAT_INTERVAL_MS;

export interface StatusDeps {
  db: Db;
  events: StationEvents;
  clock: Clock;
}

/**
 * Sets a station's status and tells its room (stationStatusChanged). With `onlyIfChanged` (a station repeating its
 * own status every 20 s), an unchanged status is neither written nor announced again. A status carries staff's
 * message (a lock) and its end (a hold) when given (issue 23), told beside it; any other status clears them.
 */
export async function setStationStatus(
  deps: StatusDeps,
  stationId: string,
  status: string,
  options: { onlyIfChanged?: boolean; message?: string | null; until?: string | null } = {},
): Promise<void> {
  const message = options.message ?? null;
  const until = options.until ?? null;
  const station = await writeStationStatus(deps.db, stationId, status, options.onlyIfChanged, { message, until });
  if (!station) return;
  deps.events.emit(station.id, 'stationStatusChanged', {
    stationId: station.id,
    status,
    stationNumber: station.number,
    ...(message ? { message } : {}),
    ...(until ? { until } : {}),
  });
}

/** What the socket edge asks of the stations domain (handed to it by app.ts: realtime imports no domain). */
export interface StationService {
  find(stationId: string): Promise<StationRow | undefined>;
  setStatus(stationId: string, status: string, options?: { onlyIfChanged?: boolean }): Promise<void>;
  /** The address a connecting station's handshake names. */
  recordIp(stationId: string, ipAddress: string): Promise<void>;
}

export function stationService(deps: StatusDeps): StationService {
  return {
    find: (stationId) => findStation(deps.db, stationId),
    setStatus: (stationId, status, options) => setStationStatus(deps, stationId, status, options),
    recordIp: (stationId, ipAddress) => updateStation(deps.db, stationId, { ip_address: ipAddress }),
  };
}

/** The station socket's door: why a station is refused, its number, and the operator's alert on a second connection. */
export function stationDoor(db: Db, clock: Clock) {
  return {
    /** The refusal text (unknown, not paired, revoked), or the admitted station's number. */
    async admit(stationId: string, credential: string | undefined): Promise<{ refusal: string } | { number: number }> {
      const refusal = await stationRefusal(db, stationId, credential);
      if (refusal) return { refusal };
      const station = await findStation(db, stationId);
      return station ? { number: station.number } : { refusal: `Unknown station: ${stationId}` };
    },
    alert: (stationId: string, kind: StationAlertTable['kind'], message: string): Promise<void> => recordStationAlert(db, clock, stationId, kind, message),
  };
}

export async function stationOr404(db: Db, stationId: string): Promise<StationRow> {
  const station = await findStation(db, stationId);
  if (!station) throw notFound(`Unknown station: ${stationId}`);
  return station;
}

/** Every station with its live state (the operator's list and the console's room). */
export async function listStations(ctx: ServerContext): Promise<AdminStation[]> {
  const { db, clock, events, sessions } = ctx;
  const stations = await stationsWithGroups(db);
  const active = await runningSessionsWithUsers(db);
  const now = clock.now();
  // Connected to this node or to any other live node of the cafe (one query).
  const connected = await events.connectedStations(stations.map((s) => s.id));
  const paired = await pairedStationIds(db);
  // Minutes left by the price list (periods, packages), as the station itself is told.
  const remaining = await sessions.remainingNow(active.map((a) => ({ session: a, user: { ...a, id: a.user_id } })));
  return stations.map((station) => {
    const session = active.find((a) => a.station_id === station.id);
    const recentBeat =
      station.last_heartbeat_at !== null && now - Date.parse(station.last_heartbeat_at) <= HEARTBEAT_ONLINE_WINDOW_MS;
    return {
      id: station.id,
      number: station.number,
      name: station.name,
      macAddress: station.mac_address,
      groupName: station.group_name,
      status: station.status,
      online: connected.has(station.id) || recentBeat,
      lastHeartbeatAt: station.last_heartbeat_at,
      paired: paired.has(station.id),
      currentSession: session
        ? {
            sessionId: session.id,
            username: session.username,
            isGuest: session.is_guest === 1,
            startTime: session.started_at,
            remainingMinutes: remaining.get(session.id) ?? null,
          }
        : null,
    };
  });
}

export async function stationHeartbeats(db: Db, stationId: string, limit: number) {
  await stationOr404(db, stationId);
  return recentHeartbeats(db, stationId, limit);
}

/** SPEC §7 station details: the station, its group with the price in force, the announcement and the WiFi QR. */
export async function stationDetails(ctx: ServerContext, stationId: string, caller: StationRow | undefined) {
  const station = await stationOr404(ctx.db, stationId);
  const group = station.group_id ? await findGroup(ctx.db, station.group_id) : undefined;
  const { announcement, wifi } = await stationScreenExtras(ctx.db);
  // The price in force (issue 26): a happy hour's rate while it runs, with its end time.
  const groupNow = async (g: { id: string; name: string; hourly_rate: number }) => {
    const price = await ctx.sessions.pricing.walkInPrice(g.id, g.hourly_rate);
    return {
      id: g.id,
      name: g.name,
      hourlyRate: price.hourlyRate,
      ...(price.period ? { ratePeriod: { name: price.period.name, until: price.period.until } } : {}),
    };
  };
  return {
    success: true,
    station: {
      id: station.id,
      number: station.number,
      name: station.name,
      // The MAC is an identifier, but only the station itself is told it.
      macAddress: caller?.id === station.id ? station.mac_address : '',
      groupId: station.group_id,
      status: station.status,
    },
    group: group ? await groupNow(group) : null,
    announcement: announcement ? { ...announcement, isActive: true } : null,
    wifiQR: wifi ? { isActive: true, qrCodeBase64: wifi.qr_code_base64 } : null,
  };
}

// ——— A cafe's own stations (issue 22, item 8) ———

async function groupIdOf(db: Db, group: string | null | undefined): Promise<string | null | undefined> {
  if (group === undefined || group === null) return group;
  const row = await findGroupByIdOrName(db, group);
  if (!row) throw badRequest(`No station group '${group}'.`);
  return row.id;
}

export async function stationRow(db: Db, stationId: string): Promise<AdminStationRow> {
  const row = await stationWithGroupName(db, stationId);
  if (!row) throw notFound(`Unknown station: ${stationId}`);
  return { id: row.id, number: row.number, name: row.name, groupId: row.group_id, groupName: row.group_name ?? null, paired: await isPaired(db, stationId) };
}

async function numberTaken(db: Db, number: number, except: string | null): Promise<void> {
  const other = await stationWithNumber(db, number);
  if (other && other.id !== except) throw conflict(`Number ${number} is already station ${other.id}.`);
}

/**
 * A new PC as a station (then paired). Ids and numbers are unique; a group is named by id or name. It has no MAC
 * address yet (`unpaired:<id>` stands in: the column is unique and the MAC is an identifier only).
 */
export async function addStation(
  db: Db,
  clock: Clock,
  input: { stationId: string; number: number; name?: string; group?: string | null },
): Promise<AdminStationRow> {
  if (await findStation(db, input.stationId)) throw conflict(`Station ${input.stationId} already exists.`);
  await numberTaken(db, input.number, null);
  const groupId = (await groupIdOf(db, input.group)) ?? null;
  const inserted = await insertStation(db, {
    id: input.stationId,
    number: input.number,
    name: input.name ?? `PC-${String(input.number).padStart(2, '0')}`,
    mac_address: `unpaired:${input.stationId}`,
    group_id: groupId,
    status: 'available',
    ip_address: null,
    last_heartbeat_at: null,
    created_at: isoNow(clock),
  });
  // Two owners adding the same id or number at once: the unique columns decide, the other gets 409.
  if (!inserted) throw conflict(`Station ${input.stationId} or number ${input.number} already exists.`);
  return stationRow(db, input.stationId);
}

export async function editStation(
  db: Db,
  stationId: string,
  changes: { number?: number; name?: string; group?: string | null },
): Promise<AdminStationRow> {
  await stationOr404(db, stationId);
  if (changes.number !== undefined) await numberTaken(db, changes.number, stationId);
  const groupId = await groupIdOf(db, changes.group);
  try {
    await updateStation(db, stationId, {
      ...(changes.number !== undefined ? { number: changes.number } : {}),
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(groupId !== undefined ? { group_id: groupId } : {}),
    });
  } catch {
    throw conflict(`Number ${changes.number} is already taken.`);
  }
  return stationRow(db, stationId);
}

// ——— Pairing (issue 9) ———

export async function issuePairing(ctx: ServerContext, stationId: string) {
  const station = await stationOr404(ctx.db, stationId);
  const { code, expiresAt } = await issuePairingCode(ctx.db, ctx.clock, station.id);
  ctx.log.info({ stationId: station.id }, 'pairing code issued');
  return { stationId: station.id, pairingCode: code, expiresAt, certificateFingerprint: ctx.certificateFingerprint };
}

/** The station's credential stops at once: its socket is disconnected and the operator's alerts say who did it. */
export async function revokePairing(ctx: ServerContext, stationId: string, by: string) {
  const station = await stationOr404(ctx.db, stationId);
  const revoked = await revokeCredential(ctx.db, station.id, isoNow(ctx.clock));
  ctx.events.disconnect(station.id);
  await recordStationAlert(ctx.db, ctx.clock, station.id, 'revoked', `credential revoked by ${by}`);
  return {
    success: true,
    message: revoked ? `Revoked the credential of ${station.id}; it is disconnected` : `${station.id} had no credential`,
  };
}

// ——— The operator's actions on a station ———

/**
 * A walk-in guest at a free station: a guest account, its session (prepaid minutes or open), the station told.
 * Effects and receipts agree (issue 23): a station that is not connected is refused (409, `offline: …`) before
 * anything is made — no guest, no session; one that refuses or never acknowledges is undone by the desk's room.
 */
export async function unlockGuest(ctx: ServerContext, stationId: string, minutes: number | undefined) {
  const { db, clock, events, sessions, tokens } = ctx;
  const station = await stationOr404(db, stationId);
  if (await sessions.activeForStation(station.id)) {
    throw conflict(`Station ${station.id} already has an active session; end it first.`);
  }
  if (!(await events.isConnected(station.id))) throw conflict(RECEIPT_REASONS.offline);
  const guest = await createGuest(db, isoNow(clock));
  const session = await sessions.start(guest, station, minutes);
  events.emit(station.id, 'guestUnlocked', {
    sessionId: session.id,
    stationId: station.id,
    stationNumber: station.number,
    userId: guest.id,
    guestUsername: guest.username,
    token: tokens.sign({ sub: guest.id, type: guest.type, sessionId: session.id, epoch: session.token_epoch }),
    remainingMinutes: minutes ?? null,
  });
  await sessions.announceInUse(station);
  return { sessionId: session.id, username: guest.username };
}

/** Staff set a status, with a lock's message; freeing a station ends whatever runs on it (ending emits the status change). */
export async function setStatusByStaff(ctx: ServerContext, stationId: string, status: string, message?: string) {
  const station = await stationOr404(ctx.db, stationId);
  const active = await ctx.sessions.activeForStation(station.id);
  const ended = status === 'available' && active ? await ctx.sessions.end(active.id, 'ended_by_staff') : null;
  if (!ended) await setStationStatus(ctx, station.id, status, { message: message ?? null });
  return { success: true, message: ended ? `Session ${ended.id} ended` : undefined };
}

/** A command to a station (lock, restart, rename, …): sent if it is connected, logged either way. */
export async function sendCommand(
  ctx: ServerContext,
  stationId: string,
  command: z.output<typeof adminCommand.body>,
  by: string,
) {
  const station = await stationOr404(ctx.db, stationId);
  const newName = command.newName?.trim();
  if (command.command === 'RENAME_PC' && !newName) throw badRequest('RENAME_PC needs a new name: send newName.');
  const timestamp = command.timestamp ?? isoNow(ctx.clock);
  const delivered = await ctx.events.isConnected(station.id);
  ctx.events.emit(station.id, 'stationCommand', {
    command: command.command,
    stationId: station.id,
    timestamp,
    ...(newName ? { newName } : {}),
  });
  await insertStationCommand(ctx.db, {
    id: newId('cmd'),
    station_id: station.id,
    command: command.command,
    new_name: newName ?? null,
    issued_at: timestamp,
    issued_by: by,
    delivered: delivered ? 1 : 0,
  });
  ctx.log.info({ stationId: station.id, command: command.command, delivered }, 'station command');
  return { success: delivered, timestamp };
}

declare module '../context.js' {
  interface ServerServices {
    /** The stations domain, as the socket edge and other domains ask it. */
    stations: StationService;
  }
}
