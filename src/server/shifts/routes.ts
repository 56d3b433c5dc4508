/** Cash shifts: parse → one service call → answer. */
import type { FastifyInstance } from 'fastify';
import { closeShift, currentShift, openShift, shiftList, shiftReport } from '../../shared/api/routes.js';
import { signedIn } from '../authority/caller.js';
import type { ServerContext } from '../context.js';
import { registerRoute } from '../http/route.js';
import { ShiftService } from './service.js';

export function registerShiftRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const shifts = new ShiftService({ db: ctx.db, clock: ctx.clock, pricing: ctx.sessions.pricing });
  registerRoute(app, ctx, currentShift, async () => ({ shift: await shifts.current() }));
  registerRoute(app, ctx, openShift, ({ body, caller }) => shifts.open(body.openingFloat, signedIn(caller).username));
  registerRoute(app, ctx, closeShift, ({ body, caller }) => shifts.close(body, signedIn(caller).username));
  registerRoute(app, ctx, shiftList, () => shifts.list());
  registerRoute(app, ctx, shiftReport, ({ params }) => shifts.report(params.id));
}
