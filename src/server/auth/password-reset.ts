/** SPEC §7 forgot/reset password and email verification, with single-use expiring links. */
import type { FastifyInstance } from 'fastify';
import { forgotPassword, resetPassword, verifyEmail } from '../../shared/api/routes.js';
import { isValidEmail } from '../../shared/validation/auth.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import { badRequest, conflict } from '../http/errors.js';
import { BUDGETS } from '../http/budgets.js';
import { registerRoute } from '../http/route.js';
import type { DeliveryProvider } from '../outbox/delivery.js';
import { hashPassword } from './passwords.js';
import { consumeToken, issueToken } from './one-time-tokens.js';
import { publicBase } from './registration.js';
import { adoptEmail, markEmailVerified, pendingEmailOf, resetPasswordOf, userByEmail } from './repo.js';

export const INVALID_RESET = 'Invalid or expired reset link. Please request a new one.';
export const INVALID_VERIFICATION = 'Invalid or expired verification token. Please request a new verification email.';

export function registerPasswordResetRoutes(app: FastifyInstance, ctx: ServerContext, delivery: DeliveryProvider): void {
  const { db, clock } = ctx;

  registerRoute(app, ctx, forgotPassword, async ({ body, request, station }) => {
    await ctx.budgets.take(BUDGETS.emailLinkIp, station ? `station:${station.id}` : request.ip, 'Too many reset requests.');
    const email = body.email.trim();
    if (!isValidEmail(email)) throw badRequest('Please enter a valid email address');
    await ctx.budgets.take(BUDGETS.emailLinkAddress, email.toLowerCase(), 'Too many reset requests for this address.');
    const user = await userByEmail(db, email);
    // The same answer whether or not the address is known: no account discovery.
    if (user?.email) {
      const token = await issueToken(db, clock, 'password_reset', user.id);
      await delivery.send({
        channel: 'email',
        to: user.email,
        subject: 'Reset your Spawnpoint password',
        body: `Someone asked to reset the password of your Spawnpoint account.\nChoose a new password here:\n${publicBase(ctx)}/password?token=${token}\n\nThe link works once and expires in 1 hour. If it was not you, ignore this email.`,
      });
    }
    return { success: true, message: 'If an account uses this email, a reset link is on its way.' };
  });

  registerRoute(app, ctx, resetPassword, async ({ body, request }) => {
    await ctx.budgets.take(BUDGETS.emailLinkIp, `reset|${request.ip}`, 'Too many reset attempts.');
    const userId = await consumeToken(db, clock, 'password_reset', body.token);
    if (!userId) throw badRequest(INVALID_RESET);
    const passwordHash = await hashPassword(body.newPassword);
    // Every token of the user stops working, and a session running on a stolen login ends.
    await resetPasswordOf(db, userId, passwordHash);
    ctx.staff.closeUser(userId);
    await ctx.sessions.endForUser(userId, 'password_reset');
    return { success: true, message: 'Password reset successfully. You can now log in.' };
  });

  registerRoute(app, ctx, verifyEmail, async ({ query, request }) => {
    await ctx.budgets.take(BUDGETS.emailLinkIp, `verify|${request.ip}`, 'Too many verification attempts.');
    const userId = await consumeToken(db, clock, 'email_verification', query.token);
    if (!userId) throw badRequest(INVALID_VERIFICATION);
    await adoptPendingEmail(ctx, userId);
    await markEmailVerified(db, userId, isoNow(clock));
    return { success: true, message: 'Email verified successfully!' };
  });
}

/** A new email (PUT /profile) becomes the account's email only once its link is followed. */
async function adoptPendingEmail(ctx: ServerContext, userId: string): Promise<void> {
  const user = await pendingEmailOf(ctx.db, userId);
  if (!user?.pending_email) return;
  try {
    await adoptEmail(ctx.db, userId, user.pending_email);
  } catch {
    throw conflict('This email address is already used by another account.');
  }
}
