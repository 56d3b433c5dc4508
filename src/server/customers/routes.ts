/** Customers at the counter: parse → one service call → answer (the rules in service.ts, the money in the wallet). */
import type { FastifyInstance } from 'fastify';
import {
  adminAddBalance,
  customerCreate,
  customerDetail,
  customerFlags,
  customerFreeTime,
  customerRefund,
  customerSearch,
  customerTopUp,
} from '../../shared/api/routes.js';
import { signedIn } from '../authority/caller.js';
import type { ServerContext } from '../context.js';
import { isoNow } from '../clock/clock.js';
import { registerRoute } from '../http/route.js';
import { CustomerService } from './service.js';

export function registerCustomerRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const customers = new CustomerService({ db: ctx.db, wallet: ctx.wallet });
  const actor = (caller: Parameters<typeof signedIn>[0]) => {
    const { userId, username } = signedIn(caller);
    return { userId, username };
  };
  registerRoute(app, ctx, customerSearch, ({ query }) => customers.search(query.q));
  registerRoute(app, ctx, customerCreate, ({ body }) => customers.create(body, isoNow(ctx.clock)));
  registerRoute(app, ctx, customerDetail, ({ params }) => customers.detail(params.username));
  registerRoute(app, ctx, customerTopUp, ({ params, body, caller }) => customers.topUp(params.username, body, actor(caller)));
  registerRoute(app, ctx, customerRefund, ({ params, body, caller }) => customers.refund(params.username, body, actor(caller)));
  registerRoute(app, ctx, customerFreeTime, ({ params, body, caller }) => customers.freeTime(params.username, body, actor(caller)));
  registerRoute(app, ctx, customerFlags, ({ params, body }) => customers.setFlags(params.username, body));
  registerRoute(app, ctx, adminAddBalance, ({ params, body, caller }) => customers.adjust(params.username, body.amount, actor(caller)));
}
