/**
 * Which sign-in providers this cafe configured, read from the environment
 * (never from argv: a command line is visible to every local user). Each
 * provider is on when its client id is set; its secret comes from
 * `…_SECRET_FILE` (preferred) or `…_SECRET`. Nothing here is ever logged:
 * an incomplete configuration fails at start naming the missing variable,
 * never a value. README.md "Sign-in providers" lists every variable.
 */
import { secretFromEnv } from '../config/env-secrets.js';
import type { OAuthProvider } from '../../shared/entities.js';
import { STEAM_OPENID, type SteamOpenIdConfig } from './steam-openid.js';

export interface OidcSettings {
  kind: 'oidc';
  provider: 'google' | 'apple';
  /** The OpenID Provider's issuer (discovery at issuer/.well-known/openid-configuration). */
  issuer: string;
  clientId: string;
  /** Google: the client secret. Apple signs one per token request from `apple`. */
  clientSecret?: string;
  apple?: { teamId: string; keyId: string; privateKeyPem: string };
  scope: string;
  /** Apple answers with a POST (response_mode=form_post). */
  formPost: boolean;
}

export interface OAuth2Settings {
  kind: 'oauth2';
  provider: 'discord' | 'github';
  /** The authorization server's identifier (an `iss` in its answers must equal it). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** Who signed in: Discord's /users/@me, GitHub's /user. */
  profileUrl: string;
  /** GitHub's /user/emails (the verified primary address). */
  emailsUrl?: string;
  scope: string;
}

export interface SteamSettings {
  kind: 'steam';
  provider: 'steam';
  openid: SteamOpenIdConfig;
  /** Steam Web API key for the persona name (GetPlayerSummaries); without it the name is left empty. */
  webApiKey?: string;
  webApiBase: string;
}

export type ProviderSettings = OidcSettings | OAuth2Settings | SteamSettings;

export interface SignInSettings {
  providers: ProviderSettings[];
}

export class SignInConfigError extends Error {}


type Env = Record<string, string | undefined>;

function required(env: Env, name: string, secret = false): string {
  const value = secret ? secretFromEnv(env, name) : env[name];
  if (!value) throw new SignInConfigError(`${name}${secret ? ' (or ' + name + '_FILE)' : ''} is required for this provider.`);
  return value;
}

const P = 'SPAWNPOINT_OAUTH_';

export const PROVIDER_DEFAULTS = {
  google: { issuer: 'https://accounts.google.com', scope: 'openid email profile' },
  apple: { issuer: 'https://appleid.apple.com', scope: 'openid email name' },
  discord: {
    issuer: 'https://discord.com',
    authorizationEndpoint: 'https://discord.com/oauth2/authorize',
    tokenEndpoint: 'https://discord.com/api/oauth2/token',
    profileUrl: 'https://discord.com/api/users/@me',
    scope: 'identify email',
  },
  github: {
    issuer: 'https://github.com/login/oauth',
    authorizationEndpoint: 'https://github.com/login/oauth/authorize',
    tokenEndpoint: 'https://github.com/login/oauth/access_token',
    profileUrl: 'https://api.github.com/user',
    emailsUrl: 'https://api.github.com/user/emails',
    scope: 'read:user user:email',
  },
  steam: { webApiBase: 'https://api.steampowered.com' },
} as const;

/** The providers the environment configures (none: only the development provider, with --dev-oauth). */
export function signInSettingsFromEnv(env: Env = process.env): SignInSettings {
  const providers: ProviderSettings[] = [];
  if (env[`${P}GOOGLE_CLIENT_ID`]) {
    providers.push({
      kind: 'oidc',
      provider: 'google',
      issuer: env[`${P}GOOGLE_ISSUER`] ?? PROVIDER_DEFAULTS.google.issuer,
      clientId: required(env, `${P}GOOGLE_CLIENT_ID`),
      clientSecret: required(env, `${P}GOOGLE_CLIENT_SECRET`, true),
      scope: PROVIDER_DEFAULTS.google.scope,
      formPost: false,
    });
  }
  if (env[`${P}APPLE_CLIENT_ID`]) {
    providers.push({
      kind: 'oidc',
      provider: 'apple',
      issuer: env[`${P}APPLE_ISSUER`] ?? PROVIDER_DEFAULTS.apple.issuer,
      clientId: required(env, `${P}APPLE_CLIENT_ID`),
      apple: {
        teamId: required(env, `${P}APPLE_TEAM_ID`),
        keyId: required(env, `${P}APPLE_KEY_ID`),
        privateKeyPem: required(env, `${P}APPLE_PRIVATE_KEY`, true),
      },
      scope: PROVIDER_DEFAULTS.apple.scope,
      formPost: true,
    });
  }
  for (const provider of ['discord', 'github'] as const) {
    const NAME = provider.toUpperCase();
    if (!env[`${P}${NAME}_CLIENT_ID`]) continue;
    const defaults: Omit<OAuth2Settings, 'kind' | 'provider' | 'clientId' | 'clientSecret'> = PROVIDER_DEFAULTS[provider];
    // Each endpoint may be pointed elsewhere (a proxy, a test provider): …_ISSUER, …_AUTHORIZATION_URL, …_TOKEN_URL, …_PROFILE_URL, …_EMAILS_URL.
    const override = (suffix: string, fallback: string) => env[`${P}${NAME}_${suffix}`] || fallback;
    providers.push({
      kind: 'oauth2',
      provider,
      ...defaults,
      issuer: override('ISSUER', defaults.issuer),
      authorizationEndpoint: override('AUTHORIZATION_URL', defaults.authorizationEndpoint),
      tokenEndpoint: override('TOKEN_URL', defaults.tokenEndpoint),
      profileUrl: override('PROFILE_URL', defaults.profileUrl),
      ...(defaults.emailsUrl ? { emailsUrl: override('EMAILS_URL', defaults.emailsUrl) } : {}),
      clientId: required(env, `${P}${NAME}_CLIENT_ID`),
      clientSecret: required(env, `${P}${NAME}_CLIENT_SECRET`, true),
    });
  }
  const steamKey = secretFromEnv(env, 'SPAWNPOINT_STEAM_WEB_API_KEY');
  if (env[`${P}STEAM`] === 'on' || steamKey) {
    // Steam's endpoints may be pointed elsewhere (a proxy, a test provider): …_OPENID_ENDPOINT, …_CLAIMED_ID_PREFIX, …_WEB_API_URL.
    const override = (name: string, fallback: string) => env[`SPAWNPOINT_STEAM_${name}`] || fallback;
    providers.push({
      kind: 'steam',
      provider: 'steam',
      openid: {
        endpoint: override('OPENID_ENDPOINT', STEAM_OPENID.endpoint),
        claimedIdPrefix: override('CLAIMED_ID_PREFIX', STEAM_OPENID.claimedIdPrefix),
      },
      webApiKey: steamKey,
      webApiBase: override('WEB_API_URL', PROVIDER_DEFAULTS.steam.webApiBase),
    });
  }
  return { providers };
}

/** The Steam OpenID provider the cafe configured (the profile's Steam link uses the same one), or undefined for Steam's own. */
export function steamOpenIdOf(settings: SignInSettings): SteamOpenIdConfig | undefined {
  return settings.providers.find((p): p is SteamSettings => p.kind === 'steam')?.openid;
}

export function configuredProviders(settings: SignInSettings): OAuthProvider[] {
  return settings.providers.map((p) => p.provider);
}
