/** Six-digit phone codes: sent through the delivery provider, valid 10 minutes, 5 attempts. */
import { randomInt } from 'node:crypto';
import { isoNow, type Clock } from '../clock/clock.js';
import type { Db } from '../db/schema.js';
import type { DeliveryProvider } from '../outbox/delivery.js';

export const PHONE_CODE_TTL_MS = 10 * 60 * 1000;
export const PHONE_CODE_MAX_ATTEMPTS = 5;

export async function sendPhoneCode(db: Db, clock: Clock, delivery: DeliveryProvider, phone: string): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
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
  await delivery.send({
    channel: 'sms',
    to: phone,
    subject: 'Spawnpoint verification code',
    body: `Your Spawnpoint verification code is ${code}`,
  });
}

/** Whether the code is right; a right code is used up, a wrong one counts an attempt. */
export async function checkPhoneCode(db: Db, clock: Clock, phone: string, code: string): Promise<boolean> {
  const row = await db.selectFrom('phone_codes').selectAll().where('phone', '=', phone).executeTakeFirst();
  if (!row || row.expires_at <= isoNow(clock) || row.attempts >= PHONE_CODE_MAX_ATTEMPTS) return false;
  if (row.code !== code.trim()) {
    await db.updateTable('phone_codes').set({ attempts: row.attempts + 1 }).where('phone', '=', phone).execute();
    return false;
  }
  await db.deleteFrom('phone_codes').where('phone', '=', phone).execute();
  return true;
}
