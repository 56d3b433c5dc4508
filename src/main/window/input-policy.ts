/**
 * The kiosk's keyboard policy, applied in before-input-event, before the page
 * sees a key: the shortcuts that would close, reload, inspect, zoom, open a
 * window or tab, print or navigate are dropped; everything else — typing,
 * editing shortcuts, Ctrl+L for the renderer's lock screen — reaches the
 * page. Letters are matched by physical key (code) as well as by character,
 * so an Arabic layout cannot slip Ctrl+W past the policy.
 *
 * While the renderer's lock screen is up (ScreenLocked until ScreenUnlocked,
 * UserLogin or UserLogout: keyboardLocked), Tab and F6 are dropped as well,
 * with any modifier: the lock screen is a password field and Enter, so
 * nothing is lost, and a renderer whose own focus trap failed still cannot be
 * Tab-walked to the dashboard behind the lock (issue 22 item 7).
 *
 * What Electron cannot see (Ctrl+Alt+Del, Alt+Tab, Win-key combinations) is
 * for the OS: docs/kiosk-hardening.md.
 */
import type { RendererToShell, ShellToRenderer } from '../../shared/bridge/protocol.js';

/** The fields of Electron's Input the policy reads. */
export interface KeyInput {
  type: string;
  key: string;
  code?: string;
  control?: boolean;
  alt?: boolean;
  shift?: boolean;
  meta?: boolean;
}

export type InputDecision = 'allow' | 'block';

/** Blocked whatever the modifiers: reload, full screen, devtools, the browser keys. */
const ALWAYS_BLOCKED = new Set([
  'f5',
  'f11',
  'f12',
  'browserback',
  'browserforward',
  'browserrefresh',
  'browserhome',
  'browserstop',
  'browsersearch',
  'browserfavorites',
]);
/** With Alt: close the window, history back/forward/home, the window menu. */
const ALT_BLOCKED = new Set(['f4', 'arrowleft', 'arrowright', 'home', ' ']);
/** With Ctrl (or Cmd): close tab, switch tab. */
const CTRL_KEYS_BLOCKED = new Set(['f4', 'f5', 'tab', 'pageup', 'pagedown']);
/**
 * With Ctrl (or Cmd), by letter: close (W, Q), reload (R), new window/tab (N, T),
 * print (P), save (S), open (O), history (H), downloads (J), view source (U),
 * bookmark (D).
 */
const CTRL_LETTERS_BLOCKED = new Set(['w', 'q', 'r', 'n', 't', 'p', 's', 'o', 'h', 'j', 'u', 'd']);
/** With Ctrl+Shift, by letter: devtools (I, J, C), reopen tab (T), incognito (N), close window (W), reload (R). */
const CTRL_SHIFT_LETTERS_BLOCKED = new Set(['i', 'j', 'c', 'k', 't', 'n', 'w', 'r', 'b', 'delete']);
/** Zoom: Ctrl with +, =, -, _, 0 (main row or numpad). */
const ZOOM_CODES = new Set(['Equal', 'Minus', 'Digit0', 'NumpadAdd', 'NumpadSubtract', 'Numpad0']);
const ZOOM_KEYS = new Set(['+', '=', '-', '_', '0']);

/** The Latin letter of the physical key (KeyW → "w"), else the typed character, lower-cased. */
function letterOf(input: KeyInput): string {
  const fromCode = /^Key([A-Z])$/.exec(input.code ?? '')?.[1];
  return (fromCode ?? input.key).toLowerCase();
}

/** Focus-walking keys, dropped while the screen is locked. */
const LOCK_BLOCKED = new Set(['tab', 'f6']);

/** Whether the renderer's lock screen is up, after a bridge message in either direction. */
export function nextKeyboardLocked(locked: boolean, message: ShellToRenderer | RendererToShell): boolean {
  switch (message.command) {
    case 'ScreenLocked':
      return true;
    case 'ScreenUnlocked':
    case 'UserLogin':
    case 'UserLogout':
    case 'AdminLogin':
    case 'SignOutAdmin':
    case 'AdminLogout':
      return false;
    default:
      return locked;
  }
}

export function inputDecision(input: KeyInput, context: { locked?: boolean } = {}): InputDecision {
  if (input.type !== 'keyDown' && input.type !== 'keyUp' && input.type !== 'rawKeyDown' && input.type !== 'char') {
    return 'allow';
  }
  const key = input.key.toLowerCase();
  const ctrl = Boolean(input.control || input.meta);
  const letter = letterOf(input);
  const either = (set: Set<string>) => set.has(letter) || set.has(key);
  const block =
    ALWAYS_BLOCKED.has(key) ||
    (Boolean(context.locked) && LOCK_BLOCKED.has(key)) ||
    (Boolean(input.alt) && ALT_BLOCKED.has(key)) ||
    (ctrl && CTRL_KEYS_BLOCKED.has(key)) ||
    // Ctrl+Alt is AltGr on Windows, which types characters on many layouts: letters then pass.
    (ctrl && !input.alt && either(CTRL_LETTERS_BLOCKED)) ||
    (ctrl && Boolean(input.shift) && either(CTRL_SHIFT_LETTERS_BLOCKED)) ||
    (ctrl && (ZOOM_CODES.has(input.code ?? '') || ZOOM_KEYS.has(key)));
  return block ? 'block' : 'allow';
}
