/** Operator sign-in, ending sessions and changing balances. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { adminAddBalance, adminEndSession, adminLogin } from '../../shared/api/routes.js';
import { MIN_BALANCE_TO_PROCEED_IQD } from '../../shared/constants.js';
import { refuseDisabled, STAFF_TYPES } from '../authority/caller.js';
import { isoNow } from '../clock/clock.js';
import { verifyPassword } from '../auth/passwords.js';
import { INVALID_CREDENTIALS, TOO_MANY_LOGINS } from '../authority/sign-in.js';
import type { ServerContext } from '../context.js';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../http/errors.js';
import { BUDGETS } from '../http/budgets.js';
import { registerRoute } from '../http/route.js';
import { findUserByUsername } from '../users/profile.js';
import type { SecretBox } from '../game-accounts/secret-box.js';
import { WRONG_CODE } from '../staff/console-routes.js';
import { checkTotp, totpState } from '../staff/totp.js';

export const TOTP_NEEDED = 'This account uses two-step sign-in: send totp, the 6 digits of its authenticator.';

export function registerAdminAccountRoutes(app: FastifyInstance, ctx: ServerContext, secrets?: SecretBox): void {
  const { db, sessions, tokens } = ctx;

  registerRoute(app, ctx, adminLogin, async ({ body, request }) => {
    const name = body.username.trim().toLowerCase();
    await ctx.budgets.take(BUDGETS.loginIp, `admin|${request.ip}`, TOO_MANY_LOGINS);
    await ctx.budgets.take(
      { ...BUDGETS.loginIpUser, max: ctx.loginRateLimit.max, windowMs: ctx.loginRateLimit.windowMs, fixed: true },
      `admin|${request.ip}|${name}`,
      TOO_MANY_LOGINS,
    );
    const user = await findUserByUsername(db, body.username);
    const valid = await verifyPassword(user?.password_hash ?? null, body.password);
    if (!user || !valid) throw unauthorized(INVALID_CREDENTIALS);
    if (!STAFF_TYPES.includes(user.type)) throw forbidden('Only admin and staff accounts can use the admin API.');
    refuseDisabled(user);
    if ((await totpState(db, user.id)).enabled) {
      if (!body.totp) throw unauthorized(TOTP_NEEDED);
      if (!secrets || !(await checkTotp(db, ctx.clock, secrets, user.id, body.totp))) throw unauthorized(WRONG_CODE);
    }
    return { accessToken: tokens.sign({ sub: user.id, type: user.type, sessionId: null, epoch: user.token_epoch }) };
  });

  registerRoute(app, ctx, adminEndSession, async ({ params }) => {
    const session = await db
      .selectFrom('client_sessions')
      .select(['id', 'ended_at'])
      .where('id', '=', params.sessionId)
      .executeTakeFirst();
    if (!session) throw notFound(`Unknown session: ${params.sessionId}`);
    const ended = session.ended_at ? null : await sessions.end(session.id, 'ended_by_staff');
    if (!ended) throw conflict(`Session ${params.sessionId} has already ended.`);
    return { success: true, message: `Session ${ended.id} ended` };
  });

  registerRoute(app, ctx, adminAddBalance, async ({ params, body, caller }) => {
    const user = await findUserByUsername(db, params.username);
    if (!user) throw notFound(`Unknown user: ${params.username}`);
    const active = await sessions.activeForUser(user.id);
    // Minutes played so far are charged at the old balance.
    if (active) await sessions.settle(active.id);
    // The change and its ledger line in one transaction: a money change is never an overwrite (issue 15).
    const updated = await db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('users')
        .set({ balance: sql<number>`balance + ${body.amount}` })
        .where('id', '=', user.id)
        .where(sql<boolean>`balance + ${body.amount} >= 0`)
        .returning(['balance', 'protected_balance'])
        .executeTakeFirst();
      if (!row) return undefined;
      await trx
        .insertInto('balance_ledger')
        .values({
          user_id: user.id,
          amount: body.amount,
          reason: 'balance adjustment (admin)',
          order_id: null,
          staff_user_id: caller?.userId ?? null,
          created_at: isoNow(ctx.clock),
          kind: 'adjustment',
        })
        .execute();
      return row;
    });
    if (!updated) throw badRequest(`Balance cannot go below 0 (${user.username} has ${user.balance} IQD).`);
    if (body.amount > 0 && updated.balance + updated.protected_balance >= MIN_BALANCE_TO_PROCEED_IQD) {
      await db.updateTable('users').set({ require_balance_top_up: 0 }).where('id', '=', user.id).execute();
    }
    // A login waiting at the top-up gate goes in now; a running session is re-checked against its new balance.
    await sessions.reviewGate(user.id);
    if (active) {
      await sessions.publishBalance(active.id);
      await sessions.review(active.id, false);
    }
    return { success: true, balance: updated.balance };
  });
}
