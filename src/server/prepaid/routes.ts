/** SPEC §7 prepaid cards: redeem for the signed-in user, or for a username before login. */
import type { FastifyInstance } from 'fastify';
import { redeemPrepaid, redeemPrepaidWithUsername } from '../../shared/api/routes.js';
import { MIN_BALANCE_TO_PROCEED_IQD } from '../../shared/constants.js';
import { refuseDisabled, signedIn } from '../authority/caller.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import { lockRows } from '../db/dialect.js';
import { badRequest } from '../http/errors.js';
import { BUDGETS } from '../http/budgets.js';
import { registerRoute } from '../http/route.js';
import { findUserById, findUserByUsername } from '../users/profile.js';
import { normalisePrepaidCode } from './batches.js';

export const INVALID_CARD = 'Invalid or already redeemed card code';
export const UNKNOWN_USER = 'User not found';

async function redeem(ctx: ServerContext, userId: string, rawCode: string) {
  const code = normalisePrepaidCode(rawCode);
  return ctx.db.transaction().execute(async (trx) => {
    // PostgreSQL: the wallet row is locked first (a second redeem by this user waits here), then the card is claimed.
    const user = await trx
      .selectFrom('users')
      .select(['balance', 'protected_balance'])
      .where('id', '=', userId)
      .$if(lockRows(trx), (qb) => qb.forNoKeyUpdate())
      .executeTakeFirstOrThrow();
    const card = await trx
      .updateTable('prepaid_cards')
      .set({ redeemed_by: userId, redeemed_at: isoNow(ctx.clock) })
      .where('code', '=', code)
      .where('redeemed_at', 'is', null)
      // A voided card (0009_catalogue) is as good as no card.
      .where('voided_at', 'is', null)
      .returning('amount')
      .executeTakeFirst();
    if (!card) throw badRequest(INVALID_CARD);
    const balance = user.balance + card.amount;
    // A top-up that reaches the minimum clears the administrator's top-up requirement.
    const clears = balance + user.protected_balance >= MIN_BALANCE_TO_PROCEED_IQD;
    await trx
      .updateTable('users')
      .set(clears ? { balance, require_balance_top_up: 0 } : { balance })
      .where('id', '=', userId)
      .execute();
    // Every money change is a ledger line (issue 15); the card's code is not copied into it.
    await trx
      .insertInto('balance_ledger')
      .values({ user_id: userId, amount: card.amount, reason: 'prepaid card', order_id: null, staff_user_id: null, created_at: isoNow(ctx.clock), kind: 'prepaid' })
      .execute();
    return { success: true, message: `Added ${card.amount} IQD`, balanceAdded: card.amount };
  });
}

const TOO_MANY = 'Too many card codes tried.';

/** Redeems, then lets a login waiting at the top-up gate in and re-checks a running session. */
async function redeemAndReview(ctx: ServerContext, userId: string, code: string) {
  const result = await redeem(ctx, userId, code);
  await ctx.sessions.reviewGate(userId);
  const active = await ctx.sessions.activeForUser(userId);
  if (active) await ctx.sessions.publishBalance(active.id);
  return result;
}

export function registerPrepaidRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerRoute(app, ctx, redeemPrepaidWithUsername, async ({ body, request, station }) => {
    await ctx.budgets.take(BUDGETS.redeemIp, station ? `station:${station.id}` : request.ip, TOO_MANY);
    await ctx.budgets.take(BUDGETS.redeemUser, body.username.trim().toLowerCase(), TOO_MANY);
    const user = await findUserByUsername(ctx.db, body.username);
    if (!user) throw badRequest(UNKNOWN_USER);
    // The card is not spent on an account that cannot sign in (issue 15).
    refuseDisabled(user);
    return redeemAndReview(ctx, user.id, body.code);
  });

  registerRoute(app, ctx, redeemPrepaid, async ({ body, caller, request }) => {
    const me = signedIn(caller);
    await ctx.budgets.take(BUDGETS.redeemIp, request.ip, TOO_MANY);
    await ctx.budgets.take(BUDGETS.redeemUser, me.userId, TOO_MANY);
    const user = await findUserById(ctx.db, me.userId);
    if (!user) throw badRequest(UNKNOWN_USER);
    return redeemAndReview(ctx, user.id, body.code);
  });
}
