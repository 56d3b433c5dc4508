/**
 * The profile (SPEC §7 GET/PUT /profile; domain shape since issue 21): a password change ({currentPassword,
 * newPassword}, which also clears an administrator's forced change and ends every other token and console session of
 * the user, and closes their staff sockets) or changed profile fields, held to the sign-up rules: the SPEC's username
 * rule (guest_ reserved), a valid and unused email — which becomes the account's email only once its verification
 * link is followed — and a valid, unused phone number that /auth/phone/check has just proven.
 */
import type { z } from 'zod';
import type { updateProfile } from '../../shared/api/routes.js';
import type { User } from '../../shared/entities.js';
import { isValidEmail } from '../../shared/validation/auth.js';
import { GATE_MESSAGES, type Caller } from '../authority/caller.js';
import { hashPassword, verifyPassword } from '../crypto/passwords.js';
import type { ServerContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { badRequest, conflict, forbidden, unauthorized } from '../base/errors.js';
import { findUserById, toUserDto } from './profile.js';
import { ALREADY_EXISTS, checkNewUsername, PHONE_FORMAT } from './rules.js';
import { changePassword, phoneProof, spendPhoneProof, updateUserFields, usedByAnother } from './repo.js';

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
export const SAME_PASSWORD = 'New password must be different from your current password';
export const PHONE_NOT_VERIFIED = 'Verify the new phone number with the code we sent before saving it.';
/** How long a phone proven by /auth/phone/check may be saved. */
export const PHONE_PROOF_TTL_MS = 30 * 60 * 1000;

type ProfileUpdate = z.output<typeof updateProfile.body>;

export class ProfileService {
  constructor(private readonly ctx: ServerContext) {}

  private async me(me: Caller): Promise<UserRow> {
    const user = await findUserById(this.ctx.db, me.userId);
    if (!user) throw unauthorized('The account for this token no longer exists.');
    return user;
  }

  async read(me: Caller): Promise<User> {
    return toUserDto(this.ctx.db, this.ctx.clock, await this.me(me));
  }

  async update(me: Caller, body: ProfileUpdate): Promise<User> {
    const { db, clock } = this.ctx;
    const user = await this.me(me);
    if ('newPassword' in body) {
      if (!(await verifyPassword(user.password_hash, body.currentPassword, 'station'))) throw badRequest(WRONG_CURRENT_PASSWORD);
      if (body.newPassword === body.currentPassword) throw badRequest(SAME_PASSWORD);
      // Every other token of the user stops working; the one making the change keeps its session.
      await changePassword(db, user.id, await hashPassword(body.newPassword, 'station'), user.token_epoch + 1, me.sessionId);
      // Every console session and staff socket of the account ended with the old password.
      this.ctx.staff.closeUser(user.id);
      await this.ctx.sessions.reviewGate(user.id);
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
        const proof = await phoneProof(db, phone);
        if (!proof || Date.parse(proof.verified_at) + PHONE_PROOF_TTL_MS < clock.now()) throw badRequest(PHONE_NOT_VERIFIED);
        await spendPhoneProof(db, phone);
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
        await updateUserFields(db, user.id, updates);
      } catch {
        throw conflict(ALREADY_EXISTS);
      }
    }
    if (newEmail) await this.ctx.auth.sendEmailVerification({ id: user.id, email: newEmail });
    return toUserDto(db, clock, (await findUserById(db, user.id)) ?? user);
  }
}
