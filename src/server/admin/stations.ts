/** Operator views: every station with its live state, and a station's heartbeat log. */
import type { FastifyInstance } from 'fastify';
import { adminStationHeartbeats, adminStations, type AdminStation } from '../../shared/api/routes.js';
import { HEARTBEAT_INTERVAL_MS } from '../../shared/constants.js';
import type { ServerContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { registerRoute } from '../http/route.js';
import { recentHeartbeats } from '../stations/heartbeats.js';
import { findStation } from '../stations/repo.js';

/** A station counts as online with a live socket, or a heartbeat within three intervals. */
export const HEARTBEAT_ONLINE_WINDOW_MS = 3 * HEARTBEAT_INTERVAL_MS;

export async function listStations(ctx: ServerContext): Promise<AdminStation[]> {
  const { db, clock, events, sessions } = ctx;
  const stations = await db
    .selectFrom('stations as s')
    .leftJoin('station_groups as g', 'g.id', 's.group_id')
    .selectAll('s')
    .select('g.name as group_name')
    .orderBy('s.number')
    .execute();
  const active = await db
    .selectFrom('client_sessions as cs')
    .innerJoin('users as u', 'u.id', 'cs.user_id')
    .selectAll('cs')
    .select(['u.username', 'u.type', 'u.balance', 'u.protected_balance', 'u.xp', 'u.level'])
    .where('cs.ended_at', 'is', null)
    .execute();
  const now = clock.now();
  // Connected to this node or to any other live node of the cafe (one query).
  const connected = await events.connectedStations(stations.map((s) => s.id));
  // Minutes left by the price list (periods, packages), as the station itself is told.
  const remaining = new Map(
    await Promise.all(active.map(async (a) => [a.id, await sessions.remainingNow(a, { ...a, id: a.user_id })] as const)),
  );
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

export function registerAdminStationRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerRoute(app, ctx, adminStations, () => listStations(ctx));

  registerRoute(app, ctx, adminStationHeartbeats, async ({ params, query }) => {
    if (!(await findStation(ctx.db, params.stationId))) throw notFound(`Unknown station: ${params.stationId}`);
    return recentHeartbeats(ctx.db, params.stationId, query.limit ?? 50);
  });
}
