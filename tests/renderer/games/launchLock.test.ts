import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LaunchLock } from '../../../src/renderer/games/launch/launchLock.js';
import { INITIAL_GAMES_STATE, useGamesStore } from '../../../src/renderer/games/gamesStore.js';
import { globalTimers } from '../../../src/renderer/core/time/timers.js';
import { FakeBridge } from '../support/fakes.js';

describe('launch lock (SPEC §4, §9: 10 s)', () => {
  let bridge: FakeBridge;
  let lock: LaunchLock;
  let off: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
    useGamesStore.setState({ ...INITIAL_GAMES_STATE });
    bridge = new FakeBridge();
    lock = new LaunchLock({ bridge, timers: globalTimers, store: useGamesStore });
    off = lock.attach();
  });
  afterEach(() => {
    off();
    vi.useRealTimers();
  });

  it('sends Launch, blocks every other launch, and unblocks by itself after exactly 10 s', () => {
    expect(lock.launch({ Json_ID: 'game-cs2' })).toBe(true);
    expect(bridge.sent).toEqual([{ command: 'Launch', Json_ID: 'game-cs2' }]);
    expect(useGamesStore.getState().launching).toBe(true);
    expect(lock.launch({ Json_ID: 'plat-steam' })).toBe(false);
    vi.advanceTimersByTime(9_999);
    expect(useGamesStore.getState().launching).toBe(true);
    vi.advanceTimersByTime(1);
    expect(useGamesStore.getState().launching).toBe(false);
    expect(lock.launch({ Json_ID: 'plat-steam' })).toBe(true);
    expect(bridge.commands()).toEqual(['Launch', 'Launch']);
  });

  it('names the centre account; the sign-in only when a SPEC-only server handed it over', () => {
    lock.send({ Json_ID: 'game-cs2' }, { id: 'acc-1' });
    lock.send({ Json_ID: 'game-cs2' }, { id: 'acc-2', username: 'u2', password: 'p2' });
    expect(bridge.sent).toEqual([
      { command: 'Launch', Json_ID: 'game-cs2', Account_ID: 'acc-1' },
      { command: 'Launch', Json_ID: 'game-cs2', Account_ID: 'acc-2', Username: 'u2', Password: 'p2' },
    ]);
  });

  it("a CommandFailed for Launch unblocks at once and keeps the shell's reason", () => {
    lock.launch({ Json_ID: 'game-cs2' });
    bridge.receive({ command: 'CommandFailed', failed: 'SystemRestart', message: 'nope' });
    expect(useGamesStore.getState().launching).toBe(true);
    bridge.receive({ command: 'CommandFailed', failed: 'Launch', message: 'Cannot start the game: steam.exe is not installed on this PC' });
    expect(useGamesStore.getState()).toMatchObject({
      launching: false,
      launchError: { text: 'Cannot start the game: steam.exe is not installed on this PC' },
    });
    lock.launch({ Json_ID: 'game-cs2' });
    expect(useGamesStore.getState().launchError).toBeNull();
  });
});
