/**
 * Checking a Steam OpenID 2.0 answer before a Steam id is linked (issue 13).
 * The station forwards the openid.* fields its /steam-callback received; the
 * server believes none of them until:
 *   - the answer is a positive assertion (ns, mode id_res) from the configured
 *     provider (op_endpoint),
 *   - claimed_id and identity are the same provider identity ending in
 *     /id/{digits} (the Steam id comes from there, never from the body),
 *   - return_to is a station's /steam-callback, and every field that matters
 *     is covered by the signature,
 *   - the nonce is fresh (5 minutes) and the provider confirms the signature
 *     (check_authentication, a direct call to op_endpoint),
 *   - the nonce was never used before (one answer links once).
 */
import { sql } from 'kysely';
import type { Clock } from '../clock/clock.js';
import { isoNow } from '../clock/clock.js';
import type { Db } from '../db/schema.js';
import { badRequest, HttpError } from '../base/errors.js';

export const OPENID_NS = 'http://specs.openid.net/auth/2.0';

/** Where Steam's OpenID provider is; the development provider replaces both with the cafe server's. */
export interface SteamOpenIdConfig {
  endpoint: string;
  /** claimed_id = prefix + digits. */
  claimedIdPrefix: string;
}

export const STEAM_OPENID: SteamOpenIdConfig = {
  endpoint: 'https://steamcommunity.com/openid/login',
  claimedIdPrefix: 'https://steamcommunity.com/openid/id/',
};

export const INVALID_STEAM_RESPONSE = 'Invalid Steam OpenID response';
export const NOT_CONFIRMED = 'Steam did not confirm this sign-in.';
export const STALE_NONCE = 'This Steam sign-in is too old: sign in again.';
export const USED_NONCE = 'This Steam sign-in was already used: sign in again.';
export const PROOF_REQUIRED = 'Link Steam through the Steam sign-in window.';
export const NONCE_MAX_AGE_MS = 5 * 60 * 1000;

/** The fields a Steam answer must sign. */
const MUST_SIGN = ['op_endpoint', 'claimed_id', 'identity', 'return_to', 'response_nonce', 'assoc_handle'];

/** Asks the provider whether it issued this answer (OpenID 2.0 §11.4.2.1). */
export type CheckAuthentication = (endpoint: string, fields: Record<string, string>) => Promise<boolean>;

export const checkWithProvider: CheckAuthentication = async (endpoint, fields) => {
  const form = new URLSearchParams({ ...fields, 'openid.mode': 'check_authentication' });
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/plain' },
    body: form,
    redirect: 'error',
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) return false;
  const text = (await response.text()).slice(0, 4096);
  return text.split('\n').some((line) => line.trim() === 'is_valid:true');
};

export interface SteamSignInVerifierDeps {
  db: Db;
  clock: Clock;
  config: () => SteamOpenIdConfig;
  check?: CheckAuthentication;
}

function nonceTime(nonce: string): number {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)/.exec(nonce);
  return match?.[1] ? Date.parse(match[1]) : Number.NaN;
}

export class SteamSignInVerifier {
  private readonly check: CheckAuthentication;

  constructor(private readonly deps: SteamSignInVerifierDeps) {
    this.check = deps.check ?? checkWithProvider;
  }

  /**
   * The verified numeric Steam id, or a thrown 400/401. `returnTo` decides
   * which return addresses are this caller's: by default a station's
   * /steam-callback (the profile's link); the QR sign-in demands its own
   * callback with the state it issued.
   */
  async verify(
    fields: Record<string, string> | undefined,
    returnTo: (url: URL) => boolean = (url) => url.pathname === '/steam-callback',
  ): Promise<string> {
    if (!fields) throw badRequest(PROOF_REQUIRED);
    const config = this.deps.config();
    const field = (name: string) => fields[`openid.${name}`] ?? '';
    if (field('ns') !== OPENID_NS || field('mode') !== 'id_res') throw badRequest(INVALID_STEAM_RESPONSE);
    if (field('op_endpoint') !== config.endpoint) throw badRequest(INVALID_STEAM_RESPONSE);
    const claimed = field('claimed_id');
    if (claimed !== field('identity') || !claimed.startsWith(config.claimedIdPrefix)) throw badRequest(INVALID_STEAM_RESPONSE);
    const steamId = claimed.slice(config.claimedIdPrefix.length);
    if (!/^\d{1,20}$/.test(steamId)) throw badRequest(INVALID_STEAM_RESPONSE);
    if (!URL.canParse(field('return_to')) || !returnTo(new URL(field('return_to')))) throw badRequest(INVALID_STEAM_RESPONSE);
    const signed = field('signed').split(',');
    if (!field('sig') || MUST_SIGN.some((name) => !signed.includes(name))) throw badRequest(INVALID_STEAM_RESPONSE);
    const nonce = field('response_nonce');
    const issued = nonceTime(nonce);
    if (!Number.isFinite(issued) || Math.abs(this.deps.clock.now() - issued) > NONCE_MAX_AGE_MS) throw badRequest(STALE_NONCE);

    const openidOnly = Object.fromEntries(Object.entries(fields).filter(([key]) => key.startsWith('openid.')));
    let confirmed = false;
    try {
      confirmed = await this.check(config.endpoint, openidOnly);
    } catch {
      throw new HttpError(502, NOT_CONFIRMED);
    }
    if (!confirmed) throw new HttpError(401, NOT_CONFIRMED);

    // One answer links once: the nonce is the primary key.
    const kept = await this.deps.db
      .insertInto('steam_nonces')
      .values({ nonce: `${config.endpoint}|${nonce}`, used_at: isoNow(this.deps.clock) })
      .onConflict((oc) => oc.column('nonce').doNothing())
      .executeTakeFirst();
    if (Number(kept.numInsertedOrUpdatedRows ?? 0n) === 0) throw badRequest(USED_NONCE);
    // Old nonces can go: an answer older than the window is refused anyway.
    const cutoff = new Date(this.deps.clock.now() - 2 * NONCE_MAX_AGE_MS).toISOString();
    await this.deps.db.deleteFrom('steam_nonces').where(sql.ref('used_at'), '<', cutoff).execute();
    return steamId;
  }
}
