/**
 * The day at a glance (issue 15): revenue by source since local midnight
 * (session charges, top-ups by payment method, approved orders), occupancy by
 * hour (share of stations with a session during each hour), stations in use
 * now, and what waits in the inbox.
 */
import type { consoleToday } from '../../shared/api/routes.js';
import type { RouteResponse } from '../../shared/api/route.js';
import type { Clock } from '../clock/clock.js';
import type { Db } from '../db/schema.js';
import { approvedOrdersSince, openCalls, pendingOrders, sessionsSince, stationIds, topUpsSince } from './repo.js';
import { occupancyByHour, sum } from './rules.js';

export async function today(deps: { db: Db; clock: Clock }): Promise<RouteResponse<typeof consoleToday>> {
  const { db, clock } = deps;
  const now = clock.now();
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  const from = midnight.toISOString();
  const [stations, sessions, ledger, orders, calls, pending] = await Promise.all([
    stationIds(db),
    sessionsSince(db, from),
    topUpsSince(db, from),
    approvedOrdersSince(db, from),
    openCalls(db),
    pendingOrders(db),
  ]);
  return {
    day: from.slice(0, 10),
    revenue: {
      sessions: sum(sessions.map((s) => s.amount_charged)),
      topUpsCash: sum(ledger.filter((l) => l.payment_method === 'cash').map((l) => l.amount)),
      topUpsCard: sum(ledger.filter((l) => l.payment_method === 'card').map((l) => l.amount)),
      orders: sum(orders.map((o) => o.price)),
    },
    occupancy: occupancyByHour(midnight.getTime(), now, stations.length, sessions),
    stationsInUse: new Set(sessions.filter((s) => s.ended_at === null).map((s) => s.station_id)).size,
    stations: stations.length,
    openCalls: calls,
    pendingOrders: pending,
  };
}
