/** When the kiosk must be in front of everything, as a table of message sequences. */
import { describe, expect, it } from 'vitest';
import type { RendererToShell, ShellToRenderer } from '../../src/shared/bridge/protocol.js';
import { INITIAL_FRONT_STATE, nextFrontState, wantsFront } from '../../src/main/window/front-policy.js';

type Message = ShellToRenderer | RendererToShell;
const launched = (id: string): Message => ({ command: 'AppLaunched', JsonID: id });
const closed = (id: string): Message => ({ command: 'AppClosed', JsonID: id });
const LOCK: Message = { command: 'ScreenLocked' };
const UNLOCK: Message = { command: 'ScreenUnlocked' };
const LOGOUT: Message = { command: 'UserLogout' };
const LOGIN: Message = { command: 'UserLogin', Username: 'ali' };

describe('stay in front', () => {
  it.each<[string, Message[], boolean]>([
    ['at start', [], true],
    ['a game runs', [launched('cs2')], false],
    ['the game closed', [launched('cs2'), closed('cs2')], true],
    ['one of two games closed', [launched('cs2'), launched('lol'), closed('cs2')], false],
    ['both closed', [launched('cs2'), launched('lol'), closed('lol'), closed('cs2')], true],
    ['a close of a game never launched', [closed('cs2')], true],
    ['the screen locks over a game (Ctrl+L)', [launched('cs2'), LOCK], true],
    ['unlocked again with the game still running', [launched('cs2'), LOCK, UNLOCK], false],
    ['the session ends over a game', [launched('cs2'), LOGOUT], true],
    ['the next customer logs in while the old game still runs', [launched('cs2'), LOGOUT, LOGIN], false],
    ['the next customer launches a game after a logout', [launched('cs2'), LOGOUT, closed('cs2'), launched('lol')], false],
    ['a lock with nothing running', [LOCK], true],
    ['a launch asked, the launcher has not answered', [{ command: 'Launch', Json_ID: 'cs2' }], false],
    ['a launch that failed', [{ command: 'Launch', Json_ID: 'x' }, { command: 'CommandFailed', failed: 'Launch', message: 'no entry' }], true],
    ['another command failed during a launch', [{ command: 'Launch', Json_ID: 'x' }, { command: 'CommandFailed', failed: 'ScreenShot', message: 'x' }], false],
    ['a launch that started and closed', [{ command: 'Launch', Json_ID: 'cs2' }, launched('cs2'), closed('cs2')], true],
    ['locked during a launch', [{ command: 'Launch', Json_ID: 'cs2' }, LOCK], true],
    ['staff sign in at the station (AdminLogin): the desktop is theirs', [{ command: 'AdminLogin', Username: 'admin' }], false],
    ['staff sign out (SignOutAdmin): locked again', [{ command: 'AdminLogin', Username: 'admin' }, { command: 'SignOutAdmin' }], true],
    ['the shell asks staff out (AdminLogout) over a game', [{ command: 'AdminLogin', Username: 'admin' }, launched('cs2'), { command: 'AdminLogout' }], true],
    ['staff lock the screen', [{ command: 'AdminLogin', Username: 'admin' }, LOCK], true],
    ['a time warning calls the kiosk over the game (WindowFocus)', [launched('cs2'), { command: 'WindowFocus' }], true],
    ['the warning is gone (WindowUnfocus): the game is in front again', [launched('cs2'), { command: 'WindowFocus' }, { command: 'WindowUnfocus' }], false],
    ['WindowUnfocus never unlocks', [launched('cs2'), LOCK, { command: 'WindowUnfocus' }], true],
    ['a logout ends a WindowFocus', [launched('cs2'), { command: 'WindowFocus' }, LOGOUT, LOGIN], false],
    ['unrelated messages', [launched('cs2'), { command: 'SystemVolumeChanged', volume: 20 }, { command: 'GimmeData' }], false],
  ])('%s → in front: %s', (_name, messages, front) => {
    const state = messages.reduce(nextFrontState, INITIAL_FRONT_STATE);
    expect(wantsFront(state)).toBe(front);
  });

  it('returns the same state for unrelated messages', () => {
    expect(nextFrontState(INITIAL_FRONT_STATE, { command: 'StartUp' })).toBe(INITIAL_FRONT_STATE);
  });
});
