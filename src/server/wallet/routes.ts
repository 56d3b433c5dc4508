/** The owner's limits on staff money: read (staff) and set (owner). Parse → one service call → answer. */
import type { FastifyInstance } from 'fastify';
import { setWalletLimits, walletLimits } from '../../shared/api/routes.js';
import { signedIn } from '../authority/caller.js';
import type { ServerContext } from '../context.js';
import { registerRoute } from '../http/route.js';

export function registerWalletRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerRoute(app, ctx, walletLimits, () => ctx.wallet.limits());
  registerRoute(app, ctx, setWalletLimits, ({ body, caller }) => {
    const { userId, username } = signedIn(caller);
    return ctx.wallet.setLimits(body, { userId, username });
  });
}
