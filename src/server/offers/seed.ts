/** The demo cafe's offers (what the fixed list served before staff managed them). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { OfferTable } from '../db/tables/store.js';

export const DEMO_OFFERS: readonly Omit<OfferTable, 'is_active' | 'created_at' | 'updated_at'>[] = [
  {
    id: 'off_bonus10',
    name: '10% bonus credit',
    description: 'Top up 10,000 IQD or more at the counter and get 10% extra play time.',
    offer_type: 'credit_bonus',
    minimum_purchase: 10_000,
    discount_amount: null,
    discount_percentage: 10,
    maximum_discount: null,
  },
  {
    id: 'off_night',
    name: 'Night pack',
    description: '2,000 IQD off any top-up of 15,000 IQD, every night after 10 PM.',
    offer_type: 'fixed_amount_discount',
    minimum_purchase: 15_000,
    discount_amount: 2_000,
    discount_percentage: null,
    maximum_discount: null,
  },
];

export async function seedOffers(db: Kysely<Database>, now: string): Promise<void> {
  await db
    .insertInto('offers')
    .values(DEMO_OFFERS.map((offer) => ({ ...offer, is_active: 1 as const, created_at: now, updated_at: now })))
    .execute();
}
