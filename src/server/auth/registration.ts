/**
 * SPEC §7 sign-up: check-username, register (with a phone: a code is sent
 * and the account is created once /verify-phone confirms it), and the plain
 * phone code endpoints. A new account with an email gets a verification link.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  checkUsername,
  phoneCheck,
  phoneStart,
  register,
  verifyPhoneRegistration,
} from '../../shared/api/routes.js';
import { isValidEmail, isValidUsernameFormat } from '../../shared/validation/auth.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import { badRequest, conflict } from '../http/errors.js';
import { BUDGETS } from '../http/budgets.js';
import { enrolledStation, registerRoute } from '../http/route.js';
import type { DeliveryProvider } from '../outbox/delivery.js';
import { hashPassword } from './passwords.js';
import { checkPhoneCode, sendPhoneCode } from './phone-codes.js';
import { issueToken } from './one-time-tokens.js';
import { insertUser, newUserRow } from '../users/new-user.js';
import { dropRegistration, holdRegistration, pendingRegistration, rememberVerifiedPhone, taken, usernameFree } from './repo.js';

export const REGISTRATION_TTL_MS = 30 * 60 * 1000;
export const ALREADY_EXISTS = 'Username, email, or phone number already exists.';

export const PHONE_FORMAT = /^\+\d{6,15}$/;
export const USERNAME_RULE = 'Username can only contain letters, numbers, and optionally one dot (not at start or end)';
export const GUEST_RESERVED = 'Usernames starting with guest_ are reserved for guest sessions.';

/** The SPEC's username rule, on every write (sign-up and PUT /profile); guest_ stays reserved. */
export function checkNewUsername(username: string): void {
  if (/^guest_/i.test(username)) throw badRequest(GUEST_RESERVED);
  if (!isValidUsernameFormat(username)) throw badRequest(USERNAME_RULE);
  if (username.length < 3 || username.length > 32) throw badRequest('Username must be 3 to 32 characters long.');
}

/** The address links in emails point at: the configured public URL, never the request's Host header. */
export function publicBase(ctx: Pick<ServerContext, 'publicUrl'>): string {
  return ctx.publicUrl();
}

export { rememberVerifiedPhone };

export async function sendEmailVerification(
  ctx: ServerContext,
  delivery: DeliveryProvider,
  user: { id: string; email: string },
  base: string,
): Promise<void> {
  const token = await issueToken(ctx.db, ctx.clock, 'email_verification', user.id);
  await delivery.send({
    channel: 'email',
    to: user.email,
    subject: 'Verify your Spawnpoint email',
    body: `Welcome to Spawnpoint! Confirm your email address:\n${base}/verify-email?token=${token}\n\nThe link works once and expires in 24 hours.`,
  });
}

async function createUser(
  ctx: ServerContext,
  fields: { username: string; passwordHash: string; email: string | null; phone: string | null },
): Promise<string> {
  const row = newUserRow({
    username: fields.username,
    type: 'regular',
    password_hash: fields.passwordHash,
    email: fields.email,
    phone_number: fields.phone,
    created_at: isoNow(ctx.clock),
  });
  await insertUser(ctx.db, row);
  return row.id;
}

export function registerRegistrationRoutes(app: FastifyInstance, ctx: ServerContext, delivery: DeliveryProvider): void {
  const { db, clock } = ctx;

  registerRoute(app, ctx, checkUsername, async ({ query, request, station }) => {
    await ctx.budgets.take(BUDGETS.checkUsernameIp, station ? `station:${station.id}` : request.ip, 'Too many username checks.');
    if (/^guest_/i.test(query.username)) return { available: false };
    if (!isValidUsernameFormat(query.username)) return { available: false };
    return { available: await usernameFree(db, query.username, isoNow(clock)) };
  });

  registerRoute(app, ctx, register, async (route) => {
    const { body, request } = route;
    const station = enrolledStation(route);
    await ctx.budgets.take(BUDGETS.registerIp, request.ip, 'Too many sign-ups.');
    await ctx.budgets.take(BUDGETS.registerIp, `station:${station.id}`, 'Too many sign-ups.');
    const username = body.username.trim();
    const email = body.email?.trim() || null;
    const phone = body.phoneNumber?.trim() || null;
    checkNewUsername(username);
    if (email && !isValidEmail(email)) throw badRequest('Please enter a valid email address');
    if (!email && !phone) throw badRequest('Either email or phone number must be provided');
    if (phone && !PHONE_FORMAT.test(phone)) throw badRequest('Please enter a valid phone number');
    if (phone) {
      await ctx.budgets.take(BUDGETS.phoneNumber, phone, 'Too many codes sent to this number.');
    }
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
      await sendPhoneCode(db, clock, delivery, phone);
      return { success: true, requiresPhoneVerification: true, registrationKey: key };
    }
    const id = await createUser(ctx, { username, passwordHash, email, phone: null });
    if (email) await sendEmailVerification(ctx, delivery, { id, email }, publicBase(ctx));
    return { success: true, requiresPhoneVerification: false };
  });

  registerRoute(app, ctx, verifyPhoneRegistration, async ({ body, request }) => {
    await ctx.budgets.take(BUDGETS.phoneCheck, request.ip, 'Too many code attempts.');
    const pending = await pendingRegistration(db, body.registrationKey, isoNow(clock));
    if (!pending || pending.phone_number !== body.phone) return { verified: false, message: 'Registration expired' };
    if (!(await checkPhoneCode(db, clock, body.phone, body.code, delivery))) return { verified: false, message: 'Invalid code' };
    await dropRegistration(db, pending.key);
    const fields = { username: pending.username, email: pending.email, phone: pending.phone_number };
    if (await taken(db, fields)) throw conflict(ALREADY_EXISTS);
    const id = await createUser(ctx, { ...fields, passwordHash: pending.password_hash });
    if (pending.email) await sendEmailVerification(ctx, delivery, { id, email: pending.email }, publicBase(ctx));
    return { verified: true };
  });

  registerRoute(app, ctx, phoneStart, async ({ body, request, station }) => {
    await ctx.budgets.take(BUDGETS.phoneIp, station ? `station:${station.id}` : request.ip, 'Too many codes requested.');
    if (!PHONE_FORMAT.test(body.phone)) throw badRequest('Please enter a valid phone number');
    await ctx.budgets.take(BUDGETS.phoneNumber, body.phone, 'Too many codes sent to this number.');
    await sendPhoneCode(db, clock, delivery, body.phone);
    return { success: true };
  });

  registerRoute(app, ctx, phoneCheck, async ({ body, request }) => {
    await ctx.budgets.take(BUDGETS.phoneCheck, request.ip, 'Too many code attempts.');
    await ctx.budgets.take(BUDGETS.phoneCheck, body.phone, 'Too many code attempts.');
    const verified = await checkPhoneCode(db, clock, body.phone, body.code, delivery);
    if (verified) await rememberVerifiedPhone(db, isoNow(clock), body.phone);
    return { verified };
  });
}
