/** SPEC §7 Station and heartbeat, and the station's one pairing exchange: parse → the stations service → answer. */
import type { FastifyInstance } from 'fastify';
import { stationEnrolmentExchange } from '../../shared/api/enrolment.js';
import { getStationDetails, stationHeartbeat } from '../../shared/api/routes.js';
import { presentedCredential } from '../authority/station-credential.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import { BUDGETS } from '../http/budgets.js';
import { forbidden, unauthorized } from '../base/errors.js';
import { enrolledStation, registerRoute } from '../http/route.js';
import { exchangePairingCode } from './enrolment.js';
import type { HeartbeatLog } from './heartbeats.js';
import { stationDetails } from './service.js';
import { stationRefusal } from './standing.js';

export const BAD_PAIRING_CODE = 'Invalid, expired or already used pairing code: ask staff for a new one.';

/** Heartbeats are written by group commit (`heartbeats`: one transaction per batch, no timer); answered once committed. */
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
    // The running session's meter (issue 26) is read while the heartbeat waits for its group commit. It is an extra:
    // failing to read it never fails the heartbeat (the kiosk then asks GET /pricing/meter).
    const [meter] = await Promise.all([
      ctx.sessions.pricing.sessionMeter({ stationId: station.id }).catch((error: unknown) => {
        ctx.log.warn({ err: error, stationId: station.id }, 'heartbeat: the session meter could not be read');
        return undefined;
      }),
      heartbeats.record({ body, receivedAt, knownIp: station.ip_address }),
    ]);
    ctx.events.emit(station.id, 'stationHeartbeatAck', { stationId: station.id, serverTime: receivedAt });
    return { success: true, serverTime: receivedAt, ...(meter === undefined ? {} : { meter }) };
  });

  registerRoute(app, ctx, getStationDetails, ({ body, station }) => stationDetails(ctx, body.stationId, station));

  registerRoute(app, ctx, stationEnrolmentExchange, async ({ body, request }) => {
    await ctx.budgets.take(BUDGETS.enrolIp, request.ip, 'Too many pairing attempts.');
    // Per address and station: a stranger's guesses for a station hold back the stranger, not the technician pairing it
    // (a code is 40 bits and lives 15 minutes: the per-address budgets are what stop guessing).
    await ctx.budgets.take(BUDGETS.enrolStation, `${request.ip}|${body.stationId}`, 'Too many pairing attempts for this station.');
    const credential = await exchangePairingCode(db, clock, body);
    if (!credential) throw unauthorized(BAD_PAIRING_CODE);
    // The old credential is void: whoever still holds a socket with it is disconnected.
    ctx.events.disconnect(body.stationId);
    ctx.log.info({ stationId: body.stationId, ip: request.ip }, 'station enrolled');
    return { stationId: body.stationId, stationCredential: credential, certificateFingerprint: ctx.certificateFingerprint };
  });
}
