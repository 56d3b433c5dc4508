/** The owner's price list and package sales (issue 26): parse → one service call → answer. */
import type { FastifyInstance } from 'fastify';
import {
  adminApprovePackageOrder,
  adminPackageOrders,
  adminRejectPackageOrder,
  adminTakePackageOrder,
  myPackageOrders,
  sessionMeter,
  orderPackage,
  adminCustomerPackages,
  adminPricing,
  adminSellPackage,
  adminSetPricing,
  buyPackage,
  customerPackages,
} from '../../shared/api/routes.js';
import { signedIn } from '../authority/caller.js';
import type { ServerContext } from '../context.js';
import { registerRoute } from '../http/route.js';
import { callerSession } from '../authority/caller-session.js';
import { emitToUser } from '../realtime/user-events.js';
import { PackageOrderService } from './orders.js';
import type { PricingService } from './service.js';

export function registerPricingRoutes(app: FastifyInstance, ctx: ServerContext, pricing: PricingService = ctx.sessions.pricing): PricingService {
  const actor = (caller: Parameters<typeof signedIn>[0]) => {
    const { userId, username } = signedIn(caller);
    return { userId, username };
  };
  registerRoute(app, ctx, adminPricing, () => pricing.view());
  registerRoute(app, ctx, adminSetPricing, ({ body, caller }) => pricing.replace(body, caller?.username ?? null));
  registerRoute(app, ctx, adminSellPackage, async ({ params, body, caller }) => {
    const customer = await pricing.customer(params.username);
    return pricing.heldView(await pricing.sell(ctx.wallet, { userId: customer.id, packageId: body.packageId, method: body.method, actor: actor(caller) }));
  });
  registerRoute(app, ctx, adminCustomerPackages, async ({ params }) => {
    const customer = await pricing.customer(params.username);
    return (await pricing.packagesOf(customer.id)).map((row) => pricing.heldView(row));
  });
  registerRoute(app, ctx, customerPackages, async ({ caller }) => {
    const me = signedIn(caller);
    return { onSale: await pricing.onSale(), held: (await pricing.packagesOf(me.userId)).map((row) => pricing.heldView(row)) };
  });
  registerRoute(app, ctx, buyPackage, async ({ body, caller }) => {
    const me = signedIn(caller);
    return pricing.heldView(await pricing.sell(ctx.wallet, { userId: me.userId, packageId: body.packageId, method: 'balance', actor: null }));
  });

  // Package orders (issue 26): the kiosk orders, the desk approves or rejects; both hear it live.
  const orders = new PackageOrderService({
    db: ctx.db,
    clock: ctx.clock,
    pricing,
    wallet: ctx.wallet,
    notices: {
      staff: (event, order) => ctx.staff.emit(event, order),
      customer: (userId, order) => void emitToUser(ctx, userId, 'packageOrderUpdated', order).catch(() => undefined),
    },
  });
  registerRoute(app, ctx, orderPackage, async ({ body, caller }) => orders.place(await callerSession(ctx.db, signedIn(caller)), body.packageId));
  registerRoute(app, ctx, myPackageOrders, ({ caller }) => orders.mine(signedIn(caller).userId));
  registerRoute(app, ctx, adminPackageOrders, () => orders.pending());
  registerRoute(app, ctx, adminApprovePackageOrder, ({ params, body, caller }) => orders.approve(params.id, body.method, actor(caller)));
  registerRoute(app, ctx, adminTakePackageOrder, ({ params, caller }) => orders.take(params.id, actor(caller)));
  registerRoute(app, ctx, adminRejectPackageOrder, ({ params, body, caller }) => orders.reject(params.id, body.reason, actor(caller)));
  registerRoute(app, ctx, sessionMeter, async ({ caller }) => pricing.sessionMeter({ sessionId: (await callerSession(ctx.db, signedIn(caller))).id }));
  return pricing;
}
