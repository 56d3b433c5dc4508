/**
 * SPEC §7 NFC: log in with a card (401 unknown or inactive card, 403 when
 * the user's tier has no NFC access) and the lock screen's card check.
 */
import type { FastifyInstance } from 'fastify';
import { nfcLogin, verifyNfcCard } from '../../shared/api/routes.js';
import { signedIn } from '../authority/caller.js';
import { signInAtStation } from '../auth/station-login.js';
import { BUDGETS } from '../http/budgets.js';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/schema.js';
import { forbidden, unauthorized } from '../http/errors.js';
import { enrolledStation, registerRoute } from '../http/route.js';
import { isGuestUser } from '../users/profile.js';
import { tierFor } from '../tiers/tiers.js';

export const CARD_NOT_FOUND = 'NFC card not found or inactive.';
export const NFC_NOT_ALLOWED = 'NFC access not allowed for this user.';

/** Card UIDs compare as hex without separators, upper case. */
export const normaliseCardUid = (uid: string) => uid.replace(/[^0-9a-f]/gi, '').toUpperCase();

function activeCard(db: Db, cardUid: string) {
  return db
    .selectFrom('nfc_cards')
    .select(['id', 'user_id'])
    .where('card_uid', '=', normaliseCardUid(cardUid))
    .where('is_active', '=', 1)
    .executeTakeFirst();
}

export function registerNfcCardRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db } = ctx;

  // The station is the one whose credential the request presents; the body's MAC is ignored.
  registerRoute(app, ctx, nfcLogin, async (route) => {
    const { body } = route;
    const station = enrolledStation(route);
    await ctx.budgets.take(BUDGETS.nfcStation, station.id, 'Too many card taps.');
    await ctx.budgets.take(BUDGETS.nfcCard, normaliseCardUid(body.cardUid), 'Too many tries with this card.');
    const card = await activeCard(db, body.cardUid);
    const user = card && (await db.selectFrom('users').selectAll().where('id', '=', card.user_id).executeTakeFirst());
    if (!user) throw unauthorized(CARD_NOT_FOUND);
    const tier = await tierFor(db, user);
    if (isGuestUser(user) || (tier !== null && !tier.hasNfcAccess)) throw forbidden(NFC_NOT_ALLOWED);
    return signInAtStation(ctx, user, station);
  });

  registerRoute(app, ctx, verifyNfcCard, async ({ body, caller }) => {
    const me = signedIn(caller);
    await ctx.budgets.take(BUDGETS.nfcCard, `verify|${me.userId}`, 'Too many card checks.');
    const card = await activeCard(db, body.cardUid);
    // Only whether the card is the caller's: whose another card is stays unsaid.
    const mine = card?.user_id === me.userId;
    return { valid: mine, userId: mine ? me.userId : null };
  });
}
