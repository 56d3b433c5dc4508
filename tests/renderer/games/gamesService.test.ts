import { describe, expect, it, vi } from 'vitest';
import { create } from 'zustand';
import { ApiError } from '../../../src/renderer/core/api/apiError.js';
import { GamesService, shouldReloadGames } from '../../../src/renderer/games/gamesService.js';
import { libraryGames } from '../../../src/renderer/games/library/library.js';
import { INITIAL_GAMES_STATE, type GamesState } from '../../../src/renderer/games/gamesStore.js';
import type { GameEntry } from '../../../src/shared/entities.js';
import { STATION, silentLog } from '../support/fakes.js';

describe('game library', () => {
  const entry = (Json_ID: string, Name: string, Platform: number): GameEntry => ({
    Json_ID,
    Name,
    Platform,
    Thumbnail: '',
    Categories: [],
    IsMultiPlatform: false,
    App_ID: null,
  });

  it('keeps games only, sorted by platform order then name', () => {
    const games = libraryGames([
      entry('app-discord', 'Discord', 0),
      entry('plat-steam', 'Steam', 3),
      entry('game-b', 'Valorant', 6),
      entry('game-c', 'Dota 2', 3),
      entry('game-a', 'Apex Legends', 3),
    ]);
    expect(games.map((g) => g.game.Name)).toEqual(['Apex Legends', 'Dota 2', 'Valorant']);
  });

  it('shows a game on several platforms (same App_ID) as one card with every platform', () => {
    const games = libraryGames([
      { ...entry('game-r6-ubi', 'Rainbow Six Siege', 8), App_ID: '359550' },
      { ...entry('game-r6-steam', 'Rainbow Six Siege', 3), App_ID: '359550' },
      entry('game-tekken', 'Tekken 8', 3),
      entry('game-crew', 'The Crew Motorfest', 8),
    ]);
    expect(games.map((g) => g.game.Json_ID)).toEqual(['game-r6-steam', 'game-tekken', 'game-crew']);
    expect(games[0]?.platforms).toEqual([3, 8]);
    expect(games[0]?.entries.map((e) => e.Json_ID)).toEqual(['game-r6-steam', 'game-r6-ubi']);
  });
});

describe('game library after an outage', () => {
  const base = { previous: 'reconnecting', current: 'connected', signedIn: true, status: 'error' as const };
  it('reloads a failed library when the connection comes back', () => {
    expect(shouldReloadGames(base)).toBe(true);
  });
  it.each([
    ['still offline', { current: 'reconnecting' }],
    ['already connected', { previous: 'connected' }],
    ['nobody signed in', { signedIn: false }],
    ['the library loaded fine', { status: 'loaded' as const }],
  ])('does nothing when %s', (_, change) => {
    expect(shouldReloadGames({ ...base, ...change })).toBe(false);
  });
});

describe('game library failures (SPEC §8)', () => {
  const failingWith = (error: unknown) => {
    const store = create<GamesState>()(() => ({ ...INITIAL_GAMES_STATE }));
    const service = new GamesService({
      api: { call: () => Promise.reject(error) } as never,
      getStationId: () => STATION.stationId,
      store,
      log: silentLog,
    });
    return { store, service };
  };

  it("no response at all (network, timeout) is a connection error", async () => {
    for (const kind of ['network', 'timeout'] as const) {
      const { store, service } = failingWith(new ApiError('down', kind));
      await service.load();
      expect(store.getState()).toMatchObject({ status: 'error', failure: 'connection' });
    }
  });

  it('an answer that is an error (or unreadable) failed to load', async () => {
    for (const error of [new ApiError('500', 'http', 500), new ApiError('bad', 'invalid-response')]) {
      const { store, service } = failingWith(error);
      await service.load();
      expect(store.getState()).toMatchObject({ status: 'error', failure: 'load' });
    }
  });
});

describe("the station's library ready before the unlock (issue 27)", () => {
  const game = (Json_ID: string, Name: string): GameEntry => ({ Json_ID, Name, Platform: 3, Thumbnail: '', Categories: [], IsMultiPlatform: false, App_ID: null });
  const first = [game('game-a', 'Apex Legends'), game('game-b', 'Dota 2')];

  /** A service whose every library call waits until the test answers it. */
  function station(stationId = () => STATION.stationId) {
    const store = create<GamesState>()(() => ({ ...INITIAL_GAMES_STATE }));
    const answers: Array<(entries: GameEntry[] | Error) => void> = [];
    let signedIn = true;
    const service = new GamesService({
      api: {
        call: () => new Promise((resolve, reject) => answers.push((a) => (a instanceof Error ? reject(a) : resolve(a)))),
        resolveUrl: (p: string) => p,
      } as never,
      getStationId: stationId,
      getSession: () => (signedIn ? ({ sessionId: 's' } as never) : null),
      store,
      log: silentLog,
    });
    const answer = async (entries: GameEntry[] | Error) => {
      await vi.waitFor(() => expect(answers.length).toBeGreaterThan(0));
      answers.shift()!(entries);
    };
    /** The session ends: the tab empties (§4). */
    const endSession = () => {
      service.clear();
      signedIn = false;
    };
    const nextSession = () => (signedIn = true);
    return { store, service, answer, endSession, nextSession };
  }

  it("shows this station's library as last answered the moment the next session loads, then the new answer", async () => {
    const { store, service, answer, endSession, nextSession } = station();
    const firstLoad = service.load();
    expect(store.getState()).toMatchObject({ status: 'loading', entries: [] }); // nothing known yet: the spinner
    await answer(first);
    await firstLoad;
    endSession();
    expect(store.getState().entries).toEqual([]); // no list on the lock screen
    await service.load(); // not signed in: nothing shown, nothing asked
    expect(store.getState().entries).toEqual([]);
    nextSession();
    const secondLoad = service.load();
    expect(store.getState()).toMatchObject({ status: 'loaded', entries: first }); // at once, before any answer
    const changed = [...first, game('game-c', 'Valorant')];
    await answer(changed);
    await secondLoad;
    expect(store.getState()).toMatchObject({ status: 'loaded', entries: changed });
  });

  it('an unchanged answer leaves the list shown as it is (nothing to draw again)', async () => {
    const { store, service, answer, endSession, nextSession } = station();
    const load = service.load();
    await answer(first);
    await load;
    endSession();
    nextSession();
    const again = service.load();
    const shown = store.getState().entries;
    await answer(first.map((e) => ({ ...e })));
    await again;
    expect(store.getState().entries).toBe(shown);
  });

  it("a failed load keeps showing the last library with the error, and another station's list is never shown", async () => {
    let stationId = STATION.stationId;
    const { store, service, answer, endSession, nextSession } = station(() => stationId);
    const load = service.load();
    await answer(first);
    await load;
    endSession();
    nextSession();
    const failing = service.load();
    await answer(new ApiError('down', 'network'));
    await failing;
    expect(store.getState()).toMatchObject({ status: 'error', failure: 'connection', entries: first });
    endSession();
    nextSession();
    stationId = 'st-99';
    void service.load();
    expect(store.getState()).toMatchObject({ status: 'loading', entries: [] });
  });

  it('prefetch under the lock screen loads code and groups the last library in memory: nothing is asked, nothing is shown', async () => {
    const store = create<GamesState>()(() => ({ ...INITIAL_GAMES_STATE }));
    const call = vi.fn(() => Promise.resolve(first));
    let signedIn = true;
    const tracking = vi.fn(() => Promise.resolve());
    const service = new GamesService({
      api: { call, resolveUrl: (p: string) => p } as never,
      getStationId: () => STATION.stationId,
      getSession: () => (signedIn ? ({ sessionId: 's' } as never) : null),
      store,
      prefetch: tracking,
      log: silentLog,
    });
    await service.load();
    service.clear();
    signedIn = false;
    const calls = call.mock.calls.length;
    await service.prefetch();
    expect(tracking).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledTimes(calls);
    expect(store.getState().entries).toEqual([]);
    // The next session's cards are the ones grouped ahead (the same objects: no grouping at the unlock).
    const ahead = libraryGames(first);
    signedIn = true;
    void service.load();
    expect(libraryGames(store.getState().entries)).toBe(ahead);
  });
});
