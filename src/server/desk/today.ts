/**
 * The day at a glance (issue 15): revenue by source since local midnight
 * (session charges, top-ups by payment method, approved orders), occupancy by
 * hour (share of stations with a session during each hour), stations in use
 * now, and what waits in the inbox.
 */
import type { FastifyInstance } from 'fastify';
import { consoleToday } from '../../shared/api/routes.js';
import type { ServerContext } from '../context.js';
import { registerRoute } from '../http/route.js';

const HOUR = 60 * 60 * 1000;

export function registerTodayRoute(app: FastifyInstance, ctx: ServerContext): void {
  const { db, clock } = ctx;
  registerRoute(app, ctx, consoleToday, async () => {
    const now = clock.now();
    const midnight = new Date(now);
    midnight.setHours(0, 0, 0, 0);
    const from = midnight.toISOString();
    const [stations, sessions, ledger, orders, calls, pending] = await Promise.all([
      db.selectFrom('stations').select('id').execute(),
      db
        .selectFrom('client_sessions')
        .select(['station_id', 'started_at', 'ended_at', 'amount_charged'])
        .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>=', from)]))
        .execute(),
      db.selectFrom('balance_ledger').select(['amount', 'payment_method']).where('kind', '=', 'top_up').where('created_at', '>=', from).execute(),
      db.selectFrom('offer_orders').select('price').where('status', '=', 'approved').where('decided_at', '>=', from).execute(),
      db.selectFrom('service_calls').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '!=', 'resolved').executeTakeFirstOrThrow(),
      db.selectFrom('offer_orders').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow(),
    ]);
    const occupancy: number[] = [];
    for (let h = 0; h < 24; h++) {
      const start = midnight.getTime() + h * HOUR;
      const end = start + HOUR;
      if (start > now) {
        occupancy.push(0);
        continue;
      }
      const busy = new Set(
        sessions
          .filter((s) => Date.parse(s.started_at) < end && (s.ended_at === null ? now + 1 : Date.parse(s.ended_at)) > start)
          .map((s) => s.station_id),
      );
      occupancy.push(stations.length ? Math.round((busy.size / stations.length) * 100) : 0);
    }
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    return {
      day: from.slice(0, 10),
      revenue: {
        sessions: sum(sessions.map((s) => s.amount_charged)),
        topUpsCash: sum(ledger.filter((l) => l.payment_method === 'cash').map((l) => l.amount)),
        topUpsCard: sum(ledger.filter((l) => l.payment_method === 'card').map((l) => l.amount)),
        orders: sum(orders.map((o) => o.price)),
      },
      occupancy,
      stationsInUse: new Set(sessions.filter((s) => s.ended_at === null).map((s) => s.station_id)).size,
      stations: stations.length,
      openCalls: Number(calls.n),
      pendingOrders: Number(pending.n),
    };
  });
}
