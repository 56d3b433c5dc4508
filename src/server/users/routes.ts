/**
 * PUT /profile: a password change ({currentPassword, newPassword}, which also
 * clears an administrator's forced change) or changed profile fields.
 */
import type { FastifyInstance } from 'fastify';
import { updateProfile } from '../../shared/api/routes.js';
import { signedIn } from '../auth/guard.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import type { ServerContext } from '../context.js';
import { badRequest, conflict, unauthorized } from '../http/errors.js';
import { registerRoute } from '../http/route.js';
import { findUserById, toUserDto } from './profile.js';

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
export const SAME_PASSWORD = 'New password must be different from your current password';

export function registerProfileRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db, clock } = ctx;
  registerRoute(app, ctx, updateProfile, async ({ body, caller }) => {
    const me = signedIn(caller);
    const user = await findUserById(db, me.userId);
    if (!user) throw unauthorized('The account for this token no longer exists.');
    if ('newPassword' in body) {
      if (!(await verifyPassword(user.password_hash, body.currentPassword))) throw badRequest(WRONG_CURRENT_PASSWORD);
      if (body.newPassword === body.currentPassword) throw badRequest(SAME_PASSWORD);
      await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(body.newPassword), require_password_reset: 0 })
        .where('id', '=', user.id)
        .execute();
    } else {
      const changes = {
        ...(body.username !== undefined ? { username: body.username } : {}),
        ...(body.email !== undefined ? { email: body.email } : {}),
        ...(body.phoneNumber !== undefined ? { phone_number: body.phoneNumber } : {}),
        ...(body.displayName !== undefined ? { display_name: body.displayName } : {}),
      };
      if (Object.keys(changes).length > 0) {
        try {
          await db.updateTable('users').set(changes).where('id', '=', user.id).execute();
        } catch {
          throw conflict('Username, email, or phone number already exists.');
        }
      }
    }
    return toUserDto(db, clock, (await findUserById(db, user.id)) ?? user);
  });
}
