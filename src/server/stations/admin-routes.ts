/**
 * The operator's stations (admin surface): the list with live state, a station's heartbeats, guest unlock, status,
 * commands; a cafe's own stations (add, rename, renumber, regroup: issue 22); pairing codes, revocation and alerts.
 * Each handler parses, calls the stations service once, and answers.
 */
import type { FastifyInstance } from 'fastify';
import { adminPairingCode, adminRevokeCredential, adminStationAlerts } from '../../shared/api/enrolment.js';
import {
  adminAddStation,
  adminCommand,
  adminEditStation,
  adminSetStatus,
  adminStationHeartbeats,
  adminStations,
  adminUnlockGuest,
} from '../../shared/api/routes.js';
import { signedIn } from '../authority/caller.js';
import type { ServerContext } from '../context.js';
import { registerRoute } from '../http/route.js';
import { recentStationAlerts } from './alerts.js';
import {
  addStation,
  editStation,
  issuePairing,
  listStations,
  revokePairing,
  sendCommand,
  setStatusByStaff,
  stationHeartbeats,
  unlockGuest,
} from './service.js';

export function registerStationAdminRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db, clock } = ctx;

  registerRoute(app, ctx, adminStations, () => listStations(ctx));
  registerRoute(app, ctx, adminStationHeartbeats, ({ params, query }) => stationHeartbeats(db, params.stationId, query.limit ?? 50));
  registerRoute(app, ctx, adminUnlockGuest, ({ params, body }) => unlockGuest(ctx, params.stationId, body.minutes));
  registerRoute(app, ctx, adminSetStatus, ({ params, body }) => setStatusByStaff(ctx, params.stationId, body.status, body.message));
  registerRoute(app, ctx, adminCommand, ({ params, body, caller }) => sendCommand(ctx, params.stationId, body, signedIn(caller).username));

  registerRoute(app, ctx, adminAddStation, ({ body }) => addStation(db, clock, body));
  registerRoute(app, ctx, adminEditStation, ({ params, body }) => editStation(db, params.stationId, body));

  registerRoute(app, ctx, adminPairingCode, ({ params }) => issuePairing(ctx, params.stationId));
  registerRoute(app, ctx, adminRevokeCredential, ({ params, caller }) => revokePairing(ctx, params.stationId, caller?.username ?? 'staff'));
  registerRoute(app, ctx, adminStationAlerts, ({ query }) => recentStationAlerts(db, query.limit ?? 20));
}
