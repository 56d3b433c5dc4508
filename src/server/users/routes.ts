/**
 * PUT /profile: a password change ({currentPassword, newPassword}, which also
 * clears an administrator's forced change and ends every other token of the
 * user) or changed profile fields, held to the sign-up rules: the SPEC's
 * username rule (guest_ reserved), a valid and unused email — which becomes
 * the account's email only once its verification link is followed — and a
 * valid, unused phone number that /auth/phone/check has just proven.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { updateProfile } from '../../shared/api/routes.js';
import { isValidEmail } from '../../shared/validation/auth.js';
import { GATE_MESSAGES, signedIn } from '../authority/caller.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { ALREADY_EXISTS, checkNewUsername, PHONE_FORMAT, publicBase, sendEmailVerification } from '../auth/registration.js';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/schema.js';
import { badRequest, conflict, forbidden, unauthorized } from '../http/errors.js';
import { registerRoute } from '../http/route.js';
import { deliveryFromEnv, type DeliveryProvider } from '../outbox/delivery.js';
import { findUserById, toUserDto } from './profile.js';

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
export const SAME_PASSWORD = 'New password must be different from your current password';
export const PHONE_NOT_VERIFIED = 'Verify the new phone number with the code we sent before saving it.';
/** How long a phone proven by /auth/phone/check may be saved. */
export const PHONE_PROOF_TTL_MS = 30 * 60 * 1000;

async function usedByAnother(db: Db, userId: string, column: 'email' | 'phone_number' | 'username', value: string) {
  if (column !== 'email') {
    const row = await db.selectFrom('users').select('id').where(column, '=', value).where('id', '!=', userId).executeTakeFirst();
    return row !== undefined;
  }
  const lower = value.toLowerCase();
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '!=', userId)
    .where((eb) => eb.or([eb(sql`lower(email)`, '=', lower), eb(sql`lower(pending_email)`, '=', lower)]))
    .executeTakeFirst();
  return row !== undefined;
}

export function registerProfileRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  delivery: DeliveryProvider = deliveryFromEnv(ctx.db, ctx.clock),
): void {
  const { db, clock } = ctx;
  registerRoute(app, ctx, updateProfile, async ({ body, caller }) => {
    const me = signedIn(caller);
    const user = await findUserById(db, me.userId);
    if (!user) throw unauthorized('The account for this token no longer exists.');
    if ('newPassword' in body) {
      if (!(await verifyPassword(user.password_hash, body.currentPassword, 'station'))) throw badRequest(WRONG_CURRENT_PASSWORD);
      if (body.newPassword === body.currentPassword) throw badRequest(SAME_PASSWORD);
      const passwordHash = await hashPassword(body.newPassword, 'station');
      const epoch = user.token_epoch + 1;
      await db.transaction().execute(async (trx) => {
        // Every other token of the user stops working; the one making the change keeps its session.
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, require_password_reset: 0, token_epoch: epoch })
          .where('id', '=', user.id)
          .execute();
        if (me.sessionId) {
          await trx.updateTable('client_sessions').set({ token_epoch: epoch }).where('id', '=', me.sessionId).execute();
        }
      });
      // Every console session and staff socket of the account ended with the old password.
      ctx.staff.closeUser(user.id);
      await ctx.sessions.reviewGate(user.id);
      return toUserDto(db, clock, (await findUserById(db, user.id)) ?? user);
    }

    if (me.gate) throw forbidden(GATE_MESSAGES[me.gate]);
    const changes: { username?: string; phone_number?: string | null; display_name?: string | null; email?: null } = {};
    let newEmail: string | null = null;
    if (body.username !== undefined && body.username !== user.username) {
      const username = body.username.trim();
      checkNewUsername(username);
      if (await usedByAnother(db, user.id, 'username', username)) throw conflict(ALREADY_EXISTS);
      changes.username = username;
    }
    if (body.email !== undefined) {
      const email = body.email?.trim() || null;
      if (email === null) changes.email = null;
      else if (email.toLowerCase() !== (user.email ?? '').toLowerCase()) {
        if (!isValidEmail(email)) throw badRequest('Please enter a valid email address');
        if (await usedByAnother(db, user.id, 'email', email)) throw conflict(ALREADY_EXISTS);
        newEmail = email;
      }
    }
    if (body.phoneNumber !== undefined) {
      const phone = body.phoneNumber?.trim() || null;
      if (phone !== null && phone !== user.phone_number) {
        if (!PHONE_FORMAT.test(phone)) throw badRequest('Please enter a valid phone number');
        if (await usedByAnother(db, user.id, 'phone_number', phone)) throw conflict(ALREADY_EXISTS);
        const proof = await db.selectFrom('phone_verifications').selectAll().where('phone', '=', phone).executeTakeFirst();
        if (!proof || Date.parse(proof.verified_at) + PHONE_PROOF_TTL_MS < clock.now()) throw badRequest(PHONE_NOT_VERIFIED);
        await db.deleteFrom('phone_verifications').where('phone', '=', phone).execute();
      }
      if (phone !== user.phone_number) changes.phone_number = phone;
    }
    if (body.displayName !== undefined) changes.display_name = body.displayName?.trim() || null;
    const nextEmail = changes.email === null ? null : (newEmail ?? user.email);
    const nextPhone = changes.phone_number !== undefined ? changes.phone_number : user.phone_number;
    const contactChanged = body.email !== undefined || body.phoneNumber !== undefined;
    if (contactChanged && !nextEmail && !nextPhone && !newEmail) throw badRequest('Either email or phone number must be provided.');

    const updates = { ...changes, ...(newEmail ? { pending_email: newEmail } : {}) };
    if (Object.keys(updates).length > 0) {
      try {
        await db.updateTable('users').set(updates).where('id', '=', user.id).execute();
      } catch {
        throw conflict(ALREADY_EXISTS);
      }
    }
    if (newEmail) await sendEmailVerification(ctx, delivery, { id: user.id, email: newEmail }, publicBase(ctx));
    return toUserDto(db, clock, (await findUserById(db, user.id)) ?? user);
  });
}
