/**
 * SPEC §5/§9: one ping per friend every 5 s — held here too, per sender →
 * receiver, with one conditional write (two pings sent together: one passes).
 */
import { PING_COOLDOWN_MS } from '../../shared/constants.js';
import type { Db } from '../db/schema.js';

/** The SPEC's text, with the whole seconds left. */
export function pingCooldownMessage(seconds: number): string {
  return `Wait ${seconds}s before pinging this friend again.`;
}

/** Takes the pair's ping slot; answers 0 when taken, else the whole seconds to wait. */
export async function takePingSlot(db: Db, senderId: string, receiverId: string, nowMs: number): Promise<number> {
  const key = `${senderId}:${receiverId}`;
  const taken = await db
    .insertInto('ping_limits')
    .values({ pair_key: key, last_at: nowMs })
    .onConflict((oc) =>
      oc
        .column('pair_key')
        .doUpdateSet({ last_at: nowMs })
        .where('ping_limits.last_at', '<=', nowMs - PING_COOLDOWN_MS),
    )
    .executeTakeFirst();
  if (Number(taken.numInsertedOrUpdatedRows ?? 0) > 0) return 0;
  const row = await db.selectFrom('ping_limits').select('last_at').where('pair_key', '=', key).executeTakeFirst();
  const left = Number(row?.last_at ?? 0) + PING_COOLDOWN_MS - nowMs;
  return Math.max(1, Math.ceil(left / 1000));
}
