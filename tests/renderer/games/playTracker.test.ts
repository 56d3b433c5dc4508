import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appClosed, appLaunched, releaseBySession } from '../../../src/shared/api/games.js';
import type { Route } from '../../../src/shared/api/route.js';
import { INITIAL_GAMES_STATE, useGamesStore } from '../../../src/renderer/games/gamesStore.js';
import {
  GAME_ACCOUNT_RELEASED_EVENT,
  PlayTracker,
  type TrackingContext,
} from '../../../src/renderer/games/tracking/playTracker.js';
import { globalTimers } from '../../../src/renderer/core/time/timers.js';
import { silentLog } from '../support/fakes.js';

const CONTEXT: TrackingContext = { sessionId: 'sess-1', userId: 'user-1', stationId: 'st-1' };

describe('play tracking (SPEC §4: 10 s debounce)', () => {
  let calls: Array<{ route: Route; body: unknown }>;
  let context: TrackingContext | null;
  let events: EventTarget;
  let tracker: PlayTracker;
  let fail: boolean;

  beforeEach(() => {
    vi.useFakeTimers();
    useGamesStore.setState({ ...INITIAL_GAMES_STATE });
    calls = [];
    context = CONTEXT;
    fail = false;
    events = new EventTarget();
    tracker = new PlayTracker({
      api: {
        call: (async (route: Route, options: { body?: unknown }) => {
          calls.push({ route, body: options.body });
          if (fail) throw new Error('offline');
          return route === releaseBySession ? { releasedCount: 1 } : { data: { success: true } };
        }) as never,
      },
      timers: globalTimers,
      store: useGamesStore,
      context: () => context,
      nameOf: (jsonId) => `name of ${jsonId}`,
      events,
      now: () => new Date('2025-01-01T10:00:00Z'),
      log: silentLog,
    });
  });
  afterEach(() => vi.useRealTimers());

  it("tracks a guest whose user id is not known (SPEC §5: only closing all games needs one)", async () => {
    context = { ...CONTEXT, userId: '' };
    tracker.launched('game-cs2');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toEqual([{ route: appLaunched, body: { ...CONTEXT, userId: '', jsonId: 'game-cs2' } }]);
    tracker.closed('game-cs2');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.route)).toEqual([appLaunched, appClosed]);
  });

  it('sends app-launched 10 s after AppLaunched and records the game as playing', async () => {
    tracker.launched('game-cs2');
    await vi.advanceTimersByTimeAsync(9_999);
    expect(calls).toEqual([]);
    expect(tracker.tracked()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([{ route: appLaunched, body: { ...CONTEXT, jsonId: 'game-cs2' } }]);
    expect(useGamesStore.getState().playing['game-cs2']).toEqual({
      jsonId: 'game-cs2',
      name: 'name of game-cs2',
      startTime: '2025-01-01T10:00:00.000Z',
      elapsedTimeMinutes: 0,
    });
  });

  it('keeps the playing time in whole minutes, every minute, from the start time (§9; issue 24)', async () => {
    let now = new Date('2025-01-01T10:00:00Z');
    const local = new PlayTracker({
      api: { call: (async () => ({ data: { success: true } })) as never },
      timers: globalTimers,
      store: useGamesStore,
      context: () => CONTEXT,
      nameOf: (jsonId) => jsonId,
      now: () => now,
      log: silentLog,
    });
    // The server says it started 95 minutes ago.
    local.serverLaunched({ jsonId: 'game-dota', name: 'Dota 2', startTime: '2025-01-01T08:25:00.000Z' });
    expect(useGamesStore.getState().playing['game-dota']?.elapsedTimeMinutes).toBe(95);
    now = new Date('2025-01-01T10:01:30Z');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(useGamesStore.getState().playing['game-dota']?.elapsedTimeMinutes).toBe(96);
    local.serverClosed('game-dota');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a close within the 10 s cancels the launch and sends nothing', async () => {
    tracker.launched('game-cs2');
    await vi.advanceTimersByTimeAsync(5_000);
    tracker.closed('game-cs2');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls).toEqual([]);
    expect(tracker.tracked()).toEqual([]);
  });

  it('a close after the 10 s sends app-closed and removes the game', async () => {
    tracker.launched('game-cs2');
    await vi.advanceTimersByTimeAsync(10_000);
    tracker.closed('game-cs2');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.route)).toEqual([appLaunched, appClosed]);
    expect(calls[1]?.body).toEqual({ ...CONTEXT, jsonId: 'game-cs2' });
    expect(tracker.tracked()).toEqual([]);
  });

  it('a repeated AppLaunched does not start a second debounce', async () => {
    tracker.launched('game-cs2');
    await vi.advanceTimersByTimeAsync(4_000);
    tracker.launched('game-cs2');
    await vi.advanceTimersByTimeAsync(6_000);
    expect(calls).toHaveLength(1);
    tracker.launched('game-cs2');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls).toHaveLength(1);
  });

  it('needs a session and a station: without one nothing is sent or recorded', async () => {
    context = null;
    tracker.launched('game-cs2');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toEqual([]);
    expect(tracker.tracked()).toEqual([]);
    expect(await tracker.release('game-cs2')).toBe(0);
    expect(calls).toEqual([]);
  });

  it('failures are silent (§8)', async () => {
    fail = true;
    tracker.launched('game-cs2');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(tracker.tracked()).toEqual(['game-cs2']);
    tracker.closed('game-cs2');
    await expect(tracker.release('game-cs2')).resolves.toBe(0);
  });

  it('AccountReleased releases by session and raises gameAccountReleased', async () => {
    const raised: unknown[] = [];
    events.addEventListener(GAME_ACCOUNT_RELEASED_EVENT, (e) => raised.push((e as CustomEvent).detail));
    await tracker.release('game-cs2', 'acc-1');
    expect(calls).toEqual([{ route: releaseBySession, body: { sessionId: 'sess-1', jsonId: 'game-cs2', accountId: 'acc-1' } }]);
    expect(raised).toEqual([{ jsonId: 'game-cs2', sessionId: 'sess-1', releasedCount: 1 }]);
  });

  it('at session end: a close for each tracked game, then release-by-session, then everything is cleared', async () => {
    tracker.noteAccountLaunch('game-r6');
    tracker.launched('game-cs2');
    tracker.launched('game-r6');
    await vi.advanceTimersByTimeAsync(10_000);
    tracker.launched('game-late');
    calls = [];
    context = null; // the session is going: the tracker uses the ending session's ids
    tracker.endSession(CONTEXT);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => [c.route.path, (c.body as { jsonId: string }).jsonId])).toEqual([
      [appClosed.path, 'game-cs2'],
      [appClosed.path, 'game-r6'],
      [releaseBySession.path, 'game-r6'],
      [releaseBySession.path, 'game-cs2'],
    ]);
    expect(tracker.tracked()).toEqual([]);
    expect(tracker.isPending('game-late')).toBe(false);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls).toHaveLength(4);
  });

  it('follows the server: app:launched adds, app:closed removes', () => {
    tracker.serverLaunched({ jsonId: 'game-cs2', name: 'Counter-Strike 2', startTime: '2025-01-01T09:00:00.000Z' });
    expect(useGamesStore.getState().playing['game-cs2']?.name).toBe('Counter-Strike 2');
    tracker.serverClosed('game-cs2');
    expect(tracker.tracked()).toEqual([]);
  });
});
