/**
 * SPEC §7 the owner's NFC cards: list (GET /profile/nfc-cards), link, rename,
 * unlink. Every call is bound to the token's user: a card of another user is
 * answered as if it did not exist (404), never read or changed. Guests have
 * no cards; linking needs a tier with NFC access (SPEC §6).
 */
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { linkNfcCard, listNfcCards, renameNfcCard, unlinkNfcCard } from '../../shared/api/routes.js';
import type { NfcCard } from '../../shared/entities.js';
import { signedIn, type Caller } from '../authority/caller.js';
import { randomBytes } from 'node:crypto';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import type { NfcCardTable } from '../db/schema.js';
import { BUDGETS } from '../http/budgets.js';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../http/errors.js';
import { registerRoute } from '../http/route.js';
import { tierFor } from '../tiers/tiers.js';
import { findUserById, isGuestUser } from '../users/profile.js';
import { NFC_NOT_ALLOWED, normaliseCardUid } from './routes.js';

export const GUESTS_NO_CARDS = 'Guests cannot manage NFC cards.';
export const CARD_TAKEN = 'This NFC card is already linked to an account.';
export const NO_SUCH_CARD = 'No such NFC card.';
export const BAD_UID = 'An NFC card id is 4 to 10 bytes in hex.';
/** How many cards one account may hold. */
export const MAX_CARDS_PER_USER = 5;

const cardDto = (c: Selectable<NfcCardTable>): NfcCard => ({
  id: c.id,
  cardUid: c.card_uid,
  nickname: c.nickname,
  isActive: c.is_active === 1,
  createdAt: c.created_at,
});

const nickname = (raw: string | undefined) => raw?.trim() || null;

export function registerNfcOwnerRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db, clock } = ctx;

  async function owner(caller: Caller | null) {
    const me = signedIn(caller);
    const user = await findUserById(db, me.userId);
    if (!user) throw unauthorized('The account for this token no longer exists.');
    if (isGuestUser(user)) throw forbidden(GUESTS_NO_CARDS);
    return user;
  }

  async function ownCard(userId: string, id: string) {
    const card = await db.selectFrom('nfc_cards').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (!card) throw notFound(NO_SUCH_CARD);
    return card;
  }

  registerRoute(app, ctx, listNfcCards, async ({ caller }) => {
    const user = await owner(caller);
    const cards = await db.selectFrom('nfc_cards').selectAll().where('user_id', '=', user.id).orderBy('created_at').orderBy('id').execute();
    return cards.map(cardDto);
  });

  registerRoute(app, ctx, linkNfcCard, async ({ body, caller }) => {
    const user = await owner(caller);
    await ctx.budgets.take(BUDGETS.nfcCard, `link|${user.id}`, 'Too many card links.');
    const tier = await tierFor(db, user);
    if (tier !== null && !tier.hasNfcAccess) throw forbidden(NFC_NOT_ALLOWED);
    const uid = normaliseCardUid(body.cardUid);
    if (!/^([0-9A-F]{2}){4,10}$/.test(uid)) throw badRequest(BAD_UID);
    const held = await db.selectFrom('nfc_cards').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', user.id).executeTakeFirst();
    if (Number(held?.n ?? 0) >= MAX_CARDS_PER_USER) throw conflict(`An account can hold at most ${MAX_CARDS_PER_USER} NFC cards.`);
    const card = {
      id: `nfc_${randomBytes(8).toString('hex')}`,
      card_uid: uid,
      user_id: user.id,
      nickname: nickname(body.nickname),
      is_active: 1 as const,
      created_at: isoNow(clock),
    };
    // card_uid is unique: a card linked to anyone (this user included) is refused, without saying whose.
    const inserted = await db
      .insertInto('nfc_cards')
      .values(card)
      .onConflict((oc) => oc.column('card_uid').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) throw conflict(CARD_TAKEN);
    return cardDto(card);
  });

  registerRoute(app, ctx, renameNfcCard, async ({ params, body, caller }) => {
    const user = await owner(caller);
    const card = await ownCard(user.id, params.id);
    await db.updateTable('nfc_cards').set({ nickname: nickname(body.nickname) }).where('id', '=', card.id).where('user_id', '=', user.id).execute();
    return cardDto({ ...card, nickname: nickname(body.nickname) });
  });

  registerRoute(app, ctx, unlinkNfcCard, async ({ params, caller }) => {
    const user = await owner(caller);
    await ownCard(user.id, params.id);
    await db.deleteFrom('nfc_cards').where('id', '=', params.id).where('user_id', '=', user.id).execute();
    return { success: true, message: 'NFC card unlinked' };
  });
}
