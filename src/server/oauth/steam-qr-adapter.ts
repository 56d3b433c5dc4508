/**
 * Steam as a QR sign-in provider (issue 25): the phone goes to Steam's OpenID
 * 2.0 endpoint (checkid_setup, identifier_select, realm = this server's public
 * address, return_to = this server's /oauth/steam/callback with the trip's
 * state); the callback is believed only through SteamSignInVerifier — positive
 * assertion of the configured endpoint, claimed id = identity under Steam's
 * prefix, return_to exactly the one this trip sent, every field signed, fresh
 * nonce used once, and Steam's own `check_authentication` answer. The numeric
 * id comes from the claimed id (SPEC §5); the persona name from Steam's Web API
 * when a key is configured.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock/clock.js';
import type { Db } from '../db/schema.js';
import type { SignInAdapter, SignInPending, SignInStart } from './adapters.js';
import type { OAuthUserData } from './sessions.js';
import type { SteamSettings } from './settings.js';
import { OPENID_NS, SteamSignInVerifier, type CheckAuthentication } from './steam-openid.js';

const IDENTIFIER_SELECT = 'http://specs.openid.net/auth/2.0/identifier_select';

/** The return address of one trip: the callback plus its state (nothing else). */
export const steamReturnTo = (redirectUri: string, state: string) => `${redirectUri}?state=${encodeURIComponent(state)}`;

export class SteamQrAdapter implements SignInAdapter {
  readonly provider = 'steam' as const;
  readonly formPost = false;
  private readonly verifier: SteamSignInVerifier;

  constructor(
    private readonly settings: SteamSettings,
    deps: { db: Db; clock: Clock; check?: CheckAuthentication },
  ) {
    this.verifier = new SteamSignInVerifier({ db: deps.db, clock: deps.clock, config: () => settings.openid, check: deps.check });
  }

  start(redirectUri: string): Promise<SignInStart> {
    const state = randomBytes(24).toString('base64url');
    const url = new URL(this.settings.openid.endpoint);
    url.searchParams.set('openid.ns', OPENID_NS);
    url.searchParams.set('openid.mode', 'checkid_setup');
    url.searchParams.set('openid.return_to', steamReturnTo(redirectUri, state));
    url.searchParams.set('openid.realm', new URL(redirectUri).origin);
    url.searchParams.set('openid.identity', IDENTIFIER_SELECT);
    url.searchParams.set('openid.claimed_id', IDENTIFIER_SELECT);
    return Promise.resolve({ url: url.href, state, codeVerifier: '', nonce: '' });
  }

  async finish(callback: URL, pending: SignInPending): Promise<OAuthUserData> {
    const fields = Object.fromEntries([...callback.searchParams].filter(([name]) => name.startsWith('openid.')));
    const expected = steamReturnTo(pending.redirectUri, pending.state);
    // OpenID 2.0 §11.1: return_to is the address this answer arrived at, and the one this trip sent.
    const steamId = await this.verifier.verify(fields, (url) => url.href === expected && callback.searchParams.get('state') === pending.state);
    return { provider: 'steam', email: null, username: null, name: await this.personaName(steamId), steamId };
  }

  /** The persona name from the Web API (GetPlayerSummaries v2); null without a key or on any failure. */
  private async personaName(steamId: string): Promise<string | null> {
    const key = this.settings.webApiKey;
    if (!key) return null;
    try {
      const url = new URL('/ISteamUser/GetPlayerSummaries/v2/', this.settings.webApiBase);
      url.searchParams.set('key', key);
      url.searchParams.set('steamids', steamId);
      const response = await fetch(url, { signal: AbortSignal.timeout(5000), redirect: 'error' });
      if (!response.ok) return null;
      const body = (await response.json()) as { response?: { players?: Array<{ steamid?: string; personaname?: string }> } };
      const player = body.response?.players?.find((p) => p.steamid === steamId);
      return typeof player?.personaname === 'string' ? player.personaname.slice(0, 64) : null;
    } catch {
      return null;
    }
  }
}
