/** SPEC §7 NFC: card login and check at a station, the owner's cards. Each handler parses, calls the service once, answers. */
import type { FastifyInstance } from 'fastify';
import { linkNfcCard, listNfcCards, nfcLogin, renameNfcCard, unlinkNfcCard, verifyNfcCard } from '../../shared/api/routes.js';
import type { ServerContext } from '../context.js';
import { enrolledStation, registerRoute } from '../http/route.js';
import { NfcCardService } from './service.js';

export function registerNfcCardRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const cards = new NfcCardService(ctx);
  registerRoute(app, ctx, nfcLogin, (route) => cards.login(enrolledStation(route), route.body.cardUid));
  registerRoute(app, ctx, verifyNfcCard, ({ body, caller }) => cards.verify(caller, body.cardUid));
  registerRoute(app, ctx, listNfcCards, ({ caller }) => cards.list(caller));
  registerRoute(app, ctx, linkNfcCard, ({ body, caller }) => cards.link(caller, body));
  registerRoute(app, ctx, renameNfcCard, ({ params, body, caller }) => cards.rename(caller, params.id, body.nickname));
  registerRoute(app, ctx, unlinkNfcCard, ({ params, caller }) => cards.unlink(caller, params.id));
}
