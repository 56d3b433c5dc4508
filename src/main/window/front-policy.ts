/**
 * When the kiosk window must be in front. It covers the desktop at the
 * screen-saver level and takes the focus back when it loses it — except
 * while a launched game runs, when the game must be in front. A lock
 * (ScreenLocked, UserLogout) brings it back over a running game; an unlock
 * (ScreenUnlocked, UserLogin) or a new game launched lets the game be in front.
 * From Launch until the launcher answers (AppLaunched, or CommandFailed for
 * Launch) it steps back too: the platform's own window (Steam signing in a
 * centre account) must be usable before the game's process appears.
 *
 * Staff signed in at the station (AdminLogin) get the desktop: the kiosk
 * steps back until they sign out (SignOutAdmin, AdminLogout), which locks it
 * again. The renderer can call the kiosk over a game (WindowFocus: a time
 * warning the customer must see) and let it go again (WindowUnfocus).
 */
import type { RendererToShell, ShellToRenderer } from '../../shared/bridge/protocol.js';

export interface FrontState {
  /** JsonIDs of the games the launcher saw start and not yet close. */
  games: ReadonlySet<string>;
  /** The renderer locked the screen or logged the user out. */
  locked: boolean;
  /** A Launch was sent and the launcher has not answered yet. */
  launching: boolean;
  /** Staff are signed in at the station (admin mode). */
  admin: boolean;
  /** The renderer asked to be in front (WindowFocus) and has not let go (WindowUnfocus). */
  summoned: boolean;
}

export const INITIAL_FRONT_STATE: FrontState = {
  games: new Set(),
  locked: false,
  launching: false,
  admin: false,
  summoned: false,
};

/** The state after a bridge message in either direction; unrelated messages return the same object. */
export function nextFrontState(state: FrontState, message: ShellToRenderer | RendererToShell): FrontState {
  switch (message.command) {
    case 'Launch':
      return { ...state, launching: true, locked: false };
    case 'AppLaunched':
      // Someone at an unlocked station started it.
      return { ...state, games: new Set([...state.games, message.JsonID]), locked: false, launching: false };
    case 'CommandFailed':
      return message.failed === 'Launch' ? { ...state, launching: false } : state;
    case 'AppClosed': {
      const games = new Set(state.games);
      games.delete(message.JsonID);
      return { ...state, games };
    }
    case 'ScreenLocked':
    case 'UserLogout':
      return { ...state, locked: true, summoned: false };
    case 'ScreenUnlocked':
    case 'UserLogin':
      return { ...state, locked: false };
    case 'AdminLogin':
      return { ...state, locked: false, admin: true };
    case 'SignOutAdmin':
    case 'AdminLogout':
      // Both directions: the renderer signed staff out, or the shell asked it to.
      return { ...state, locked: true, admin: false, summoned: false };
    case 'WindowFocus':
      return { ...state, summoned: true };
    case 'WindowUnfocus':
      return state.summoned ? { ...state, summoned: false } : state;
    default:
      return state;
  }
}

/** True when the kiosk should be above everything and keep the focus. */
export function wantsFront(state: FrontState): boolean {
  if (state.locked || state.summoned) return true;
  return !state.admin && state.games.size === 0 && !state.launching;
}
