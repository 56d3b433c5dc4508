/** The centre accounts' admin queries (issue 21: out of the route file). */
import type { Db } from '../db/schema.js';
import type { GameAccountRow } from './pool.js';

export function accountsByPlatform(db: Db, platform: GameAccountRow['platform'] | undefined): Promise<GameAccountRow[]> {
  let rows = db.selectFrom('game_accounts').selectAll().orderBy('platform').orderBy('display_number');
  if (platform !== undefined) rows = rows.where('platform', '=', platform);
  return rows.execute();
}

export async function setAccountDisabled(db: Db, id: string, disabled: 0 | 1): Promise<void> {
  await db.updateTable('game_accounts').set({ disabled }).where('id', '=', id).execute();
}

/** The flag is cleared; who cleared it stays on the row (and acknowledges it if nobody had). */
export async function clearFlag(db: Db, id: string, by: string | null, at: string): Promise<void> {
  await db
    .updateTable('game_accounts')
    .set((eb) => ({
      flagged_at: null,
      flag_reason: null,
      flag_resolved_at: at,
      flag_resolved_by: by,
      flag_acknowledged_by: eb.fn.coalesce('flag_acknowledged_by', eb.val(by)),
    }))
    .where('id', '=', id)
    .execute();
}

export async function setSealedPassword(db: Db, id: string, sealed: string): Promise<void> {
  await db.updateTable('game_accounts').set({ password_sealed: sealed }).where('id', '=', id).execute();
}

export function sealedCredentials(db: Db, id: string) {
  return db.selectFrom('game_accounts').select(['id', 'username', 'password_sealed']).where('id', '=', id).executeTakeFirst();
}
