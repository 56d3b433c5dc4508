/**
 * The front door's rules (SPEC §7, domain shape since issue 21): password login at a station and the lock screen's
 * check of the caller's own password, sign-up (check-username, register — with a phone the
 * account is created once /verify-phone confirms the code —, the plain phone codes), forgot/reset password and email
 * verification with single-use expiring links. Each request budget is part of the rule it guards. Routes parse and
 * answer (`front-door.ts`); the queries are `repo.ts`, `phone-codes.ts` and `one-time-tokens.ts`. One instance,
 * `ctx.auth`, built by `app.ts`: the profile (users/) sends its email links through it too.
 */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { login, register, verifyPassword as verifyPasswordRoute, verifyPhoneRegistration } from '../../shared/api/routes.js';
import type { LoginResponse } from '../../shared/entities.js';
import type { Caller } from '../authority/caller.js';
import { INVALID_CREDENTIALS, TOO_MANY_LOGINS } from '../authority/sign-in.js';
import { isValidEmail, isValidUsernameFormat } from '../../shared/validation/auth.js';
import { badRequest, conflict, unauthorized } from '../base/errors.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import { hashPassword, verifyPassword } from '../crypto/passwords.js';
import type { StationRow, UserRow } from '../db/schema.js';
import { BUDGETS } from '../http/budgets.js';
import type { DeliveryProvider } from '../outbox/delivery.js';
import { insertUser, newUserRow } from '../users/new-user.js';
import { findUserById, findUserByUsername } from '../users/profile.js';
import { ALREADY_EXISTS, checkNewUsername, PHONE_FORMAT } from '../users/rules.js';
import { consumeToken, issueToken } from './one-time-tokens.js';
import { checkPhoneCode, sendPhoneCode } from './phone-codes.js';
import {
  adoptEmail,
  dropRegistration,
  holdRegistration,
  markEmailVerified,
  pendingEmailOf,
  pendingRegistration,
  rememberVerifiedPhone,
  resetPasswordOf,
  taken,
  userByEmail,
  usernameFree,
} from './repo.js';

export const REGISTRATION_TTL_MS = 30 * 60 * 1000;
export const INVALID_RESET = 'Invalid or expired reset link. Please request a new one.';
export const INVALID_VERIFICATION = 'Invalid or expired verification token. Please request a new verification email.';
export const RESET_LINK_SENT = 'If an account uses this email, a reset link is on its way.';

type LoginBody = z.output<typeof login.body>;
type VerifyPasswordBody = z.output<typeof verifyPasswordRoute.body>;
type RegisterBody = z.output<typeof register.body>;
type VerifyPhoneBody = z.output<typeof verifyPhoneRegistration.body>;

export type AuthDeps = Pick<ServerContext, 'db' | 'clock' | 'budgets' | 'publicUrl' | 'sessions' | 'staff' | 'loginRateLimit'> & {
  delivery: DeliveryProvider;
  /** What every successful station login does (station-login.ts), whatever proved who the user is. */
  signInAtStation(user: UserRow, station: StationRow): Promise<LoginResponse>;
};

/** Who asks: the request's address, and the enrolled station behind it when there is one. */
export interface Asker {
  ip: string;
  stationId?: string | null;
}

/** Budgets count a station by its credential, else the address. */
const askerKey = (asker: Asker) => (asker.stationId ? `station:${asker.stationId}` : asker.ip);

export class AuthService {
  constructor(private readonly deps: AuthDeps) {}

  /** SPEC §7 password login at an enrolled station: budgets per address, per address and name, per station. */
  async login(body: LoginBody, asker: Asker, station: StationRow): Promise<LoginResponse> {
    const { budgets, loginRateLimit } = this.deps;
    const name = body.username.trim().toLowerCase();
    await budgets.take(BUDGETS.loginIp, asker.ip, TOO_MANY_LOGINS);
    await budgets.take({ ...BUDGETS.loginIpUser, max: loginRateLimit.max, windowMs: loginRateLimit.windowMs, fixed: true }, `${asker.ip}|${name}`, TOO_MANY_LOGINS);
    await budgets.take(BUDGETS.loginStation, station.id, TOO_MANY_LOGINS);
    const found = await findUserByUsername(this.deps.db, body.username);
    const valid = await verifyPassword(found?.password_hash ?? null, body.password, 'station');
    if (!found || !valid) throw unauthorized(INVALID_CREDENTIALS);
    return this.deps.signInAtStation(found, station);
  }

  /** The lock screen checks the signed-in user's own password, never anyone else's (staff included). */
  async verifyOwnPassword(me: Caller, body: VerifyPasswordBody, asker: Asker): Promise<{ isValid: boolean }> {
    await this.deps.budgets.take(BUDGETS.verifyPasswordUser, `${asker.ip}|${me.userId}`, TOO_MANY_LOGINS);
    if (me.username.toLowerCase() !== body.username.toLowerCase()) return { isValid: false };
    const user = await findUserById(this.deps.db, me.userId);
    return { isValid: await verifyPassword(user?.password_hash ?? null, body.password, 'station') };
  }

  async usernameAvailable(username: string, asker: Asker): Promise<boolean> {
    await this.deps.budgets.take(BUDGETS.checkUsernameIp, askerKey(asker), 'Too many username checks.');
    if (/^guest_/i.test(username) || !isValidUsernameFormat(username)) return false;
    return usernameFree(this.deps.db, username, isoNow(this.deps.clock));
  }

  /** A sign-up from an enrolled station: with a phone it waits for the code; otherwise the account exists now. */
  async register(body: RegisterBody, asker: Asker & { stationId: string }) {
    const { db, clock, budgets } = this.deps;
    await budgets.take(BUDGETS.registerIp, asker.ip, 'Too many sign-ups.');
    await budgets.take(BUDGETS.registerIp, `station:${asker.stationId}`, 'Too many sign-ups.');
    const username = body.username.trim();
    const email = body.email?.trim() || null;
    const phone = body.phoneNumber?.trim() || null;
    checkNewUsername(username);
    if (email && !isValidEmail(email)) throw badRequest('Please enter a valid email address');
    if (!email && !phone) throw badRequest('Either email or phone number must be provided');
    if (phone && !PHONE_FORMAT.test(phone)) throw badRequest('Please enter a valid phone number');
    if (phone) await budgets.take(BUDGETS.phoneNumber, phone, 'Too many codes sent to this number.');
    if (await taken(db, { username, email, phone })) throw conflict(ALREADY_EXISTS);
    const passwordHash = await hashPassword(body.password);

    if (phone) {
      const key = randomBytes(16).toString('hex');
      await holdRegistration(db, {
        key,
        username,
        password_hash: passwordHash,
        email,
        phone_number: phone,
        expires_at: new Date(clock.now() + REGISTRATION_TTL_MS).toISOString(),
        created_at: isoNow(clock),
      });
      await sendPhoneCode(db, clock, this.deps.delivery, phone);
      return { success: true, requiresPhoneVerification: true, registrationKey: key };
    }
    const id = await this.createUser({ username, passwordHash, email, phone: null });
    if (email) await this.sendEmailVerification({ id, email });
    return { success: true, requiresPhoneVerification: false };
  }

  /** The code of a sign-up that waits for it: the account is created now (if nobody took its name meanwhile). */
  async verifyPhoneRegistration(body: VerifyPhoneBody, asker: Asker) {
    const { db, clock, budgets, delivery } = this.deps;
    await budgets.take(BUDGETS.phoneCheck, asker.ip, 'Too many code attempts.');
    const pending = await pendingRegistration(db, body.registrationKey, isoNow(clock));
    if (!pending || pending.phone_number !== body.phone) return { verified: false, message: 'Registration expired' };
    if (!(await checkPhoneCode(db, clock, body.phone, body.code, delivery))) return { verified: false, message: 'Invalid code' };
    await dropRegistration(db, pending.key);
    const fields = { username: pending.username, email: pending.email, phone: pending.phone_number };
    if (await taken(db, fields)) throw conflict(ALREADY_EXISTS);
    const id = await this.createUser({ ...fields, passwordHash: pending.password_hash });
    if (pending.email) await this.sendEmailVerification({ id, email: pending.email });
    return { verified: true };
  }

  async startPhone(phone: string, asker: Asker) {
    const { db, clock, budgets, delivery } = this.deps;
    await budgets.take(BUDGETS.phoneIp, askerKey(asker), 'Too many codes requested.');
    if (!PHONE_FORMAT.test(phone)) throw badRequest('Please enter a valid phone number');
    await budgets.take(BUDGETS.phoneNumber, phone, 'Too many codes sent to this number.');
    await sendPhoneCode(db, clock, delivery, phone);
    return { success: true };
  }

  /** A proven phone is remembered: PUT /profile takes only a proven one. */
  async checkPhone(phone: string, code: string, asker: Asker) {
    const { db, clock, budgets, delivery } = this.deps;
    await budgets.take(BUDGETS.phoneCheck, asker.ip, 'Too many code attempts.');
    await budgets.take(BUDGETS.phoneCheck, phone, 'Too many code attempts.');
    const verified = await checkPhoneCode(db, clock, phone, code, delivery);
    if (verified) await rememberVerifiedPhone(db, isoNow(clock), phone);
    return { verified };
  }

  /** The same answer whether or not the address is known: no account discovery. */
  async forgotPassword(rawEmail: string, asker: Asker) {
    const { db, clock, budgets, delivery } = this.deps;
    await budgets.take(BUDGETS.emailLinkIp, askerKey(asker), 'Too many reset requests.');
    const email = rawEmail.trim();
    if (!isValidEmail(email)) throw badRequest('Please enter a valid email address');
    await budgets.take(BUDGETS.emailLinkAddress, email.toLowerCase(), 'Too many reset requests for this address.');
    const user = await userByEmail(db, email);
    if (user?.email) {
      const token = await issueToken(db, clock, 'password_reset', user.id);
      await delivery.send({
        channel: 'email',
        to: user.email,
        subject: 'Reset your Spawnpoint password',
        body: `Someone asked to reset the password of your Spawnpoint account.\nChoose a new password here:\n${this.deps.publicUrl()}/password?token=${token}\n\nThe link works once and expires in 1 hour. If it was not you, ignore this email.`,
      });
    }
    return { success: true, message: RESET_LINK_SENT };
  }

  /** Every token of the user stops working, their staff sockets close, and a session running on a stolen login ends. */
  async resetPassword(token: string, newPassword: string, asker: Asker) {
    const { db, clock, budgets } = this.deps;
    await budgets.take(BUDGETS.emailLinkIp, `reset|${asker.ip}`, 'Too many reset attempts.');
    const userId = await consumeToken(db, clock, 'password_reset', token);
    if (!userId) throw badRequest(INVALID_RESET);
    await resetPasswordOf(db, userId, await hashPassword(newPassword));
    this.deps.staff.closeUser(userId);
    await this.deps.sessions.endForUser(userId, 'password_reset');
    return { success: true, message: 'Password reset successfully. You can now log in.' };
  }

  /** A new email (PUT /profile) becomes the account's email only once its link is followed. */
  async verifyEmail(token: string, asker: Asker) {
    const { db, clock, budgets } = this.deps;
    await budgets.take(BUDGETS.emailLinkIp, `verify|${asker.ip}`, 'Too many verification attempts.');
    const userId = await consumeToken(db, clock, 'email_verification', token);
    if (!userId) throw badRequest(INVALID_VERIFICATION);
    const pending = await pendingEmailOf(db, userId);
    if (pending?.pending_email) {
      try {
        await adoptEmail(db, userId, pending.pending_email);
      } catch {
        throw conflict('This email address is already used by another account.');
      }
    }
    await markEmailVerified(db, userId, isoNow(clock));
    return { success: true, message: 'Email verified successfully!' };
  }

  /** The single-use link that proves an email (a new account's, or a new one from PUT /profile); it points at the public URL. */
  async sendEmailVerification(user: { id: string; email: string }): Promise<void> {
    const token = await issueToken(this.deps.db, this.deps.clock, 'email_verification', user.id);
    await this.deps.delivery.send({
      channel: 'email',
      to: user.email,
      subject: 'Verify your Spawnpoint email',
      body: `Welcome to Spawnpoint! Confirm your email address:\n${this.deps.publicUrl()}/verify-email?token=${token}\n\nThe link works once and expires in 24 hours.`,
    });
  }

  private async createUser(fields: { username: string; passwordHash: string; email: string | null; phone: string | null }): Promise<string> {
    const row = newUserRow({
      username: fields.username,
      type: 'regular',
      password_hash: fields.passwordHash,
      email: fields.email,
      phone_number: fields.phone,
      created_at: isoNow(this.deps.clock),
    });
    await insertUser(this.deps.db, row);
    return row.id;
  }
}

declare module '../context.js' {
  interface ServerServices {
    /** The front door's rules (login, the lock screen's check, sign-up, phone codes, password reset, email links). */
    auth: AuthService;
  }
}
