/**
 * SPEC §7 realtime for the games tab: gameAccountStatusChanged refreshes that
 * platform's accounts; games:updated (global, global_bulk, station_report)
 * and game-installation:updated reload the library; app:launched/app:closed
 * for this session keep the playing list true. Only for a signed-in user.
 */
import type { ConnectionService } from '../../core/connection/connectionService.js';
import type { GamesService } from '../gamesService.js';
import type { TrackingContext } from './playTracker.js';
import type { Tracker } from './lazyTracker.js';

export interface GamesRealtimeDeps {
  connection: Pick<ConnectionService, 'on'>;
  games: Pick<GamesService, 'load' | 'events'>;
  tracker: Pick<Tracker, 'serverLaunched' | 'serverClosed'>;
  context: () => TrackingContext | null;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/** A play event for this session (or, naming no session, for this station). */
function forThisSession(payload: Record<string, unknown>, context: TrackingContext | null): boolean {
  if (!context) return false;
  const sessionId = text(payload.sessionId);
  if (sessionId) return sessionId === context.sessionId;
  const stationId = text(payload.stationId);
  return !stationId || stationId === context.stationId;
}

export function followGamesRealtime(deps: GamesRealtimeDeps): () => void {
  const { connection, games, tracker, context } = deps;
  const reload = () => {
    if (context()) void games.load();
  };
  const offs = [
    connection.on('gameAccountStatusChanged', ({ platform }) => {
      if (context()) games.events.emit('accountStatus', platform);
    }),
    connection.on('games:updated', reload),
    connection.on('game-installation:updated', reload),
    connection.on('app:launched', (payload) => {
      const jsonId = text(payload.jsonId);
      if (!jsonId || !forThisSession(payload, context())) return;
      tracker.serverLaunched({
        jsonId,
        ...(text(payload.gameName) ? { name: text(payload.gameName) } : {}),
        ...(text(payload.startTime) ? { startTime: text(payload.startTime) } : {}),
      });
    }),
    connection.on('app:closed', (payload) => {
      const jsonId = text(payload.jsonId);
      if (jsonId && forThisSession(payload, context())) tracker.serverClosed(jsonId);
    }),
  ];
  return () => offs.forEach((off) => off());
}
