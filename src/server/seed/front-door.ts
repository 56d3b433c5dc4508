/** Demo NFC cards and prepaid cards for the front door (seeded with the demo cafe). */
import type { Transaction } from 'kysely';
import { prepaidCodeHash, prepaidCodeHint } from '../prepaid/rules.js';
import type { Database, UserRow } from '../db/schema.js';

export const DEMO_NFC_CARDS = [
  { uid: '04A1B2C3', username: 'ali', nickname: 'Blue key fob', active: true },
  { uid: '04D4E5F6', username: 'sara', nickname: null, active: true },
  { uid: '04C0FFEE', username: 'ali', nickname: 'Lost card', active: false },
] as const;

export const DEMO_PREPAID_CARDS = [
  { code: 'RC-DEMO-5000-0001', amount: 5000 },
  { code: 'RC-DEMO-5000-0002', amount: 5000 },
  { code: 'RC-DEMO-1000-0003', amount: 1000 },
] as const;

export async function seedFrontDoor(trx: Transaction<Database>, users: readonly UserRow[], now: string): Promise<void> {
  const idOf = (username: string) => users.find((u) => u.username === username)?.id ?? '';
  await trx
    .insertInto('nfc_cards')
    .values(
      DEMO_NFC_CARDS.map((c, i) => ({
        id: `nfc_demo_${i + 1}`,
        card_uid: c.uid,
        user_id: idOf(c.username),
        nickname: c.nickname,
        is_active: c.active ? 1 : 0,
        created_at: now,
      })),
    )
    .execute();
  await trx
    .insertInto('prepaid_cards')
    .values(
      DEMO_PREPAID_CARDS.map((c) => ({
        code_hash: prepaidCodeHash(c.code),
        code_hint: prepaidCodeHint(c.code),
        amount: c.amount,
        redeemed_by: null,
        redeemed_at: null,
        created_at: now,
      })),
    )
    .execute();
}
