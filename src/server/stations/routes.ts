/** SPEC §7 Station and heartbeat. */
import type { FastifyInstance } from 'fastify';
import { getStationDetails, stationHeartbeat } from '../../shared/api/routes.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import { BUDGETS } from '../http/budgets.js';
import { forbidden, notFound, unauthorized } from '../http/errors.js';
import { presentedCredential } from '../authority/station-credential.js';
import { enrolledStation, registerRoute } from '../http/route.js';
import type { HeartbeatLog } from './heartbeats.js';
import { findStation } from './repo.js';
import { stationRefusal } from './standing.js';

/** Heartbeats are written by group commit (`heartbeats`, one transaction per tick); answered once committed. */
export function registerStationRoutes(app: FastifyInstance, ctx: ServerContext, heartbeats: HeartbeatLog): void {
  const { db, clock } = ctx;

  // A heartbeat proves the station is alive only when the station itself sends it (its credential).
  registerRoute(app, ctx, stationHeartbeat, async (route) => {
    const { body } = route;
    // Not this station's credential: say why (unknown, not paired, revoked) so the kiosk can tell the technician.
    if (!route.station) {
      const refusal = await stationRefusal(db, body.stationId, presentedCredential(route.request));
      if (refusal) throw unauthorized(refusal);
    }
    const station = enrolledStation(route);
    if (station.id !== body.stationId) {
      throw forbidden(`This PC's credential belongs to station ${station.id}, not ${body.stationId}.`);
    }
    await ctx.budgets.take(BUDGETS.heartbeatStation, station.id, 'Too many heartbeats.');
    const receivedAt = isoNow(clock);
    await heartbeats.record({ body, receivedAt, knownIp: station.ip_address });
    ctx.events.emit(station.id, 'stationHeartbeatAck', { stationId: station.id, serverTime: receivedAt });
    return { success: true, serverTime: receivedAt };
  });

  registerRoute(app, ctx, getStationDetails, async ({ body, station: caller }) => {
    const station = await findStation(db, body.stationId);
    if (!station) throw notFound(`Unknown station: ${body.stationId}`);
    const group = station.group_id
      ? await db.selectFrom('station_groups').selectAll().where('id', '=', station.group_id).executeTakeFirst()
      : undefined;
    const announcement = await db
      .selectFrom('announcements')
      .select(['title', 'message'])
      .where('is_active', '=', 1)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    const wifi = await db
      .selectFrom('wifi_qr')
      .select('qr_code_base64')
      .where('is_active', '=', 1)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
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
  });
}
