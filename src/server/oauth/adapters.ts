/**
 * The real sign-in adapters on openid-client (a certified relying-party
 * library): OpenID Connect for Google and Apple (discovery, ID token signature,
 * issuer, audience, expiry and nonce checked by the library), OAuth 2.0 for
 * Discord and GitHub (then their profile API with the access token). Every
 * trip carries a fresh `state`, PKCE (S256) and, for OpenID Connect, a nonce;
 * the route keeps them server-side (oauth_states) and spends them once.
 * An email becomes part of the identity only when the provider says it is
 * verified: check-email logs in by email.
 */
import { importPKCS8, SignJWT } from 'jose';
import * as oidc from 'openid-client';
import type { OAuthProvider } from '../../shared/entities.js';
import type { OAuthUserData } from './sessions.js';
import type { OAuth2Settings, OidcSettings } from './settings.js';

export interface SignInStart {
  /** Where the phone goes: the provider's authorization address. */
  url: string;
  state: string;
  codeVerifier: string;
  nonce: string;
}

export interface SignInPending {
  state: string;
  codeVerifier: string;
  nonce: string;
  /** This server's callback for the provider, exactly as sent in the authorization request. */
  redirectUri: string;
}

export interface SignInAdapter {
  provider: OAuthProvider;
  /** The provider answers the callback with a POST (Apple's form_post). */
  formPost: boolean;
  start(redirectUri: string): Promise<SignInStart>;
  /** `callback`: the redirect URI with every parameter the provider answered with. Throws when anything fails. */
  finish(callback: URL, pending: SignInPending): Promise<OAuthUserData>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const TIMEOUT_S = 10;

/** Plain HTTP only for a provider on this machine (the tests' OpenID Provider); everything else must be HTTPS. */
function configure(config: oidc.Configuration, url: string): oidc.Configuration {
  config.timeout = TIMEOUT_S;
  if (new URL(url).protocol === 'http:' && LOOPBACK.has(new URL(url).hostname)) oidc.allowInsecureRequests(config);
  return config;
}

const trueish = (value: unknown) => value === true || value === 'true';

function identity(provider: OAuthProvider, fields: { email?: unknown; verified: boolean; username?: unknown; name?: unknown }): OAuthUserData {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 254) : null);
  return {
    provider,
    email: fields.verified ? text(fields.email) : null,
    username: text(fields.username),
    name: text(fields.name),
    steamId: null,
  };
}

/** Apple's client secret: an ES256 JWT of the team's key (iss team, sub client, aud Apple), minted per token request. */
export async function appleClientSecret(settings: NonNullable<OidcSettings['apple']>, clientId: string, audience: string, nowS: number): Promise<string> {
  const key = await importPKCS8(settings.privateKeyPem, 'ES256');
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: settings.keyId })
    .setIssuer(settings.teamId)
    .setSubject(clientId)
    .setAudience(audience)
    .setIssuedAt(nowS)
    .setExpirationTime(nowS + 300)
    .sign(key);
}

async function pkce() {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  return { codeVerifier, code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier), code_challenge_method: 'S256' };
}

export class OidcAdapter implements SignInAdapter {
  readonly provider: OAuthProvider;
  readonly formPost: boolean;
  private discovered: Promise<oidc.Configuration> | null = null;

  constructor(private readonly settings: OidcSettings) {
    this.provider = settings.provider;
    this.formPost = settings.formPost;
  }

  /** Discovery once (again after a failure). */
  private discovery(): Promise<oidc.Configuration> {
    const { issuer, clientId, clientSecret } = this.settings;
    this.discovered ??= oidc
      .discovery(new URL(issuer), clientId, clientSecret, undefined, {
        execute: new URL(issuer).protocol === 'http:' && LOOPBACK.has(new URL(issuer).hostname) ? [oidc.allowInsecureRequests] : [],
        timeout: TIMEOUT_S,
      })
      .catch((error: unknown) => {
        this.discovered = null;
        throw error;
      });
    return this.discovered;
  }

  /** The configuration for a token request: Apple's carries a freshly signed client secret. */
  private async tokenConfiguration(): Promise<oidc.Configuration> {
    const discovered = await this.discovery();
    const { apple, clientId, issuer } = this.settings;
    if (!apple) return discovered;
    const secret = await appleClientSecret(apple, clientId, issuer, Math.floor(Date.now() / 1000));
    return configure(new oidc.Configuration(discovered.serverMetadata(), clientId, undefined, oidc.ClientSecretPost(secret)), issuer);
  }

  async start(redirectUri: string): Promise<SignInStart> {
    const config = await this.discovery();
    const { codeVerifier, ...challenge } = await pkce();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const parameters: Record<string, string> = { redirect_uri: redirectUri, scope: this.settings.scope, state, nonce, ...challenge };
    if (this.formPost) parameters.response_mode = 'form_post';
    return { url: oidc.buildAuthorizationUrl(config, parameters).href, state, codeVerifier, nonce };
  }

  async finish(callback: URL, pending: SignInPending): Promise<OAuthUserData> {
    const config = await this.tokenConfiguration();
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new Error('no ID token');
    // Some providers put the profile in the UserInfo answer only (its subject must be the ID token's).
    let claims: oidc.UserInfoResponse | oidc.IDToken = idToken;
    if (idToken.email === undefined && config.serverMetadata().userinfo_endpoint) {
      claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)), sub: idToken.sub };
    }
    // Apple sends the name once, beside the code, as a JSON `user` field (not signed: a display name only).
    let name = claims.name;
    const user = callback.searchParams.get('user');
    if (!name && user) {
      try {
        const parsed = JSON.parse(user) as { name?: { firstName?: string; lastName?: string } };
        name = [parsed.name?.firstName, parsed.name?.lastName].filter(Boolean).join(' ');
      } catch {
        name = undefined;
      }
    }
    const email = claims.email;
    return identity(this.provider, {
      email,
      verified: trueish(claims.email_verified),
      username: claims.preferred_username ?? claims.nickname ?? (typeof email === 'string' ? email.split('@')[0] : undefined),
      name,
    });
  }
}

interface DiscordUser {
  id?: string;
  username?: string;
  global_name?: string | null;
  email?: string | null;
  verified?: boolean;
}
interface GitHubUser {
  id?: number;
  login?: string;
  name?: string | null;
}
interface GitHubEmail {
  email?: string;
  primary?: boolean;
  verified?: boolean;
}

export class OAuth2Adapter implements SignInAdapter {
  readonly provider: OAuthProvider;
  readonly formPost = false;
  private readonly config: oidc.Configuration;

  constructor(private readonly settings: OAuth2Settings) {
    this.provider = settings.provider;
    this.config = configure(
      new oidc.Configuration(
        { issuer: settings.issuer, authorization_endpoint: settings.authorizationEndpoint, token_endpoint: settings.tokenEndpoint },
        settings.clientId,
        settings.clientSecret,
      ),
      settings.tokenEndpoint,
    );
  }

  async start(redirectUri: string): Promise<SignInStart> {
    const { codeVerifier, ...challenge } = await pkce();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(this.config, { redirect_uri: redirectUri, scope: this.settings.scope, state, ...challenge });
    return { url: url.href, state, codeVerifier, nonce: '' };
  }

  private async get<T>(accessToken: string, url: string): Promise<T> {
    const headers = new Headers({ accept: 'application/json', 'user-agent': 'Spawnpoint cafe server' });
    const response = await oidc.fetchProtectedResource(this.config, accessToken, new URL(url), 'GET', undefined, headers);
    if (!response.ok) throw new Error(`profile request answered ${response.status}`);
    return (await response.json()) as T;
  }

  async finish(callback: URL, pending: SignInPending): Promise<OAuthUserData> {
    const tokens = await oidc.authorizationCodeGrant(this.config, callback, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      idTokenExpected: false,
    });
    if (this.provider === 'discord') {
      const user = await this.get<DiscordUser>(tokens.access_token, this.settings.profileUrl);
      if (!user.id) throw new Error('no Discord user');
      return identity('discord', { email: user.email, verified: user.verified === true, username: user.username, name: user.global_name ?? user.username });
    }
    const user = await this.get<GitHubUser>(tokens.access_token, this.settings.profileUrl);
    if (user.id === undefined) throw new Error('no GitHub user');
    const emails = this.settings.emailsUrl ? await this.get<GitHubEmail[]>(tokens.access_token, this.settings.emailsUrl) : [];
    const primary = Array.isArray(emails) ? emails.find((e) => e.primary && e.verified) : undefined;
    return identity('github', { email: primary?.email, verified: primary !== undefined, username: user.login, name: user.name ?? user.login });
  }
}
