/** A cafe with no level table or no tiers gets the defaults at start (staff change them afterwards). */
import { isoNow, type Clock } from '../clock/clock.js';
import { newId } from '../db/ids.js';
import type { Db } from '../db/schema.js';
import { DEFAULT_LEVELS, levelFromTable, levelTable } from '../xp/levels.js';
import { DEFAULT_TIERS } from './tiers.js';

export async function ensureProfileDefaults(db: Db, clock: Clock): Promise<void> {
  const now = isoNow(clock);
  await db.transaction().execute(async (trx) => {
    const level = await trx.selectFrom('levels').select('level').limit(1).executeTakeFirst();
    if (!level) await trx.insertInto('levels').values([...DEFAULT_LEVELS]).execute();
    const tier = await trx.selectFrom('tiers').select('id').limit(1).executeTakeFirst();
    if (!tier) {
      await trx
        .insertInto('tiers')
        .values(DEFAULT_TIERS.map((t) => ({ ...t, id: newId('tier'), created_at: now, updated_at: now })))
        .execute();
    }
  });
}

/** Every member's level from their lifetime XP and the level table (a changed table, an upgraded database). */
export async function syncLevels(db: Db): Promise<number> {
  const table = await levelTable(db);
  const users = await db.selectFrom('users').select(['id', 'level', 'lifetime_xp']).where('type', 'in', ['regular', 'vip']).execute();
  let changed = 0;
  for (const user of users) {
    const { level } = levelFromTable(table, user.lifetime_xp);
    if (level === user.level) continue;
    await db.updateTable('users').set({ level }).where('id', '=', user.id).execute();
    changed += 1;
  }
  return changed;
}
