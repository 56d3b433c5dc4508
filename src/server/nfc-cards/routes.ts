/**
 * SPEC §7 NFC: log in with a card (401 unknown or inactive card, 403 when
 * the user's tier has no NFC access) and the lock screen's card check.
 */
import type { FastifyInstance } from 'fastify';
import { nfcLogin, verifyNfcCard } from '../../shared/api/routes.js';
import { signedIn } from '../auth/guard.js';
import { signInAtStation, stationForLogin } from '../auth/station-login.js';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/schema.js';
import { forbidden, unauthorized } from '../http/errors.js';
import { registerRoute } from '../http/route.js';
import { isGuestUser } from '../users/profile.js';
import { tierFor } from '../users/tiers.js';

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

  registerRoute(app, ctx, nfcLogin, async ({ body }) => {
    const station = await stationForLogin(ctx, body.macAddress);
    const card = await activeCard(db, body.cardUid);
    const user = card && (await db.selectFrom('users').selectAll().where('id', '=', card.user_id).executeTakeFirst());
    if (!user) throw unauthorized(CARD_NOT_FOUND);
    const tier = tierFor(user.type, user.level);
    if (isGuestUser(user) || (tier !== null && !tier.hasNfcAccess)) throw forbidden(NFC_NOT_ALLOWED);
    return signInAtStation(ctx, user, station);
  });

  registerRoute(app, ctx, verifyNfcCard, async ({ body, caller }) => {
    const me = signedIn(caller);
    const card = await activeCard(db, body.cardUid);
    return { valid: card?.user_id === me.userId, userId: card?.user_id ?? null };
  });
}
