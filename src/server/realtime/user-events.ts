/**
 * Events to a person rather than a PC: `emitToUser` finds the station where
 * the user's session runs now and emits to that station's room only — the
 * authenticated station socket of the trust model. A user with no running
 * session receives nothing. The emit is a room broadcast, never a walk over
 * this node's sockets: on PostgreSQL the cluster adapter carries it to the
 * node the station is connected to (an empty room drops it).
 */
import type { ServerToClientEvent, ServerToClientPayloads } from '../../shared/socket/events.js';
import type { ServerContext } from '../context.js';

type Deps = Pick<ServerContext, 'db' | 'events'>;

/** Where each of these users is signed in now: userId → stationId. */
export async function currentStations(ctx: Pick<ServerContext, 'db'>, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await ctx.db
    .selectFrom('client_sessions')
    .select(['user_id', 'station_id'])
    .where('user_id', 'in', [...userIds])
    .where('ended_at', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.user_id, row.station_id]));
}

/** Sends the event to the user's current station's room; true when the user has a running session. */
export async function emitToUser<K extends ServerToClientEvent>(
  ctx: Deps,
  userId: string,
  event: K,
  payload: ServerToClientPayloads[K],
): Promise<boolean> {
  const delivered = await emitToUsers(ctx, [userId], event, payload);
  return delivered.length > 0;
}

/** The same event to several users; answers the ones it was sent to (they have a running session). */
export async function emitToUsers<K extends ServerToClientEvent>(
  ctx: Deps,
  userIds: readonly string[],
  event: K,
  payload: ServerToClientPayloads[K],
): Promise<string[]> {
  const stations = await currentStations(ctx, userIds);
  const delivered: string[] = [];
  for (const [userId, stationId] of stations) {
    // No isConnected() filter: it knows only this node's sockets.
    ctx.events.emit(stationId, event, payload);
    delivered.push(userId);
  }
  return delivered;
}
