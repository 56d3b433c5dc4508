/**
 * The front desk (issue 23, stop 31), in the one migration of this work:
 * - An order waiting for approval is taken ("on my way") by a named staff
 *   member like the inbox's other rows: `offer_orders.taken_by`/`taken_at`.
 * - A prepaid card sold at the counter (cash or card) keeps when, by whom and
 *   how it was paid (`prepaid_cards.sold_at`/`sold_by`/`sale_method`): the
 *   money went into the shift as a `prepaid_sale` ledger line when it was
 *   sold, so redeeming it later moves the card's value out of the cafe's
 *   prepaid float instead of counting it again.
 * Portable SQL: nullable text columns only.
 */
import type { Kysely, Migration } from 'kysely';

const ORDER_COLUMNS = ['taken_by', 'taken_at'] as const;
const CARD_COLUMNS = ['sold_at', 'sold_by', 'sale_method'] as const;

export const orderTakeMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const column of ORDER_COLUMNS) await db.schema.alterTable('offer_orders').addColumn(column, 'text').execute();
    for (const column of CARD_COLUMNS) await db.schema.alterTable('prepaid_cards').addColumn(column, 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const column of [...CARD_COLUMNS].reverse()) await db.schema.alterTable('prepaid_cards').dropColumn(column).execute();
    for (const column of [...ORDER_COLUMNS].reverse()) await db.schema.alterTable('offer_orders').dropColumn(column).execute();
  },
};
