import { describe, expect, it, vi } from 'vitest';
import { Emitter } from '../../../src/renderer/core/events.js';
import { followGamesRealtime } from '../../../src/renderer/games/tracking/realtime.js';
import type { TrackingContext } from '../../../src/renderer/games/tracking/playTracker.js';

const CONTEXT: TrackingContext = { sessionId: 'sess-1', userId: 'user-1', stationId: 'st-1' };

function setup(context: TrackingContext | null = CONTEXT) {
  const socket = new Emitter<Record<string, Record<string, unknown>>>();
  const games = { load: vi.fn(async () => undefined), events: new Emitter<{ accountStatus: number; stop: null }>() };
  const platforms: number[] = [];
  games.events.on('accountStatus', (p) => platforms.push(p));
  const tracker = { serverLaunched: vi.fn(), serverClosed: vi.fn() };
  const off = followGamesRealtime({
    connection: { on: (event: string, handler: (payload: never) => void) => socket.on(event, handler as never) } as never,
    games: games as never,
    tracker,
    context: () => context,
  });
  return { socket, games, platforms, tracker, off };
}

describe('games realtime (SPEC §7)', () => {
  it('reloads the library on games:updated and game-installation:updated, and passes account changes on', () => {
    const t = setup();
    t.socket.emit('games:updated', { type: 'station_report' });
    t.socket.emit('game-installation:updated', {});
    t.socket.emit('gameAccountStatusChanged', { platform: 3 });
    expect(t.games.load).toHaveBeenCalledTimes(2);
    expect(t.platforms).toEqual([3]);
  });

  it('follows app:launched / app:closed of this session only', () => {
    const t = setup();
    t.socket.emit('app:launched', { jsonId: 'game-cs2', gameName: 'Counter-Strike 2', sessionId: 'sess-1', startTime: '2025-01-01T00:00:00Z' });
    t.socket.emit('app:launched', { jsonId: 'game-lol', sessionId: 'sess-other' });
    t.socket.emit('app:closed', { jsonId: 'game-cs2', sessionId: 'sess-1' });
    expect(t.tracker.serverLaunched).toHaveBeenCalledWith({ jsonId: 'game-cs2', name: 'Counter-Strike 2', startTime: '2025-01-01T00:00:00Z' });
    expect(t.tracker.serverLaunched).toHaveBeenCalledTimes(1);
    expect(t.tracker.serverClosed).toHaveBeenCalledWith('game-cs2');
  });

  it('does nothing for nobody signed in (§4: lists only for authenticated users), and stops', () => {
    const t = setup(null);
    t.socket.emit('games:updated', { type: 'global' });
    t.socket.emit('app:launched', { jsonId: 'game-cs2' });
    expect(t.games.load).not.toHaveBeenCalled();
    expect(t.tracker.serverLaunched).not.toHaveBeenCalled();
    const signedIn = setup();
    signedIn.off();
    signedIn.socket.emit('games:updated', { type: 'global' });
    expect(signedIn.games.load).not.toHaveBeenCalled();
  });
});
