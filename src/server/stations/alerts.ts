/** What the operator is told about a station: refused second connections, revocations. */
import { isoNow, type Clock } from '../clock/clock.js';
import type { Db } from '../db/schema.js';
import type { StationAlertTable } from '../db/schema.js';

export async function recordStationAlert(
  db: Db,
  clock: Clock,
  stationId: string,
  kind: StationAlertTable['kind'],
  message: string,
): Promise<void> {
  await db.insertInto('station_alerts').values({ station_id: stationId, kind, message, created_at: isoNow(clock) }).execute();
}

export async function recentStationAlerts(db: Db, limit: number) {
  const rows = await db.selectFrom('station_alerts').selectAll().orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => ({ id: r.id, stationId: r.station_id, kind: r.kind, message: r.message, createdAt: r.created_at }));
}
