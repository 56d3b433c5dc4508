/** SystemIdle (issue 24): when an idle PC is reported, and as what. */
import { describe, expect, it, vi } from 'vitest';
import type { ShellToRenderer } from '../../src/shared/bridge/protocol.js';
import { INITIAL_FRONT_STATE, nextFrontState, type FrontState } from '../../src/main/window/front-policy.js';
import { SYSTEM_IDLE_AFTER_S, createIdleWatch, idleMessage } from '../../src/main/window/idle-watch.js';

const signedIn = nextFrontState(INITIAL_FRONT_STATE, { command: 'UserLogin', Username: 'ali' });

function watch(state: () => FrontState) {
  let idle = 0;
  const emitted: ShellToRenderer[] = [];
  let tick: () => void = () => undefined;
  const timers = { setInterval: vi.fn((callback: () => void) => ((tick = callback), 1)), clearInterval: vi.fn() };
  const w = createIdleWatch({ idleSeconds: () => idle, state, emit: (m) => emitted.push(m), timers });
  return { emitted, timers, stop: w.stop, at: (seconds: number) => ((idle = seconds), tick()) };
}

describe('system idle (issue 24)', () => {
  it('tells the renderer once per idle stretch, after 10 minutes, and again after someone touched the PC', () => {
    const w = watch(() => signedIn);
    w.at(SYSTEM_IDLE_AFTER_S - 1);
    expect(w.emitted).toEqual([]);
    w.at(SYSTEM_IDLE_AFTER_S);
    w.at(SYSTEM_IDLE_AFTER_S + 60);
    expect(w.emitted).toEqual([{ command: 'SystemIdle', idleSeconds: SYSTEM_IDLE_AFTER_S }]);
    w.at(3);
    w.at(SYSTEM_IDLE_AFTER_S + 5);
    expect(w.emitted).toHaveLength(2);
    w.stop();
    expect(w.timers.clearInterval).toHaveBeenCalledWith(1);
  });

  it('staff left signed in are signed out (AdminLogout); nothing while a game runs or starts, or when already locked', () => {
    const admin = nextFrontState(INITIAL_FRONT_STATE, { command: 'AdminLogin', Username: 'desk' });
    expect(idleMessage(admin, 700)).toEqual({ command: 'AdminLogout' });
    expect(idleMessage(nextFrontState(signedIn, { command: 'AppLaunched', JsonID: 'cs2' }), 700)).toBeNull();
    expect(idleMessage(nextFrontState(signedIn, { command: 'Launch', Json_ID: 'cs2' }), 700)).toBeNull();
    expect(idleMessage(nextFrontState(signedIn, { command: 'ScreenLocked' }), 700)).toBeNull();
    expect(idleMessage(nextFrontState(signedIn, { command: 'UserLogout' }), 700)).toBeNull();
  });

  it('a game running when the PC goes idle holds the message until it closes', () => {
    let state = nextFrontState(signedIn, { command: 'AppLaunched', JsonID: 'cs2' });
    const w = watch(() => state);
    w.at(SYSTEM_IDLE_AFTER_S + 1);
    expect(w.emitted).toEqual([]);
    state = nextFrontState(state, { command: 'AppClosed', JsonID: 'cs2' });
    w.at(SYSTEM_IDLE_AFTER_S + 20);
    expect(w.emitted).toEqual([{ command: 'SystemIdle', idleSeconds: SYSTEM_IDLE_AFTER_S + 20 }]);
  });
});
