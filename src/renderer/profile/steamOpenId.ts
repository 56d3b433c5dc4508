/**
 * SPEC §2 /steam-callback and §5 Steam link rules, as plain functions: the
 * OpenID request the popup starts with, and reading the answer the popup
 * lands on (identity ending in /id/{digits}, the numeric id extracted).
 */
import { steamIdFromIdentity } from '../../shared/validation/oauth.js';
import type { MessageKey } from '../../shared/i18n/en.js';

export const STEAM_CALLBACK_PATH = '/steam-callback';
/** The cafe server's entry to the Steam OpenID provider it is configured with (Steam, or its development provider). */
export const STEAM_START_PATH = '/steam-openid/login';
export const STEAM_MESSAGE_TYPE = 'spawnpoint:steam-link';
const OPENID_NS = 'http://specs.openid.net/auth/2.0';
const SELECT = 'http://specs.openid.net/auth/2.0/identifier_select';

/** The popup's first address: the server's Steam entry with an OpenID checkid_setup request back to /steam-callback. */
export function steamLoginUrl(startUrl: string, origin: string): string {
  const url = new URL(startUrl);
  url.searchParams.set('openid.ns', OPENID_NS);
  url.searchParams.set('openid.mode', 'checkid_setup');
  url.searchParams.set('openid.return_to', `${origin}${STEAM_CALLBACK_PATH}`);
  url.searchParams.set('openid.realm', origin);
  url.searchParams.set('openid.identity', SELECT);
  url.searchParams.set('openid.claimed_id', SELECT);
  return url.toString();
}

export type SteamCallbackMessage =
  | { type: typeof STEAM_MESSAGE_TYPE; ok: true; steamId: string; openid: Record<string, string> }
  | { type: typeof STEAM_MESSAGE_TYPE; ok: false; error: MessageKey };

/** What /steam-callback posts to its opener for the query it was opened with. */
export function readSteamCallback(search: string): SteamCallbackMessage {
  const params = new URLSearchParams(search);
  const openid = Object.fromEntries([...params].filter(([key]) => key.startsWith('openid.')));
  const identity = params.get('openid.identity');
  const claimed = params.get('openid.claimed_id');
  if (params.get('openid.mode') !== 'id_res' || !identity || !claimed) {
    return { type: STEAM_MESSAGE_TYPE, ok: false, error: 'error.steam.invalidResponse' };
  }
  const fromIdentity = steamIdFromIdentity(identity);
  const fromClaimed = steamIdFromIdentity(claimed);
  // SPEC §5: the identity must end in /id/{digits} ('Invalid Steam OpenID identity').
  if (!fromIdentity.ok) return { type: STEAM_MESSAGE_TYPE, ok: false, error: 'validation.invalidSteamIdentity' };
  if (!fromClaimed.ok || fromIdentity.steamId !== fromClaimed.steamId) {
    return { type: STEAM_MESSAGE_TYPE, ok: false, error: 'error.steam.invalidId' };
  }
  return { type: STEAM_MESSAGE_TYPE, ok: true, steamId: fromIdentity.steamId, openid };
}

/** A message event is the popup's only if it comes from our own origin and has our shape. */
export function steamMessageOf(event: Pick<MessageEvent, 'origin' | 'data'>, origin: string): SteamCallbackMessage | null {
  if (event.origin !== origin) return null;
  const data = event.data as Partial<SteamCallbackMessage> | null;
  if (typeof data !== 'object' || data === null || data.type !== STEAM_MESSAGE_TYPE) return null;
  if (data.ok === true && typeof data.steamId === 'string' && /^\d{1,20}$/.test(data.steamId)) return data as SteamCallbackMessage;
  // Our popup answered, but without a usable Steam id: SPEC §8 'Failed to extract Steam user info'.
  if (data.ok === true) return { type: STEAM_MESSAGE_TYPE, ok: false, error: 'error.steam.extract' };
  if (data.ok === false && typeof data.error === 'string') return data as SteamCallbackMessage;
  return null;
}
