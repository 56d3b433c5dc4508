/**
 * Six-digit phone codes: sent through the delivery provider, valid 10 minutes,
 * 5 attempts. With a verification gateway (Twilio Verify) the gateway makes,
 * sends and checks the code; the row here still counts the attempts and the
 * expiry (its code is empty: "the gateway's"). Neither the number nor the code
 * is ever logged.
 */
import { randomInt } from 'node:crypto';
import { isoNow, type Clock } from '../clock/clock.js';
import type { Db } from '../db/schema.js';
import type { DeliveryProvider } from '../outbox/delivery.js';

export const PHONE_CODE_TTL_MS = 10 * 60 * 1000;
export const PHONE_CODE_MAX_ATTEMPTS = 5;

/** The code column of a code the gateway holds. */
const GATEWAY_CODE = '';

export async function sendPhoneCode(db: Db, clock: Clock, delivery: DeliveryProvider, phone: string): Promise<void> {
  const gateway = delivery.phoneVerification;
  const code = gateway ? GATEWAY_CODE : String(randomInt(0, 1_000_000)).padStart(6, '0');
  const row = {
    phone,
    code,
    attempts: 0,
    expires_at: new Date(clock.now() + PHONE_CODE_TTL_MS).toISOString(),
    created_at: isoNow(clock),
  };
  await db
    .insertInto('phone_codes')
    .values(row)
    .onConflict((oc) => oc.column('phone').doUpdateSet(row))
    .execute();
  if (gateway) return gateway.start(phone);
  await delivery.send({
    channel: 'sms',
    to: phone,
    subject: 'Spawnpoint verification code',
    body: `Your Spawnpoint verification code is ${code}`,
  });
}

/**
 * Whether the code is right; a right code is used up. Each call spends one of
 * the code's attempts first, in one conditional UPDATE, and only then compares:
 * guesses arriving together cannot share an attempt (attack 9).
 */
export async function checkPhoneCode(db: Db, clock: Clock, phone: string, code: string, delivery?: DeliveryProvider): Promise<boolean> {
  const attempt = await db
    .updateTable('phone_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('phone', '=', phone)
    .where('attempts', '<', PHONE_CODE_MAX_ATTEMPTS)
    .where('expires_at', '>', isoNow(clock))
    .returning('code')
    .executeTakeFirst();
  if (!attempt) return false;
  if (attempt.code === GATEWAY_CODE) {
    const gateway = delivery?.phoneVerification;
    if (!gateway || !/^\d{4,10}$/.test(code.trim()) || !(await gateway.check(phone, code.trim()))) return false;
  } else if (attempt.code !== code.trim()) return false;
  // Used once: of two right guesses at the same moment, one deletes it.
  const used = await db.deleteFrom('phone_codes').where('phone', '=', phone).where('code', '=', attempt.code).executeTakeFirst();
  return Number(used.numDeletedRows) === 1;
}
