/**
 * What the station saw running (issue 22, item 5): the shell reports the
 * Json_IDs whose process it sees, on every change and every
 * RUNNING_REPORT_MS while any runs. Each game's running stretch on a station
 * is one `station_processes` row: first seen, last reported, gone. A stretch
 * the shell stopped reporting (it died, the PC went off) counts only until
 * STALE_REPORTS report periods after its last report. XP pays for the part
 * of a play covered by these stretches, nothing else.
 */
import { randomBytes } from 'node:crypto';
import { RUNNING_REPORT_MS } from '../../shared/api/games.js';
import type { Clock } from '../clock/clock.js';
import type { Db } from '../db/schema.js';

/** Report periods after the last report during which a stretch still counts. */
export const STALE_REPORTS = 3;

/** How long a stretch counts past its last report, in clock time (a faster clock: the shell reports in real time). */
export const staleMsFor = (clock: Pick<Clock, 'speed'>) => RUNNING_REPORT_MS * STALE_REPORTS * (clock.speed ?? 1);

const iso = (ms: number) => new Date(ms).toISOString();

/** Records a station's report of what runs now; returns the Json_IDs it counts as running. */
export async function recordRunning(db: Db, stationId: string, jsonIds: readonly string[], now: string, staleMs: number): Promise<string[]> {
  const reported = new Set(jsonIds);
  const nowMs = Date.parse(now);
  const open = await db.selectFrom('station_processes').selectAll().where('station_id', '=', stationId).where('gone_at', 'is', null).execute();
  const continuing = new Set<string>();
  for (const row of open) {
    const staleAt = Date.parse(row.last_seen_at) + staleMs;
    if (reported.has(row.json_id) && staleAt >= nowMs) {
      await db.updateTable('station_processes').set({ last_seen_at: now }).where('id', '=', row.id).execute();
      continuing.add(row.json_id);
    } else {
      // Gone now; or not reported for too long: counted until it went stale, and a new stretch starts if it runs.
      const goneAt = staleAt < nowMs ? iso(staleAt) : now;
      await db.updateTable('station_processes').set({ gone_at: goneAt }).where('id', '=', row.id).where('gone_at', 'is', null).execute();
    }
  }
  for (const jsonId of reported) {
    if (continuing.has(jsonId)) continue;
    try {
      await db
        .insertInto('station_processes')
        .values({ id: `spr_${randomBytes(8).toString('hex')}`, station_id: stationId, json_id: jsonId, seen_at: now, last_seen_at: now, gone_at: null })
        .execute();
    } catch {
      // Another report of this station opened the stretch meanwhile (the unique index on the running one): it runs.
    }
  }
  return [...reported];
}

/** The seconds of [from, to] during which the station saw the game's process running. */
export async function seenSeconds(db: Db, stationId: string, jsonId: string, from: string, to: string, staleMs: number): Promise<number> {
  const fromMs = Date.parse(from);
  const toMs = Date.parse(to);
  if (!(toMs > fromMs)) return 0;
  const rows = await db
    .selectFrom('station_processes')
    .select(['seen_at', 'last_seen_at', 'gone_at'])
    .where('station_id', '=', stationId)
    .where('json_id', '=', jsonId)
    .where('seen_at', '<', to)
    .where((eb) => eb.or([eb('gone_at', 'is', null), eb('gone_at', '>', from)]))
    .execute();
  let ms = 0;
  for (const row of rows) {
    const end = row.gone_at !== null ? Date.parse(row.gone_at) : Date.parse(row.last_seen_at) + staleMs;
    ms += Math.max(0, Math.min(end, toMs) - Math.max(Date.parse(row.seen_at), fromMs));
  }
  return Math.floor(ms / 1000);
}

/** Whether the station reported the game running at any moment from `from` to `to` (inclusive). */
export async function wasSeen(db: Db, stationId: string, jsonId: string, from: string, to: string, staleMs: number): Promise<boolean> {
  const rows = await db
    .selectFrom('station_processes')
    .select(['last_seen_at', 'gone_at'])
    .where('station_id', '=', stationId)
    .where('json_id', '=', jsonId)
    .where('seen_at', '<=', to)
    .where((eb) => eb.or([eb('gone_at', 'is', null), eb('gone_at', '>=', from)]))
    .execute();
  return rows.some((row) => row.gone_at !== null || Date.parse(row.last_seen_at) + staleMs >= Date.parse(from));
}

/** The games the station counts as running now (reported, not gone, not stale). */
export async function runningAt(db: Db, stationId: string, now: string, staleMs: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('station_processes')
    .select(['json_id', 'last_seen_at'])
    .where('station_id', '=', stationId)
    .where('gone_at', 'is', null)
    .execute();
  return new Set(rows.filter((row) => Date.parse(row.last_seen_at) + staleMs >= Date.parse(now)).map((row) => row.json_id));
}
