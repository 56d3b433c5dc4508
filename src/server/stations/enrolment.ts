/**
 * Enrolled stations: one-time pairing codes (8 Crockford base32 characters,
 * shown XXXX-XXXX, 15 minutes, single use; a new code voids the older unused
 * ones) exchanged once for a per-device credential (`spst_` + 32 random bytes,
 * base64url). Only SHA-256 hashes of codes and credentials are stored.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { isoNow, type Clock } from '../clock/clock.js';
import type { Db } from '../db/schema.js';
import { CREDENTIAL_PREFIX, sha256 } from '../authority/station-credential.js';

export { CREDENTIAL_PREFIX, sha256, stationForCredential } from '../authority/station-credential.js';

export const PAIRING_CODE_TTL_MS = 15 * 60 * 1000;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';


/** Upper case, hyphens and spaces dropped; Crockford's look-alikes (I, L → 1; O → 0) folded. */
export function normalisePairingCode(code: string): string {
  return code
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
}

export function newPairingCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += CROCKFORD[randomInt(0, CROCKFORD.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

export async function issuePairingCode(db: Db, clock: Clock, stationId: string): Promise<{ code: string; expiresAt: string }> {
  const code = newPairingCode();
  const expiresAt = new Date(clock.now() + PAIRING_CODE_TTL_MS).toISOString();
  await db.transaction().execute(async (trx) => {
    // A new code voids the station's older unused ones.
    await trx.deleteFrom('station_pairing_codes').where('station_id', '=', stationId).where('used_at', 'is', null).execute();
    await trx
      .insertInto('station_pairing_codes')
      .values({
        station_id: stationId,
        code_hash: sha256(normalisePairingCode(code)),
        expires_at: expiresAt,
        used_at: null,
        created_at: isoNow(clock),
      })
      .execute();
  });
  return { code, expiresAt };
}

export function newCredential(): string {
  return `${CREDENTIAL_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/**
 * Uses up the station's pairing code and replaces its credential. Returns the
 * new credential, or null when the code is wrong, expired or used.
 */
export async function exchangePairingCode(
  db: Db,
  clock: Clock,
  input: { stationId: string; pairingCode: string; macAddress?: string; pcName?: string },
): Promise<string | null> {
  const now = isoNow(clock);
  const codeHash = sha256(normalisePairingCode(input.pairingCode));
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('station_pairing_codes')
      .set({ used_at: now })
      .where('station_id', '=', input.stationId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('id')
      .executeTakeFirst();
    if (!used) return null;
    const credential = newCredential();
    const row = {
      station_id: input.stationId,
      credential_hash: sha256(credential),
      mac_address: input.macAddress ?? null,
      pc_name: input.pcName ?? null,
      created_at: now,
    };
    await keepRevoked(trx, input.stationId, now);
    await trx
      .insertInto('station_credentials')
      .values(row)
      .onConflict((oc) => oc.column('station_id').doUpdateSet(row))
      .execute();
    return credential;
  });
}

/** The station's current credential becomes a revoked one (its kiosk is then told so, distinctly). */
async function keepRevoked(db: Db, stationId: string, now: string): Promise<void> {
  const current = await db.selectFrom('station_credentials').select('credential_hash').where('station_id', '=', stationId).execute();
  if (current.length === 0) return;
  await db
    .insertInto('station_revoked_credentials')
    .values(current.map((c) => ({ credential_hash: c.credential_hash, station_id: stationId, revoked_at: now })))
    .onConflict((oc) => oc.column('credential_hash').doNothing())
    .execute();
}

export async function revokeCredential(db: Db, stationId: string, now: string = new Date().toISOString()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await keepRevoked(trx, stationId, now);
    const result = await trx.deleteFrom('station_credentials').where('station_id', '=', stationId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}
