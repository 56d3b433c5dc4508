/** The inbox's queries (issue 15; domain shape since issue 23). */
import type { Db } from '../../db/schema.js';

/** Takes a waiting claim for `by`: one conditional UPDATE, so two people never both take it. True when this call took it. */
export async function takeClaim(db: Db, id: string, by: string, at: string): Promise<boolean> {
  const changed = await db
    .updateTable('reward_claims')
    .set({ acknowledged_at: at, acknowledged_by: by })
    .where('id', '=', id)
    .where('status', '=', 'CLAIMED')
    .where('acknowledged_by', 'is', null)
    .executeTakeFirst();
  return changed.numUpdatedRows > 0n;
}

export function claimRow(db: Db, id: string) {
  return db.selectFrom('reward_claims').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Takes a flagged account for `by` (conditional, like a claim). True when this call took it. */
export async function takeFlag(db: Db, id: string, by: string, at: string): Promise<boolean> {
  const changed = await db
    .updateTable('game_accounts')
    .set({ flag_acknowledged_at: at, flag_acknowledged_by: by })
    .where('id', '=', id)
    .where('flagged_at', 'is not', null)
    .where('flag_acknowledged_by', 'is', null)
    .executeTakeFirst();
  return changed.numUpdatedRows > 0n;
}

/** Takes a pending order for `by` (conditional, like a claim: pending and not taken). True when this call took it. */
export async function takeOrder(db: Db, id: number, by: string, at: string): Promise<boolean> {
  const changed = await db
    .updateTable('offer_orders')
    .set({ taken_at: at, taken_by: by })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('taken_by', 'is', null)
    .executeTakeFirst();
  return changed.numUpdatedRows > 0n;
}
