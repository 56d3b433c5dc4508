/**
 * SPEC §7 OAuth QR login: create a QR session, poll its status, check the email it returned; the phone's trip
 * through a configured provider (start → provider → callback, issue 25); the grid's provider list; plus the
 * development provider's sign-in page (only with --dev-oauth). Thin routes over `QrSignInService` (service.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { oauthCheckEmail, oauthProviders, oauthQrSession, oauthQrStatus } from '../../shared/api/routes.js';
import type { ServerContext } from '../context.js';
import { enrolledStation, registerRoute } from '../http/route.js';
import { devSignedInPage } from './dev-page.js';
import { DEV_SIGN_IN_PATH, type OAuthProviderAdapter } from './providers.js';
import { QrSignInService, type PhonePage } from './service.js';


const checkEmailExtra = z.object({ sessionId: z.string().min(1).max(64).optional() });

/** Every phone page: no cache, and the provider's answer in the address goes to no one else. */
const phonePage = (reply: FastifyReply, page: PhonePage) =>
  reply
    .code(page.status)
    .type('text/html')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(devSignedInPage(page.message));

/** The urlencoded parser lives in each plugin scope that needs it only. */
const urlencoded = (bodyLimit: number) => (scope: FastifyInstance) =>
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

/** `provider`: the adapter the phone signs in with (default: the server's); none means OAuth login is off. */
export function registerOAuthRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  provider: OAuthProviderAdapter | null = ctx.oauthProvider,
): void {
  const qr = new QrSignInService(ctx, provider);

  registerRoute(app, ctx, oauthQrSession, (route) => qr.createSession(route.params.provider, enrolledStation(route)));
  registerRoute(app, ctx, oauthQrStatus, (route) => qr.status(route.params.sessionId, enrolledStation(route)));
  registerRoute(app, ctx, oauthProviders, async () => qr.offered());
  registerRoute(app, ctx, oauthCheckEmail, (route) => {
    const station = enrolledStation(route);
    const extra = checkEmailExtra.safeParse(route.request.body ?? {});
    return qr.checkEmail(route.body, extra.success ? extra.data.sessionId : undefined, station);
  });

  if (provider) registerProviderTrips(app, qr);
  if (!provider?.dev) return;

  // The development provider: a small sign-in page the phone opens from the QR code.
  app.get(DEV_SIGN_IN_PATH, async (request, reply) => {
    const page = await qr.devPage((request.query as Record<string, string | undefined>).session ?? '');
    return reply.code(page.status).type('text/html').header('cache-control', 'no-store').send(page.html);
  });
  void app.register(async (scope) => {
    urlencoded(4096)(scope);
    scope.post(DEV_SIGN_IN_PATH, async (request, reply) => {
      const page = await qr.devSubmit(request.body);
      return reply.code(page.status).type('text/html').header('cache-control', 'no-store').send(devSignedInPage(page.message));
    });
  });
}

/**
 * The phone's trip through a configured provider: GET /oauth/:provider/start (from the QR code) goes on to the
 * provider; it sends the phone back to /oauth/:provider/callback (GET, or POST for Apple's form_post). Every failure
 * is one plain page; the reason goes to the log (never a code, token or secret).
 */
function registerProviderTrips(app: FastifyInstance, qr: QrSignInService): void {
  app.get('/oauth/:provider/start', async (request, reply) => {
    const name = (request.params as { provider: string }).provider;
    const session = String((request.query as Record<string, unknown>).session ?? '');
    const answer = await qr.startTrip(name, request.ip, session);
    if (!('redirect' in answer)) return phonePage(reply, answer);
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    return reply.redirect(answer.redirect, 302);
  });

  const callback = async (name: string, reply: FastifyReply, answer: Record<string, unknown>) =>
    phonePage(reply, await qr.finishTrip(name, answer));
  app.get('/oauth/:provider/callback', (request, reply) =>
    callback((request.params as { provider: string }).provider, reply, (request.query ?? {}) as Record<string, unknown>),
  );
  // Apple answers with a cross-site form POST (response_mode=form_post); the parser lives in this scope only.
  void app.register(async (scope) => {
    urlencoded(16_384)(scope);
    scope.post('/oauth/:provider/callback', (request, reply) =>
      callback((request.params as { provider: string }).provider, reply, (request.body ?? {}) as Record<string, unknown>),
    );
  });
}
