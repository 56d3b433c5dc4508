/**
 * The NFC cards domain's rules (SPEC §7 NFC; domain shape since issue 21): log in with a card (401 unknown or
 * inactive card, 403 when the user's tier has no NFC access), the lock screen's card check (only whether the card is
 * the caller's), and the owner's cards: list, link, rename, unlink. Every owner call is bound to the caller: a card of
 * another user is answered as if it did not exist (404). Guests have no cards; linking needs a tier with NFC access.
 */
import { randomBytes } from 'node:crypto';
import type { LoginResponse, NfcCard } from '../../shared/entities.js';
import { signedIn, type Caller } from '../authority/caller.js';
import { signInAtStation } from '../auth/station-login.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import type { StationRow, UserRow } from '../db/schema.js';
import { BUDGETS } from '../http/budgets.js';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../base/errors.js';
import { tierFor } from '../tiers/tiers.js';
import { findUserById, isGuestUser } from '../users/profile.js';
import { activeCard, cardOf, cardsOf, countCards, deleteCard, insertCard, renameCard, type NfcCardRow } from './repo.js';

export const CARD_NOT_FOUND = 'NFC card not found or inactive.';
export const NFC_NOT_ALLOWED = 'NFC access not allowed for this user.';
export const GUESTS_NO_CARDS = 'Guests cannot manage NFC cards.';
export const CARD_TAKEN = 'This NFC card is already linked to an account.';
export const NO_SUCH_CARD = 'No such NFC card.';
export const BAD_UID = 'An NFC card id is 4 to 10 bytes in hex.';
/** How many cards one account may hold. */
export const MAX_CARDS_PER_USER = 5;

/** Card UIDs compare as hex without separators, upper case. */
export const normaliseCardUid = (uid: string) => uid.replace(/[^0-9a-f]/gi, '').toUpperCase();

const cardDto = (c: NfcCardRow): NfcCard => ({
  id: c.id,
  cardUid: c.card_uid,
  nickname: c.nickname,
  isActive: c.is_active === 1,
  createdAt: c.created_at,
});

const nickname = (raw: string | undefined) => raw?.trim() || null;

export class NfcCardService {
  constructor(private readonly ctx: ServerContext) {}

  /** A tap at a station (the one whose credential the request presents; the body's MAC is ignored). */
  async login(station: StationRow, cardUid: string): Promise<LoginResponse> {
    const { db, budgets } = this.ctx;
    await budgets.take(BUDGETS.nfcStation, station.id, 'Too many card taps.');
    await budgets.take(BUDGETS.nfcCard, normaliseCardUid(cardUid), 'Too many tries with this card.');
    const card = await activeCard(db, normaliseCardUid(cardUid));
    const user = card && (await findUserById(db, card.user_id));
    if (!user) throw unauthorized(CARD_NOT_FOUND);
    const tier = await tierFor(db, user);
    if (isGuestUser(user) || (tier !== null && !tier.hasNfcAccess)) throw forbidden(NFC_NOT_ALLOWED);
    return signInAtStation(this.ctx, user, station);
  }

  /** The lock screen's check: only whether the card is the caller's (whose another card is stays unsaid). */
  async verify(caller: Caller | null, cardUid: string) {
    const me = signedIn(caller);
    await this.ctx.budgets.take(BUDGETS.nfcCard, `verify|${me.userId}`, 'Too many card checks.');
    const card = await activeCard(this.ctx.db, normaliseCardUid(cardUid));
    const mine = card?.user_id === me.userId;
    return { valid: mine, userId: mine ? me.userId : null };
  }

  private async owner(caller: Caller | null): Promise<UserRow> {
    const user = await findUserById(this.ctx.db, signedIn(caller).userId);
    if (!user) throw unauthorized('The account for this token no longer exists.');
    if (isGuestUser(user)) throw forbidden(GUESTS_NO_CARDS);
    return user;
  }

  private async ownCard(userId: string, id: string): Promise<NfcCardRow> {
    const card = await cardOf(this.ctx.db, userId, id);
    if (!card) throw notFound(NO_SUCH_CARD);
    return card;
  }

  async list(caller: Caller | null): Promise<NfcCard[]> {
    const user = await this.owner(caller);
    return (await cardsOf(this.ctx.db, user.id)).map(cardDto);
  }

  async link(caller: Caller | null, input: { cardUid: string; nickname?: string }): Promise<NfcCard> {
    const { db } = this.ctx;
    const user = await this.owner(caller);
    await this.ctx.budgets.take(BUDGETS.nfcCard, `link|${user.id}`, 'Too many card links.');
    const tier = await tierFor(db, user);
    if (tier !== null && !tier.hasNfcAccess) throw forbidden(NFC_NOT_ALLOWED);
    const uid = normaliseCardUid(input.cardUid);
    if (!/^([0-9A-F]{2}){4,10}$/.test(uid)) throw badRequest(BAD_UID);
    if ((await countCards(db, user.id)) >= MAX_CARDS_PER_USER) throw conflict(`An account can hold at most ${MAX_CARDS_PER_USER} NFC cards.`);
    const card = {
      id: `nfc_${randomBytes(8).toString('hex')}`,
      card_uid: uid,
      user_id: user.id,
      nickname: nickname(input.nickname),
      is_active: 1 as const,
      created_at: isoNow(this.ctx.clock),
    };
    // A card linked to anyone (this user included) is refused, without saying whose.
    if (!(await insertCard(db, card))) throw conflict(CARD_TAKEN);
    return cardDto(card);
  }

  async rename(caller: Caller | null, id: string, name: string | undefined): Promise<NfcCard> {
    const user = await this.owner(caller);
    const card = await this.ownCard(user.id, id);
    await renameCard(this.ctx.db, user.id, card.id, nickname(name));
    return cardDto({ ...card, nickname: nickname(name) });
  }

  async unlink(caller: Caller | null, id: string) {
    const user = await this.owner(caller);
    await this.ownCard(user.id, id);
    await deleteCard(this.ctx.db, user.id, id);
    return { success: true, message: 'NFC card unlinked' };
  }
}
