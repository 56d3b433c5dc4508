/**
 * The day at a glance (issue 15; the truth since issue 23): from local
 * midnight, the money taken at the counter and the play consumed — both from
 * the ledger, reported apart and never added — occupancy by hour (share of
 * stations with a session during each hour), stations in use now, and what
 * waits in the inbox counted by the inbox's own rule (src/shared/inbox.ts
 * waitingTotal: package orders too; security alerts are the console's own).
 */
import type { consoleToday } from '../../shared/api/routes.js';
import type { RouteResponse } from '../../shared/api/route.js';
import { roomAlerts, waitingTotal } from '../../shared/inbox.js';
import type { ServerContext } from '../context.js';
import { roomSnapshot } from '../desk/room/service.js';
import { flaggedAccounts, ledgerSince, openCalls, pendingOrders, pendingPackageOrders, sessionsSince, waitingClaims } from './repo.js';
import { dayFigures, occupancyByHour } from './rules.js';

export async function today(ctx: ServerContext): Promise<RouteResponse<typeof consoleToday>> {
  const { db, clock } = ctx;
  const now = clock.now();
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  const from = midnight.toISOString();
  // The room is every station (its count too): no second read of the stations.
  const [sessions, ledger, calls, orders, packageOrders, claims, flags, room] = await Promise.all([
    sessionsSince(db, from),
    ledgerSince(db, from),
    openCalls(db),
    pendingOrders(db),
    pendingPackageOrders(db),
    waitingClaims(db),
    flaggedAccounts(db),
    roomSnapshot(ctx),
  ]);
  const { money, play } = dayFigures(ledger);
  const alerts = roomAlerts(room);
  const alertsOf = (kind: string) => alerts.filter((a) => a.kind === kind).length;
  return {
    day: `${midnight.getFullYear()}-${String(midnight.getMonth() + 1).padStart(2, '0')}-${String(midnight.getDate()).padStart(2, '0')}`,
    from,
    revenue: { sessions: play.billed, topUpsCash: money.topUps.cash, topUpsCard: money.topUps.card, orders: money.orders.cash + money.orders.card },
    money,
    play,
    occupancy: occupancyByHour(midnight.getTime(), now, room.length, sessions),
    currentHour: new Date(now).getHours(),
    stationsInUse: new Set(sessions.filter((s) => s.ended_at === null).map((s) => s.station_id)).size,
    stations: room.length,
    openCalls: calls,
    pendingOrders: orders,
    waiting: {
      calls,
      orders,
      packageOrders,
      claims,
      flags,
      lost: alertsOf('lost'),
      lowTime: alertsOf('low_time'),
      atGate: alertsOf('at_gate'),
      total: waitingTotal({ calls, orders, packageOrders, claims, flags, alerts: alerts.length }),
    },
  };
}
