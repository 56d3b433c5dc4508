/**
 * GET /metrics (Prometheus text) and GET /health (for the proxy's checks),
 * both behind the operator credential (`access.ts`); request ids echoed on
 * every answer; heartbeat handling time observed for the histogram.
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { requireObserver } from './access.js';
import type { ServerMetrics } from './metrics.js';

export const HEARTBEAT_ROUTE = '/station-heartbeat';

export function registerObservability(
  app: FastifyInstance,
  ctx: ServerContext,
  options: { metrics: ServerMetrics; isMetricsToken: (presented: string) => boolean },
): void {
  const { metrics, isMetricsToken } = options;

  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    if (request.routeOptions.url === HEARTBEAT_ROUTE && request.method === 'POST') {
      metrics.heartbeatSeconds.observe({ status: String(reply.statusCode) }, reply.elapsedTime / 1000);
      if (reply.statusCode === 200) metrics.heartbeatWindow.record(reply.elapsedTime);
    }
  });

  app.get('/metrics', async (request, reply) => {
    await requireObserver(request, ctx, isMetricsToken);
    const { contentType, body } = await metrics.exposition();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
  });

  app.get('/health', async (request, reply) => {
    await requireObserver(request, ctx, isMetricsToken);
    let database = 'ok';
    try {
      await sql`select 1`.execute(ctx.db);
    } catch {
      database = 'unavailable';
    }
    const healthy = database === 'ok';
    return reply
      .code(healthy ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: healthy ? 'ok' : 'unavailable', node: metrics.nodeId, database, uptimeSeconds: Math.round(process.uptime()) });
  });
}
