/** The owner's period report (issue 26): parse → one service call → answer. */
import type { FastifyInstance } from 'fastify';
import { adminSalesReport } from '../../shared/api/routes.js';
import type { ServerContext } from '../context.js';
import { registerRoute } from '../http/route.js';
import { ReportService } from './service.js';

export function registerReportRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const reports = new ReportService({ db: ctx.db, utcOffsetMinutes: async () => (await ctx.sessions.pricing.current()).list.utcOffsetMinutes });
  registerRoute(app, ctx, adminSalesReport, ({ query }) => reports.sales(query.from, query.to));
}
