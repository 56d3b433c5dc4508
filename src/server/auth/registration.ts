/**
 * SPEC §7 sign-up: check-username, register (with a phone: a code is sent
 * and the account is created once /verify-phone confirms it), and the plain
 * phone code endpoints. A new account with an email gets a verification link.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import type { Db } from '../db/schema.js';
import { badRequest, conflict } from '../http/errors.js';
import { registerRoute } from '../http/route.js';
import type { DeliveryProvider } from '../outbox/delivery.js';
import { hashPassword } from './passwords.js';
import { checkPhoneCode, sendPhoneCode } from './phone-codes.js';
import { issueToken } from './one-time-tokens.js';
import { stationForLogin } from './station-login.js';
import { newUserRow } from '../users/new-user.js';

export const REGISTRATION_TTL_MS = 30 * 60 * 1000;
export const ALREADY_EXISTS = 'Username, email, or phone number already exists.';

/** The address links in emails point at: the address the station reached us by. */
export function publicBase(request: FastifyRequest): string {
  return `${request.protocol}://${request.headers.host ?? 'localhost'}`;
}

async function taken(db: Db, fields: { username: string; email: string | null; phone: string | null }) {
  let query = db.selectFrom('users').select('id').where('username', '=', fields.username);
  if (fields.email) query = query.union(db.selectFrom('users').select('id').where('email', '=', fields.email));
  if (fields.phone) query = query.union(db.selectFrom('users').select('id').where('phone_number', '=', fields.phone));
  return (await query.executeTakeFirst()) !== undefined;
}

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
  await ctx.db.insertInto('users').values(row).execute();
  return row.id;
}

export function registerRegistrationRoutes(app: FastifyInstance, ctx: ServerContext, delivery: DeliveryProvider): void {
  const { db, clock } = ctx;

  registerRoute(app, ctx, checkUsername, async ({ query }) => {
    if (!isValidUsernameFormat(query.username)) return { available: false };
    const user = await db.selectFrom('users').select('id').where('username', '=', query.username).executeTakeFirst();
    const pending = await db
      .selectFrom('pending_registrations')
      .select('key')
      .where('username', '=', query.username)
      .where('expires_at', '>', isoNow(clock))
      .executeTakeFirst();
    return { available: !user && !pending };
  });

  registerRoute(app, ctx, register, async ({ body, request }) => {
    await stationForLogin(ctx, body.macAddress);
    const username = body.username.trim();
    const email = body.email?.trim() || null;
    const phone = body.phoneNumber?.trim() || null;
    if (!isValidUsernameFormat(username)) {
      throw badRequest('Username can only contain letters, numbers, and optionally one dot (not at start or end)');
    }
    if (email && !isValidEmail(email)) throw badRequest('Please enter a valid email address');
    if (!email && !phone) throw badRequest('Either email or phone number must be provided');
    if (phone && !/^\+\d{6,15}$/.test(phone)) throw badRequest('Please enter a valid phone number');
    if (await taken(db, { username, email, phone })) throw conflict(ALREADY_EXISTS);
    const passwordHash = await hashPassword(body.password);

    if (phone) {
      const key = randomBytes(16).toString('hex');
      await db.deleteFrom('pending_registrations').where('username', '=', username).execute();
      await db
        .insertInto('pending_registrations')
        .values({
          key,
          username,
          password_hash: passwordHash,
          email,
          phone_number: phone,
          expires_at: new Date(clock.now() + REGISTRATION_TTL_MS).toISOString(),
          created_at: isoNow(clock),
        })
        .execute();
      await sendPhoneCode(db, clock, delivery, phone);
      return { success: true, requiresPhoneVerification: true, registrationKey: key };
    }
    const id = await createUser(ctx, { username, passwordHash, email, phone: null });
    if (email) await sendEmailVerification(ctx, delivery, { id, email }, publicBase(request));
    return { success: true, requiresPhoneVerification: false };
  });

  registerRoute(app, ctx, verifyPhoneRegistration, async ({ body, request }) => {
    const pending = await db
      .selectFrom('pending_registrations')
      .selectAll()
      .where('key', '=', body.registrationKey)
      .where('expires_at', '>', isoNow(clock))
      .executeTakeFirst();
    if (!pending || pending.phone_number !== body.phone) return { verified: false, message: 'Registration expired' };
    if (!(await checkPhoneCode(db, clock, body.phone, body.code))) return { verified: false, message: 'Invalid code' };
    await db.deleteFrom('pending_registrations').where('key', '=', pending.key).execute();
    const fields = { username: pending.username, email: pending.email, phone: pending.phone_number };
    if (await taken(db, fields)) throw conflict(ALREADY_EXISTS);
    const id = await createUser(ctx, { ...fields, passwordHash: pending.password_hash });
    if (pending.email) await sendEmailVerification(ctx, delivery, { id, email: pending.email }, publicBase(request));
    return { verified: true };
  });

  registerRoute(app, ctx, phoneStart, async ({ body }) => {
    if (!/^\+\d{6,15}$/.test(body.phone)) throw badRequest('Please enter a valid phone number');
    await sendPhoneCode(db, clock, delivery, body.phone);
    return { success: true };
  });

  registerRoute(app, ctx, phoneCheck, async ({ body }) => ({
    verified: await checkPhoneCode(db, clock, body.phone, body.code),
  }));
}
