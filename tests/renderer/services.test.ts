import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionService } from '../../src/renderer/connection/connectionService.js';
import { INITIAL_CONNECTION_STATE, useConnectionStore } from '../../src/renderer/connection/connectionStore.js';
import { libraryGames, shouldReloadGames } from '../../src/renderer/games/gamesService.js';
import { GIMME_DATA_RETRY_MS, StationService } from '../../src/renderer/station/stationService.js';
import { useStationStore } from '../../src/renderer/station/stationStore.js';
import { StatusSender } from '../../src/renderer/status/statusSender.js';
import { createLocalStateStore } from '../../src/renderer/storage/localState.js';
import type { GameEntry } from '../../src/shared/entities.js';
import { FakeBridge, FakeSocket, STATION, memoryStorage, silentLog } from './support/fakes.js';

describe('station setup (GimmeData → HereTheData)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useStationStore.setState({ info: null, details: null });
  });
  afterEach(() => vi.useRealTimers());

  it('asks the shell, repeats until answered, then points HTTP and the socket at serverUrl', () => {
    const bridge = new FakeBridge();
    const api = {
      setBaseUrl: vi.fn(),
      setStationCredential: vi.fn(),
      call: vi.fn(() => new Promise<never>(() => undefined)),
    };
    const onInfo = vi.fn();
    const storage = createLocalStateStore(memoryStorage(), silentLog);
    const service = new StationService({ bridge, api: api as never, storage, onInfo, log: silentLog });
    service.start();
    expect(bridge.commands()).toEqual(['GimmeData']);
    vi.advanceTimersByTime(GIMME_DATA_RETRY_MS);
    expect(bridge.commands()).toEqual(['GimmeData', 'GimmeData']);

    bridge.receive({ command: 'HereTheData', data: STATION });
    expect(useStationStore.getState().info).toEqual(STATION);
    expect(api.setBaseUrl).toHaveBeenCalledWith(STATION.serverUrl);
    expect(onInfo).toHaveBeenCalledWith(STATION);
    expect(storage.read().stationInfo).toEqual({
      stationId: STATION.stationId,
      macAddress: STATION.macAddress,
      ipAddress: STATION.ipAddress,
    });
    vi.advanceTimersByTime(GIMME_DATA_RETRY_MS * 3);
    expect(bridge.commands()).toEqual(['GimmeData', 'GimmeData']);
    service.stop();
  });
});

describe('status sender (SPEC §4, skeleton)', () => {
  beforeEach(() => useConnectionStore.setState({ ...INITIAL_CONNECTION_STATE }));

  it("sends 'available' only once ready, and the latest pending status on connect", () => {
    const sockets: FakeSocket[] = [];
    const connection = new ConnectionService({
      bridge: new FakeBridge(),
      getUserId: () => '',
      createSocket: (url, options) => {
        const socket = new FakeSocket(url, options as Record<string, unknown>);
        sockets.push(socket);
        return socket;
      },
      log: silentLog,
    });
    const sender = new StatusSender({ connection, getStation: () => STATION, now: () => new Date(0) });
    connection.connect(STATION);
    sender.report('maintenance');
    sender.report('available');
    const updates = () => sockets[0]!.emitted.filter((e) => e.event === 'station_status_update');
    sender.markReady();
    expect(updates()).toEqual([]);
    sockets[0]!.fire('connect');
    expect(updates().map((e) => e.args[0])).toEqual([
      { status: 'available', timestamp: new Date(0).toISOString(), stationId: STATION.stationId, macAddress: STATION.macAddress },
    ]);
    sender.dispose();
  });
});

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
