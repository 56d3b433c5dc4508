/** Enrolment over HTTP: the operator's pairing code and revocation, the station's one exchange. */
import type { FastifyInstance } from 'fastify';
import {
  adminPairingCode,
  adminRevokeCredential,
  adminStationAlerts,
  stationEnrolmentExchange,
} from '../../shared/api/enrolment.js';
import type { ServerContext } from '../context.js';
import { BUDGETS } from '../http/budgets.js';
import { notFound, unauthorized } from '../http/errors.js';
import { registerRoute } from '../http/route.js';
import { recentStationAlerts, recordStationAlert } from './alerts.js';
import { exchangePairingCode, issuePairingCode, revokeCredential } from './enrolment.js';
import { findStation } from './repo.js';
import { isoNow } from '../clock/clock.js';

export const BAD_PAIRING_CODE = 'Invalid, expired or already used pairing code: ask staff for a new one.';

export function registerEnrolmentRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db, clock } = ctx;

  registerRoute(app, ctx, adminPairingCode, async ({ params }) => {
    const station = await findStation(db, params.stationId);
    if (!station) throw notFound(`Unknown station: ${params.stationId}`);
    const { code, expiresAt } = await issuePairingCode(db, clock, station.id);
    ctx.log.info({ stationId: station.id }, 'pairing code issued');
    return { stationId: station.id, pairingCode: code, expiresAt, certificateFingerprint: ctx.certificateFingerprint };
  });

  registerRoute(app, ctx, adminRevokeCredential, async ({ params, caller }) => {
    const station = await findStation(db, params.stationId);
    if (!station) throw notFound(`Unknown station: ${params.stationId}`);
    const revoked = await revokeCredential(db, station.id, isoNow(ctx.clock));
    ctx.events.disconnect(station.id);
    await recordStationAlert(db, clock, station.id, 'revoked', `credential revoked by ${caller?.username ?? 'staff'}`);
    return {
      success: true,
      message: revoked ? `Revoked the credential of ${station.id}; it is disconnected` : `${station.id} had no credential`,
    };
  });

  registerRoute(app, ctx, stationEnrolmentExchange, async ({ body, request }) => {
    await ctx.budgets.take(BUDGETS.enrolIp, request.ip, 'Too many pairing attempts.');
    await ctx.budgets.take(BUDGETS.enrolStation, body.stationId, 'Too many pairing attempts for this station.');
    const credential = await exchangePairingCode(db, clock, body);
    if (!credential) throw unauthorized(BAD_PAIRING_CODE);
    // The old credential is void: whoever still holds a socket with it is disconnected.
    ctx.events.disconnect(body.stationId);
    ctx.log.info({ stationId: body.stationId, ip: request.ip }, 'station enrolled');
    return { stationId: body.stationId, stationCredential: credential, certificateFingerprint: ctx.certificateFingerprint };
  });

  registerRoute(app, ctx, adminStationAlerts, ({ query }) => recentStationAlerts(db, query.limit ?? 20));
}
