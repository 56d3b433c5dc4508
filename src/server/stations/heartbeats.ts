/** Heartbeat log: every heartbeat is kept with its body, the last 200 per station. */
import type { HeartbeatBody } from '../../shared/api/routes.js';
import type { Db } from '../db/schema.js';

export const HEARTBEATS_KEPT_PER_STATION = 200;

export async function recordHeartbeat(db: Db, body: HeartbeatBody, receivedAt: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('heartbeats')
      .values({ station_id: body.stationId, received_at: receivedAt, body: JSON.stringify(body) })
      .execute();
    await trx
      .updateTable('stations')
      .set({ last_heartbeat_at: receivedAt, ip_address: body.ipAddress || null })
      .where('id', '=', body.stationId)
      .execute();
    const keep = trx
      .selectFrom('heartbeats')
      .select('id')
      .where('station_id', '=', body.stationId)
      .orderBy('id', 'desc')
      .limit(HEARTBEATS_KEPT_PER_STATION);
    await trx
      .deleteFrom('heartbeats')
      .where('station_id', '=', body.stationId)
      .where('id', 'not in', keep)
      .execute();
  });
}

export async function recentHeartbeats(db: Db, stationId: string, limit: number) {
  const rows = await db
    .selectFrom('heartbeats')
    .select(['station_id', 'received_at', 'body'])
    .where('station_id', '=', stationId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    stationId: row.station_id,
    receivedAt: row.received_at,
    body: JSON.parse(row.body) as HeartbeatBody,
  }));
}
