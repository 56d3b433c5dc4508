/**
 * SPEC §7 OAuth QR login: create a QR session, poll its status, check the
 * email it returned; the phone's trip through a configured provider (start →
 * provider → callback, issue 25); the grid's provider list; plus the
 * development provider's sign-in page (only with --dev-oauth). check-email
 * trusts no email in its body: it completes only an identity the server
 * verified itself, in a QR session of the asking station. A Steam identity
 * whose Steam id is linked to an account logs in from the status answer
 * (SPEC §4: "for Steam with login data the session is stored directly").
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { oauthCheckEmail, oauthProviders, oauthQrSession, oauthQrStatus } from '../../shared/api/routes.js';
import { OAUTH_PROVIDERS, type OAuthProvider } from '../../shared/entities.js';
import { isValidEmail } from '../../shared/validation/auth.js';
import { signInAtStation } from '../auth/station-login.js';
import type { ServerContext } from '../context.js';
import { BUDGETS } from '../http/budgets.js';
import { badRequest, notFound, unauthorized } from '../base/errors.js';
import { enrolledStation, registerRoute } from '../http/route.js';
import { devSignInPage, devSignedInPage } from './dev-page.js';
import { callbackPath, DEV_SIGN_IN_PATH, type OAuthProviderAdapter } from './providers.js';
import { QR_SESSION_TTL_MS, QrSessions } from './sessions.js';
import { SignInTrips } from './trips.js';

export const NO_PROVIDER =
  'No OAuth provider is configured on this cafe server (the development provider needs --dev-oauth).';
export const UNVERIFIED_IDENTITY =
  'No completed QR sign-in for this email at this station: scan the QR code and sign in on your phone first.';

/** A username suggestion from a name or an email: letters and digits, at most one inner dot. */
export function suggestUsername(source: string): string {
  const parts = source
    .split('@')[0]!
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9.]/g, '')
    .split('.')
    .filter(Boolean);
  const name = parts.length > 1 ? `${parts[0]}.${parts.slice(1).join('')}` : (parts[0] ?? '');
  return name.slice(0, 32) || 'player';
}

const devForm = z.object({
  session: z.string().min(1).max(64),
  provider: z.enum(OAUTH_PROVIDERS),
  name: z.string().trim().max(64).default(''),
  email: z.string().trim().max(254).default(''),
  steamId: z.string().trim().max(20).default(''),
});

const checkEmailExtra = z.object({ sessionId: z.string().min(1).max(64).optional() });

/** `provider`: the adapter the phone signs in with (default: the server's); none means OAuth login is off. */
export function registerOAuthRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  provider: OAuthProviderAdapter | null = ctx.oauthProvider,
): void {
  const sessions = new QrSessions(ctx.db, ctx.clock);

  registerRoute(app, ctx, oauthQrSession, async (route) => {
    const station = enrolledStation(route);
    await ctx.budgets.take(BUDGETS.qrStation, station.id, 'Too many QR codes requested.');
    if (!provider?.offered().some((p) => p.id === route.params.provider)) throw notFound(NO_PROVIDER);
    const session = await sessions.create(route.params.provider, station.id);
    const authUrl = provider.authUrl(session, ctx.publicUrl());
    if (!authUrl) throw notFound(NO_PROVIDER);
    return { sessionId: session.id, authUrl, expiresIn: QR_SESSION_TTL_MS / 1000 };
  });

  registerRoute(app, ctx, oauthQrStatus, async (route) => {
    const station = enrolledStation(route);
    const { status, userData } = await sessions.status(route.params.sessionId, station.id);
    if (!userData) return { status, userData: null };
    // A verified Steam id linked to an account is a login at this station (the status hands a completion over once).
    if (userData.provider === 'steam' && userData.steamId) {
      const user = await ctx.db.selectFrom('users').selectAll().where('steam_id', '=', userData.steamId).executeTakeFirst();
      if (user) return { status, userData: { ...userData, loginData: await signInAtStation(ctx, user, station) } };
    }
    return { status, userData: { ...userData, loginData: null } };
  });

  registerRoute(app, ctx, oauthProviders, async () => ({ providers: provider?.offered() ?? [] }));

  registerRoute(app, ctx, oauthCheckEmail, async (route) => {
    const { body, request } = route;
    const station = enrolledStation(route);
    await ctx.budgets.take(BUDGETS.checkEmailStation, station.id, 'Too many sign-in checks.');
    const email = body.email.trim();
    if (!isValidEmail(email)) throw badRequest('Please enter a valid email address');
    const extra = checkEmailExtra.safeParse(request.body ?? {});
    const verified = await sessions.take(station.id, email, extra.success ? extra.data.sessionId : undefined);
    if (!verified?.email) throw unauthorized(UNVERIFIED_IDENTITY);
    // Only an address the account has verified is a login identifier.
    const user = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', verified.email)
      .where((eb) => eb.exists(eb.selectFrom('users_email_verified as v').select('v.user_id').whereRef('v.user_id', '=', 'users.id')))
      .executeTakeFirst();
    if (user) return { emailExists: true, loginData: await signInAtStation(ctx, user, station), userData: null };
    return {
      emailExists: false,
      loginData: null,
      userData: {
        email: verified.email,
        suggestedUsername: body.suggestedUsername || suggestUsername(verified.email),
        name: verified.name,
        provider: verified.provider,
      },
    };
  });

  if (provider) registerProviderTrips(app, ctx, provider, sessions);
  if (!provider?.dev) return;

  // The development provider: a small sign-in page the phone opens from the QR code.
  app.get(DEV_SIGN_IN_PATH, async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const session = await sessions.pending(query.session ?? '');
    reply.type('text/html').header('cache-control', 'no-store');
    if (!session) return reply.code(410).send(devSignedInPage('This sign-in link has expired. Generate a new QR code at the station.'));
    return reply.send(devSignInPage(session.id, session.provider, DEV_SIGN_IN_PATH));
  });

  // The sign-in form posts urlencoded; the parser lives in this plugin scope only.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope.post(DEV_SIGN_IN_PATH, async (request, reply) => {
      reply.type('text/html').header('cache-control', 'no-store');
      const form = devForm.safeParse(request.body ?? {});
      if (!form.success) return reply.code(400).send(devSignedInPage('Please fill in the form.'));
      const { session, provider: id, name, email, steamId } = form.data;
      if (id !== 'steam' && !isValidEmail(email)) return reply.code(400).send(devSignedInPage('Please enter a valid email address.'));
      const done = await sessions.complete(session, {
        provider: id,
        email: id === 'steam' ? null : email,
        username: suggestUsername(name || email || 'player'),
        name: name || null,
        steamId: id === 'steam' ? steamId || null : null,
      });
      if (!done) return reply.code(410).send(devSignedInPage('This sign-in link has expired. Generate a new QR code at the station.'));
      return reply.send(devSignedInPage('Signed in. You can go back to the station now.'));
    });
  });
}

/**
 * The phone's trip through a configured provider: GET /oauth/:provider/start
 * (from the QR code) sends it to the provider with a fresh state, PKCE
 * verifier and nonce kept server-side; the provider sends it back to
 * /oauth/:provider/callback (GET, or POST for Apple's form_post), where the
 * state is spent once and the adapter verifies the answer before the QR
 * session is completed. Every failure is one plain page; the reason goes to
 * the log (never a code, token or secret).
 */
function registerProviderTrips(app: FastifyInstance, ctx: ServerContext, provider: OAuthProviderAdapter, sessions: QrSessions): void {
  const trips = new SignInTrips(ctx.db, ctx.clock);
  const EXPIRED = 'This sign-in link has expired or was already used. Generate a new QR code at the station.';
  const FAILED = 'The sign-in could not be verified. Generate a new QR code at the station and try again.';
  const page = (reply: FastifyReply, status: number, message: string) =>
    reply.code(status).type('text/html').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send(devSignedInPage(message));
  const adapterOf = (name: string) => (OAUTH_PROVIDERS as readonly string[]).includes(name) ? provider.adapter(name as OAuthProvider) : undefined;
  const redirectUri = (id: OAuthProvider) => `${ctx.publicUrl()}${callbackPath(id)}`;

  app.get('/oauth/:provider/start', async (request, reply) => {
    const name = (request.params as { provider: string }).provider;
    const adapter = adapterOf(name);
    if (!adapter) return page(reply, 404, NO_PROVIDER);
    await ctx.budgets.take(BUDGETS.qrStation, `trip|${request.ip}`, 'Too many sign-in attempts.');
    const session = await sessions.pending(String((request.query as Record<string, unknown>).session ?? ''));
    if (!session || session.provider !== adapter.provider) return page(reply, 410, EXPIRED);
    let trip;
    try {
      trip = await adapter.start(redirectUri(adapter.provider));
    } catch (error) {
      ctx.log.warn({ provider: adapter.provider, reason: (error as Error).message }, 'sign-in provider unreachable');
      return page(reply, 502, FAILED);
    }
    await trips.keep(session, trip);
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    return reply.redirect(trip.url, 302);
  });

  const callback = async (request: FastifyRequest, reply: FastifyReply, answer: Record<string, unknown>) => {
    const name = (request.params as { provider: string }).provider;
    const adapter = adapterOf(name);
    if (!adapter) return page(reply, 404, NO_PROVIDER);
    const fields = Object.entries(answer).filter((e): e is [string, string] => typeof e[1] === 'string');
    const state = fields.find(([key]) => key === 'state')?.[1] ?? '';
    const pending = await trips.spend(adapter.provider, state);
    if (!pending) return page(reply, 400, EXPIRED);
    const url = new URL(redirectUri(adapter.provider));
    for (const [key, value] of fields) url.searchParams.append(key, value);
    let identity;
    try {
      identity = await adapter.finish(url, { ...pending, redirectUri: redirectUri(adapter.provider) });
    } catch (error) {
      ctx.log.warn({ provider: adapter.provider, reason: (error as Error).message }, 'sign-in answer refused');
      return page(reply, 400, FAILED);
    }
    if (!(await sessions.complete(pending.sessionId, identity))) return page(reply, 410, EXPIRED);
    return page(reply, 200, 'Signed in. You can go back to the station now.');
  };

  app.get('/oauth/:provider/callback', (request, reply) => callback(request, reply, (request.query ?? {}) as Record<string, unknown>));
  // Apple answers with a cross-site form POST (response_mode=form_post); the parser lives in this scope only.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope.post('/oauth/:provider/callback', (request, reply) => callback(request, reply, (request.body ?? {}) as Record<string, unknown>));
  });
}
