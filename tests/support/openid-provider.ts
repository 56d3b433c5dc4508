/**
 * A real OpenID Provider on loopback for the sign-in tests (issue 25):
 * `oidc-provider` (a certified implementation) with its own RSA signing key,
 * authorization code + PKCE, ID tokens, form_post — playing Google, Apple,
 * Discord and GitHub. Beside it, on the same port, the two non-OIDC profile
 * APIs (Discord's /users/@me, GitHub's /user and /user/emails), answered only
 * for an access token the provider issued.
 *
 * The phone's sign-in is automatic: the interaction logs in `nextAccount`.
 * Attack hooks: `tamperIdToken` re-signs the ID token with the provider's own
 * key (another audience, another nonce), `expireCodes` ages every stored
 * authorization code past its expiry. Apple's client secret (an ES256 JWT of
 * the team key) is checked against the team's public key, as Apple does.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, exportPKCS8, generateKeyPair, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import Provider, { type Adapter, type AdapterPayload } from 'oidc-provider';

export interface TestAccount {
  email: string;
  emailVerified: boolean;
  name: string;
  username: string;
}

export interface TestClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface TestOpenIdProvider {
  issuer: string;
  /** The Apple team key (PKCS#8 PEM) and its key id, for the Apple adapter's settings. */
  apple: { teamId: string; keyId: string; privateKeyPem: string };
  accounts: Map<string, TestAccount>;
  /** Starts the provider for these clients (their redirect URIs are known once the cafe listens). */
  register(clients: TestClient[], appleClientId?: string): void;
  /** Who signs in at the next interaction. */
  nextAccount: string;
  /** Rewrites the ID token of every token response (re-signed with the provider's key). */
  tamperIdToken: ((claims: JWTPayload) => JWTPayload) | null;
  /** Every stored authorization code is past its expiry. */
  expireCodes(): void;
  /** Authorization requests the provider received (their query), for assertions. */
  authorizations: URLSearchParams[];
  close(): Promise<void>;
}

const stores = new Map<string, Map<string, AdapterPayload>>();

/** oidc-provider's storage, in a Map the test can reach (to age codes). */
class MapAdapter implements Adapter {
  private readonly store: Map<string, AdapterPayload>;
  constructor(readonly name: string) {
    this.store = stores.get(name) ?? new Map();
    stores.set(name, this.store);
  }
  async upsert(id: string, payload: AdapterPayload) {
    this.store.set(id, { ...payload });
  }
  async find(id: string) {
    return this.store.get(id);
  }
  async findByUserCode() {
    return undefined;
  }
  async findByUid(uid: string) {
    return [...this.store.values()].find((p) => p.uid === uid);
  }
  async consume(id: string) {
    const payload = this.store.get(id);
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
  }
  async destroy(id: string) {
    this.store.delete(id);
  }
  async revokeByGrantId(grantId: string) {
    for (const [id, payload] of this.store) if (payload.grantId === grantId) this.store.delete(id);
  }
}

export async function startOpenIdProvider(): Promise<TestOpenIdProvider> {
  stores.clear();
  const signing = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(signing.privateKey)), kid: 'test-signing', alg: 'RS256', use: 'sig' };
  const team = await generateKeyPair('ES256', { extractable: true });
  const apple = { teamId: 'TEAM123456', keyId: 'APPLEKEY01', privateKeyPem: await exportPKCS8(team.privateKey) };

  const accounts = new Map<string, TestAccount>();
  const authorizations: URLSearchParams[] = [];
  let provider: Provider | null = null;
  const handle = (req: IncomingMessage, res: ServerResponse) => void route(req, res);
  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const peer: TestOpenIdProvider = {
    issuer,
    apple,
    accounts,
    nextAccount: '',
    tamperIdToken: null,
    authorizations,
    expireCodes() {
      for (const payload of stores.get('AuthorizationCode')?.values() ?? []) payload.exp = Math.floor(Date.now() / 1000) - 60;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    register(clients, appleClientId) {
      provider = createProvider(clients, appleClientId);
    },
  };

  function createProvider(clients: TestClient[], appleClientId?: string): Provider {
  const oidcProvider = new Provider(issuer, {
    adapter: MapAdapter,
    clients: clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: [c.redirectUri],
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    jwks: { keys: [jwk] },
    cookies: { keys: ['test-cookie-key'] },
    scopes: ['openid', 'email', 'profile', 'name', 'identify', 'read:user', 'user:email'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'], name: ['name'] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: { AuthorizationCode: 60, Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, email: account.email, email_verified: account.emailVerified, name: account.name, preferred_username: account.username }),
      };
    },
  });

  // Apple's client secret: a JWT of the team's key, not a shared string.
  if (appleClientId) {
    const compare = oidcProvider.Client.prototype.compareClientSecret;
    oidcProvider.Client.prototype.compareClientSecret = async function (this: { clientId: string }, actual: string) {
      if (this.clientId !== appleClientId) return compare.call(this, actual);
      try {
        const { payload, protectedHeader } = await jwtVerify(actual, team.publicKey, { issuer: apple.teamId, audience: issuer, subject: appleClientId });
        return protectedHeader.kid === apple.keyId && protectedHeader.alg === 'ES256' && typeof payload.exp === 'number';
      } catch {
        return false;
      }
    };
  }

  // The ID-token attack hook: the same key, other claims.
  oidcProvider.use(async (ctx, next) => {
    if (ctx.path === '/auth') authorizations.push(new URLSearchParams(ctx.querystring));
    await next();
    const answer = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === '/token' && peer.tamperIdToken && answer?.id_token) {
      const claims = peer.tamperIdToken(decodeJwt(answer.id_token));
      answer.id_token = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: jwk.kid }).sign(signing.privateKey);
    }
  });

  return oidcProvider;
  }

  async function bearerAccount(oidcProvider: Provider, req: IncomingMessage): Promise<TestAccount | undefined> {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token) return undefined;
    const found = await oidcProvider.AccessToken.find(token);
    return found?.accountId ? accounts.get(found.accountId) : undefined;
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', issuer).pathname;
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    const oidcProvider = provider;
    if (!oidcProvider) return json(503, { error: 'not configured' });
    try {
      if (path.startsWith('/interaction/')) {
        const details = await oidcProvider.interactionDetails(req, res);
        const accountId = peer.nextAccount;
        const grant = new oidcProvider.Grant({ accountId, clientId: String(details.params.client_id) });
        grant.addOIDCScope(String(details.params.scope));
        const grantId = await grant.save();
        await oidcProvider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
        return;
      }
      if (path === '/discord/users/@me') {
        const account = await bearerAccount(oidcProvider, req);
        if (!account) return json(401, { message: '401: Unauthorized', code: 0 });
        return json(200, { id: '80351110224678912', username: account.username, global_name: account.name, email: account.email, verified: account.emailVerified });
      }
      if (path === '/github/user') {
        const account = await bearerAccount(oidcProvider, req);
        if (!account) return json(401, { message: 'Bad credentials' });
        return json(200, { id: 583231, login: account.username, name: account.name, email: null });
      }
      if (path === '/github/user/emails') {
        const account = await bearerAccount(oidcProvider, req);
        if (!account) return json(401, { message: 'Bad credentials' });
        return json(200, [
          { email: `${account.username}@users.noreply.github.com`, primary: false, verified: true },
          { email: account.email, primary: true, verified: account.emailVerified },
        ]);
      }
      oidcProvider.callback()(req, res);
    } catch (error) {
      json(500, { error: (error as Error).message });
    }
  }

  return peer;
}
