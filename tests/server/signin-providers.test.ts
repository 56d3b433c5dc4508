/**
 * Issue 25: QR sign-in through real providers. A real OpenID Provider
 * (oidc-provider, tests/support/openid-provider.ts) plays Google (OpenID
 * Connect), Apple (OpenID Connect, form_post, the team-key client secret),
 * Discord and GitHub (OAuth 2.0 + their profile APIs); the phone follows the
 * QR code's address (tests/support/phone-browser.ts). The attacks come first:
 * a wrong state, a replayed callback, a replayed code, an expired code, an ID
 * token for another audience or with another nonce — each refused, the QR
 * session left pending, nobody signed in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthCheckEmail, oauthProviders, oauthQrSession, oauthQrStatus } from '../../src/shared/api/routes.js';
import type { OAuthProvider } from '../../src/shared/entities.js';
import { PROVIDER_DEFAULTS, signInSettingsFromEnv, steamOpenIdOf, type ProviderSettings } from '../../src/server/oauth/settings.js';
import { STEAM_OPENID } from '../../src/server/oauth/steam-openid.js';
import { PhoneBrowser } from '../support/phone-browser.js';
import { startOpenIdProvider, type TestOpenIdProvider } from '../support/openid-provider.js';
import { ok, startServer, station, stationCredential, type TestServer } from './support/harness.js';

let op: TestOpenIdProvider;
let t: TestServer;

function settings(issuer: string): ProviderSettings[] {
  return [
    { kind: 'oidc', provider: 'google', issuer, clientId: 'google-client', clientSecret: 'google-secret', scope: 'openid email profile', formPost: false },
    { kind: 'oidc', provider: 'apple', issuer, clientId: 'apple-client', apple: op.apple, scope: 'openid email name', formPost: true },
    {
      kind: 'oauth2',
      provider: 'discord',
      issuer,
      clientId: 'discord-client',
      clientSecret: 'discord-secret',
      authorizationEndpoint: `${issuer}/auth`,
      tokenEndpoint: `${issuer}/token`,
      profileUrl: `${issuer}/discord/users/@me`,
      scope: 'identify email',
    },
    {
      kind: 'oauth2',
      provider: 'github',
      issuer,
      clientId: 'github-client',
      clientSecret: 'github-secret',
      authorizationEndpoint: `${issuer}/auth`,
      tokenEndpoint: `${issuer}/token`,
      profileUrl: `${issuer}/github/user`,
      emailsUrl: `${issuer}/github/user/emails`,
      scope: 'read:user user:email',
    },
  ];
}

beforeAll(async () => {
  op = await startOpenIdProvider();
  t = await startServer({ devOAuth: false, signIn: { providers: settings(op.issuer) } });
  op.register(
    (['google', 'apple', 'discord', 'github'] as const).map((p) => ({
      clientId: `${p}-client`,
      clientSecret: p === 'apple' ? 'apple-checks-the-team-key-instead' : `${p}-secret`,
      redirectUri: `${t.url}/oauth/${p}/callback`,
    })),
    'apple-client',
  );
  op.accounts.set('ali', { email: 'ali@example.com', emailVerified: true, name: 'Ali Hassan', username: 'ali' });
  op.accounts.set('newcomer', { email: 'newcomer@example.com', emailVerified: true, name: 'New Comer', username: 'newcomer' });
  op.accounts.set('unverified', { email: 'sara@example.com', emailVerified: false, name: 'Not Sara', username: 'notsara' });
});

afterAll(async () => {
  await t?.close();
  await op?.close();
});

const at = (n: number) => ({ credential: stationCredential(t.url, n) });

async function qrSession(provider: OAuthProvider, n = 1) {
  return ok(t.url, oauthQrSession, { params: { provider }, ...at(n) });
}
const statusOf = (sessionId: string, n = 1) => ok(t.url, oauthQrStatus, { params: { sessionId }, ...at(n) });

/** The phone scans, signs in at the provider as `account`, and stops just before the cafe's callback. */
async function toCallback(provider: OAuthProvider, account: string, n = 1) {
  const session = await qrSession(provider, n);
  op.nextAccount = account;
  const phone = new PhoneBrowser();
  const stop = await phone.open(session.authUrl, `${t.url}/oauth/${provider}/callback`);
  expect(stop.status).toBe(0);
  return { session, phone, callback: stop };
}

async function send(phone: PhoneBrowser, callback: { url: string; form?: Record<string, string> }) {
  const reply = await phone.request(callback.url, { form: callback.form });
  return { status: reply.status, text: await reply.text() };
}

/** The callback's answer fields (query, or the form_post body). */
const answerOf = (callback: { url: string; form?: Record<string, string> }) =>
  callback.form ?? Object.fromEntries(new URL(callback.url).searchParams);

function withAnswer(callback: { url: string; form?: Record<string, string> }, answer: Record<string, string>) {
  if (callback.form) return { url: callback.url, form: answer };
  const url = new URL(callback.url);
  url.search = new URLSearchParams(answer).toString();
  return { url: url.href };
}

describe('attacks on the QR sign-in through a real provider', () => {
  it('refuses a callback with a state this server never issued (and keeps the real one working)', async () => {
    const { session, phone, callback } = await toCallback('google', 'ali');
    const forged = await send(phone, withAnswer(callback, { ...answerOf(callback), state: 'attacker-chosen-state' }));
    expect(forged.status).toBe(400);
    expect((await statusOf(session.sessionId)).status).toBe('pending');
    expect((await send(phone, callback)).status).toBe(200);
  });

  it('refuses a replayed callback: the state is spent once', async () => {
    const { session, phone, callback } = await toCallback('google', 'ali');
    expect((await send(phone, callback)).status).toBe(200);
    const replay = await send(new PhoneBrowser(), callback);
    expect(replay.status).toBe(400);
    expect(replay.text).toContain('expired or was already used');
    expect((await statusOf(session.sessionId)).status).toBe('completed');
  });

  it('refuses a code replayed into another trip (its PKCE verifier and the used code do not match)', async () => {
    const first = await toCallback('discord', 'ali');
    expect((await send(first.phone, first.callback)).status).toBe(200);
    const second = await toCallback('discord', 'ali');
    const replayed = withAnswer(second.callback, { ...answerOf(second.callback), code: answerOf(first.callback).code! });
    expect((await send(second.phone, replayed)).status).toBe(400);
    expect((await statusOf(second.session.sessionId)).status).toBe('pending');
  });

  it('refuses an expired authorization code', async () => {
    const { session, phone, callback } = await toCallback('github', 'ali');
    op.expireCodes();
    expect((await send(phone, callback)).status).toBe(400);
    expect((await statusOf(session.sessionId)).status).toBe('pending');
  });

  it('refuses an ID token issued to another audience, signed with the provider’s own key', async () => {
    const { session, phone, callback } = await toCallback('google', 'ali');
    op.tamperIdToken = (claims) => ({ ...claims, aud: 'another-relying-party' });
    try {
      expect((await send(phone, callback)).status).toBe(400);
    } finally {
      op.tamperIdToken = null;
    }
    expect((await statusOf(session.sessionId)).status).toBe('pending');
  });

  it('refuses an ID token whose nonce is not this trip’s', async () => {
    const { session, phone, callback } = await toCallback('apple', 'ali');
    op.tamperIdToken = (claims) => ({ ...claims, nonce: 'nonce-of-another-trip' });
    try {
      expect((await send(phone, callback)).status).toBe(400);
    } finally {
      op.tamperIdToken = null;
    }
    expect((await statusOf(session.sessionId)).status).toBe('pending');
  });

  it('never vouches for an email the provider has not verified', async () => {
    const { session, phone, callback } = await toCallback('google', 'unverified');
    expect((await send(phone, callback)).status).toBe(200);
    const status = await statusOf(session.sessionId);
    expect(status).toMatchObject({ status: 'completed', userData: { provider: 'google', email: null } });
  });
});

describe('QR sign-in through each real provider', () => {
  it('offers exactly the configured providers, none of them the development one', async () => {
    const { providers } = await ok(t.url, oauthProviders, {});
    expect(providers).toEqual(['google', 'apple', 'discord', 'github'].map((id) => ({ id, development: false })));
    const steam = await fetch(`${t.url}/auth/client/oauth/steam/qr-session`, {
      method: 'POST',
      headers: { 'x-station-credential': stationCredential(t.url, 1) },
    });
    expect(steam.status).toBe(404);
  });

  it.each([
    ['google', 2],
    ['apple', 3],
    ['discord', 4],
    ['github', 5],
  ] as const)('%s: the phone signs in, station %i logs ali in', async (provider, n) => {
    const { session, phone, callback } = await toCallback(provider, 'ali', n);
    const request = op.authorizations.at(-1)!;
    expect(request.get('code_challenge_method')).toBe('S256');
    expect(request.get('state')).toBeTruthy();
    if (provider === 'google' || provider === 'apple') expect(request.get('nonce')).toBeTruthy();
    if (provider === 'apple') {
      expect(request.get('response_mode')).toBe('form_post');
      expect(callback.form?.code).toBeTruthy();
    }
    const done = await send(phone, callback);
    expect(done.status).toBe(200);
    expect(done.text).toContain('Signed in');
    const status = await statusOf(session.sessionId, n);
    expect(status).toMatchObject({ status: 'completed', userData: { provider, email: 'ali@example.com', loginData: null } });
    const check = await ok(t.url, oauthCheckEmail, {
      body: { email: 'ali@example.com', provider, suggestedUsername: 'ali', macAddress: station(n).macAddress },
      ...at(n),
    });
    expect(check.emailExists).toBe(true);
    expect(check.loginData?.user.username).toBe('ali');
    expect(check.loginData?.stationId).toBe(station(n).stationId);
    expect((await statusOf(session.sessionId, n)).status).toBe('expired');
  });

  it('a new customer gets the sign-up face pre-filled from the provider', async () => {
    const { session, phone, callback } = await toCallback('github', 'newcomer');
    expect((await send(phone, callback)).status).toBe(200);
    expect(await statusOf(session.sessionId)).toMatchObject({ userData: { provider: 'github', email: 'newcomer@example.com', username: 'newcomer', name: 'New Comer' } });
    const check = await ok(t.url, oauthCheckEmail, {
      body: { email: 'newcomer@example.com', provider: 'github', suggestedUsername: 'newcomer', macAddress: station(1).macAddress },
    });
    expect(check).toMatchObject({ emailExists: false, loginData: null, userData: { email: 'newcomer@example.com', provider: 'github' } });
  });
});

describe('Discord and GitHub endpoints from the environment', () => {
  const P = 'SPAWNPOINT_OAUTH_';
  it('uses the real endpoints unless each is overridden', () => {
    const base = { [`${P}DISCORD_CLIENT_ID`]: 'd', [`${P}DISCORD_CLIENT_SECRET`]: 'ds', [`${P}GITHUB_CLIENT_ID`]: 'g', [`${P}GITHUB_CLIENT_SECRET`]: 'gs' };
    expect(signInSettingsFromEnv(base).providers).toMatchObject([
      { provider: 'discord', ...PROVIDER_DEFAULTS.discord },
      { provider: 'github', ...PROVIDER_DEFAULTS.github },
    ]);
    const proxied = signInSettingsFromEnv({
      ...base,
      [`${P}DISCORD_ISSUER`]: 'https://proxy.example/discord',
      [`${P}DISCORD_AUTHORIZATION_URL`]: 'https://proxy.example/discord/authorize',
      [`${P}DISCORD_TOKEN_URL`]: 'https://proxy.example/discord/token',
      [`${P}DISCORD_PROFILE_URL`]: 'https://proxy.example/discord/me',
      [`${P}GITHUB_PROFILE_URL`]: 'https://proxy.example/github/user',
      [`${P}GITHUB_EMAILS_URL`]: 'https://proxy.example/github/emails',
    }).providers;
    expect(proxied[0]).toMatchObject({
      provider: 'discord',
      issuer: 'https://proxy.example/discord',
      authorizationEndpoint: 'https://proxy.example/discord/authorize',
      tokenEndpoint: 'https://proxy.example/discord/token',
      profileUrl: 'https://proxy.example/discord/me',
      clientId: 'd',
      clientSecret: 'ds',
    });
    expect(proxied[0]).not.toHaveProperty('emailsUrl');
    expect(proxied[1]).toMatchObject({
      provider: 'github',
      issuer: PROVIDER_DEFAULTS.github.issuer,
      authorizationEndpoint: PROVIDER_DEFAULTS.github.authorizationEndpoint,
      tokenEndpoint: PROVIDER_DEFAULTS.github.tokenEndpoint,
      profileUrl: 'https://proxy.example/github/user',
      emailsUrl: 'https://proxy.example/github/emails',
    });
  });
});

describe("Steam's endpoints from the environment", () => {
  it("uses Steam's own unless each is overridden, and the profile's link follows the same provider", () => {
    expect(signInSettingsFromEnv({ SPAWNPOINT_OAUTH_STEAM: 'on' }).providers).toEqual([
      { kind: 'steam', provider: 'steam', openid: STEAM_OPENID, webApiKey: undefined, webApiBase: PROVIDER_DEFAULTS.steam.webApiBase },
    ]);
    const proxied = signInSettingsFromEnv({
      SPAWNPOINT_STEAM_WEB_API_KEY: 'k',
      SPAWNPOINT_STEAM_OPENID_ENDPOINT: 'https://proxy.example/openid/login',
      SPAWNPOINT_STEAM_CLAIMED_ID_PREFIX: 'https://proxy.example/openid/id/',
      SPAWNPOINT_STEAM_WEB_API_URL: 'https://proxy.example/api',
    });
    expect(proxied.providers).toEqual([
      {
        kind: 'steam',
        provider: 'steam',
        openid: { endpoint: 'https://proxy.example/openid/login', claimedIdPrefix: 'https://proxy.example/openid/id/' },
        webApiKey: 'k',
        webApiBase: 'https://proxy.example/api',
      },
    ]);
    expect(steamOpenIdOf(proxied)).toEqual({ endpoint: 'https://proxy.example/openid/login', claimedIdPrefix: 'https://proxy.example/openid/id/' });
    expect(steamOpenIdOf(signInSettingsFromEnv({}))).toBeUndefined();
  });
});
