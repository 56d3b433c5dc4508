/**
 * XP from play time (issue 13): a closed play earns XP_PER_HOUR × its tier's
 * XP multiplier, pro rata by the second (rounded down), for the seconds the
 * station saw the game's process running. Only games earn, one open game per
 * session, never past the session's end (issue 22). A play earns once
 * (`xp_awards` keyed by the play), in one transaction with the user's XP,
 * lifetime XP and level. Guests and staff have no tier and earn nothing.
 */
import type { ServerContext } from '../context.js';
import type { Db } from '../db/schema.js';
import { isGamePlay, type GamePlayRow } from './plays.js';
import { tierRowFor } from '../tiers/tiers.js';
import { levelFromTable, levelTable } from '../xp/levels.js';
import { isoNow } from '../clock/clock.js';

export const XP_PER_HOUR = 600;

/** XP for a play of `seconds` at a tier multiplier of `pct` percent. */
export function xpForPlay(seconds: number, pct: number): number {
  return Math.max(0, Math.floor((Math.max(0, seconds) * XP_PER_HOUR * pct) / (3600 * 100)));
}

/** Awards each closed play's XP once; returns the XP added per user. */
export async function awardPlays(db: Db, plays: readonly GamePlayRow[], now: string): Promise<Map<string, number>> {
  const added = new Map<string, number>();
  for (const play of plays) {
    // XP is for games played (issue 22): an application open beside a game earns nothing.
    // Only the time the station saw the game's process running pays (issue 22: announced launches alone earn nothing).
    if (!play.played_seconds || !isGamePlay(play.json_id)) continue;
    const user = await db.selectFrom('users').select(['id', 'type', 'level']).where('id', '=', play.user_id).executeTakeFirst();
    if (!user) continue;
    const tier = await tierRowFor(db, user);
    if (!tier) continue;
    const xp = xpForPlay(play.played_seconds, tier.xp_multiplier_pct);
    const table = await levelTable(db);
    const awarded = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('xp_awards')
        .values({ play_id: play.id, user_id: user.id, xp, created_at: now })
        .onConflict((oc) => oc.column('play_id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
      const row = await trx
        .updateTable('users')
        .set((eb) => ({ xp: eb('xp', '+', xp), lifetime_xp: eb('lifetime_xp', '+', xp) }))
        .where('id', '=', user.id)
        .returning(['lifetime_xp'])
        .executeTakeFirstOrThrow();
      await trx.updateTable('users').set({ level: levelFromTable(table, row.lifetime_xp).level }).where('id', '=', user.id).execute();
      return true;
    });
    if (awarded) added.set(user.id, (added.get(user.id) ?? 0) + xp);
  }
  return added;
}

/** Awards the plays and tells each user's running session its new XP and level. */
export async function awardAndPublish(ctx: ServerContext, plays: readonly GamePlayRow[]): Promise<void> {
  const added = await awardPlays(ctx.db, plays, isoNow(ctx.clock));
  for (const userId of added.keys()) {
    const active = await ctx.sessions.activeForUser(userId);
    if (active && !active.gate) await ctx.sessions.publishBalance(active.id);
  }
}
