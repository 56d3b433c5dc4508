/**
 * A station's library is what is installed on it: the station reports the
 * Json_IDs it has, and its list becomes those cafe-catalogue entries. A
 * station that never reported is offered the whole catalogue.
 */
import { isoNow, type Clock } from '../clock/clock.js';
import type { Db, GameRow } from '../db/schema.js';

const CHUNK = 500;

export async function stationLibrary(db: Db, stationId: string): Promise<GameRow[]> {
  const report = await db
    .selectFrom('station_library_reports')
    .select('station_id')
    .where('station_id', '=', stationId)
    .executeTakeFirst();
  if (!report) return db.selectFrom('games').selectAll().execute();
  return db
    .selectFrom('games')
    .innerJoin('station_installed_games', 'station_installed_games.json_id', 'games.json_id')
    .selectAll('games')
    .where('station_installed_games.station_id', '=', stationId)
    .execute();
}

/** Replaces the station's installed list; Json_IDs the catalogue does not know are returned, not stored. */
export async function recordLibraryReport(
  db: Db,
  clock: Clock,
  stationId: string,
  jsonIds: readonly string[],
): Promise<{ installed: number; unknown: string[] }> {
  const reported = [...new Set(jsonIds)];
  const known = new Set<string>();
  for (let i = 0; i < reported.length; i += CHUNK) {
    const rows = await db.selectFrom('games').select('json_id').where('json_id', 'in', reported.slice(i, i + CHUNK)).execute();
    for (const row of rows) known.add(row.json_id);
  }
  const installed = reported.filter((j) => known.has(j));
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('station_installed_games').where('station_id', '=', stationId).execute();
    for (let i = 0; i < installed.length; i += CHUNK) {
      await trx
        .insertInto('station_installed_games')
        .values(installed.slice(i, i + CHUNK).map((json_id) => ({ station_id: stationId, json_id })))
        .execute();
    }
    const report = { reported_at: isoNow(clock), reported_count: reported.length };
    await trx
      .insertInto('station_library_reports')
      .values({ station_id: stationId, ...report })
      .onConflict((oc) => oc.column('station_id').doUpdateSet(report))
      .execute();
  });
  return { installed: installed.length, unknown: reported.filter((j) => !known.has(j)) };
}
