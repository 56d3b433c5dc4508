/** SPEC §7 prepaid cards: redeem for the signed-in user, or for a username before login. */
import type { FastifyInstance } from 'fastify';
import { redeemPrepaid, redeemPrepaidWithUsername } from '../../shared/api/routes.js';
import { MIN_BALANCE_TO_PROCEED_IQD } from '../../shared/constants.js';
import { signedIn } from '../auth/guard.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import { badRequest } from '../http/errors.js';
import { registerRoute } from '../http/route.js';
import { findUserById, findUserByUsername } from '../users/profile.js';

export const INVALID_CARD = 'Invalid or already redeemed card code';
export const UNKNOWN_USER = 'User not found';

async function redeem(ctx: ServerContext, userId: string, rawCode: string) {
  const code = rawCode.trim().toUpperCase();
  return ctx.db.transaction().execute(async (trx) => {
    const card = await trx
      .updateTable('prepaid_cards')
      .set({ redeemed_by: userId, redeemed_at: isoNow(ctx.clock) })
      .where('code', '=', code)
      .where('redeemed_at', 'is', null)
      .returning('amount')
      .executeTakeFirst();
    if (!card) throw badRequest(INVALID_CARD);
    const user = await trx.selectFrom('users').select(['balance', 'protected_balance']).where('id', '=', userId).executeTakeFirstOrThrow();
    const balance = user.balance + card.amount;
    // A top-up that reaches the minimum clears the administrator's top-up requirement.
    const clears = balance + user.protected_balance >= MIN_BALANCE_TO_PROCEED_IQD;
    await trx
      .updateTable('users')
      .set(clears ? { balance, require_balance_top_up: 0 } : { balance })
      .where('id', '=', userId)
      .execute();
    return { success: true, message: `Added ${card.amount} IQD`, balanceAdded: card.amount };
  });
}

export function registerPrepaidRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerRoute(app, ctx, redeemPrepaidWithUsername, async ({ body }) => {
    const user = await findUserByUsername(ctx.db, body.username);
    if (!user) throw badRequest(UNKNOWN_USER);
    return redeem(ctx, user.id, body.code);
  });

  registerRoute(app, ctx, redeemPrepaid, async ({ body, caller }) => {
    const user = await findUserById(ctx.db, signedIn(caller).userId);
    if (!user) throw badRequest(UNKNOWN_USER);
    return redeem(ctx, user.id, body.code);
  });
}
