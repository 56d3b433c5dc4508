/**
 * The set-up page of a cafe with no owner (issue 22): GET /setup?token=… shows the form with an authenticator secret
 * (QR and text); POST /setup takes the username, the password twice and the current 6-digit code. Thin routes over
 * `SetupService`; plain HTML, no script; the form parser lives in this plugin's scope only, 4 KiB.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerContext } from '../context.js';
import { SetupService, type SetupAnswer } from './service.js';
import { SETUP_PATH } from './tokens.js';


const send = (reply: FastifyReply, answer: SetupAnswer) =>
  reply
    .code(answer.status)
    .type('text/html')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(answer.html);

export function registerSetupRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const setup = new SetupService(ctx);

  app.get(SETUP_PATH, async (request, reply) =>
    send(reply, await setup.show(String((request.query as Record<string, unknown>).token ?? ''))),
  );

  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope.post(SETUP_PATH, async (request, reply) => send(reply, await setup.submit((request.body ?? {}) as Record<string, unknown>)));
  });
}
