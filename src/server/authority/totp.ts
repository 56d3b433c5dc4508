/**
 * TOTP second factor (RFC 6238 via otplib): 6 digits, 30-second steps, one step
 * of clock drift either way, and each step's code accepted once. The secret is
 * stored sealed (the server's secret box, bound to the user id).
 */
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Clock } from '../clock/clock.js';
import type { Db } from '../db/schema.js';
import type { SecretBox } from '../crypto/secret-box.js';
import { isoNow } from '../clock/clock.js';

export const TOTP_ISSUER = 'Spawnpoint';
const STEP_SECONDS = 30;

export async function totpState(db: Db, userId: string): Promise<{ enabled: boolean }> {
  const row = await db.selectFrom('staff_totp').select('enabled_at').where('user_id', '=', userId).executeTakeFirst();
  return { enabled: Boolean(row?.enabled_at) };
}

/** Starts (or restarts, while not yet enabled) an enrolment; answers the secret and its otpauth URL as a QR. */
export async function beginEnrolment(
  db: Db,
  clock: Clock,
  box: SecretBox,
  user: { id: string; username: string },
): Promise<{ secret: string; otpauthUrl: string; qrDataUrl: string } | null> {
  if ((await totpState(db, user.id)).enabled) return null;
  const secret = generateSecret();
  const sealed = box.seal(secret, user.id);
  await db.deleteFrom('staff_totp').where('user_id', '=', user.id).execute();
  await db
    .insertInto('staff_totp')
    .values({ user_id: user.id, secret_sealed: sealed, enabled_at: null, last_step: 0, created_at: isoNow(clock) })
    .execute();
  const otpauthUrl = generateURI({ issuer: TOTP_ISSUER, label: user.username, secret });
  const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 });
  return { secret, otpauthUrl, qrDataUrl };
}

/** Stores an already-known secret as enabled (the demo seed). */
export async function enrolKnownSecret(db: Db, box: SecretBox, userId: string, secret: string, now: string): Promise<void> {
  await db
    .insertInto('staff_totp')
    .values({ user_id: userId, secret_sealed: box.seal(secret, userId), enabled_at: now, last_step: 0, created_at: now })
    .execute();
}

/**
 * Checks a code against the user's secret at the clock's time. `enrolling`
 * accepts the not-yet-enabled secret (and enables it). A step already used is refused.
 */
export async function checkTotp(
  db: Db,
  clock: Clock,
  box: SecretBox,
  userId: string,
  code: string,
  options: { enrolling?: boolean } = {},
): Promise<boolean> {
  const row = await db.selectFrom('staff_totp').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row || (!options.enrolling && !row.enabled_at) || (options.enrolling && row.enabled_at)) return false;
  let secret: string;
  try {
    secret = box.open(row.secret_sealed, userId);
  } catch {
    return false;
  }
  const epoch = Math.floor(clock.now() / 1000);
  const result = await verify({ secret, token: code, epoch, epochTolerance: STEP_SECONDS });
  if (!result.valid) return false;
  const step = Math.floor(epoch / STEP_SECONDS) + result.delta;
  // One use per step, and never an older step than the last accepted (conditional: a race uses it once).
  const used = await db
    .updateTable('staff_totp')
    .set({ last_step: step, ...(options.enrolling ? { enabled_at: isoNow(clock) } : {}) })
    .where('user_id', '=', userId)
    .where('last_step', '<', step)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}
