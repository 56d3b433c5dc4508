/** The prepaid cards' queries (issue 21: out of the route files): the redeem's claim, batches, voiding. */
import type { Selectable, Transaction } from 'kysely';
import type { Database, Db, PrepaidBatchTable } from '../db/schema.js';
import { prepaidCodeHash, prepaidCodeHint } from './rules.js';

/** Marks a card redeemed by the user if it is neither redeemed nor voided; its amount and whether it was sold, or null. */
export async function claimCard(
  trx: Transaction<Database>,
  codeHash: string,
  userId: string,
  at: string,
): Promise<{ amount: number; sold: boolean } | null> {
  const card = await trx
    .updateTable('prepaid_cards')
    .set({ redeemed_by: userId, redeemed_at: at })
    .where('code_hash', '=', codeHash)
    .where('redeemed_at', 'is', null)
    // A voided card (0009_catalogue) is as good as no card.
    .where('voided_at', 'is', null)
    .returning(['amount', 'sold_at'])
    .executeTakeFirst();
  return card ? { amount: card.amount, sold: card.sold_at !== null } : null;
}

/** Marks the batch's cards neither sold, redeemed nor voided as sold (conditional, like voiding); how many, and their value. */
export async function sellBatchCards(trx: Q, batchId: string, sale: { by: string; at: string; method: string }): Promise<{ count: number; amount: number }> {
  const sold = await trx
    .updateTable('prepaid_cards')
    .set({ sold_at: sale.at, sold_by: sale.by, sale_method: sale.method })
    .where('batch_id', '=', batchId)
    .where('sold_at', 'is', null)
    .where('redeemed_at', 'is', null)
    .where('voided_at', 'is', null)
    .returning('amount')
    .execute();
  return { count: sold.length, amount: sold.reduce((sum, card) => sum + card.amount, 0) };
}

/** One card by its hash: its hint, value and state (issue 23: what the desk is told, and why a sale was refused). */
export function findCard(db: Q, codeHash: string) {
  return db
    .selectFrom('prepaid_cards')
    .select(['code_hint', 'amount', 'sold_at', 'redeemed_at', 'voided_at'])
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
}

/**
 * Marks one card sold if it is neither sold, redeemed nor voided and worth the amount the desk confirmed; whether it
 * was. One conditional UPDATE, as the batch's sale and the redeem are: on PostgreSQL it takes the card's row lock, so
 * a second desk (or a redeem) on the same card waits and then finds it no longer sellable. It locks nothing else: a
 * redeem of a card sold earlier holds the card and then the prepaid float, and a sale holds the float first, so a
 * sale that locked the card whatever its state could deadlock with that redeem.
 */
export async function sellOneCardRow(trx: Q, codeHash: string, sale: { by: string; at: string; method: string; amount: number }): Promise<boolean> {
  const sold = await trx
    .updateTable('prepaid_cards')
    .set({ sold_at: sale.at, sold_by: sale.by, sale_method: sale.method })
    .where('code_hash', '=', codeHash)
    .where('amount', '=', sale.amount)
    .where('sold_at', 'is', null)
    .where('redeemed_at', 'is', null)
    .where('voided_at', 'is', null)
    .returning('code_hash')
    .executeTakeFirst();
  return sold !== undefined;
}

export function findBatch(db: Q, id: string): Promise<BatchRow | undefined> {
  return db.selectFrom('prepaid_batches').selectAll().where('id', '=', id).executeTakeFirst();
}

export type BatchRow = Selectable<PrepaidBatchTable>;
type Q = Db | Transaction<Database>;

/** Cards of a batch in a state; 'sellable': neither sold, redeemed nor voided. */
export async function countCards(db: Q, batchId: string, state: 'redeemed' | 'voided' | 'sold' | 'sellable'): Promise<number> {
  const row = await db
    .selectFrom('prepaid_cards')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('batch_id', '=', batchId)
    .$if(state !== 'sellable', (qb) => qb.where(state === 'redeemed' ? 'redeemed_at' : state === 'voided' ? 'voided_at' : 'sold_at', 'is not', null))
    .$if(state === 'sellable', (qb) => qb.where('sold_at', 'is', null).where('redeemed_at', 'is', null).where('voided_at', 'is', null))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertBatch(trx: Q, batch: BatchRow, codes: Iterable<string>, now: string): Promise<void> {
  await trx.insertInto('prepaid_batches').values(batch).execute();
  for (const code of codes) {
    await trx
      .insertInto('prepaid_cards')
      .values({ code_hash: prepaidCodeHash(code), code_hint: prepaidCodeHint(code), amount: batch.amount, redeemed_by: null, redeemed_at: null, created_at: now, batch_id: batch.id })
      .execute();
  }
}

export function listBatches(db: Db): Promise<BatchRow[]> {
  return db.selectFrom('prepaid_batches').selectAll().orderBy('created_at', 'desc').execute();
}

export async function batchExists(db: Q, id: string): Promise<boolean> {
  return (await db.selectFrom('prepaid_batches').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export function cardsOfBatch(db: Db, batchId: string) {
  return db
    .selectFrom('prepaid_cards as c')
    .leftJoin('users as u', 'u.id', 'c.redeemed_by')
    .select(['c.code_hash', 'c.code_hint', 'c.amount', 'u.username', 'c.redeemed_at', 'c.voided_at', 'c.sold_at', 'c.sold_by'])
    .where('c.batch_id', '=', batchId)
    .orderBy('c.code_hint').orderBy('c.code_hash')
    .execute();
}

/** Voids the batch's cards neither redeemed nor voided (conditional: a card racing a redeem ends one or the other). */
export async function voidBatchCards(trx: Q, batchId: string, by: string, at: string): Promise<number> {
  const result = await trx
    .updateTable('prepaid_cards')
    .set({ voided_at: at, voided_by: by })
    .where('batch_id', '=', batchId)
    .where('redeemed_at', 'is', null)
    .where('voided_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Voids one card if neither redeemed nor voided; false otherwise. */
export async function voidCard(db: Db, codeHash: string, by: string, at: string): Promise<boolean> {
  const voided = await db
    .updateTable('prepaid_cards')
    .set({ voided_at: at, voided_by: by })
    .where('code_hash', '=', codeHash)
    .where('redeemed_at', 'is', null)
    .where('voided_at', 'is', null)
    .returning('code_hash')
    .executeTakeFirst();
  return voided !== undefined;
}

export function cardState(db: Db, codeHash: string) {
  return db.selectFrom('prepaid_cards').select(['code_hint', 'redeemed_at', 'voided_at']).where('code_hash', '=', codeHash).executeTakeFirst();
}
