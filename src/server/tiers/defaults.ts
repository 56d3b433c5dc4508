/** A cafe with no level table or no tiers gets the defaults at start (staff change them afterwards). */
import { isoNow, type Clock } from '../clock/clock.js';
import { newId } from '../db/ids.js';
import type { Db } from '../db/schema.js';
import { DEFAULT_LEVELS } from '../xp/levels.js';
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
