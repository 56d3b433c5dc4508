/**
 * Where the phone signs in. The QR code holds an address of this server:
 * `/oauth/{provider}/start?session=…` for a configured provider (the start
 * sends the phone on to the provider with a fresh state, PKCE and nonce), or
 * the development provider's page (`--dev-oauth`: a sign-in page of this
 * server where anyone types any name and email; demos and tests only).
 * Configured providers win; with --dev-oauth the development page stands in
 * for the others. README.md "Sign-in providers" says what a cafe configures.
 */
import { OAUTH_PROVIDERS, type OAuthProvider } from '../../shared/entities.js';
import type { Clock } from '../clock/clock.js';
import type { Db } from '../db/schema.js';
import type { CheckAuthentication } from './steam-openid.js';
import { SteamQrAdapter } from './steam-qr-adapter.js';
import { OAuth2Adapter, OidcAdapter, type SignInAdapter } from './adapters.js';
import type { SignInSettings } from './settings.js';

export const DEV_SIGN_IN_PATH = '/oauth/dev/sign-in';
export const startPath = (provider: OAuthProvider) => `/oauth/${provider}/start`;
export const callbackPath = (provider: OAuthProvider) => `/oauth/${provider}/callback`;

export interface OfferedProvider {
  id: OAuthProvider;
  /** The development stand-in (anyone can type any email), not the real provider. */
  development: boolean;
}

export interface OAuthProviderAdapter {
  /** What the station's grid shows, in the SPEC's order. */
  offered(): OfferedProvider[];
  /** The address the station shows as a QR code; null when the provider is not offered. */
  authUrl(session: { id: string; provider: OAuthProvider }, baseUrl: string): string | null;
  /** The real adapter of a configured provider. */
  adapter(provider: OAuthProvider): SignInAdapter | undefined;
  /** The development sign-in page is served (--dev-oauth). */
  readonly dev: boolean;
}

export function signInProviders(options: {
  dev: boolean;
  adapters?: SignInAdapter[];
}): OAuthProviderAdapter | null {
  const real = new Map((options.adapters ?? []).map((adapter) => [adapter.provider, adapter]));
  if (!options.dev && real.size === 0) return null;
  return {
    dev: options.dev,
    offered: () =>
      OAUTH_PROVIDERS.filter((id) => real.has(id) || options.dev).map((id) => ({ id, development: !real.has(id) })),
    authUrl: (session, baseUrl) => {
      if (real.has(session.provider)) return `${baseUrl}${startPath(session.provider)}?session=${encodeURIComponent(session.id)}`;
      if (!options.dev) return null;
      return `${baseUrl}${DEV_SIGN_IN_PATH}?session=${encodeURIComponent(session.id)}&provider=${session.provider}`;
    },
    adapter: (provider) => real.get(provider),
  };
}

/** One adapter per configured provider. */
export function adaptersFor(settings: SignInSettings, deps: { db: Db; clock: Clock; steamCheck?: CheckAuthentication }): SignInAdapter[] {
  return settings.providers.map((p) => {
    if (p.kind === 'oidc') return new OidcAdapter(p);
    if (p.kind === 'oauth2') return new OAuth2Adapter(p);
    return new SteamQrAdapter(p, { db: deps.db, clock: deps.clock, check: deps.steamCheck });
  });
}

/** The development provider alone (the demo, tests that need nothing else). */
export const devProvider = signInProviders({ dev: true })!;

declare module '../context.js' {
  interface ServerServices {
    /** The OAuth providers QR logins go through; null: QR login is off. */
    oauthProvider: OAuthProviderAdapter | null;
  }
}
