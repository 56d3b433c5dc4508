/** The NFC cards domain's queries. Card UIDs are stored normalised (rules in service.ts). */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/schema.js';
import type { NfcCardTable } from '../db/tables/cards.js';

export type NfcCardRow = Selectable<NfcCardTable>;

export function activeCard(db: Db, uid: string) {
  return db.selectFrom('nfc_cards').select(['id', 'user_id']).where('card_uid', '=', uid).where('is_active', '=', 1).executeTakeFirst();
}

export function cardOf(db: Db, userId: string, id: string): Promise<NfcCardRow | undefined> {
  return db.selectFrom('nfc_cards').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export function cardsOf(db: Db, userId: string): Promise<NfcCardRow[]> {
  return db.selectFrom('nfc_cards').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
}

export async function countCards(db: Db, userId: string): Promise<number> {
  const held = await db.selectFrom('nfc_cards').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirst();
  return Number(held?.n ?? 0);
}

/** card_uid is unique: false when the card is linked to anyone already (this user included). */
export async function insertCard(db: Db, card: Insertable<NfcCardTable>): Promise<boolean> {
  const inserted = await db.insertInto('nfc_cards').values(card).onConflict((oc) => oc.column('card_uid').doNothing()).executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function renameCard(db: Db, userId: string, id: string, nickname: string | null): Promise<void> {
  await db.updateTable('nfc_cards').set({ nickname }).where('id', '=', id).where('user_id', '=', userId).execute();
}

export async function deleteCard(db: Db, userId: string, id: string): Promise<void> {
  await db.deleteFrom('nfc_cards').where('id', '=', id).where('user_id', '=', userId).execute();
}
