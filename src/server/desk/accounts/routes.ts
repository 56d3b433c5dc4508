/** Accounts at the desk: parse → one service call → answer. */
import type { FastifyInstance } from 'fastify';
import { customerDisable, customerEnable, staffDisable, staffEnable, staffResetPassword, staffResetTotp } from '../../../shared/api/routes.js';
import { signedIn } from '../../authority/caller.js';
import type { ServerContext } from '../../context.js';
import { registerRoute } from '../../http/route.js';
import { disableCustomer, disableStaff, enableCustomer, enableStaff, resetStaffPassword, resetStaffTotp } from './service.js';

export function registerAccountRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerRoute(app, ctx, customerDisable, ({ params, body, caller }) => disableCustomer(ctx, params.username, signedIn(caller).username, body.reason));
  registerRoute(app, ctx, customerEnable, ({ params }) => enableCustomer(ctx, params.username));
  registerRoute(app, ctx, staffDisable, ({ params, body, caller }) => disableStaff(ctx, params.username, signedIn(caller), body.reason));
  registerRoute(app, ctx, staffEnable, ({ params }) => enableStaff(ctx, params.username));
  registerRoute(app, ctx, staffResetPassword, ({ params, body }) => resetStaffPassword(ctx, params.username, body.password));
  registerRoute(app, ctx, staffResetTotp, ({ params }) => resetStaffTotp(ctx, params.username));
}
