/** The prepaid cards' queries (issue 21: the redeem's claim, out of the route file). */
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/** Marks a card redeemed by the user if it is neither redeemed nor voided; its amount, or null. */
export async function claimCard(trx: Transaction<Database>, code: string, userId: string, at: string): Promise<number | null> {
  const card = await trx
    .updateTable('prepaid_cards')
    .set({ redeemed_by: userId, redeemed_at: at })
    .where('code', '=', code)
    .where('redeemed_at', 'is', null)
    // A voided card (0009_catalogue) is as good as no card.
    .where('voided_at', 'is', null)
    .returning('amount')
    .executeTakeFirst();
  return card?.amount ?? null;
}
