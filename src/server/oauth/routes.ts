/**
 * SPEC §7 OAuth QR login: create a QR session, poll its status, check the
 * email it returned; plus the development provider's sign-in page (only with
 * --dev-oauth). check-email trusts no email in its body: it completes only an
 * identity the server verified itself, in a QR session of the asking station.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { oauthCheckEmail, oauthQrSession, oauthQrStatus } from '../../shared/api/routes.js';
import { OAUTH_PROVIDERS } from '../../shared/entities.js';
import { isValidEmail } from '../../shared/validation/auth.js';
import { publicBase } from '../auth/registration.js';
import { signInAtStation } from '../auth/station-login.js';
import type { ServerContext } from '../context.js';
import { BUDGETS } from '../http/budgets.js';
import { badRequest, notFound, unauthorized } from '../http/errors.js';
import { enrolledStation, registerRoute } from '../http/route.js';
import { devSignInPage, devSignedInPage } from './dev-page.js';
import { DEV_SIGN_IN_PATH, devProvider, type OAuthProviderAdapter } from './providers.js';
import { QR_SESSION_TTL_MS, QrSessions } from './sessions.js';

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
    if (!provider) throw notFound(NO_PROVIDER);
    const session = await sessions.create(route.params.provider, station.id);
    return { sessionId: session.id, authUrl: provider.authUrl(session, publicBase(ctx)), expiresIn: QR_SESSION_TTL_MS / 1000 };
  });

  registerRoute(app, ctx, oauthQrStatus, async (route) => {
    const station = enrolledStation(route);
    const { status, userData } = await sessions.status(route.params.sessionId, station.id);
    return { status, userData: userData ? { ...userData, loginData: null } : null };
  });

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

  if (provider !== devProvider) return;

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
