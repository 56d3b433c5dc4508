/** SPEC §7 forgot/reset password and email verification, with single-use expiring links. */
import type { FastifyInstance } from 'fastify';
import { forgotPassword, resetPassword, verifyEmail } from '../../shared/api/routes.js';
import { isValidEmail } from '../../shared/validation/auth.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import { badRequest } from '../http/errors.js';
import { registerRoute } from '../http/route.js';
import type { DeliveryProvider } from '../outbox/delivery.js';
import { hashPassword } from './passwords.js';
import { consumeToken, issueToken } from './one-time-tokens.js';
import { publicBase } from './registration.js';

export const INVALID_RESET = 'Invalid or expired reset link. Please request a new one.';
export const INVALID_VERIFICATION = 'Invalid or expired verification token. Please request a new verification email.';

export function registerPasswordResetRoutes(app: FastifyInstance, ctx: ServerContext, delivery: DeliveryProvider): void {
  const { db, clock } = ctx;

  registerRoute(app, ctx, forgotPassword, async ({ body, request }) => {
    const email = body.email.trim();
    if (!isValidEmail(email)) throw badRequest('Please enter a valid email address');
    const user = await db.selectFrom('users').select(['id', 'email']).where('email', '=', email).executeTakeFirst();
    // The same answer whether or not the address is known: no account discovery.
    if (user?.email) {
      const token = await issueToken(db, clock, 'password_reset', user.id);
      await delivery.send({
        channel: 'email',
        to: user.email,
        subject: 'Reset your Spawnpoint password',
        body: `Someone asked to reset the password of your Spawnpoint account.\nChoose a new password here:\n${publicBase(request)}/password?token=${token}\n\nThe link works once and expires in 1 hour. If it was not you, ignore this email.`,
      });
    }
    return { success: true, message: 'If an account uses this email, a reset link is on its way.' };
  });

  registerRoute(app, ctx, resetPassword, async ({ body }) => {
    const userId = await consumeToken(db, clock, 'password_reset', body.token);
    if (!userId) throw badRequest(INVALID_RESET);
    await db
      .updateTable('users')
      .set({ password_hash: await hashPassword(body.newPassword), require_password_reset: 0 })
      .where('id', '=', userId)
      .execute();
    return { success: true, message: 'Password reset successfully. You can now log in.' };
  });

  registerRoute(app, ctx, verifyEmail, async ({ query }) => {
    const userId = await consumeToken(db, clock, 'email_verification', query.token);
    if (!userId) throw badRequest(INVALID_VERIFICATION);
    await db
      .insertInto('users_email_verified')
      .values({ user_id: userId, verified_at: isoNow(clock) })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    return { success: true, message: 'Email verified successfully!' };
  });
}
